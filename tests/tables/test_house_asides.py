"""The table gives every house seat its out-of-turn chance (issue 23, point 3): a Toepen
knock after any event, answered in-process by the house, never asked for a person."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kroeg.games import make_game
from kroeg.games.base import Action
from kroeg.store import Store, TableRow, open_store
from kroeg.tables import commands as t
from kroeg.tables.config import TableConfig
from kroeg.tables.house import House, HouseRequest
from kroeg.tables.state import TableSettings, TableState
from kroeg.tables.task import TableTask
from tests.tables.driven import Ear


class KnockingHouse(House):
    """Plays the fallback on turn; out of turn it knocks once, at its first chance."""

    def __init__(self) -> None:
        self.asked: list[HouseRequest] = []
        self.knocked: HouseRequest | None = None

    def has_asides(self, level: str) -> bool:
        return True

    def aside(self, request: HouseRequest) -> Action | None:
        self.asked.append(request)
        if self.knocked is None and ("knock",) in request.legal:
            self.knocked = request
            return ("knock",)
        return None


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await open_store(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    yield s
    await s.close()


async def test_a_house_seat_knocks_out_of_turn_and_a_person_is_never_asked(store: Store) -> None:
    """RULES.md §1 (kroegregels): any active player may knock at any moment, not only on
    its turn. The house seat's knock comes while another seat is to play."""
    game = make_game("toepen", "kroegregels")
    config = TableConfig("toepen", "kroegregels", {}, 4, 60.0, False, "basis", True)
    house = KnockingHouse()
    table = TableTask(
        TableState("t1", config, game, TableSettings(house_delay=0), created_at=time.time()),
        store,
        house,
    )
    await store.create_table(
        TableRow(
            "t1",
            "toepen",
            "kroegregels",
            {},
            4,
            60.0,
            False,
            "basis",
            time.time(),
            0,
            table.seating.json(),
        )
    )
    table.start()
    ear = Ear("anna")
    await table.ask(t.Sit("anna", "Anna", 0, listener=ear))
    await table.ask(t.Start("anna"))
    for _ in range(200):
        if house.knocked is not None or table.state is None or game.is_over(table.state):
            break
        if 0 in game.to_act(table.state):
            action = game.default(table.state, 0)
            await table.ask(
                t.Act("anna", table.version, json.loads(json.dumps(game.action_json(action))))
            )
    assert house.knocked is not None, "a house seat should have been offered a knock"
    assert all(r.seat != 0 for r in house.asked), "a person's seat is never asked"
    knock = house.knocked
    assert knock.seat not in knock.view.to_act, "the knock came out of turn"
    assert knock.view.you == knock.seat
    knocks = [e for e in ear.events("action") if e["action"] == ["knock"]]
    assert knocks and knocks[0]["seat"] == knock.seat and knocks[0]["by"] == "house"
    await table.stop()
