"""A set against the house whose table another process takes over (docs/cluster.md,
"Adoption hooks"; docs/clubs.md, "Duplicate tegen het huis"): the process that adopts the
table hooks it again, so the boards played there are still the set's boards and are still
recorded. Before, ``Lobby.on_adopt`` was one callback, the club rounds' own: an adopted
set's table dealt random cards and its results were never stored."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kroeg.clubs import house_sets as house_sets_module
from kroeg.clubs.boards import deal_boards
from kroeg.clubs.house_sets import HouseSets
from kroeg.clubs.online_rounds import OnlineRounds
from kroeg.games.base import Deal
from kroeg.store import Store, open_store
from kroeg.store.changes import TableRow
from kroeg.tables import commands as t
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.state import TableSettings

BOARDS = 4


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await open_store(f"sqlite+aiosqlite:///{tmp_path / 'h.sqlite3'}")
    yield store
    await store.close()


def _lobby(store: Store) -> Lobby:
    # The house moves at once: the person leaving hands the rest of the set to it.
    return Lobby(store, House(), TableSettings(house_delay=0), min_clock=0)


@pytest.fixture
async def lobbies(store: Store) -> AsyncIterator[tuple[Lobby, Lobby]]:
    """Two processes' lobbies on one store: the first starts the set, the second adopts."""
    first, second = _lobby(store), _lobby(store)
    yield first, second
    await first.stop()
    await second.stop()


async def _dropped_set(
    store: Store, first: Lobby, monkeypatch: pytest.MonkeyPatch
) -> tuple[dict[str, Any], TableRow]:
    """A set Hanna starts at ``first``, whose process then dies: the table is no longer
    served there, and its row is read as another process reads it to take it over (as
    the Owner does). The set and that row."""
    # meester's line is not this test's subject (tests/clubs/test_against_house.py): a
    # fixed line keeps the CPU it costs out of the way.
    monkeypatch.setattr(house_sets_module, "meester_scores", lambda *_: (81, 81))
    await store.create_player("p1", "Hanna")
    made = await HouseSets(store, first, BOARDS).start("p1", "Hanna")
    await first.drop(made["table"])
    [row] = [r for r in await store.open_tables() if r.id == made["table"]]
    return made, row


async def test_an_adopted_set_table_deals_the_sets_boards_and_records_them(
    store: Store, lobbies: tuple[Lobby, Lobby], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = lobbies
    made, row = await _dropped_set(store, first, monkeypatch)
    there = HouseSets(store, second, BOARDS)
    OnlineRounds(_NoNights(), second)  # type: ignore[arg-type]  # another listener
    adopted = await second.adopt(row)
    assert adopted is not None
    await asyncio.gather(*there._tasks)  # the adoption's look-up, done
    assert adopted.on_progress is not None, "the set's table is hooked again"

    await adopted.ask(t.Leave("p1"))  # the house plays every board to the end
    assert not adopted.running
    while there._tasks:  # each deal's hook brings the set up to date
        await asyncio.gather(*there._tasks)
    result = await there.results("p1", made["id"])
    assert result["played"] == BOARDS and result["finished"]
    scores = [s["score"] for s in adopted.game.deal_summaries(adopted.state)]
    assert [b["mine"] for b in result["boards"]] == [ns for ns, _ in scores]  # seat 0: NS

    [game] = await store.games_of(made["table"])
    dealt = [Deal.from_json(e.data) for e in await store.log(game.id) if e.kind == "deal"]
    boards = deal_boards(BOARDS, bytes.fromhex(result["secret"]))
    assert dealt == [boards.board(n).deal for n in range(1, BOARDS + 1)]


class _NoNights:
    """What OnlineRounds reads of the club service's access: no round plays anywhere."""

    def __init__(self) -> None:
        self.store = self

    async def round_table_at(self, table_id: str) -> None:
        return None

    async def online_nights(self, *, running: bool) -> list[dict[str, object]]:
        return []


async def test_an_adopted_board_table_takes_no_contribution_before_any_hook(
    store: Store, lobbies: tuple[Lobby, Lobby], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round's secret is kept with the table's row (migration 0026), so the process
    that rebuilds it deals the set's boards from its first moment: before, until the
    club service's look-up hooked the table again, a contribution was taken and the
    deal was no longer the board."""
    first, second = lobbies
    _, row = await _dropped_set(store, first, monkeypatch)
    assert row.boards is not None
    adopted = await second.adopt(row)  # this lobby has no listener to hook it
    assert adopted is not None and adopted.table.fair.boards
    with pytest.raises(TableError) as refused:
        await adopted.ask(t.Contribute("p1", adopted.table.fair.next_deal, "ab" * 32))
    assert refused.value.code == "no_fair_deal"
