"""Invitations over the websocket: a player at a table invites someone they follow.

The invitation names the table it was made at and the seat it offers (which seat, and
which tables take none: kroeg.tables.invitations). The inviter must sit or wait at the
table; the invitee must be an account the inviter
follows, must not block the inviter, and must be online (not invisible). Every open
connection of the invitee gets an ``invite`` frame (docs/protocol.md) with the table's id,
which is all a private table needs to be joined: accepting is opening the table.

With several server processes (docs/cluster.md, "Invites") the table may be owned by
another process (who sits and waits there is then read from the database, where every
seating change is committed before anyone hears of it), and the invitee may be connected
to any process: online is the cluster's presence, and the frame goes to each process
the invitee is connected to over its stream.
"""

from __future__ import annotations

import time

from kroeg.accounts import social
from kroeg.server.connection import Connection
from kroeg.server.runtime import Runtime
from kroeg.tables.config import build_game
from kroeg.tables.errors import TableError
from kroeg.tables.invitations import InvitedTable, is_partner, offered_seat


async def invite(
    runtime: Runtime, connection: Connection, table_id: str, name: str, seat: int | None = None
) -> None:
    player, inviter = connection.player, connection.name
    assert player is not None and inviter is not None
    table = await _where(runtime, table_id)
    offered = offered_seat(table, player, seat)
    account = await social.check_invite(runtime.store, player, name)
    targets = [c for c in runtime.connections if c.player == account.player_id]
    elsewhere: list[str] = []
    if runtime.directory is not None and not account.invisible:
        elsewhere = await runtime.directory.where(account.player_id)
    if not (targets or elsewhere) or account.invisible:
        raise TableError("not_online", f"{account.name} is not online: invite them later")
    frame = {
        "type": "invite",
        "table": table_id,
        "game": table.game,
        "variant": table.variant,
        "seat": offered,
        "partner": is_partner(table, player, offered),
        "from": inviter,
        "now": time.time(),
    }
    for target in targets:
        target.send_json(frame)
    if elsewhere and runtime.router is not None:
        runtime.router.to_player(elsewhere, account.player_id, frame)
    connection.send_json({"type": "invite_sent", "table": table_id, "to": account.name})


async def _where(runtime: Runtime, table_id: str) -> InvitedTable:
    """The table as an invitation sees it: from the table here, or from the database
    when another process owns it."""
    table = runtime.lobby.tables.get(table_id)
    if table is not None or runtime.router is None:
        table = runtime.lobby.get(table_id)  # here, or the lobby's refusal
        seats = [s.player for s in table.seats]
        waiting = [p for p, _ in table.waiting]
        over = table.state is not None and not table.running
        config = table.config
        return InvitedTable(
            config.game, config.variant, seats, waiting, table.game.traits.teams, over
        )
    row = await runtime.store.table(table_id)
    if row is None or row.closed:
        raise TableError("unknown_table", f"there is no table {table_id!r}", table=table_id)
    over = await runtime.store.game_count(table_id) > 0
    over = over and await runtime.store.running_game(table_id) is None
    teams = build_game(row.game, row.variant, row.options).traits.teams
    return InvitedTable.stored(row.game, row.variant, row.seating, teams, over=over)
