"""Migration 0011 on SQLite and on PostgreSQL, over a database that holds today's data (a
rated table with a finished game and its results at 0010): the results get ``place``,
the old game's stay NULL and its rating (rebuilt) ranks it in the two tiers; a game
finished after the upgrade keeps its places and is ranked by them; downgrading drops
the column and keeps the results."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from kroeg.accounts.rating_store import rebuild
from kroeg.store import open_store, schema
from kroeg.store.database import create_engine, database_url
from tests.accounts.games import play
from tests.store.test_migration_0004 import _old_table
from tests.store.test_migration_0006 import PLAYERS, RESULTS
from tests.store.test_migrations import GAMES, TABLES, _migrate

PEOPLE = ("p1", "p2", "p3")


async def _today(db_url: str) -> None:
    """A rated Toepen table whose one game p2 lost, as 0010 stores it."""
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0010")
        async with engine.begin() as conn:
            await conn.execute(
                sa.insert(PLAYERS), [{"id": p, "name": p, "created_at": 1.0} for p in PEOPLE]
            )
            await conn.execute(sa.insert(TABLES), [_old_table("t1", 1.0)])
            await conn.execute(sa.text("UPDATE tables SET rated = :yes"), {"yes": True})
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
                    players=[*PEOPLE, None],
                    names=[*PEOPLE, "huis"],
                )
            )
            await conn.execute(
                sa.text("UPDATE games SET finished_at = 2.0, result = :r WHERE id = 7"),
                {"r": '{"losers": [1, 2]}'},
            )
            outcomes = [("p1", "won"), ("p2", "lost"), ("p3", "lost"), (None, "won")]
            await conn.execute(
                sa.insert(RESULTS),
                [
                    {"game_id": 7, "seat": s, "player_id": p, "name": p or "huis", "outcome": o}
                    for s, (p, o) in enumerate(outcomes)
                ],
            )
    finally:
        await engine.dispose()


async def _places_and_ranks(
    conn: AsyncConnection, game_id: int
) -> tuple[list[int | None], dict[str, int]]:
    r, rc = schema.results, schema.rating_changes
    places = await conn.execute(
        sa.select(r.c.place).where(r.c.game_id == game_id).order_by(r.c.seat)
    )
    ranks = await conn.execute(sa.select(rc.c.player_id, rc.c.rank).where(rc.c.game_id == game_id))
    return list(places.scalars()), {row.player_id: row.rank for row in ranks}


async def test_old_results_keep_no_place_and_new_ones_rank_by_theirs(db_url: str) -> None:
    await _today(db_url)
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        # Toepen by elimination (RULES.md §5 end_mode): p3 out first, then p2 and the house.
        seats = [("p1", "won"), ("p2", "lost"), ("p3", "lost"), (None, "lost")]
        new = await play(
            store, "t1", "toepen", "kroegregels", seats, {"losers": [1, 2, 3]}, (0, 1, 2, 1)
        )
        assert await rebuild(store) == 2
        async with store.engine.connect() as conn:
            assert await _places_and_ranks(conn, 7) == (
                [None] * 4,
                {"p1": 0, "p2": 1, "p3": 1},  # the two tiers: the losers tie
            )
            assert await _places_and_ranks(conn, new) == (
                [0, 1, 2, 1],
                {"p1": 0, "p2": 1, "p3": 2},
            )
    finally:
        await store.close()


async def test_downgrading_0011_drops_the_places_and_keeps_the_results(db_url: str) -> None:
    await _today(db_url)
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0011")
        async with engine.begin() as conn:
            await conn.execute(sa.text("UPDATE results SET place = seat WHERE game_id = 7"))
        await _migrate(engine, "0010", down=True)
        async with engine.connect() as conn:
            columns = await conn.run_sync(
                lambda c: {col["name"] for col in sa.inspect(c).get_columns("results")}
            )
            outcomes = await conn.execute(sa.text("SELECT outcome FROM results ORDER BY seat"))
            assert list(outcomes.scalars()) == ["won", "lost", "lost", "won"]
        assert "place" not in columns
    finally:
        await engine.dispose()
