"""The messages a table understands (docs/protocol.md), as msgspec structs, and
:func:`carry_out`, which carries one out at a table.

A client sends them over its websocket (kroeg.server.messages adds the connection's own:
``hello``, ``invite``, ``ping``); with several processes (docs/cluster.md) the cluster
forwards them to the table's owner with the connection's identity, and the owner
carries them out with the same :func:`carry_out`. Decoding validates everything: the
``type`` tag, every field's type and bounds, and no unknown fields. Anything else is a
``bad_message``.

Checks that belong to the connection (hello first, the chat flood) are the caller's; a
message reaches :func:`carry_out` decoded and valid already.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from kroeg.tables import commands as t
from kroeg.tables.commands import Listener
from kroeg.tables.errors import TableError
from kroeg.tables.task import TableTask

TableId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Version = Annotated[int, msgspec.Meta(ge=0, le=2**53)]

ActionWord = Annotated[str, msgspec.Meta(max_length=32)]
ActionNumber = Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31 - 1)]
ActionItem = (
    ActionWord
    | ActionNumber
    | bool
    | None
    | Annotated[list[ActionWord], msgspec.Meta(max_length=64)]
)
"""One item of an action: a verb, a card, a seat or meld number, or a list of cards
(Eurokaarten's melds). Nothing nests deeper: a message is at most three levels deep
(the message, its action, a list of cards), and anything else is a ``bad_message``
before any table sees it."""

CHAT_TEXT_MAX = 120


class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    """A client's message: tagged by ``type``, with no field it does not know."""


class Watch(Message, tag="watch"):
    table: TableId


class Unwatch(Message, tag="unwatch"):
    table: TableId


class Resume(Message, tag="resume"):
    table: TableId
    version: Version


class Sit(Message, tag="sit"):
    table: TableId
    seat: Annotated[int, msgspec.Meta(ge=0, le=16)] | None = None


class Stand(Message, tag="stand"):
    table: TableId


class Leave(Message, tag="leave"):
    table: TableId


class Start(Message, tag="start"):
    table: TableId


class Act(Message, tag="act"):
    table: TableId
    version: Version
    action: Annotated[list[ActionItem], msgspec.Meta(min_length=1, max_length=16)]


class Chat(Message, tag="chat"):
    table: TableId
    preset: Annotated[str, msgspec.Meta(max_length=32)] | None = None
    text: Annotated[str, msgspec.Meta(max_length=CHAT_TEXT_MAX * 4)] | None = None


class MoreTime(Message, tag="more_time"):
    """Twice the table's clock at your seat (``on``), or its own again: the player's
    "meer bedenktijd" setting (WCAG 2.2.1, docs/accessibility.md)."""

    table: TableId
    on: bool


class Contribute(Message, tag="contribute"):
    """A random contribution to deal ``deal`` (docs/protocol.md, "Fair deals"); the table
    checks its size, so that a wrong one gets its own code, ``bad_contribution``."""

    table: TableId
    deal: Annotated[int, msgspec.Meta(ge=1, le=2**31)]
    value: Annotated[str, msgspec.Meta(max_length=256)]


TableMessage = (
    Watch | Unwatch | Resume | Sit | Stand | Leave | Start | Act | Contribute | MoreTime | Chat
)

decoder = msgspec.json.Decoder(TableMessage)
"""The table messages alone: what the cluster forwards to a table's owner."""


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
        case Watch():
            await table.ask(t.Watch(listener))
            return True
        case Resume(version=version):
            await table.ask(t.Watch(listener, since=version))
            return True
        case Unwatch():
            await table.ask(t.Unwatch(listener))
            return False
        case Sit(seat=seat):
            await table.ask(t.Sit(player, name, seat, listener=listener, account=account))
            return True
        case Stand():
            await table.ask(t.Stand(player))
        case Leave():
            await table.ask(t.Leave(player))
            await table.ask(t.Unwatch(listener))
            return False
        case Start():
            await table.ask(t.Start(player))
        case Contribute(deal=deal, value=value):
            await table.ask(t.Contribute(player, deal, value))
        case MoreTime(on=on):
            await table.ask(t.MoreTime(player, on))
        case Chat(preset=preset, text=text):
            await table.ask(t.Chat(player, name, preset, text))
        case Act(version=version, action=action):
            await table.ask(t.Act(player, version, action))
        case _:
            raise TableError("bad_message", f"{type(message).__name__} is not for a table")
    return None
