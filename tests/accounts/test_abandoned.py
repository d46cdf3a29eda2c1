"""An abandoned rated game is rated, once, with whoever abandoned it last (issue "trust"
item 1, docs/ratings.md, "Abandoned games"), on SQLite and PostgreSQL.

The dodge an outside tester found: a losing player at a rated table with a clock over
about 330 s disconnected; nobody followed the table any more, so it closed as idle
(``KROEG_IDLE_CLOSE``, 600 s) before their clock ran out twice, and the game stayed
unfinished and unrated. Now the lobby's idle close takes everyone still in a rated game
out (they were away), plays the game to its end and so rates it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import sqlalchemy as sa

from kroeg.accounts.rating_store import rate_game, rate_on_finish, ratings_of, rebuild
from kroeg.accounts.ratings import NEW_MU
from kroeg.store import Store, open_store, schema
from kroeg.tables import commands as t
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.state import TableSettings
from kroeg.tables.task import TableTask
from tests.accounts.games import add_player


@pytest.fixture
async def lobby(db_url: str) -> AsyncIterator[Lobby]:
    store: Store = await open_store(db_url)
    rate_on_finish(store)  # as the server does
    lobby = Lobby(store, House(), TableSettings(house_delay=0.0), min_clock=0)
    yield lobby
    await lobby.stop()
    await store.close()


async def _results(store: Store, game_id: int) -> list[tuple[int, str | None, str]]:
    r = schema.results
    async with store.engine.connect() as conn:
        rows = await conn.execute(
            sa.select(r.c.seat, r.c.player_id, r.c.outcome)
            .where(r.c.game_id == game_id)
            .order_by(r.c.seat)
        )
        return [(row.seat, row.player_id, row.outcome) for row in rows]


async def _changes(store: Store, game_id: int) -> dict[str, int]:
    """Each person's rank in the game's rating (lower is better)."""
    rc = schema.rating_changes
    async with store.engine.connect() as conn:
        rows = await conn.execute(sa.select(rc).where(rc.c.game_id == game_id))
        return {row.player_id: row.rank for row in rows}


async def _snapshot(store: Store) -> dict[str, Any]:
    async with store.engine.connect() as conn:
        return {
            name: sorted(tuple(r) for r in await conn.execute(sa.select(table)))
            for name, table in (
                ("ratings", schema.ratings),
                ("changes", schema.rating_changes),
                ("opponents", schema.rating_opponents),
            )
        }


async def _start(lobby: Lobby, game: str, variant: str, people: dict[int, str]) -> TableTask:
    table = await lobby.create(game, variant, clock_seconds=400, rated=True)
    for seat, player in people.items():
        await add_player(lobby.store, player, player.upper())
        await table.ask(t.Sit(player, player.upper(), seat, account="person"))
    await table.ask(t.Start(people[min(people)]))
    return table


async def test_away_when_a_rated_table_closes_idle_is_ranked_last_once(lobby: Lobby) -> None:
    """The tester's dodge: Anna sits at a rated table against the house with a 400 s clock,
    starts, and goes away; the table closes idle before her clock ran out once. Before,
    the game stayed unfinished and unrated."""
    table = await _start(lobby, "toepen", "kroegregels", {0: "anna"})
    game_id = table.table.game_id
    assert game_id is not None and table.running
    assert await lobby.sweep(0.0, 0.0) == [table.id]  # nobody follows it: closed idle
    store = lobby.store
    results = await _results(store, game_id)
    assert results[0] == (0, "anna", "left")
    assert all(player is None for _, player, _ in results[1:])  # the house played on
    games = await store.games_of(table.id)
    assert games[0].finished_at is not None
    ranks = await _changes(store, game_id)
    assert list(ranks) == ["anna"] and ranks["anna"] >= 1  # below every house seat
    standing = (await ratings_of(store, "anna"))[("toepen", "kroegregels")]
    assert standing.games == 1 and standing.rating.mu < NEW_MU
    before = await _snapshot(store)
    assert await rate_game(store, game_id) == []  # exactly once
    assert await _snapshot(store) == before
    assert await rebuild(store) == 1  # the rebuild rates it the same, with Anna last
    assert await _snapshot(store) == before


async def test_everyone_away_is_out_before_the_game_can_end(lobby: Lobby) -> None:
    """Eurokaarten takes a seat that is out off the table (RULES.md §7.8), so taking out
    five of six players ends the game: the sixth, away as well, must not win it."""
    people = ["bram", "cor", "dana", "emma", "fien", "gijs"]
    table = await _start(lobby, "eurokaarten", "standaard", dict(enumerate(people)))
    game_id = table.table.game_id
    assert game_id is not None
    assert await lobby.sweep(0.0, 0.0) == [table.id]
    assert await _results(lobby.store, game_id) == [(i, p, "left") for i, p in enumerate(people)]
    assert await _changes(lobby.store, game_id) == dict.fromkeys(people, 0)  # a tie: all last


async def test_a_table_someone_follows_is_not_abandoned(lobby: Lobby) -> None:
    class Follower:
        player = "dirk"

        def send(self, frame: bytes) -> None:
            pass

        def hears(self, player: str) -> bool:
            return True

    table = await _start(lobby, "toepen", "kroegregels", {0: "dirk"})
    await table.ask(t.Watch(Follower()))
    assert await lobby.sweep(0.0, 0.0) == []
    assert table.running and table.seating.left == {}


async def test_an_unrated_table_closing_idle_leaves_its_game_unfinished(lobby: Lobby) -> None:
    table = await lobby.create("toepen", "kroegregels", clock_seconds=400)
    await add_player(lobby.store, "eva", "EVA")
    await table.ask(t.Sit("eva", "EVA", 0, account="person"))
    await table.ask(t.Start("eva"))
    assert await lobby.sweep(0.0, 0.0) == [table.id]
    [game] = await lobby.store.games_of(table.id)
    assert game.finished_at is None and await ratings_of(lobby.store, "eva") == {}
