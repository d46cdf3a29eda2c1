"""Invitations over the websocket: a player at a table invites someone they follow.

The inviter must sit or wait at the table; the invitee must be an account the inviter
follows, must not block the inviter, and must be online (not invisible). Every open
connection of the invitee gets an ``invite`` frame (docs/protocol.md) with the table's id,
which is all a private table needs to be joined: accepting is opening the table.
"""

from __future__ import annotations

import time

from kroeg.accounts import social
from kroeg.server.connection import Connection
from kroeg.server.runtime import Runtime
from kroeg.tables.errors import TableError
from kroeg.tables.table import Table


async def invite(runtime: Runtime, connection: Connection, table: Table, name: str) -> None:
    player, inviter = connection.player, connection.name
    assert player is not None and inviter is not None
    at_table = table.seat_of(player) is not None or any(p == player for p, _ in table.waiting)
    if not at_table:
        raise TableError("not_seated", "sit at the table before you invite someone to it")
    account = await social.check_invite(runtime.store, player, name)
    targets = [c for c in runtime.connections if c.player == account.player_id]
    if not targets or account.invisible:
        raise TableError("not_online", f"{account.name} is not online: invite them later")
    frame = {
        "type": "invite",
        "table": table.id,
        "game": table.config.game,
        "variant": table.config.variant,
        "from": inviter,
        "now": time.time(),
    }
    for target in targets:
        target.send_json(frame)
    connection.send_json({"type": "invite_sent", "table": table.id, "to": account.name})
