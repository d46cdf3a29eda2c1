"""People before the house (issue 32, build 3): "Speel nu" waits a short window in a line
per game and variant; the people in it are seated together and the house fills the rest.
Times are given, never slept."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kroeg.store import Store, open_store
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.quick import QuickMatch, QuickQueue, Waiting
from kroeg.tables.state import TableSettings

TOEPEN = ("toepen", "kroegregels")
KLAVERJAS = ("klaverjassen", "nku")
SEATS = {TOEPEN: 4, KLAVERJAS: 4}


def _w(player: str, since: float) -> Waiting:
    return Waiting(player, player.title(), None, since)


def test_a_line_waits_the_window_then_seats_who_is_in_it() -> None:
    queue = QuickQueue(seconds=4.0)
    queue.join(TOEPEN, _w("anna", 100.0))
    queue.join(TOEPEN, _w("bram", 102.0))
    queue.join(KLAVERJAS, _w("cor", 103.0))
    assert queue.due(103.9, SEATS) == []
    [(line, group)] = queue.due(104.0, SEATS)  # Anna's window ends: Bram goes with her
    assert line == TOEPEN and [w.player for w in group] == ["anna", "bram"]
    assert queue.line_of("anna") is None and queue.line_of("cor") == KLAVERJAS
    assert [w.player for _, g in queue.due(107.0, SEATS) for w in g] == ["cor"]
    assert queue.lines == {}


def test_a_full_table_is_seated_at_once_and_the_rest_waits_on() -> None:
    queue = QuickQueue(seconds=4.0)
    for i, name in enumerate(["a", "b", "c", "d", "e"]):
        queue.join(TOEPEN, _w(name, 100.0 + i * 0.1))
    [(_, group)] = queue.due(100.5, SEATS)
    assert [w.player for w in group] == ["a", "b", "c", "d"]
    assert [w.player for w in queue.lines[TOEPEN]] == ["e"]


def test_cancel_and_joining_again_or_elsewhere() -> None:
    queue = QuickQueue(seconds=4.0)
    queue.join(TOEPEN, _w("anna", 100.0))
    queue.join(TOEPEN, _w("anna", 103.0))  # again: she keeps her place (and her window)
    assert queue.lines[TOEPEN][0].since == 100.0
    queue.join(KLAVERJAS, _w("anna", 103.0))  # another game: she leaves the first line
    assert queue.line_of("anna") == KLAVERJAS and TOEPEN not in queue.lines
    assert queue.cancel("anna") and not queue.cancel("anna")
    assert queue.due(200.0, SEATS) == []


def test_no_window_seats_at_once() -> None:
    queue = QuickQueue(seconds=0.0)
    queue.join(TOEPEN, _w("anna", 100.0))
    assert [w.player for _, g in queue.due(100.0, SEATS) for w in g] == ["anna"]


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[Lobby]:
    store: Store = await open_store(f"sqlite+aiosqlite:///{tmp_path / 'q.sqlite3'}")
    lobby = Lobby(store, House(), TableSettings(house_delay=0), min_clock=0)
    yield lobby
    await lobby.stop()
    await store.close()


async def test_two_people_within_the_window_land_at_one_started_table(lobby: Lobby) -> None:
    quick = QuickMatch(lobby, seconds=4.0)
    anna = await quick.join("p1", "Anna", None, "toepen", "kroegregels", 100.0)
    assert anna == {
        "state": "waiting",
        "game": "toepen",
        "variant": "kroegregels",
        "waiting": 1,
        "seats": 4,
        "seconds_left": 4,
    }
    bram = await quick.join("p2", "Bram", "person", "toepen", "kroegregels", 102.5)
    assert (bram["waiting"], bram["seconds_left"]) == (2, 2)
    assert lobby.tables == {}  # nobody seated before the window ends
    seated = await quick.status("p1", 104.0)
    assert seated["state"] == "seated"
    table = lobby.tables[seated["table"]]
    assert await quick.status("p2", 104.1) == {"state": "seated", "table": table.id}
    assert [s.player for s in table.seats] == ["p1", "p2", None, None]  # the house: 2, 3
    assert table.running and table.config.rated
    assert table.seating.accounts == {"p2": "person"}
    assert await quick.status("p1", 105.0) == {"state": "none"}  # told once


async def test_a_cancelled_wait_seats_nobody_and_a_bad_game_is_refused(lobby: Lobby) -> None:
    quick = QuickMatch(lobby, seconds=4.0)
    await quick.join("p1", "Anna", None, "toepen", "kroegregels", 100.0)
    assert quick.cancel("p1")
    assert await quick.status("p1", 110.0) == {"state": "none"} and lobby.tables == {}
    with pytest.raises(TableError) as refused:
        await quick.join("p1", "Anna", None, "schaak", "kroegregels", 100.0)
    assert refused.value.code == "bad_table"
