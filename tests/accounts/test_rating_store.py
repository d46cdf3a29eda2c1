"""Ratings in the store on SQLite and PostgreSQL (kroeg.accounts.rating_store): a rated
game changes its people's ratings once, an unrated table's games never, the rebuild
equals the incremental result, and the leaderboard shows only players with enough games
against enough people (issue 19 points 3 and 4, docs/ratings.md)."""

from __future__ import annotations

import random
from typing import Any

import sqlalchemy as sa

from kroeg.accounts.rating_store import leaderboard, rate_game, rate_on_finish, ratings_of, rebuild
from kroeg.accounts.ratings import NEW_MU
from kroeg.games.base import GameResult, LosersResult, TeamResult, WinnerResult
from kroeg.store import Store, open_store, schema
from tests.accounts.games import add_player, add_table, play

TOEPEN_WIN: dict[str, object] = {"losers": [1]}


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


async def test_a_rated_game_changes_both_ratings_once(db_url: str) -> None:
    store = await open_store(db_url)
    rate_on_finish(store)  # as the server does
    try:
        for p in ("a", "b"):
            await add_player(store, p)
        await add_table(store, "t1", "toepen", "kroegregels", 4)
        game_id = await play(
            store,
            "t1",
            "toepen",
            "kroegregels",
            [("a", "won"), ("b", "lost"), (None, "won"), (None, "won")],
            TOEPEN_WIN,
        )
        a, b = [await ratings_of(store, p) for p in ("a", "b")]
        assert a[("toepen", "kroegregels")].rating.mu > NEW_MU
        standing = b[("toepen", "kroegregels")]
        assert standing.rating.mu < NEW_MU and standing.games == 1 and standing.opponents == 1
        before = await _snapshot(store)
        assert len(before["changes"]) == 2
        assert await rate_game(store, game_id) == []  # a second time changes nothing
        assert await _snapshot(store) == before
    finally:
        await store.close()


async def test_an_unrated_table_changes_no_rating(db_url: str) -> None:
    store = await open_store(db_url)
    rate_on_finish(store)
    try:
        await add_player(store, "a")
        await add_table(store, "t1", "toepen", "kroegregels", 4, rated=False)
        await play(
            store,
            "t1",
            "toepen",
            "kroegregels",
            [("a", "won"), (None, "lost"), (None, "won"), (None, "won")],
            TOEPEN_WIN,
        )
        assert await ratings_of(store, "a") == {}
        assert await rebuild(store) == 0
        assert await ratings_of(store, "a") == {}
    finally:
        await store.close()


async def _random_games(store: Store, rng: random.Random, count: int) -> None:
    people = [f"p{i}" for i in range(7)]
    for p in people:
        await add_player(store, p)
    await add_table(store, "toe", "toepen", "klassiek", 5, house_level="huis")
    await add_table(store, "klav", "klaverjassen", "rotterdams", 4, house_level="sterk")
    await add_table(store, "euro", "eurokaarten", "standaard", 6)
    await add_table(store, "free", "toepen", "klassiek", 5, rated=False)
    for _ in range(count):
        table, game, variant, seats = rng.choice(
            [
                ("toe", "toepen", "klassiek", 5),
                ("klav", "klaverjassen", "rotterdams", 4),
                ("euro", "eurokaarten", "standaard", 6),
                ("free", "toepen", "klassiek", 5),
            ]
        )
        chosen = rng.sample(people, rng.randint(1, seats))
        players: list[str | None] = [*chosen, *([None] * (seats - len(chosen)))]
        rng.shuffle(players)
        outcome: GameResult
        if game == "klaverjassen":
            outcome = TeamResult(((0, 2), (1, 3)), rng.choice([0, 1, None]))
        elif game == "eurokaarten":
            winner = rng.randrange(seats)
            outcome = WinnerResult(seats, winner, _waves(rng, set(range(seats)) - {winner}))
        else:
            lost = rng.sample(range(seats), rng.randint(1, seats - 1))
            outcome = LosersResult(seats, tuple(sorted(lost)), _waves(rng, set(lost)))
        losers = outcome.losers
        outcomes = ["lost" if i in losers else "won" for i in range(seats)]
        for i, holder in enumerate(players):
            if holder is not None and rng.random() < 0.1:
                outcomes[i] = "left"
        # A game finished before migration 0011 stored no places: some of those too.
        places = outcome.places if rng.random() < 0.7 else ()
        seated = list(zip(players, outcomes, strict=True))
        await play(store, table, game, variant, seated, outcome.json(), places)


def _waves(rng: random.Random, seats: set[int]) -> tuple[tuple[int, ...], ...]:
    """The seats in random groups in a random order, as players go out of a game."""
    order = rng.sample(sorted(seats), len(seats))
    cuts = sorted(rng.sample(range(1, len(order)), rng.randint(0, len(order) - 1)))
    return tuple(tuple(order[a:b]) for a, b in zip([0, *cuts], [*cuts, len(order)], strict=True))


async def test_the_rebuild_equals_the_incremental_result(db_url: str) -> None:
    """Issue 19 point 3: ratings recomputed from the games in order by ``kroeg ratings
    rebuild`` equal the ones kept up game by game, the free-for-all games ranked by their
    stored places (and those stored without, by their outcome)."""
    store = await open_store(db_url)
    rate_on_finish(store)
    try:
        await _random_games(store, random.Random(19), 40)
        incremental = await _snapshot(store)
        assert len(incremental["ratings"]) >= 15  # 7 people over 3 rated games and variants
        async with store.engine.connect() as conn:
            deepest = await conn.scalar(sa.select(sa.func.max(schema.rating_changes.c.rank)))
        assert deepest is not None and deepest >= 3, "ranked by places, not only in tiers"
        rated = await rebuild(store)
        assert rated == len({row[0] for row in incremental["changes"]})
        assert await _snapshot(store) == incremental  # to the last bit: the floats compare ==
    finally:
        await store.close()


async def test_the_leaderboard_needs_20_games_against_5_people(db_url: str) -> None:
    """Issue 19 point 4: no farming against one friend or the house."""
    store = await open_store(db_url)
    rate_on_finish(store)
    try:
        for p, name in (("v", "Vera"), ("f", "Farmer"), ("k", "Kees")):
            await add_player(store, p, name)
        others = [f"o{i}" for i in range(5)]
        for o in others:
            await add_player(store, o, o.upper())
        await add_player(store, "g")  # a guest: on no leaderboard
        await add_table(store, "t", "toepen", "kroegregels", 4)
        for i in range(20):
            # Vera beats one of five people each time; Farmer beats only Kees.
            seats = [("v", "won"), (others[i % 5], "lost"), ("g", "won"), (None, "won")]
            await play(store, "t", "toepen", "kroegregels", seats, TOEPEN_WIN)
            seats = [("f", "won"), ("k", "lost"), (None, "won"), (None, "won")]
            await play(store, "t", "toepen", "kroegregels", seats, TOEPEN_WIN)
        board = await leaderboard(store, "toepen", "kroegregels")
        assert [row["name"] for row in board] == ["Vera"]
        assert board[0]["games"] == 20 and board[0]["opponents"] == 6  # the guest too
        assert (
            board[0]["rating"] == round(board[0]["mu"] - 3 * board[0]["sigma"], 2)
            or abs(board[0]["rating"] - (board[0]["mu"] - 3 * board[0]["sigma"])) < 0.02
        )
        farmer = (await ratings_of(store, "f"))[("toepen", "kroegregels")]
        assert farmer.games == 20 and farmer.opponents == 1
        assert await leaderboard(store, "toepen", "klassiek") == []
    finally:
        await store.close()
