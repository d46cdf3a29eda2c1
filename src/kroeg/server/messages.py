"""The messages a client may send (docs/protocol.md), as msgspec structs: the tables'
(kroeg.tables.protocol) and the connection's own, ``hello``, ``invite`` and ``ping``.

Decoding validates everything: the ``type`` tag, every field's type and bounds, and no
unknown fields. Anything else is a ``bad_message``.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from kroeg.tables.protocol import Message, TableId, TableMessage

MAX_FRAME = 4096
"""Bytes in one incoming frame; a bigger one is refused (``too_large``)."""

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


class Hello(Message, tag="hello"):
    token: Annotated[str, msgspec.Meta(max_length=256)] | None = None
    name: Annotated[str, msgspec.Meta(max_length=64)] | None = None


class Invite(Message, tag="invite"):
    """Invite a player you follow to this table and a seat (kroeg.server.invites);
    no seat: the table offers one (kroeg.tables.invitations)."""

    table: TableId
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    seat: Annotated[int, msgspec.Meta(ge=0, le=16)] | None = None


class Ping(Message, tag="ping"):
    pass


ClientMessage = Hello | Invite | Ping | TableMessage

decoder = msgspec.json.Decoder(ClientMessage)
