"""Migration 0013 on SQLite and on PostgreSQL: over a database with a rating that met the
old leaderboard rule (20 games against 5 people) but no rating changes behind it, the
rating stays with no established opponent, so it leaves the leaderboard, whose partial
index now has the new condition; downgrading restores the old condition and keeps the
ratings. Over rated games, the upgrade counts the established opponents exactly as
``kroeg ratings rebuild`` does."""

from __future__ import annotations

import random

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from kroeg.accounts.rating_store import leaderboard, rate_on_finish, rebuild
from kroeg.store import open_store
from kroeg.store.database import create_engine, database_url
from tests.accounts.test_rating_store import _random_games, _snapshot
from tests.store.test_migrations import _migrate

RATING = (
    "INSERT INTO ratings (player_id, game, variant, mu, sigma, score, games, opponents)"
    " VALUES ('p1', 'toepen', 'kroegregels', 30.0, 2.0, 24.0, 20, 5)"
)


async def _at_0012(db_url: str) -> AsyncEngine:
    engine = create_engine(database_url(db_url))
    await _migrate(engine, "0012")
    async with engine.begin() as conn:
        await conn.execute(
            sa.text("INSERT INTO players (id, name, created_at) VALUES ('p1', 'Anna', 1)")
        )
        await conn.execute(
            sa.text(
                "INSERT INTO accounts (player_id, name, name_key, kind, invisible, created_at)"
                " VALUES ('p1', 'Anna', 'anna', 'person', false, 1)"
            )
        )
        await conn.execute(sa.text(RATING))
        await conn.execute(
            sa.text(
                "INSERT INTO rating_opponents (player_id, game, variant, opponent_id)"
                " VALUES ('p1', 'toepen', 'kroegregels', 'g1')"
            )
        )
    return engine


async def _index_condition(engine: AsyncEngine, backend: str) -> str:
    async with engine.connect() as conn:
        if backend == "sqlite":
            sql = "SELECT sql FROM sqlite_master WHERE name = 'ix_ratings_leaderboard'"
        else:
            sql = "SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_ratings_leaderboard'"
        return str(await conn.scalar(sa.text(sql)))


async def test_0013_keeps_the_ratings_and_counts_no_established_opponent_yet(
    db_url: str,
) -> None:
    backend = "sqlite" if db_url.startswith("sqlite") else "postgresql"
    engine = await _at_0012(db_url)
    try:
        assert "opponents >= 5" in await _index_condition(engine, backend)
        await _migrate(engine, "0013")
        assert "established >= 5" in await _index_condition(engine, backend)
        async with engine.connect() as conn:
            row = (await conn.execute(sa.text("SELECT * FROM ratings"))).one()
            pair = (await conn.execute(sa.text("SELECT * FROM rating_opponents"))).one()
        assert (row.games, row.opponents, row.established, row.mu) == (20, 5, 0, 30.0)
        assert not pair.established
    finally:
        await engine.dispose()
    store = await open_store(db_url)
    try:
        assert await leaderboard(store, "toepen", "kroegregels") == []
    finally:
        await store.close()
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0012", down=True)
        assert "opponents >= 5" in await _index_condition(engine, backend)
        async with engine.connect() as conn:
            row = (await conn.execute(sa.text("SELECT * FROM ratings"))).one()
        assert (row.games, row.opponents, row.mu) == (20, 5, 30.0)
        assert "established" not in row._mapping
    finally:
        await engine.dispose()


async def test_0013_counts_the_established_opponents_as_the_rebuild_does(db_url: str) -> None:
    store = await open_store(db_url)
    rate_on_finish(store)
    try:
        await _random_games(store, random.Random(13), 150)
        await rebuild(store)  # the reference: every count from the games
        counted = await _snapshot(store)
        assert any(row[-1] > 0 for row in counted["ratings"])
    finally:
        await store.close()
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0012", down=True)
        await _migrate(engine, "0013")
    finally:
        await engine.dispose()
    store = await open_store(db_url)
    try:
        assert await _snapshot(store) == counted
    finally:
        await store.close()
