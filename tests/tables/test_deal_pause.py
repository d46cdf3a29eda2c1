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
from kroeg.tables.table import Table, TableSettings


class Ear:
    def __init__(self, player: str) -> None:
        self.player = player
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: bytes) -> None:
        self.frames.append(json.loads(frame))

    def kinds(self) -> list[str]:
        return [e["kind"] for f in self.frames if f["type"] == "event" for e in f["events"]]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await open_store(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    yield s
    await s.close()


async def _toepen_table(store: Store, pause: float) -> Table:
    config = TableConfig("toepen", "kroegregels", {}, 4, 60.0, False, "huis")
    table = Table(
        "t1",
        config,
        make_game("toepen", "kroegregels"),
        store,
        House(),
        TableSettings(house_delay=0, deal_pause=pause),
        created_at=time.time(),
    )
    await store.create_table(
        TableRow("t1", "toepen", "kroegregels", {}, 4, 60.0, False, "huis", time.time(), 0, {})
    )
    table.start()
    return table


async def _play_until_a_deal_ends(table: Table, ear: Ear) -> None:
    """Anna (seat 0) plays the house's default until the first deal has ended."""
    await table.ask(t.Sit("anna", "Anna", 0, listener=ear))
    await table.ask(t.Start("anna"))
    for _ in range(200):
        if "deal_end" in ear.kinds():
            return
        assert 0 in table.game.to_act(table.state), "the house waits for Anna"
        action = table.game.action_json(table.game.default(table.state, 0))
        await table.ask(t.Act("anna", table.version, action))
    raise AssertionError("no deal ended in 200 moves")


async def test_the_next_deal_waits_for_the_pause(store: Store) -> None:
    table = await _toepen_table(store, pause=0.4)
    ear = Ear("anna")
    await _play_until_a_deal_ends(table, ear)
    assert table.running
    kinds = ear.kinds()
    assert kinds.count("deal") == 1, "the second deal is not dealt during the pause"
    assert table.game.pending_deal(table.state) is not None
    assert table.deadlines == {}, "no clock runs during the pause"
    await asyncio.sleep(0.8)
    assert ear.kinds().count("deal") == 2, "the next deal comes once the pause is over"
    assert table.game.pending_deal(table.state) is None
    await table.stop()


async def test_without_a_pause_the_next_deal_follows_at_once(store: Store) -> None:
    table = await _toepen_table(store, pause=0)
    ear = Ear("anna")
    await _play_until_a_deal_ends(table, ear)
    kinds = ear.kinds()
    last_deal = max(i for i, kind in enumerate(kinds) if kind == "deal")
    assert kinds.count("deal") == 2 and kinds.index("deal_end") < last_deal
    await table.stop()
