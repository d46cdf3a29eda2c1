"""People before the house (issue 32, build 3): "Speel nu" waits a short window in a line
per game and variant; the people in it are seated together and the house fills the rest.
Times are given, never slept."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kroeg.store import Store, open_store
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.quick import MATCHED_KEEP, LocalLines, QuickMatch, QuickQueue, Waiting
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
    assert await quick.cancel("p1")
    assert await quick.status("p1", 110.0) == {"state": "none"} and lobby.tables == {}
    with pytest.raises(TableError) as refused:
        await quick.join("p1", "Anna", None, "schaak", "kroegregels", 100.0)
    assert refused.value.code == "bad_table"


def test_a_matched_group_waits_while_its_table_is_made_then_is_told_once() -> None:
    """docs/cluster.md, "Speel nu": between the step that takes a group out of its line
    and the one that stores its table, each of its people still reads ``waiting``
    (another process may be making the table), never ``none``."""
    queue = QuickQueue(seconds=4.0)
    queue.join(TOEPEN, _w("anna", 100.0))
    queue.join(TOEPEN, _w("bram", 101.0))
    [(_, group)] = queue.match(104.0, SEATS)
    assert [w.player for w in group] == ["anna", "bram"] and queue.lines == {}
    making = queue.standing("bram", 104.2, SEATS)
    assert making == {
        "state": "waiting",
        "game": "toepen",
        "variant": "kroegregels",
        "waiting": 2,
        "seats": 4,
        "seconds_left": 0,
    }
    queue.seat(["anna", "bram"], "t1")
    assert queue.standing("bram", 104.5, SEATS) == {"state": "seated", "table": "t1"}
    assert queue.standing("bram", 104.6, SEATS) == {"state": "none"}  # told once
    queue.join(TOEPEN, _w("anna", 105.0))  # joining again forgets the table she missed
    assert queue.standing("anna", 105.0, SEATS)["state"] == "waiting"


def test_a_table_never_made_leaves_its_people_out_of_every_line() -> None:
    queue = QuickQueue(seconds=0.0)
    queue.join(TOEPEN, _w("anna", 100.0))
    queue.join(KLAVERJAS, _w("cor", 100.0))
    queue.match(100.0, SEATS)
    queue.seat(["anna"], None)  # its process could not make it
    assert queue.standing("anna", 100.1, SEATS) == {"state": "none"}
    # Cor's is never stored (its process died): forgotten once MATCHED_KEEP is over.
    assert queue.standing("cor", 100.0 + MATCHED_KEEP - 1, SEATS)["state"] == "waiting"
    queue.match(100.0 + MATCHED_KEEP, SEATS)
    assert queue.standing("cor", 100.0 + MATCHED_KEEP, SEATS) == {"state": "none"}


def test_the_queue_reads_back_equal_from_its_json() -> None:
    queue = QuickQueue(seconds=4.0)
    queue.join(TOEPEN, _w("anna", 100.0))
    queue.join(TOEPEN, Waiting("bram", "Bram", "person", 100.5))
    queue.join(KLAVERJAS, _w("cor", 99.0))
    queue.match(103.0, SEATS)  # Cor is matched, his table being made
    queue.seat(["cor"], "t9")
    queue.join(KLAVERJAS, _w("dirk", 103.0))
    again = QuickQueue.from_json(4.0, json.loads(json.dumps(queue.json())))
    assert again == queue


async def test_two_matchers_over_one_queue_seat_their_people_together(tmp_path: Path) -> None:
    """Two processes' QuickMatch over one kept queue (kroeg.cluster.quick keeps it in
    Redis; here one LocalLines): whoever looks when a line is due makes its table, and
    each person learns it from either."""
    store: Store = await open_store(f"sqlite+aiosqlite:///{tmp_path / 'q.sqlite3'}")
    lobbies = [Lobby(store, House(), TableSettings(house_delay=0), min_clock=0) for _ in "ab"]
    lines = LocalLines(4.0)
    a, b = (QuickMatch(lobby, lines=lines) for lobby in lobbies)
    try:
        await a.join("p1", "Anna", None, "toepen", "kroegregels", 100.0)
        bram = await b.join("p2", "Bram", None, "toepen", "kroegregels", 101.0)
        assert bram["waiting"] == 2  # Anna, who joined through the other
        seated = await b.status("p2", 104.0)  # b looks when the line is due: b makes it
        assert seated["state"] == "seated" and seated["table"] in lobbies[1].tables
        assert lobbies[0].tables == {}
        assert await a.status("p1", 104.1) == seated
        assert await b.status("p1", 104.2) == {"state": "none"}
        await a.join("p3", "Cor", None, "toepen", "kroegregels", 105.0)
        assert await b.cancel("p3") and await a.status("p3", 110.0) == {"state": "none"}
    finally:
        for lobby in lobbies:
            await lobby.stop()
        await store.close()


async def test_a_table_that_cannot_be_made_answers_none_not_an_error(
    lobby: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("the database went away")

    quick = QuickMatch(lobby, seconds=0.0)
    monkeypatch.setattr(lobby, "create", broken)
    assert await quick.join("p1", "Anna", None, "toepen", "kroegregels", 100.0) == {"state": "none"}
    assert await quick.status("p1", 100.5) == {"state": "none"}
