"""The messages a client may send (docs/protocol.md), as msgspec structs.

Decoding validates everything: the ``type`` tag, every field's type and bounds, and no
unknown fields. Anything else is a ``bad_message``.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

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

MAX_FRAME = 4096
"""Bytes in one incoming frame; a bigger one is refused (``too_large``)."""

CHAT_TEXT_MAX = 120

PRESETS = {
    "mieke": "Mieke?",
    "wie_schrijft_blijft": "Wie schrijft blijft",
    "dat_is_flauw": "Dat is flauw",
    "heeft_men_meer": "Heeft men meer?",
    "no_touch": "No touch!",
    "goed_gespeeld": "Goed gespeeld!",
    "nog_een_potje": "Nog een potje?",
    "proost": "Proost!",
}
"""Chat presets (ids to text); the first three are the seed's (000: "Mieke?", "Wie
schrijft blijft", "Dat is flauw")."""


class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    pass


class Hello(_Message, tag="hello"):
    token: Annotated[str, msgspec.Meta(max_length=256)] | None = None
    name: Annotated[str, msgspec.Meta(max_length=64)] | None = None


class Watch(_Message, tag="watch"):
    table: TableId


class Unwatch(_Message, tag="unwatch"):
    table: TableId


class Resume(_Message, tag="resume"):
    table: TableId
    version: Version


class Sit(_Message, tag="sit"):
    table: TableId
    seat: Annotated[int, msgspec.Meta(ge=0, le=16)] | None = None


class Stand(_Message, tag="stand"):
    table: TableId


class Leave(_Message, tag="leave"):
    table: TableId


class Start(_Message, tag="start"):
    table: TableId


class Act(_Message, tag="act"):
    table: TableId
    version: Version
    action: Annotated[list[ActionItem], msgspec.Meta(min_length=1, max_length=16)]


class Chat(_Message, tag="chat"):
    table: TableId
    preset: Annotated[str, msgspec.Meta(max_length=32)] | None = None
    text: Annotated[str, msgspec.Meta(max_length=CHAT_TEXT_MAX * 4)] | None = None


class MoreTime(_Message, tag="more_time"):
    """Twice the table's clock at your seat (``on``), or its own again: the player's
    "meer bedenktijd" setting (WCAG 2.2.1, docs/accessibility.md)."""

    table: TableId
    on: bool


class Contribute(_Message, tag="contribute"):
    """A random contribution to deal ``deal`` (docs/protocol.md, "Fair deals"); the table
    checks its size, so that a wrong one gets its own code, ``bad_contribution``."""

    table: TableId
    deal: Annotated[int, msgspec.Meta(ge=1, le=2**31)]
    value: Annotated[str, msgspec.Meta(max_length=256)]


class Invite(_Message, tag="invite"):
    """Invite a player you follow to this table (kroeg.server.invites)."""

    table: TableId
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]


class Ping(_Message, tag="ping"):
    pass


ClientMessage = (
    Hello
    | Watch
    | Unwatch
    | Resume
    | Sit
    | Stand
    | Leave
    | Start
    | Act
    | Contribute
    | MoreTime
    | Chat
    | Invite
    | Ping
)

decoder = msgspec.json.Decoder(ClientMessage)
