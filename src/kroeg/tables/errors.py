"""The one error type of the tables: a refusal with a protocol code (docs/protocol.md)."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from kroeg.games.base import GameError


class TableError(Exception):
    """A request the table refuses; nothing changed. ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    @classmethod
    def refusal(cls, code: str, e: GameError) -> TableError:
        """The game's refusal as the protocol's error: its rule code and arguments
        travel with it (``rule``, ``args``) so a client can say why in its language."""
        return cls(code, e.message, rule=e.code, args=e.params)

    def json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, **self.extra}


def internal(log: logging.Logger, what: str, *args: object) -> TableError:
    """An unexpected failure as the error a client gets: ``internal`` with a request id
    and nothing of the failure itself (no SQL, no stack); the failure is logged here,
    with the traceback of the exception being handled, under that id."""
    request_id = secrets.token_hex(6)
    log.exception(what + " [request %s]", *args, request_id)
    return TableError(
        "internal",
        f"the server failed on this request; it is logged as request {request_id}",
        request_id=request_id,
    )
