"""Migration 0009 on SQLite and on PostgreSQL: tables get ``bots_allowed`` (a table
stored before allows bots) and games ``fair_secret``; a game stored
before (running, as a server that is upgraded mid-game has one) comes through without a
secret, its table still deals it (shuffled as before) and its record has no ``fair``
field; a new game keeps its secret; downgrading drops the column and keeps the games."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import sqlalchemy as sa

from kroeg.games import make_game
from kroeg.store import TableChange, open_store
from kroeg.store.database import create_engine, database_url
from kroeg.tables.fair import FairDeals
from kroeg.tables.records import game_record
from tests.store.test_migrations import GAMES, TABLES, _migrate
from tests.store.test_store import _new_game

OLD_TABLE = {
    "id": "t1",
    "game": "toepen",
    "variant": "kroegregels",
    "seats": 4,
    "clock_seconds": 60.0,
    "private": False,
    "house_level": "huis",
    "created_at": 1.0,
    "version": 1,
    "options": {},
    "seating": {"seats": [None] * 4, "waiting": []},
}
OLD_GAME = {
    "id": 7,
    "table_id": "t1",
    "number": 1,
    "game": "toepen",
    "variant": "kroegregels",
    "seats": 4,
    "dealer": 0,
    "seed": 5,
    "started_at": 2.0,
    "options": {},
    "players": ["p1", None, None, None],
    "names": ["Anna", "B", "C", "D"],
}


async def test_a_game_from_before_has_no_secret_and_a_new_one_keeps_its_own(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005")
        async with engine.begin() as conn:
            await conn.execute(sa.insert(TABLES).values(**OLD_TABLE))
            await conn.execute(sa.insert(GAMES).values(**OLD_GAME))
    finally:
        await engine.dispose()
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        table = await store.table("t1")
        assert table is not None and table.bots_allowed, "a table from before allows bots"
        old = await store.running_game("t1")
        assert old is not None and old.id == 7 and old.fair_secret is None
        assert FairDeals.restored(old.fair_secret, []).commitment_event() is None
        assert "fair" not in game_record(old, [])
        game = make_game("toepen", "kroegregels", {})
        state = game.new_state(4, dealer=0, seed=1)
        drawn = FairDeals.restored(old.fair_secret, []).draw(game, "toepen", state, Random(1))
        assert drawn.note is None and drawn.events == [], "shuffled as before"
        game.apply(state, 0, drawn.deal)
        secret = "ab" * 32
        new_id = await store.write(
            TableChange("t1", 2, new_game=replace(_new_game(), fair_secret=secret))
        )
        assert new_id is not None
        row = await store.game(new_id)
        assert row is not None and row.fair_secret == secret
    finally:
        await store.close()


async def test_downgrading_drops_the_secret_and_keeps_the_games(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005")
        async with engine.begin() as conn:
            await conn.execute(sa.insert(TABLES).values(**OLD_TABLE))
            await conn.execute(sa.insert(GAMES).values(**OLD_GAME))
        await _migrate(engine, "0009")
        async with engine.begin() as conn:
            await conn.execute(sa.text("UPDATE games SET fair_secret = 'cd' WHERE id = 7"))
        await _migrate(engine, "0005", down=True)
        async with engine.connect() as conn:
            columns = await conn.run_sync(
                lambda c: {col["name"] for col in sa.inspect(c).get_columns("games")}
            )
            table_columns = await conn.run_sync(
                lambda c: {col["name"] for col in sa.inspect(c).get_columns("tables")}
            )
            ids = (await conn.execute(sa.text("SELECT id FROM games"))).scalars().all()
        assert "fair_secret" not in columns and list(ids) == [7]
        assert "bots_allowed" not in table_columns
    finally:
        await engine.dispose()
