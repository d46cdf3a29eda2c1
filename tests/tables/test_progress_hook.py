"""A table's progress hook (``TableTask.on_progress``, for a club night's online round):
told after each deal's end and each player taken out, in the table's task once the
change is stored; a failing hook never stops the game; a table with a hook is not closed
as idle while its game runs (docs/clubs.md, "Online rounds"). A table its people left
is no longer listed and closes soon (issue 32, bug 13)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kroeg.store import Store, open_store
from kroeg.tables import commands as t
from kroeg.tables.house import House
from kroeg.tables.lobby import DESERTED_CLOSE, Lobby
from kroeg.tables.state import TableSettings
from kroeg.tables.task import TableTask


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[Lobby]:
    store: Store = await open_store(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    # The house moves at once: a game nobody plays is over when the command that left it
    # to the house is answered. The hook hearing each deal's end, each commit on its own,
    # is the machine's (test_machine.py).
    lobby = Lobby(store, House(), TableSettings(house_delay=0), min_clock=0)
    yield lobby
    await lobby.stop()
    await store.close()


async def test_the_hook_is_told_in_the_task_once_stored_and_keeps_the_table(
    lobby: Lobby,
) -> None:
    table = await lobby.create(
        "klaverjassen", "nku", {"game_length": "4_deals"}, private=True, clock_seconds=60
    )
    heard: list[tuple[int, list[int], bool]] = []

    def on_progress(tb: TableTask) -> None:
        stored = tb.table.staged is None  # told after the commit, with nothing left to send
        heard.append((len(tb.game.deal_summaries(tb.state)), sorted(tb.seating.left), stored))

    table.on_progress = on_progress
    await table.ask(t.Sit("p1", "Anna", 0))
    await table.ask(t.Start("p1"))
    assert heard == []  # nothing ended yet: the game waits for Anna
    await lobby.sweep(0.0, 0.0)
    assert table.id in lobby.tables  # nobody follows it, but its game runs: kept
    await table.ask(t.Leave("p1"))  # the house plays her seat to the end at once
    assert not table.running
    assert heard == [(4, [0], True)]  # one commit: the whole rest of the game
    assert (await lobby.sweep(0.0, 0.0)) == [table.id]  # over: idle like any table


async def test_a_failing_hook_does_not_stop_the_game(lobby: Lobby) -> None:
    table = await lobby.create("klaverjassen", "nku", {"game_length": "4_deals"})

    def broken(tb: TableTask) -> None:
        raise RuntimeError("the club's side failed")

    table.on_progress = broken
    await table.ask(t.Sit("p1", "Anna", 0))
    await table.ask(t.Start("p1"))
    await table.ask(t.Leave("p1"))
    assert not table.running
    assert len(table.game.deal_summaries(table.state)) == 4


async def test_the_lobby_tells_of_every_table_it_rebuilds_and_starts(lobby: Lobby) -> None:
    """``Lobby.on_adopt``: a process that takes a table over (docs/cluster.md) or starts
    again rebuilds it from the store; every listener is told (the club's online rounds and
    the sets against the house hook it there), a failing one keeps none from it."""
    made = await lobby.create("klaverjassen", "nku", {"game_length": "4_deals"}, private=True)
    await made.ask(t.Sit("p1", "Anna", 0))
    await made.ask(t.Start("p1"))
    other = Lobby(lobby.store, House(), TableSettings(house_delay=0), min_clock=0)
    told: list[TableTask] = []

    def broken(table: TableTask) -> None:
        raise RuntimeError("one listener failed")

    other.on_adopt.extend([broken, told.append])
    try:
        [row] = [r for r in await lobby.store.open_tables() if r.id == made.id]
        adopted = await other.adopt(row)
        assert adopted is not None and told == [adopted]
        assert adopted.running, "told once it runs: its game goes on from the log"
    finally:
        await other.stop()


class _Access:
    """What OnlineRounds reads of the club service's access: one running online night in
    round 2; its round table 'rt-2' plays at ``live[1]``, round 1's 'rt-1' at ``live[0]``."""

    def __init__(self, live: list[str]) -> None:
        self.store = self
        self.locks: dict[str, asyncio.Lock] = {}
        self.planned = {live[0]: ("rt-1", 1), live[1]: ("rt-2", 2)}

    async def round_table_at(self, table_id: str) -> dict[str, object] | None:
        planned = self.planned.get(table_id)
        return None if planned is None else {"id": planned[0], "night_id": "n", "round": planned[1]}

    async def online_nights(self, *, running: bool) -> list[dict[str, object]]:
        assert running
        return [{"id": "n", "current_round": 2, "game": "klaverjassen"}]


