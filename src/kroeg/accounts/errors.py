"""The accounts' refusals: a :class:`TableError` with the code a client reads, so the
REST layer and the websocket report them as every other refusal (docs/protocol.md)."""

from __future__ import annotations

from kroeg.tables.errors import TableError


class AccountError(TableError):
    """An account request refused with a stable ``code`` and an English message; nothing
    changed."""
