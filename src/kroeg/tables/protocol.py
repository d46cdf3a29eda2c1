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

from dataclasses import dataclass
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
"""The table messages a client may send."""


class Look(Message, tag="look"):
    """The server's own request, never a client's: the table as the lobby shows it
    (``GET /api/tables/{id}``)."""

    table: TableId


class Seating(Message, tag="seating"):
    """The server's own request, never a client's: the table's game and variant and the
    player id in each seat and waiting (an invite's check, the seats' ratings)."""

    table: TableId


Request = TableMessage | Look | Seating
"""What the Tables port carries to a table (kroeg.tables.port): a client's message or
one of the server's own requests."""

request_decoder = msgspec.json.Decoder(Request)
"""The requests the cluster forwards to a table's owner."""


@dataclass(frozen=True, slots=True)
class Who:
    """Who asks: a player, the name they sit under, and the kind of their account
    (``person``, ``bot``; None for a guest)."""

    player: str
    name: str
    account: str | None = None


Outcome = tuple[Any, bool | None]
"""A request's answer (the table's summary for a seat change, a ``Look``'s; the seating
of a ``Seating``; else None) and whether the listener follows the table afterwards
(None: as before)."""


async def carry_out(
    table: TableTask, listener: Listener | None, who: Who | None, message: Any
) -> Outcome:
    """Carry the request out at ``table`` for ``who``, with ``listener`` the connection
    that follows the table (None for a request without one: REST)."""
    match message:
        case Look():
            return await table.ask(t.Summary()), None
        case Seating():
            return seating_of(table), None
    if isinstance(message, Watch | Resume | Unwatch):
        if listener is None:
            raise TableError("bad_message", "only a connection follows a table")
        return await _follow(table, listener, message)
    if who is None:
        raise TableError("not_authenticated", "send hello first")
    return await _carry_out_as(table, listener, who, message)


async def _follow(
    table: TableTask, listener: Listener, message: Watch | Resume | Unwatch
) -> Outcome:
    """Start following the table (from a version, for a resume), or stop."""
    if isinstance(message, Unwatch):
        await table.ask(t.Unwatch(listener))
        return None, False
    since = message.version if isinstance(message, Resume) else None
    await table.ask(t.Watch(listener, since=since))
    return None, True


async def _carry_out_as(
    table: TableTask, listener: Listener | None, who: Who, message: Any
) -> Outcome:
    player = who.player
    match message:
        case Sit(seat=seat):
            sit = t.Sit(player, who.name, seat, listener=listener, account=who.account)
            return await table.ask(sit), (True if listener is not None else None)
        case Stand():
            return await table.ask(t.Stand(player)), None
        case Leave():
            answer = await table.ask(t.Leave(player))
            if listener is None:
                return answer, None
            await table.ask(t.Unwatch(listener))
            return answer, False
        case Start():
            return await table.ask(t.Start(player)), None
        case Contribute(deal=deal, value=value):
            return await table.ask(t.Contribute(player, deal, value)), None
        case MoreTime(on=on):
            return await table.ask(t.MoreTime(player, on)), None
        case Chat(preset=preset, text=text):
            return await table.ask(t.Chat(player, who.name, preset, text)), None
        case Act(version=version, action=action):
            return await table.ask(t.Act(player, version, action)), None
        case _:
            raise TableError("bad_message", f"{type(message).__name__} is not for a table")


def seating_of(table: TableTask) -> dict[str, Any]:
    """What a ``Seating`` answers: the game, the variant, the player in each seat (None:
    empty) and those waiting, read from the table as it is now."""
    return {
        "game": table.config.game,
        "variant": table.config.variant,
        "seats": [seat.player for seat in table.seats],
        "waiting": [player for player, _ in table.waiting],
    }
