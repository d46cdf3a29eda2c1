"""The one base of every refusal in Kroeg (DESIGN.md, "Layers"; docs/protocol.md,
"Refusals").

A refusal is a request the code declines on purpose and that changed nothing: a card
the rules do not allow, a seat that is taken, a name that is in use, a night that is
closed. It carries a stable ``code`` that clients and catalogs key on, an English
``message``, and ``params``: keyword values, JSON-ready, that go with the code (what a
client needs to say why in its own language, or when to try again).

Every layer may import this module and it imports nothing of the project, so a rule in
``games/`` and a route in ``server/`` raise the same kind of thing; the server turns any
refusal into an answer in one place (``kroeg.server.refusals``).
"""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A request refused with a stable ``code``, an English ``message`` and ``params``."""

    def __init__(self, code: str, message: str, /, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = params

    def body(self) -> dict[str, Any]:
        """The refusal as the wire has it: ``{"code", "message", **params}`` (the REST
        ``detail`` and the websocket's ``error`` frame, less its ``type``)."""
        return {"code": self.code, "message": self.message, **self.params}
