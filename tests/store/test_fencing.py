"""Fenced writes (docs/cluster.md, migration 0010) on SQLite and on PostgreSQL: a takeover
raises a table's epoch; from then on a change stated under the older epoch is refused in
its own transaction and writes nothing, while the other tables of the same group commit
land; a change under the current epoch, or stating none, is written."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa

from kroeg.store import Fenced, TableChange, open_store
from kroeg.store.database import create_engine, database_url
from tests.store.test_migrations import TABLES, _migrate
from tests.store.test_store import _entry, _new_game, _table


async def test_a_write_under_an_older_epoch_is_refused_and_writes_nothing(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_table(_table("t1"))
        first = await store.claim("t1")
        game_id = await store.write(TableChange("t1", 1, new_game=_new_game("t1"), epoch=first))
        assert game_id is not None
        await store.write(
            TableChange("t1", 2, game_id=game_id, entries=[_entry(0, 2)], epoch=first)
        )
        second = await store.claim("t1")  # another process takes the table over
        assert second == first + 1
        with pytest.raises(Fenced) as refused:
            await store.write(
                TableChange("t1", 3, game_id=game_id, entries=[_entry(1, 3)], epoch=first)
            )
        assert (refused.value.epoch, refused.value.stored) == (first, second)
        assert [e.version for e in await store.log(game_id)] == [2]  # nothing of it written
        row = await store.table("t1")
        assert row is not None and row.version == 2
        await store.write(
            TableChange("t1", 3, game_id=game_id, entries=[_entry(1, 3)], epoch=second)
        )
        assert [e.version for e in await store.log(game_id)] == [2, 3]
    finally:
        await store.close()


async def test_a_fenced_change_fails_alone_in_a_group_commit(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        ids = [f"t{i}" for i in range(6)]
        epochs = {}
        games = {}
        for table_id in ids:
            await store.create_table(_table(table_id))
            epochs[table_id] = await store.claim(table_id)
            games[table_id] = await store.write(
                TableChange(table_id, 1, new_game=_new_game(table_id), epoch=epochs[table_id])
            )
        await store.claim("t3")  # t3 moved; the writes below state its old epoch
        outcomes = await asyncio.gather(
            *(
                store.write(
                    TableChange(
                        table_id,
                        2,
                        game_id=games[table_id],
                        entries=[_entry(0, 2)],
                        epoch=epochs[table_id],
                    )
                )
                for table_id in ids
            ),
            return_exceptions=True,
        )
        assert [type(o).__name__ for o in outcomes] == [
            "NoneType",
            "NoneType",
            "NoneType",
            "Fenced",
            "NoneType",
            "NoneType",
        ]
        for table_id in ids:
            game_id = games[table_id]
            assert game_id is not None
            versions = [e.version for e in await store.log(game_id)]
            assert versions == ([] if table_id == "t3" else [2]), table_id
    finally:
        await store.close()


async def test_a_server_that_states_no_epoch_is_not_fenced(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_table(_table("t1"))
        await store.claim("t1")
        assert await store.write(TableChange("t1", 1, new_game=_new_game("t1"))) is not None
        with pytest.raises(KeyError):
            await store.claim("nope")
    finally:
        await store.close()


async def test_tables_stored_before_0010_start_at_epoch_0_and_can_be_claimed(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005")
        old = _table("t1")
        async with engine.begin() as conn:
            await conn.execute(
                sa.insert(TABLES),
                [
                    {
                        "id": old.id,
                        "game": old.game,
                        "variant": old.variant,
                        "seats": old.seats,
                        "clock_seconds": old.clock_seconds,
                        "private": old.private,
                        "house_level": old.house_level,
                        "created_at": old.created_at,
                        "version": 0,
                        "options": old.options,
                        "seating": old.seating,
                    }
                ],
            )
    finally:
        await engine.dispose()
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        async with store.engine.connect() as conn:
            epoch = await conn.scalar(sa.text("SELECT owner_epoch FROM tables WHERE id = 't1'"))
        assert epoch == 0
        assert await store.claim("t1") == 1
        assert [r.id for r in await store.open_tables()] == ["t1"]
    finally:
        await store.close()
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005", down=True)
        async with engine.connect() as conn:
            columns = await conn.run_sync(
                lambda c: [col["name"] for col in sa.inspect(c).get_columns("tables")]
            )
            kept = await conn.scalar(sa.text("SELECT count(*) FROM tables"))
        assert "owner_epoch" not in columns and kept == 1
    finally:
        await engine.dispose()
