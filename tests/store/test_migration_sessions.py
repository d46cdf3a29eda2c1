"""Migration 0003 on SQLite and on PostgreSQL: the ``sessions`` table, and the tables'
``public_records`` set as the default says for the tables already stored (public
tables' records public, private tables' not); downgrading removes both again."""

from __future__ import annotations

import time

import sqlalchemy as sa

from kroeg.store import SessionRow, open_store
from kroeg.store.database import create_engine, database_url
from tests.store.test_migrations import TABLES, _migrate


async def test_stored_tables_get_the_default_record_access(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0002")
        async with engine.begin() as conn:
            for table_id, private in (("open", False), ("invite", True)):
                await conn.execute(
                    sa.insert(TABLES).values(
                        id=table_id,
                        game="toepen",
                        variant="kroegregels",
                        seats=4,
                        clock_seconds=60.0,
                        private=private,
                        house_level="huis",
                        created_at=1.0,
                        version=0,
                        options={},
                        seating={"seats": [None] * 4, "waiting": []},
                    )
                )
    finally:
        await engine.dispose()
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        listed, invited = await store.table("open"), await store.table("invite")
        assert listed is not None and listed.public_records is True
        assert invited is not None and invited.public_records is False
    finally:
        await store.close()
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0002", down=True)
        async with engine.connect() as conn:
            names = await conn.run_sync(lambda c: sa.inspect(c).get_table_names())
            columns = await conn.run_sync(
                lambda c: [col["name"] for col in sa.inspect(c).get_columns("tables")]
            )
        assert "sessions" not in names and "public_records" not in columns
    finally:
        await engine.dispose()


async def test_a_session_is_found_by_its_hash_renewed_and_revoked(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_player("p1", "Anna")
        row = SessionRow("s1", "p1", "ab" * 32, "guest", 10.0, 10.0, 20.0)
        await store.create_session(row)
        assert await store.session_by_hash("ab" * 32) == row
        assert await store.session_by_hash("cd" * 32) is None
        await store.renew_session("s1", 15.0, 25.0)
        renewed = await store.session_by_hash("ab" * 32)
        assert renewed is not None and (renewed.last_used_at, renewed.expires_at) == (15.0, 25.0)
        before = time.time()
        await store.revoke_session("s1")
        [revoked] = await store.sessions_of("p1")
        assert revoked.revoked_at is not None and revoked.revoked_at >= before
    finally:
        await store.close()
