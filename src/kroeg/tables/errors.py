"""The tables' refusal, with a protocol code (docs/protocol.md), and the ``internal``
error a client gets when something failed unexpectedly."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from kroeg.errors import Refusal
from kroeg.games.base import GameError


class TableError(Refusal):
    """A request the table refuses; nothing changed. ``code`` is the protocol's error code,
    ``params`` the frame's other fields (``table``, ``rule`` and ``args``...)."""

    @classmethod
    def refusal(cls, code: str, e: GameError) -> TableError:
        """The game's refusal as the protocol's error: its rule code and arguments
        travel with it (``rule``, ``args``) so a client can say why in its language."""
        return cls(code, e.message, rule=e.code, args=e.params)

    def json(self) -> dict[str, Any]:
        return {"type": "error", **self.body()}


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
