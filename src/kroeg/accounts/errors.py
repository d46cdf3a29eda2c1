"""The accounts' refusals: a :class:`~kroeg.errors.Refusal` with the code a client reads,
so the REST layer and the websocket report them as every other refusal
(docs/protocol.md)."""

from __future__ import annotations

from kroeg.errors import Refusal


class AccountError(Refusal):
    """An account request refused with a stable ``code`` and an English message; nothing
    changed."""
