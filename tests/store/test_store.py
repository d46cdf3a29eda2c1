"""The store on SQLite and on PostgreSQL: migrations, players, tables, the game log."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from kroeg.store import Finish, LogEntry, NewGame, TableChange, TableRow, open_store
from kroeg.store.database import MIGRATIONS


def _table(table_id: str = "t1") -> TableRow:
    return TableRow(
        id=table_id,
        game="toepen",
        variant="kroegregels",
        options={"max_points": 15},
        seats=4,
        clock_seconds=60.0,
        private=False,
        house_level="basis",
        created_at=time.time(),
        version=0,
        seating={"seats": [None, None, None, None], "waiting": []},
    )


def _new_game(table_id: str = "t1", number: int = 1) -> NewGame:
    return NewGame(
        table_id=table_id,
        number=number,
        game="toepen",
        variant="kroegregels",
        options={},
        seats=4,
        dealer=2,
        seed=123456789012345,
        players=["p1", None, None, None],
        names=["Anna", "Kees", "Truus", "Henk"],
        started_at=time.time(),
        fair_secret=None,
    )


HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()
"""The last migration: a store opened twice stands at it."""


def _entry(seq: int, version: int, kind: str = "act", data: object = None) -> LogEntry:
    return LogEntry(seq, version, seq % 4, kind, data or ["play", "Th"], "player", time.time())


async def test_migrations_run_twice_and_the_secret_survives_a_reopen(db_url: str) -> None:
    store = await open_store(db_url)
    secret = await store.secret()
    await store.close()
    store = await open_store(db_url)
    try:
        assert await store.secret() == secret
        assert len(secret) == 64
        async with store.engine.connect() as conn:
            version = await conn.scalar(sa.text("SELECT version_num FROM alembic_version"))
        assert version == HEAD
    finally:
        await store.close()


async def test_players_are_created_named_and_renamed(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_player("p1", "Anna")
        await store.create_player("p2", "Bram")
        assert await store.player_name("p1") == "Anna"
        assert await store.player_name("nobody") is None
        await store.rename_player("p1", "Annie")
        assert await store.player_name("p1") == "Annie"
        assert await store.player_name("p2") == "Bram"
    finally:
        await store.close()


async def test_a_game_is_started_logged_finished_and_read_back(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_table(_table())
        seating = {"seats": ["p1", None, None, None], "waiting": ["p9"]}
        game_id = await store.write(TableChange("t1", 1, seating=seating, new_game=_new_game()))
        assert isinstance(game_id, int)
        deal = {"hands": [["Th"]], "stock": []}
        await store.write(
            TableChange("t1", 2, game_id=game_id, entries=[_entry(0, 2, "deal", deal)])
        )
        await store.write(TableChange("t1", 3, game_id=game_id, entries=[_entry(1, 3)]))
        running = await store.running_game("t1")
        assert running is not None and running.id == game_id and running.seed == 123456789012345
        assert running.players == ["p1", None, None, None]
        table = await store.table("t1")
        assert table is not None and table.version == 3 and table.seating == seating
        log = await store.log(game_id)
        assert [(e.seq, e.version, e.kind) for e in log] == [(0, 2, "deal"), (1, 3, "act")]
        assert log[0].data == deal and log[1].data == ["play", "Th"]
        outcomes = [("p1", "Anna", "lost"), (None, "Kees", "won")] + [(None, "X", "won")] * 2
        finish = Finish(game_id, {"losers": [0]}, time.time(), outcomes)
        await store.write(
            TableChange("t1", 4, game_id=game_id, entries=[_entry(2, 4)], finish=finish)
        )
        assert await store.running_game("t1") is None
        game = await store.game(game_id)
        assert game is not None and game.result == {"losers": [0]} and game.finished_at
        assert (await store.outcomes(game_id))[:2] == [
            (0, "p1", "Anna", "lost"),
            (1, None, "Kees", "won"),
        ]
        assert [g.id for g in await store.games_of("t1")] == [game_id]
        assert [t.id for t in await store.open_tables()] == ["t1"]
    finally:
        await store.close()


async def test_concurrent_writes_of_many_tables_all_land_in_order(db_url: str) -> None:
    """The group commit: 20 tables writing 15 steps each at once lose nothing."""
    store = await open_store(db_url)
    try:
        ids = [f"t{i}" for i in range(20)]
        for table_id in ids:
            await store.create_table(_table(table_id))
        game_ids = {}
        for table_id in ids:
            game_ids[table_id] = await store.write(
                TableChange(table_id, 1, new_game=_new_game(table_id))
            )

        async def play(table_id: str) -> None:
            for seq in range(15):
                change = TableChange(
                    table_id, seq + 2, game_id=game_ids[table_id], entries=[_entry(seq, seq + 2)]
                )
                await store.write(change)

        await asyncio.gather(*(play(t) for t in ids))
        for table_id in ids:
            game_id = game_ids[table_id]
            assert game_id is not None
            log = await store.log(game_id)
            assert [e.version for e in log] == list(range(2, 17))
            table = await store.table(table_id)
            assert table is not None and table.version == 16
    finally:
        await store.close()


async def test_a_seating_of_a_batch_stays_when_a_later_change_of_it_keeps_its_seating(
    db_url: str,
) -> None:
    """A table's changes in one batch write its newest version once; a seat change early
    in the batch is not undone by the steps after it, which leave the seating as it is."""
    store = await open_store(db_url)
    try:
        await store.create_table(_table("t1"))
        await store.create_table(_table("t2"))
        game_id = await store.write(TableChange("t1", 1, new_game=_new_game()))
        assert game_id is not None
        seating = {"seats": ["p1", "p2", None, None], "waiting": []}
        changes = [
            TableChange("t1", 2, seating=seating, game_id=game_id, entries=[_entry(0, 2)]),
            TableChange("t2", 1),
            TableChange("t1", 3, game_id=game_id, entries=[_entry(1, 3)]),
        ]
        await asyncio.gather(*(store.write(c) for c in changes))
        t1, t2 = await store.table("t1"), await store.table("t2")
        assert t1 is not None and (t1.version, t1.seating) == (3, seating)
        assert t2 is not None and (t2.version, t2.seating) == (1, _table("t2").seating)
        assert [e.version for e in await store.log(game_id)] == [2, 3]
    finally:
        await store.close()


async def test_a_faulty_change_fails_alone_and_the_others_of_its_batch_land(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_table(_table())
        game_id = await store.write(TableChange("t1", 1, new_game=_new_game()))
        assert game_id is not None
        await store.write(TableChange("t1", 2, game_id=game_id, entries=[_entry(0, 2)]))
        duplicate = TableChange("t1", 3, game_id=game_id, entries=[_entry(0, 3)])
        good = TableChange("t1", 3, game_id=game_id, entries=[_entry(1, 3)])
        results = await asyncio.gather(
            store.write(duplicate), store.write(good), return_exceptions=True
        )
        assert isinstance(results[0], sa.exc.IntegrityError)
        assert results[1] is None
        assert [e.seq for e in await store.log(game_id)] == [0, 1]
    finally:
        await store.close()


async def test_a_failed_change_leaves_nothing_half_written(db_url: str) -> None:
    """A change that starts a game and then fails on its log loses its game row too."""
    store = await open_store(db_url)
    try:
        await store.create_table(_table("t1"))
        await store.create_table(_table("t2"))
        twice = [_entry(0, 2), _entry(0, 2)]
        faulty = TableChange("t1", 2, new_game=_new_game("t1"), entries=twice)
        good = TableChange("t2", 2, new_game=_new_game("t2"), entries=[_entry(0, 2)])
        results = await asyncio.gather(
            store.write(faulty), store.write(good), return_exceptions=True
        )
        assert isinstance(results[0], sa.exc.IntegrityError)
        assert isinstance(results[1], int)
        assert await store.games_of("t1") == []
        table = await store.table("t1")
        assert table is not None and table.version == 0
        assert [e.seq for e in await store.log(results[1])] == [0]
    finally:
        await store.close()


async def test_games_started_in_one_batch_get_their_own_ids_logs_and_ends(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        ids = [f"t{i}" for i in range(8)]
        for table_id in ids:
            await store.create_table(_table(table_id))
        starts = [
            TableChange(t, 1, new_game=_new_game(t), entries=[_entry(0, 1, "deal", {"n": i})])
            for i, t in enumerate(ids)
        ]
        game_ids = await asyncio.gather(*(store.write(c) for c in starts))
        assert len(set(game_ids)) == len(ids)
        outcomes: list[tuple[str | None, str, str]] = [(None, "X", "won")] * 4
        ends = []
        for i, (table_id, game_id) in enumerate(zip(ids, game_ids, strict=True)):
            assert game_id is not None
            finish = Finish(game_id, {"losers": [i % 4]}, time.time(), outcomes)
            ends.append(TableChange(table_id, 2, game_id=game_id, finish=finish))
        assert await asyncio.gather(*(store.write(c) for c in ends)) == [None] * len(ids)
        for i, (table_id, game_id) in enumerate(zip(ids, game_ids, strict=True)):
            assert game_id is not None
            game = await store.game(game_id)
            assert game is not None and game.table_id == table_id
            assert game.result == {"losers": [i % 4]}
            assert [e.data for e in await store.log(game_id)] == [{"n": i}]
            assert [o[3] for o in await store.outcomes(game_id)] == ["won"] * 4
    finally:
        await store.close()


async def test_long_logs_land_whole_in_order_and_stored_as_json_text(db_url: str) -> None:
    """A change's entries are stored as one run (kroeg.store.schema, ``game_log``): every
    field comes back, in order, and the run is stored as compact JSON text."""
    store = await open_store(db_url)
    try:
        await store.create_table(_table("t1"))
        await store.create_table(_table("t2"))
        game_ids = [
            await store.write(TableChange(t, 1, new_game=_new_game(t))) for t in ("t1", "t2")
        ]
        long = [_entry(i, i + 2, data=["play", f"c{i}", {"é": i}]) for i in range(70)]
        short = [_entry(i, i + 2, "deal", {"hands": [[i]]}) for i in range(3)]
        changes = [
            TableChange("t1", 71, game_id=game_ids[0], entries=long),
            TableChange("t2", 4, game_id=game_ids[1], entries=short),
        ]
        await asyncio.gather(*(store.write(c) for c in changes))
        for game_id, entries in zip(game_ids, (long, short), strict=True):
            assert game_id is not None
            assert await store.log(game_id) == entries
        g = sa.table("game_log", sa.column("game_id"), sa.column("seq"), sa.column("entries"))
        query = sa.select(g.c.seq, sa.cast(g.c.entries, sa.Text)).where(g.c.game_id == game_ids[1])
        async with store.engine.connect() as conn:
            [(seq, text)] = (await conn.execute(query)).all()
            assert seq == 0
            e = short[1]
            assert f'[3,1,"deal",{{"hands":[[1]]}},"player",{e.created_at!r}]' in text
            if db_url.startswith("sqlite"):
                kinds = await conn.scalars(sa.text("SELECT DISTINCT typeof(entries) FROM game_log"))
                assert list(kinds) == ["text"]
    finally:
        await store.close()


async def test_a_change_whose_entries_skip_a_seq_fails_alone(db_url: str) -> None:
    """A run is stored under its first seq; a gap inside it fails the change as a repeated
    seq does, and its batch's other changes land."""
    store = await open_store(db_url)
    try:
        await store.create_table(_table("t1"))
        await store.create_table(_table("t2"))
        ids = [await store.write(TableChange(t, 1, new_game=_new_game(t))) for t in ("t1", "t2")]
        gap = TableChange("t1", 3, game_id=ids[0], entries=[_entry(0, 2), _entry(2, 3)])
        good = TableChange("t2", 3, game_id=ids[1], entries=[_entry(0, 2), _entry(1, 3)])
        results = await asyncio.gather(store.write(gap), store.write(good), return_exceptions=True)
        assert isinstance(results[0], sa.exc.IntegrityError)
        assert "entry 1 has seq 2, not 1" in str(results[0])
        assert results[1] is None
        assert ids[0] is not None and ids[1] is not None
        assert await store.log(ids[0]) == []
        assert [e.seq for e in await store.log(ids[1])] == [0, 1]
    finally:
        await store.close()


