"""Migration 0006 on SQLite and on PostgreSQL, over a database that holds today's data (a
table with a finished game and its results at 0005): the table comes through unrated, its
game keeps its results and changes no rating, even after a rebuild; the new tables and
the leaderboard's partial index are there; downgrading drops them and keeps the rows."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.accounts.rating_store import rebuild
from kroeg.store import open_store
from kroeg.store.database import create_engine, database_url
from tests.store.test_migration_0004 import _old_table
from tests.store.test_migrations import GAMES, TABLES, _migrate

RESULTS = sa.table(
    "results", *(sa.column(c) for c in ("game_id", "seat", "player_id", "name", "outcome"))
)
PLAYERS = sa.table("players", *(sa.column(c) for c in ("id", "name", "created_at")))


async def _today(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005")
        async with engine.begin() as conn:
            await conn.execute(
                sa.insert(PLAYERS), [{"id": "p1", "name": "Kees", "created_at": 1.0}]
            )
            await conn.execute(sa.insert(TABLES), [_old_table("t1", 1.0)])
            await conn.execute(
                sa.insert(GAMES).values(
                    id=7,
                    table_id="t1",
                    number=1,
                    game="toepen",
                    variant="kroegregels",
                    seats=4,
                    dealer=0,
                    seed=5,
                    started_at=1.0,
                    options={},
                    players=["p1", None, None, None],
                    names=["Kees", "a", "b", "c"],
                )
            )
            await conn.execute(
                sa.text("UPDATE games SET finished_at = 2.0, result = :r WHERE id = 7"),
                {"r": '{"losers": [1]}'},
            )
            await conn.execute(
                sa.insert(RESULTS),
                [
                    {"game_id": 7, "seat": s, "player_id": p, "name": n, "outcome": o}
                    for s, (p, n, o) in enumerate(
                        [
                            ("p1", "Kees", "won"),
                            (None, "a", "lost"),
                            (None, "b", "won"),
                            (None, "c", "won"),
                        ]
                    )
                ],
            )
    finally:
        await engine.dispose()


async def test_todays_tables_come_through_unrated_and_their_games_rate_nobody(db_url: str) -> None:
    await _today(db_url)
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        table = await store.table("t1")
        assert table is not None and not table.rated
        assert await store.outcomes(7) == [
            (0, "p1", "Kees", "won"),
            (1, None, "a", "lost"),
            (2, None, "b", "won"),
            (3, None, "c", "won"),
        ]
        assert await rebuild(store) == 0
        async with store.engine.connect() as conn:
            count = await conn.scalar(sa.text("SELECT count(*) FROM ratings"))
            indexes = await conn.run_sync(
                lambda c: {i["name"] for i in sa.inspect(c).get_indexes("ratings")}
            )
            tables = await conn.run_sync(lambda c: set(sa.inspect(c).get_table_names()))
        assert count == 0
        assert "ix_ratings_leaderboard" in indexes
        assert {"ratings", "rating_changes", "rating_opponents", "follows", "blocks"} <= tables
    finally:
        await store.close()


async def test_downgrading_0006_drops_its_tables_and_keeps_the_games(db_url: str) -> None:
    await _today(db_url)
    store = await open_store(db_url)
    await store.close()
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0005", down=True)
        async with engine.connect() as conn:
            tables = await conn.run_sync(lambda c: set(sa.inspect(c).get_table_names()))
            columns = await conn.run_sync(
                lambda c: {col["name"] for col in sa.inspect(c).get_columns("tables")}
            )
            games = (await conn.execute(sa.text("SELECT id FROM games"))).scalars().all()
        assert not {"ratings", "rating_changes", "follows", "blocks"} & tables
        assert "rated" not in columns and list(games) == [7]
    finally:
        await engine.dispose()