async def test_a_table_taken_over_mid_round_is_hooked_and_its_stand_recorded(
    lobby: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kroeg.clubs.online_rounds import OnlineRounds

    tables = []
    for _ in range(3):  # round 1's table, round 2's, and one that plays no round
        table = await lobby.create("klaverjassen", "nku", {"game_length": "4_deals"})
        await table.ask(t.Sit("p1", "Anna", 0))
        await table.ask(t.Start("p1"))
        tables.append(table)
    rounds = OnlineRounds(_Access([tb.id for tb in tables]), lobby)  # type: ignore[arg-type]
    recorded: list[tuple[str, str, int]] = []

    async def record(night: str, round_table: str, stand: dict[str, object]) -> None:
        recorded.append((night, round_table, int(str(stand["deals"]))))

    monkeypatch.setattr(rounds, "record", record)
    assert lobby.on_adopt == [rounds._adopted], "the rounds listen to the lobby's adoptions"
    for table in tables:
        rounds._adopted(table)  # as the lobby tells it after a takeover
    await asyncio.gather(*rounds._tasks)  # each adoption's look-up, done: no waiting
    assert [tb.on_progress is not None for tb in tables] == [False, True, False]
    assert recorded == [("n", "rt-2", 0)]


async def test_a_table_its_people_left_is_no_longer_listed_and_closes_soon(
    lobby: Lobby,
) -> None:
    """Issue 32, bug 13: a table that its guests left ran on with only the house, listed,
    until it was idle ten minutes. Now it leaves the list at once, and closes once nobody
    followed it for DESERTED_CLOSE seconds (given times, no sleeping)."""
    idle = 600.0
    left = await lobby.create("toepen", "kroegregels")
    fresh = await lobby.create("toepen", "kroegregels")  # nobody sat yet: idle as before
    await left.ask(t.Sit("p1", "Anna", 0))
    await left.ask(t.Sit("p2", "Bram", 1))
    await left.ask(t.Start("p1"))
    await left.ask(t.Leave("p1"))
    assert {s["id"] for s in lobby.listed()} == {left.id, fresh.id}  # Bram still plays
    await left.ask(t.Leave("p2"))
    assert [s["id"] for s in lobby.listed()] == [fresh.id]
    assert await lobby.sweep(idle, 1000.0) == []
    assert await lobby.sweep(idle, 1000.0 + DESERTED_CLOSE - 1) == []
    assert await lobby.sweep(idle, 1000.0 + DESERTED_CLOSE) == [left.id]
    assert fresh.id in lobby.tables
    assert (await lobby.store.table(left.id)).closed  # type: ignore[union-attr]


async def test_someone_sitting_down_again_keeps_the_table(lobby: Lobby) -> None:
    table = await lobby.create("toepen", "kroegregels")
    await table.ask(t.Sit("p1", "Anna", 0))
    await table.ask(t.Stand("p1"))
    assert lobby.listed() == []
    await table.ask(t.Sit("p2", "Bram", 1))
    assert [s["id"] for s in lobby.listed()] == [table.id]
    assert await lobby.sweep(600.0, 0.0) == []
    assert await lobby.sweep(600.0, DESERTED_CLOSE) == []  # idle, but not deserted
