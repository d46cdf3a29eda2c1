"""Migration 0004 on SQLite and on PostgreSQL: tables get ``created_by`` and ``closed_at``
and the open tables an index; a table stored before comes through open, with nobody as
its creator; a closed table is no longer among the open ones; downgrading drops the
columns and keeps the rows."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.store import open_store
from kroeg.store.database import create_engine, database_url
from tests.store.test_migrations import TABLES, _migrate

SEATING = {"seats": [None] * 4, "waiting": []}


def _old_table(table_id: str, created_at: float) -> dict[str, object]:
    return {
        "id": table_id,
        "game": "toepen",
        "variant": "kroegregels",
        "seats": 4,
        "clock_seconds": 60.0,
        "private": False,
        "house_level": "basis",
        "created_at": created_at,
        "version": 0,
        "options": {},
        "seating": SEATING,
    }


async def test_tables_from_before_come_through_open_and_can_close(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0003")
        async with engine.begin() as conn:
            await conn.execute(sa.insert(TABLES), [_old_table("t1", 1.0), _old_table("t2", 2.0)])
    finally:
        await engine.dispose()
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        rows = await store.open_tables()
        assert [(r.id, r.created_by) for r in rows] == [("t1", None), ("t2", None)]
        await store.close_table("t1", 99.5)
        assert [r.id for r in await store.open_tables()] == ["t2"]
        closed = await store.table("t1")
        assert closed is not None and closed.closed
        async with store.engine.connect() as conn:
            at = await conn.scalar(sa.text("SELECT closed_at FROM tables WHERE id = 't1'"))
            indexes = await conn.run_sync(
                lambda c: [i["name"] for i in sa.inspect(c).get_indexes("tables")]
            )
        assert at == 99.5
        assert "ix_tables_closed_created_at" in indexes
    finally:
        await store.close()


async def test_downgrading_drops_the_columns_and_keeps_the_tables(db_url: str) -> None:
    store = await open_store(db_url)
    await store.close()
    engine = create_engine(database_url(db_url))
    try:
        async with engine.begin() as conn:
            await conn.execute(sa.insert(TABLES), [_old_table("t1", 1.0)])
        await _migrate(engine, "0003", down=True)
        async with engine.connect() as conn:
            columns = await conn.run_sync(
                lambda c: {col["name"] for col in sa.inspect(c).get_columns("tables")}
            )
            ids = (await conn.execute(sa.text("SELECT id FROM tables"))).scalars().all()
        assert "created_by" not in columns and "closed_at" not in columns
        assert "closed" in columns and list(ids) == ["t1"]
    finally:
        await engine.dispose()
