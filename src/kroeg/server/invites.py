"""Invitations over the websocket: a player at a table invites someone they follow.

The inviter must sit or wait at the table; the invitee must be an account the inviter
follows, must not block the inviter, and must be online (not invisible). Every open
connection of the invitee gets an ``invite`` frame (docs/protocol.md) with the table's id,
which is all a private table needs to be joined: accepting is opening the table.

With several server processes (docs/cluster.md, "Invites") the table may be owned by
another process (who sits and waits there is asked of it through the Tables port), and
the invitee may be connected to any process: online is the cluster's presence, and the
frame goes to each process the invitee is connected to over its stream.
"""

from __future__ import annotations

import time

from kroeg.accounts import social
from kroeg.server.connection import Connection
from kroeg.server.runtime import Runtime
from kroeg.tables.errors import TableError
from kroeg.tables.protocol import Seating


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
    for target in targets:
        target.send_json(frame)
    if elsewhere and runtime.router is not None:
        runtime.router.to_player(elsewhere, account.player_id, frame)
    connection.send_json({"type": "invite_sent", "table": table_id, "to": account.name})


async def _where(runtime: Runtime, table_id: str, player: str) -> tuple[bool, str, str]:
    """Whether ``player`` sits or waits at the table, and its game and variant, as the
    table says (through the Tables port, wherever it lives)."""
    seating = await runtime.tables.ask(Seating(table=table_id))
    at_table = player in seating["seats"] or player in seating["waiting"]
    return at_table, seating["game"], seating["variant"]
