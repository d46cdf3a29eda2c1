"""The pause after a deal's end (issue 18, point 1): the next deal waits, no clock runs and
the house does not move until it is over, so people see the last trick and the summary."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kroeg.games import make_game
from kroeg.store import Store, TableRow, open_store
from kroeg.tables import commands as t
from kroeg.tables.config import TableConfig
from kroeg.tables.house import House
from kroeg.tables.state import TableSettings, TableState
from kroeg.tables.task import TableTask


class Ear:
    def __init__(self, player: str) -> None:
        self.player = player
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: bytes) -> None:
        self.frames.append(json.loads(frame))

    def hears(self, player: str) -> bool:
        return True

    def kinds(self) -> list[str]:
        return [e["kind"] for f in self.frames if f["type"] == "event" for e in f["events"]]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await open_store(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    yield s
    await s.close()


async def _toepen_table(store: Store, pause: float, max_points: int = 10) -> TableTask:
    options = {"max_points": max_points}
    config = TableConfig("toepen", "kroegregels", options, 4, 60.0, False, "huis", True)
    settings = TableSettings(house_delay=0, deal_pause=pause)
    game = make_game("toepen", "kroegregels", options)
    table = TableTask(
        TableState("t1", config, game, settings, created_at=time.time()), store, House()
    )
    await store.create_table(
        TableRow("t1", "toepen", "kroegregels", {}, 4, 60.0, False, "huis", time.time(), 0, {})
    )
    table.start()
    return table


async def _play_until(table: TableTask, ear: Ear, kind: str) -> None:
    """Anna (seat 0) plays the house's default until an event of ``kind`` has come; she
    waits out the pauses after a deal's end."""
    await table.ask(t.Sit("anna", "Anna", 0, listener=ear))
    await table.ask(t.Start("anna"))
    for _ in range(2000):
        if kind in ear.kinds():
            return
        if table.running and 0 not in table.game.to_act(table.state):
            await asyncio.sleep(0.02)  # the pause after a deal
            continue
        assert 0 in table.game.to_act(table.state), "the house waits for Anna"
        action = table.game.action_json(table.game.default(table.state, 0))
        await table.ask(t.Act("anna", table.version, action))
    raise AssertionError(f"no {kind} in 2000 steps")


async def test_the_next_deal_waits_for_the_pause(store: Store) -> None:
    table = await _toepen_table(store, pause=0.4)
    ear = Ear("anna")
    await _play_until(table, ear, "deal_end")
    assert table.running
    kinds = ear.kinds()
    assert kinds.count("deal") == 1, "the second deal is not dealt during the pause"
    assert table.game.pending_deal(table.state) is not None
    assert table.table.deadlines == {}, "no clock runs during the pause"
    await asyncio.sleep(0.8)
    assert ear.kinds().count("deal") == 2, "the next deal comes once the pause is over"
    assert table.game.pending_deal(table.state) is None
    await table.stop()


async def test_without_a_pause_the_next_deal_follows_at_once(store: Store) -> None:
    table = await _toepen_table(store, pause=0)
    ear = Ear("anna")
    await _play_until(table, ear, "deal_end")
    kinds = ear.kinds()
    last_deal = max(i for i, kind in enumerate(kinds) if kind == "deal")
    assert kinds.count("deal") == 2 and kinds.index("deal_end") < last_deal
    await table.stop()


async def test_a_game_that_ends_leaves_no_pause_due(store: Store) -> None:
    """The last deal's end starts no deal: the pause must not stay due (a table whose
    pause stayed due woke at once for ever and starved the server)."""
    table = await _toepen_table(store, pause=0.05, max_points=3)
    ear = Ear("anna")
    await _play_until(table, ear, "game_end")
    await asyncio.sleep(0.2)
    assert not table.running and table.table.clocks.deal_due is None
    assert (await table.ask(t.Summary()))["running"] is False, "the table still answers"
    await table.stop()
