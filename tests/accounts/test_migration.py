"""Migration 0005 (accounts, passkeys) upgrading a database that holds today's data, on
SQLite and PostgreSQL: the guests, their sessions and tables come through, a guest can
then register keeping its id, and a name whose key is longer than the name fits (the
``name_key`` column is 96 wide: PostgreSQL enforces it)."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.accounts import by_name, of_player
from kroeg.accounts import directory as account_store
from kroeg.store import open_store
from kroeg.store.database import create_engine, database_url
from tests.store.test_migrations import TABLES, _migrate

SEATING = {"seats": [["p1", "Anna"], None, None, None], "waiting": []}


async def test_a_database_of_guests_upgrades_and_its_guests_can_register(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0004")
        async with engine.begin() as conn:
            await conn.execute(
                sa.text("INSERT INTO players (id, name, created_at) VALUES ('p1', 'Anna', 1.0)")
            )
            await conn.execute(
                sa.text(
                    "INSERT INTO sessions (id, player_id, token_hash, kind, created_at,"
                    " last_used_at, expires_at) VALUES ('s1', 'p1', 'h1', 'guest', 1, 1, 9e9)"
                )
            )
            await conn.execute(
                sa.insert(TABLES),
                [
                    {
                        "id": "t1",
                        "game": "toepen",
                        "variant": "kroegregels",
                        "seats": 4,
                        "clock_seconds": 60.0,
                        "private": False,
                        "house_level": "basis",
                        "created_at": 1.0,
                        "version": 3,
                        "options": {},
                        "seating": SEATING,
                    }
                ],
            )
    finally:
        await engine.dispose()
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        assert await store.player_name("p1") == "Anna"
        assert [s.id for s in await store.sessions_of("p1")] == ["s1"]
        [table] = await store.open_tables()
        assert table.seating == SEATING  # no accounts: everyone seated is a guest
        assert await of_player(store, "p1") is None
        await account_store.insert(store, "p1", "Anna", None)
        assert (await by_name(store, "anna")) == await of_player(store, "p1")
        long_key = "ß" * 24  # its key is "ss" * 24: 48 characters
        await store.create_player("p2", long_key)
        await account_store.insert(store, "p2", long_key, None)
        found = await by_name(store, "SS" * 24)
        assert found is not None and found.player_id == "p2"
    finally:
        await store.close()
