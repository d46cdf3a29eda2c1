"""The frames a table sends: a version's frame, built from its parts, is the ``event`` frame
docs/protocol.md describes, for each audience."""

from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pytest

from kroeg.games import make_game
from kroeg.games.base import Game
from kroeg.tables import frames
from kroeg.tables.seats import Seat


class Shown:
    """The parts of a table a step's frame reads."""

    id = "3fa9c2e1"


EVENTS: frames.Encoded = (
    (None, b'{"kind":"action","to":null,"seat":1,"action":["play","Th"],"by":"house"}'),
    (2, b'{"kind":"hand","to":2,"cards":["7h","As"]}'),
    (1, b'{"kind":"hand","to":1,"cards":["Jd"]}'),
)


@pytest.mark.parametrize("audience", [None, 1, 2, 3])
@pytest.mark.parametrize("events", [EVENTS, ()])
def test_a_step_frame_is_the_event_frame_without_the_state(
    audience: int | None, events: frames.Encoded
) -> None:
    table: Any = Shown()
    now = 1780000001.1234567
    frame = json.loads(frames.version_frame(table, audience, 18, events, False, now))
    visible = [json.loads(e) for to, e in events if to is None or to == audience]
    assert frame == {
        "type": "event",
        "table": "3fa9c2e1",
        "version": 18,
        "now": now,
        "events": visible,
        **{key: None for key in STATE_KEYS},
    }
    shown = [e for e in frame["events"] if e["to"] is not None]
    assert all(e["to"] == audience for e in shown)  # never another seat's private event


STATE_KEYS = ("view", "legal", "to_act", "seats", "waiting", "running", "game_id", "clocks")
"""The current state's keys of an ``event`` frame (docs/protocol.md): null in a step's."""


@dataclass(frozen=True)
class Listener:
    player: str

    def send(self, frame: bytes) -> None:
        raise AssertionError("not sent in this test")


@dataclass
class Table:
    """A Toepen table mid-deal: what a version's full frame reads."""

    game: Game[Any] = field(default_factory=lambda: make_game("toepen", "kroegregels"))
    id: str = "3fa9c2e1"
    version: int = 18
    game_id: int | None = 7
    state: Any = None
    seats: list[Seat] = field(
        default_factory=lambda: [
            Seat("p1", "Mieke", timeouts=1),
            Seat(None, "Huis"),
            Seat("p7", "Joop", out=True),
            Seat(None, "Huis"),
        ]
    )
    waiting: deque[tuple[str, str]] = field(default_factory=lambda: deque([("p9", "Kees")]))
    listeners: set[Any] = field(default_factory=lambda: {Listener("p1"), Listener("p5")})
    deadlines: dict[int, float] = field(default_factory=lambda: {2: 1780000060.5})

    @property
    def running(self) -> bool:
        return self.state is not None and self.game.result(self.state) is None


@pytest.mark.parametrize("audience", [None, 0, 1])
def test_a_full_frame_is_the_event_frame_with_the_state(audience: int | None) -> None:
    table: Any = Table()
    game = table.game
    table.state = game.new_state(4, dealer=0)
    game.apply(table.state, 0, game.random_deal(table.state, random.Random(3)))
    now = 1780000001.1234567
    frame = json.loads(frames.version_frame(table, audience, 18, EVENTS, True, now))
    assert list(frame) == ["type", "table", "version", "now", "events", *STATE_KEYS]
    assert (frame["type"], frame["table"], frame["version"], frame["now"]) == (
        "event",
        "3fa9c2e1",
        18,
        now,
    )
    shown = [json.loads(e) for to, e in EVENTS if to is None or to == audience]
    assert frame["events"] == shown
    assert frame["view"] == json.loads(frames.encode(game.view(table.state, audience)))
    assert frame["view"]["you"] == audience
    assert frame["to_act"] == sorted(game.to_act(table.state))
    assert frame["waiting"] == [{"player": "p9", "name": "Kees"}]
    assert frame["running"] is True and frame["game_id"] == 7
    assert frame["clocks"] == [{"seat": 2, "deadline": 1780000060.5}]
    assert [s["away"] for s in frame["seats"]] == [False, False, True, False]
    assert [s["timeouts"] for s in frame["seats"]] == [1, 0, 0, 0]
    assert (frame["view"]["hand"] is None) == (audience is None)
    legal = [] if audience is None else game.legal(table.state, audience)
    assert frame["legal"] == [game.action_json(a) for a in legal]
