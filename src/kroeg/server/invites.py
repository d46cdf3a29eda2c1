"""Invitations over the websocket: a player at a table invites someone they follow.

The invitation names the table it was made at and the seat it offers (which seat, and
which tables take none: kroeg.tables.invitations). The inviter must sit or wait at the
table; the invitee must be an account the inviter
follows, must not block the inviter, and must be online (not invisible). Every open
connection of the invitee gets an ``invite`` frame (docs/protocol.md) with the table's id,
which is all a private table needs to be joined: accepting is opening the table.

With several server processes (docs/cluster.md, "Invites") the table may be owned by
another process (who sits and waits there is asked of it through the Tables port), and
the invitee may be connected to any process: online is the cluster's presence, and the
frame is an account event (kroeg.accounts.events) that every process hands to its
connections of the invitee.
"""

from __future__ import annotations

import time

from kroeg.accounts import social
from kroeg.accounts.events import Invited
from kroeg.server.connection import Connection
from kroeg.server.runtime import Runtime
from kroeg.tables.errors import TableError
from kroeg.tables.invitations import InvitedTable, is_partner, offered_seat
from kroeg.tables.protocol import Seating


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
    await runtime.account_events.publish(Invited(account.player_id, frame))
    connection.send_json({"type": "invite_sent", "table": table_id, "to": account.name})


async def _where(runtime: Runtime, table_id: str) -> InvitedTable:
    """The table as an invitation sees it, as the table says (through the Tables port,
    wherever it lives)."""
    seating = await runtime.tables.ask(Seating(table=table_id))
    return InvitedTable(
        seating["game"],
        seating["variant"],
        seating["seats"],
        seating["waiting"],
        seating["teams"],
        seating["over"],
    )
