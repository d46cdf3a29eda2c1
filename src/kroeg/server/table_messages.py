"""A client's message for a table, carried out at the table: the same on the process a
websocket is connected to and, with several processes (docs/cluster.md), on the table's
owner, where the cluster forwards it with the connection's identity.

Checks that belong to the connection (hello first, the chat flood) are the caller's; the
message is decoded and valid already (server/messages.py).
"""

from __future__ import annotations

from typing import Any

from kroeg.server import messages as m
from kroeg.tables import commands as t
from kroeg.tables.commands import Listener
from kroeg.tables.errors import TableError
from kroeg.tables.task import TableTask


async def carry_out(
    table: TableTask,
    listener: Listener,
    player: str,
    name: str,
    message: Any,
    *,
    account: str | None = None,
) -> bool | None:
    """Carry the message out at ``table`` for ``listener`` (who is ``player``, named
    ``name``, with an account of kind ``account`` or a guest); whether the listener
    follows the table afterwards (None: as before)."""
    match message:
        case m.Watch():
            await table.ask(t.Watch(listener))
            return True
        case m.Resume(version=version):
            await table.ask(t.Watch(listener, since=version))
            return True
        case m.Unwatch():
            await table.ask(t.Unwatch(listener))
            return False
        case m.Sit(seat=seat):
            await table.ask(t.Sit(player, name, seat, listener=listener, account=account))
            return True
        case m.Stand():
            await table.ask(t.Stand(player))
        case m.Leave():
            await table.ask(t.Leave(player))
            await table.ask(t.Unwatch(listener))
            return False
        case m.Start():
            await table.ask(t.Start(player))
        case m.Contribute(deal=deal, value=value):
            await table.ask(t.Contribute(player, deal, value))
        case m.MoreTime(on=on):
            await table.ask(t.MoreTime(player, on))
        case m.Chat(preset=preset, text=text):
            await table.ask(t.Chat(player, name, preset, text))
        case m.Act(version=version, action=action):
            await table.ask(t.Act(player, version, action))
        case _:
            raise TableError("bad_message", f"{type(message).__name__} is not for a table")
    return None
