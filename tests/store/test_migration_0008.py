"""Migration 0008 on SQLite and on PostgreSQL: the ``game_analysis`` table. A game stored
before it comes through with no analysis; one can be stored for it and read back, a
second one for the same game is dropped; downgrading drops the table and keeps the games."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.store import open_store
from kroeg.store.database import create_engine, database_url
from tests.store.test_migration_0004 import _old_table
from tests.store.test_migrations import GAMES, TABLES, _migrate

OLD_GAME = {
    "id": 7,
    "table_id": "t1",
    "number": 1,
    "game": "klaverjassen",
    "variant": "nku",
    "seats": 4,
    "dealer": 0,
    "seed": 5,
    "started_at": 1.0,
    "options": {},
    "players": [None] * 4,
    "names": ["Kees", "Truus", "Henk", "Ria"],
}


async def test_a_game_from_before_gets_its_analysis_stored_once(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005")
        async with engine.begin() as conn:
            await conn.execute(sa.insert(TABLES), [_old_table("t1", 1.0)])
            await conn.execute(sa.insert(GAMES), [OLD_GAME])
    finally:
        await engine.dispose()
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        assert await store.analysis(7) is None
        await store.save_analysis(7, {"game": "klaverjassen", "plays": [{"loss": 24}]})
        await store.save_analysis(7, {"game": "klaverjassen", "plays": []})
        assert await store.analysis(7) == {"game": "klaverjassen", "plays": [{"loss": 24}]}
        assert await store.analysis(0) is None
    finally:
        await store.close()


async def test_downgrading_drops_the_analysis_and_keeps_the_games(db_url: str) -> None:
    store = await open_store(db_url)
    await store.close()
    engine = create_engine(database_url(db_url))
    try:
        async with engine.begin() as conn:
            await conn.execute(sa.insert(TABLES), [_old_table("t1", 1.0)])
            await conn.execute(sa.insert(GAMES), [OLD_GAME])
        await _migrate(engine, "0005", down=True)
        async with engine.connect() as conn:
            names = await conn.run_sync(lambda c: sa.inspect(c).get_table_names())
            ids = (await conn.execute(sa.text("SELECT id FROM games"))).scalars().all()
        assert "game_analysis" not in names and list(ids) == [7]
    finally:
        await engine.dispose()