async def test_a_duplicate_in_a_long_log_fails_its_change_alone(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_table(_table("t1"))
        await store.create_table(_table("t2"))
        ids = [await store.write(TableChange(t, 1, new_game=_new_game(t))) for t in ("t1", "t2")]
        twice = [*(_entry(i, i + 2) for i in range(40)), _entry(3, 42)]
        faulty = TableChange("t1", 42, game_id=ids[0], entries=twice)
        good = TableChange("t2", 41, game_id=ids[1], entries=[_entry(i, i + 2) for i in range(40)])
        results = await asyncio.gather(
            store.write(faulty), store.write(good), return_exceptions=True
        )
        assert isinstance(results[0], sa.exc.IntegrityError)
        assert results[1] is None
        assert ids[0] is not None and ids[1] is not None
        assert await store.log(ids[0]) == []
        assert [e.seq for e in await store.log(ids[1])] == list(range(40))
    finally:
        await store.close()


async def test_a_duplicate_player_fails_with_the_integrity_error(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_player("p1", "Anna")
        with pytest.raises(sa.exc.IntegrityError):
            await store.create_player("p1", "Bram")
        assert await store.player_name("p1") == "Anna"
    finally:
        await store.close()


def _writer_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith("kroeg-store-writer")}


async def test_close_commits_the_pending_writes_and_stops_the_writer(db_url: str) -> None:
    others = _writer_threads()  # of stores other tests left open
    store = await open_store(db_url)
    await store.create_table(_table())
    game_id = await store.write(TableChange("t1", 1, new_game=_new_game()))
    assert game_id is not None
    assert len(_writer_threads() - others) == (1 if db_url.startswith("sqlite") else 0)
    writes = [
        asyncio.ensure_future(
            store.write(TableChange("t1", seq + 2, game_id=game_id, entries=[_entry(seq, seq + 2)]))
        )
        for seq in range(30)
    ]
    await asyncio.sleep(0)  # the writes are waiting: the first batch is on its way
    await store.close()
    assert all(w.done() and w.result() is None for w in writes)
    assert _writer_threads() - others == set()
    store = await open_store(db_url)
    try:
        assert len(await store.log(game_id)) == 30
    finally:
        await store.close()


async def test_on_sqlite_the_writer_has_a_connection_of_its_own(tmp_path: Path) -> None:
    """The reads' engine is made read-only here, and every kind of write still lands."""
    store = await open_store(f"sqlite+aiosqlite:///{tmp_path / 'kroeg.sqlite3'}")

    @sa.event.listens_for(store.engine.sync_engine, "connect")
    def _read_only(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA query_only=ON")
        cursor.close()

    await store.engine.dispose()
    try:
        async with store.engine.connect() as conn:
            with pytest.raises(sa.exc.OperationalError, match="readonly"):
                await conn.execute(sa.text("DELETE FROM players"))
        secret = await store.secret()
        await store.create_player("p1", "Anna")
        await store.rename_player("p1", "Annie")
        await store.create_table(_table())
        game_id = await store.write(TableChange("t1", 1, new_game=_new_game()))
        assert game_id is not None
        outcomes: list[tuple[str | None, str, str]] = [(None, "X", "won")] * 4
        finish = Finish(game_id, {"losers": [0]}, time.time(), outcomes)
        await store.write(
            TableChange("t1", 2, game_id=game_id, entries=[_entry(0, 2)], finish=finish)
        )
        assert await store.secret() == secret
        assert await store.player_name("p1") == "Annie"
        assert len(await store.log(game_id)) == 1
        game = await store.game(game_id)
        assert game is not None and game.result == {"losers": [0]}
    finally:
        await store.close()


def test_the_default_database_is_sqlite_under_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from kroeg.store import database_url

    monkeypatch.delenv("KROEG_DATABASE_URL", raising=False)
    assert database_url() == "sqlite+aiosqlite:///data/kroeg.sqlite3"
    monkeypatch.setenv("KROEG_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/k")
    assert database_url() == "postgresql+asyncpg://postgres@127.0.0.1:5432/k"


async def test_the_open_tables_are_read_whole_or_by_id_or_as_ids(db_url: str) -> None:
    """A cluster scan reads the open tables' ids, then only the free ones whole."""
    store = await open_store(db_url)
    try:
        for table_id in ("t1", "t2", "t3"):
            await store.create_table(_table(table_id))
        await store.close_table("t2", time.time())
        assert await store.open_table_ids() == ["t1", "t3"]
        assert [t.id for t in await store.open_tables()] == ["t1", "t3"]
        assert [t.id for t in await store.open_tables(["t3", "t2"])] == ["t3"]  # t2 is closed
        assert await store.open_tables([]) == []
    finally:
        await store.close()
