"""A guest who made an account while seated, or an account that became a bot: their
seats take the account at once.

Without this the seat kept the guest's name and "gast" mark until the player sat down
again (docs/accounts.md, "Names at the table"), and a socket opened before its account
became a bot sat as a person, at tables that allow no bots too. The tables this process
holds are told; the player's open connections take the account's kind at once (a bot's
for its next sit, and its conduct is counted). Every process does this for its own
sockets and tables when it hears the account event (kroeg.server.account_sockets).
"""

from __future__ import annotations

import contextlib

from kroeg.server.runtime import Runtime
from kroeg.server.ws import as_bot
from kroeg.tables import commands as t
from kroeg.tables.errors import TableError


def connections_as_account(rt: Runtime, player: str, name: str, kind: str) -> None:
    """The player's open connections here sit as the account from their next message."""
    for connection in rt.connections:
        if connection.player == player:
            connection.account = kind
            connection.name = name
            if kind == "bot":
                as_bot(rt, connection)


async def seat_as_account(rt: Runtime, player: str, name: str, kind: str) -> None:
    """The player's connections here and seats at the tables here take the account."""
    connections_as_account(rt, player, name, kind)
    for table in list(rt.lobby.tables.values()):
        if table.seat_of(player) is None and not table.seating.is_waiting(player):
            continue
        with contextlib.suppress(TableError):  # the table closed or moved meanwhile
            await table.ask(t.Registered(player, name, kind))
