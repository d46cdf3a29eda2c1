"""A table's progress hook (``Table.on_progress``, for a club night's online round):
told after each deal's end and each player taken out, in the table's task once the
change is stored; a failing hook never stops the game; a table with a hook is not closed
as idle while its game runs (docs/clubs.md, "Online rounds")."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from kroeg.store import Store, open_store
from kroeg.tables import commands as t
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.table import Table, TableSettings


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[Lobby]:
    store: Store = await open_store(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    # The house waits a moment before each move, as in play: each of its moves is then
    # stored (and told) on its own, not a whole run of them at once.
    lobby = Lobby(store, House(), TableSettings(house_delay=0.001), min_clock=0)
    yield lobby
    await lobby.stop()
    await store.close()


async def _game_over(table: Table) -> None:
    for _ in range(500):
        if table.state is not None and not table.running:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the game did not end")


async def test_the_hook_hears_each_deal_end_and_who_was_taken_out(lobby: Lobby) -> None:
    table = await lobby.create(
        "klaverjassen", "nku", {"game_length": "4_deals"}, private=True, clock_seconds=60
    )
    heard: list[tuple[int, list[int], bool]] = []

    def on_progress(tb: Table) -> None:
        stored = tb.staged is None  # told after the commit, with nothing left to send
        heard.append((len(tb.game.deal_summaries(tb.state)), sorted(tb.seating.left), stored))

    table.on_progress = on_progress
    await table.ask(t.Sit("p1", "Anna", 0))
    await table.ask(t.Start("p1"))
    assert heard == []  # nothing ended yet: the game waits for Anna
    await lobby.sweep(0.0, 0.0)
    assert table.id in lobby.tables  # nobody follows it, but its game runs: kept
    await table.ask(t.Leave("p1"))  # the house plays her seat to the end
    await _game_over(table)
    assert heard[0] == (0, [0], True)  # taken out, before any deal ended
    assert [deals for deals, _, _ in heard[1:]] == [1, 2, 3, 4]  # then each deal's end
    assert all(left == [0] and stored for _, left, stored in heard)
    assert (await lobby.sweep(0.0, 0.0)) == [table.id]  # over: idle like any table


async def test_a_failing_hook_does_not_stop_the_game(lobby: Lobby) -> None:
    table = await lobby.create("klaverjassen", "nku", {"game_length": "4_deals"})

    def broken(tb: Table) -> None:
        raise RuntimeError("the club's side failed")

    table.on_progress = broken
    await table.ask(t.Sit("p1", "Anna", 0))
    await table.ask(t.Start("p1"))
    await table.ask(t.Leave("p1"))
    await _game_over(table)
    assert len(table.game.deal_summaries(table.state)) == 4
