"""Invitations over the websocket: a player at a table invites someone they follow.

The inviter must sit or wait at the table; the invitee must be an account the inviter
follows, must not block the inviter, and must be online (not invisible). Every open
connection of the invitee gets an ``invite`` frame (docs/protocol.md) with the table's id,
which is all a private table needs to be joined: accepting is opening the table.

With several server processes (docs/cluster.md, "Invites") the table may be owned by
another process (who sits and waits there is then read from the database, where every
seating change is committed before anyone hears of it), and the invitee may be connected
to any process: online is the cluster's presence, and the frame is an account event
(kroeg.accounts.events) that every process hands to its connections of the invitee.
"""

from __future__ import annotations

import time
from typing import Any

from kroeg.accounts import social
from kroeg.accounts.events import Invited
from kroeg.server.connection import Connection
from kroeg.server.runtime import Runtime
from kroeg.tables.errors import TableError


async def invite(runtime: Runtime, connection: Connection, table_id: str, name: str) -> None:
    player, inviter = connection.player, connection.name
    assert player is not None and inviter is not None
    at_table, game, variant = await _where(runtime, table_id, player)
    if not at_table:
        raise TableError("not_seated", "sit at the table before you invite someone to it")
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
        "game": game,
        "variant": variant,
        "from": inviter,
        "now": time.time(),
    }
    await runtime.account_events.publish(Invited(account.player_id, frame))
    connection.send_json({"type": "invite_sent", "table": table_id, "to": account.name})


async def _where(runtime: Runtime, table_id: str, player: str) -> tuple[bool, str, str]:
    """Whether ``player`` sits or waits at the table, and its game and variant: from the
    table here, or from the database when another process owns it."""
    table = runtime.lobby.tables.get(table_id)
    if table is not None or runtime.router is None:
        table = runtime.lobby.get(table_id)  # here, or the lobby's refusal
        at_table = table.seat_of(player) is not None or any(p == player for p, _ in table.waiting)
        return at_table, table.config.game, table.config.variant
    row = await runtime.store.table(table_id)
    if row is None or row.closed:
        raise TableError("unknown_table", f"there is no table {table_id!r}", table=table_id)
    return _in_seating(row.seating, player), row.game, row.variant


def _in_seating(seating: dict[str, Any], player: str) -> bool:
    """Whether a stored seating (``Seating.json``) has ``player`` in a seat or waiting."""
    seated = any(s is not None and s[0] == player for s in seating.get("seats", []))
    return seated or any(p == player for p, _ in seating.get("waiting", []))
