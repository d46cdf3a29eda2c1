"""A guest who made an account while seated: their seats take the account at once.

Without this the seat kept the guest's name and "gast" mark until the player sat down
again (docs/accounts.md, "Names at the table"). The tables this process holds
are told; the player's open connections take the account's kind for their next sit.
"""

from __future__ import annotations

import contextlib

from kroeg.accounts.store import Account
from kroeg.server.runtime import Runtime
from kroeg.tables import commands as t
from kroeg.tables.errors import TableError


async def seat_as_account(rt: Runtime, account: Account) -> None:
    player = account.player_id
    for connection in rt.connections:
        if connection.player == player:
            connection.account = account.kind
            connection.name = account.name
    for table in list(rt.lobby.tables.values()):
        if table.seat_of(player) is None and not table.seating.is_waiting(player):
            continue
        with contextlib.suppress(TableError):  # the table closed or moved meanwhile
            await table.ask(t.Registered(player, account.name, account.kind))
