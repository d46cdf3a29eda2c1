"""The frames a table's followers are sent, built per audience: a version's events, the
snapshot on joining, and the lobby's summary.

An audience is a seat (its player sees that seat's view, legal actions and private
events) or None (spectators: the public view and public events). These functions only
build messages from what a table shows; the table decides when to send them, and to whom.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Protocol

import msgspec

from kroeg.games.base import JSON, Game
from kroeg.tables.commands import Listener
from kroeg.tables.config import TableConfig
from kroeg.tables.seats import Seat

encode = msgspec.json.Encoder().encode

Encoded = tuple[tuple[int | None, bytes], ...]
"""A version's events, each encoded to JSON once, with its audience (``Event.to``).

The history holds versions in this form: a few hundred versions of hundreds of tables as
``Event`` objects (each with its dict and lists) were the bulk of the server's live
objects, and every full garbage collection walked them all, stalling every table for
hundreds of milliseconds. Tuples of bytes are not tracked by the collector."""


class ShownSettings(Protocol):
    @property
    def deal_pause(self) -> float: ...


class Shown(Protocol):
    """What a table shows its followers: the parts of it the frames are built from."""

    id: str
    config: TableConfig
    game: Game[Any]
    state: Any
    version: int
    game_id: int | None
    listeners: set[Listener]

    @property
    def seats(self) -> list[Seat]: ...

    @property
    def waiting(self) -> deque[tuple[str, str]]: ...

    @property
    def accounts(self) -> dict[str, str]: ...

    @property
    def deadlines(self) -> dict[int, float]: ...

    @property
    def running(self) -> bool: ...

    @property
    def settings(self) -> ShownSettings: ...


def version_frame(
    table: Shown, audience: int | None, version: int, events: Encoded, full: bool, now: float
) -> bytes:
    """A version's frame for one audience: with the state when ``full``, else a step's.

    The one builder of ``event`` frames (docs/protocol.md): ``type``, ``table``,
    ``version``, ``now``, the ``events`` this audience may see, then the current state's
    keys (:func:`_current`), all null in a step's frame. Built from its parts: the events
    are already encoded, and most frames a table sends are steps, whose state part is
    always the same."""
    shown = b",".join(visible(events, audience))
    head = b'{"type":"event","table":%b,"version":%d,"now":%b,"events":[' % (
        encode(table.id),
        version,
        encode(now),
    )
    tail = b"]," + encode(_current(table, audience))[1:] if full else _EMPTY_TAIL
    return head + shown + tail


def visible(events: Encoded, audience: int | None) -> list[bytes]:
    """The events of a version that ``audience`` may see: the public ones and, for a seat,
    its own private ones (a hand, a card drawn)."""
    return [e for to, e in events if to is None or to == audience]


def _current(table: Shown, audience: int | None) -> JSON:
    view = legal = None
    to_act: list[int] = []
    running = table.running
    if table.state is not None:
        view = table.game.view(table.state, audience)
        if audience is not None and running:
            legal = [table.game.action_json(a) for a in table.game.legal(table.state, audience)]
        to_act = sorted(table.game.to_act(table.state)) if running else []
    return {
        "view": view,
        "legal": legal or [],
        "to_act": to_act,
        "seats": seats_json(table),
        "waiting": [{"player": p, "name": n} for p, n in table.waiting],
        "running": running,
        "game_id": table.game_id,
        "clocks": [{"seat": s, "deadline": d} for s, d in sorted(table.deadlines.items())],
    }


def snapshot(table: Shown, audience: int | None, log: list[JSON], now: float) -> JSON:
    """The whole table for one audience at ``now``; ``log`` the recent versions' events as
    its player was sent them (:meth:`~kroeg.tables.history.History.log_for`)."""
    return {
        "type": "snapshot",
        "table": table.id,
        "version": table.version,
        "now": now,
        "info": {"id": table.id, **table.config.json(), "deal_pause": table.settings.deal_pause},
        "you": audience,
        "spectators": _spectators(table),
        **_current(table, audience),
        "log": log,
    }


def seats_json(table: Shown) -> list[JSON]:
    connected = {listener.player for listener in table.listeners}
    return [
        {
            "seat": i,
            "player": s.player,
            "name": s.name,
            "house": s.player is None,
            "bot": s.bot,
            "account": _account(table, s),
            "away": s.player is not None and s.player not in connected,
            "out": s.out,
            "timeouts": s.timeouts,
        }
        for i, s in enumerate(table.seats)
    ]


def _account(table: Shown, seat: Seat) -> JSON | None:
    """A seat's account (``{name, kind}``: the client shows the rating badge), or None
    for a guest (the client's "gast" mark) and the house."""
    kind = None if seat.player is None else table.accounts.get(seat.player)
    return None if kind is None else {"name": seat.name, "kind": kind}


def _spectators(table: Shown) -> int:
    seated = {s.player for s in table.seats if s.player is not None}
    return len({listener.player for listener in table.listeners} - seated)


def lobby_summary(table: Shown) -> JSON:
    """The table as the lobby shows it (REST)."""
    return {
        "id": table.id,
        **table.config.json(),
        "running": table.running,
        "over": table.state is not None and not table.running,
        "game_id": table.game_id,
        "version": table.version,
        "players": seats_json(table),
        "waiting": [n for _, n in table.waiting],
        "spectators": _spectators(table),
        **({"invite": f"/t/{table.id}"} if table.config.private else {}),
    }


_EMPTY_CURRENT: JSON = {
    "view": None,
    "legal": None,
    "to_act": None,
    "seats": None,
    "waiting": None,
    "running": None,
    "game_id": None,
    "clocks": None,
}

_EMPTY_TAIL = b"]," + encode(_EMPTY_CURRENT)[1:]
"""The end of a step's frame: the events' closing bracket, then the empty current state."""
