"""Migration 0007 on SQLite and on PostgreSQL: the club tables come on a database that
holds today's data (a player, an account, a table), which comes through unchanged; a
score line's id is its key (a second line with the same id is refused by the database
too); downgrading drops the club tables and keeps the rest."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from kroeg.store import open_store, schema
from kroeg.store.database import create_engine, database_url
from tests.store.test_migration_0004 import _old_table
from tests.store.test_migrations import TABLES, _migrate

CLUB_TABLES = {
    "clubs",
    "club_members",
    "club_nights",
    "night_players",
    "night_rounds",
    "round_tables",
    "score_entries",
    "score_changes",
}


async def _today(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005")
        async with engine.begin() as conn:
            await conn.execute(sa.insert(TABLES), [_old_table("t1", 1.0)])
            await conn.execute(
                sa.insert(schema.players).values(id="p1", name="Anna", created_at=1.0)
            )
            await conn.execute(
                sa.insert(schema.accounts).values(
                    player_id="p1", name="Anna", name_key="anna", created_at=2.0
                )
            )
    finally:
        await engine.dispose()


async def test_club_tables_come_beside_todays_data(db_url: str) -> None:
    await _today(db_url)
    store = await open_store(db_url)
    try:
        async with store.engine.begin() as conn:
            names = set(await conn.run_sync(lambda c: sa.inspect(c).get_table_names()))
            assert names >= CLUB_TABLES
            assert await conn.scalar(sa.text("SELECT name FROM accounts")) == "Anna"
            assert [r.id for r in await store.open_tables()] == ["t1"]
            await conn.execute(
                sa.insert(schema.clubs).values(
                    id="c1", name="De Hoek", season_best=5, created_by="p1", created_at=3.0
                )
            )
            await conn.execute(
                sa.insert(schema.club_nights).values(
                    id="n1",
                    club_id="c1",
                    title="Avond",
                    game="klaverjassen",
                    variant="nku",
                    options={},
                    table_size=4,
                    rounds=3,
                    deals_per_round=4,
                    mode="bar",
                    seed="s",
                    status="open",
                    created_at=3.0,
                )
            )
            await conn.execute(
                sa.insert(schema.round_tables).values(
                    id="r1",
                    night_id="n1",
                    round=1,
                    number=1,
                    seating=["a", None, "b", "c"],
                    secret_hash="0" * 64,
                )
            )
            entry = {
                "id": "e" * 16,
                "round_table_id": "r1",
                "night_id": "n1",
                "deal": 1,
                "created_at": 4.0,
            }
            await conn.execute(sa.insert(schema.score_entries).values(**entry))
        with pytest.raises(sa.exc.IntegrityError):
            async with store.engine.begin() as conn:
                await conn.execute(sa.insert(schema.score_entries).values(**entry))
        async with store.engine.connect() as conn:
            night = (await conn.execute(sa.select(schema.club_nights))).one()
            assert night.changes == 0 and night.current_round == 0 and not night.round_running
            seating = await conn.scalar(sa.select(schema.round_tables.c.seating))
            assert seating == ["a", None, "b", "c"]
    finally:
        await store.close()


async def test_downgrading_drops_the_club_tables_and_keeps_the_rest(db_url: str) -> None:
    await _today(db_url)
    store = await open_store(db_url)
    await store.close()
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005", down=True)
        async with engine.connect() as conn:
            names = set(await conn.run_sync(lambda c: sa.inspect(c).get_table_names()))
            assert not CLUB_TABLES & names
            assert await conn.scalar(sa.text("SELECT name FROM accounts")) == "Anna"
    finally:
        await engine.dispose()
