"""Migration 0002 on SQLite and on PostgreSQL: a log stored a row per step (0001) comes
back whole as runs of steps (kroeg.store.schema, ``game_log``), and downgrading gives the
rows back."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.ext.asyncio import AsyncEngine

from kroeg.store import LogEntry, open_store
from kroeg.store.database import MIGRATIONS, create_engine, database_url

TABLES = sa.table(
    "tables",
    *(sa.column(c) for c in ("id", "game", "variant", "seats", "clock_seconds", "private")),
    *(sa.column(c) for c in ("house_level", "created_at", "version")),
    sa.column("options", sa.JSON),
    sa.column("seating", sa.JSON),
)
GAMES = sa.table(
    "games",
    *(sa.column(c) for c in ("id", "table_id", "number", "game", "variant", "seats")),
    *(sa.column(c) for c in ("dealer", "seed", "started_at")),
    *(sa.column(c, sa.JSON) for c in ("options", "players", "names")),
)
ACTIONS = sa.table(
    "actions",
    *(sa.column(c) for c in ("game_id", "seq", "version", "seat", "kind", "by", "created_at")),
    sa.column("data", sa.JSON),
)
STEPS = [
    LogEntry(0, 2, 1, "deal", {"hands": [["7h", "Ac"]], "stock": []}, "table", 1.5),
    LogEntry(1, 3, 2, "act", ["play", "7h"], "player", 2.25),
    LogEntry(2, 4, 3, "out", {"reason": "left", "eliminated": True}, "table", 3.0),
]


async def _migrate(engine: AsyncEngine, revision: str, *, down: bool = False) -> None:
    def run(connection: sa.Connection) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)

    async with engine.begin() as conn:
        await conn.run_sync(run)


async def _log_as_0001_stored_it(engine: AsyncEngine) -> None:
    await _migrate(engine, "0001")
    async with engine.begin() as conn:
        await conn.execute(
            sa.insert(TABLES).values(
                id="t1",
                game="toepen",
                variant="kroegregels",
                seats=4,
                clock_seconds=60.0,
                private=False,
                house_level="huis",
                created_at=1.0,
                version=4,
                options={},
                seating={"seats": [None] * 4, "waiting": []},
            )
        )
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
                players=[None] * 4,
                names=["Kees", "Truus", "Henk", "Ria"],
            )
        )
        rows = [
            {
                "game_id": 7,
                "seq": e.seq,
                "version": e.version,
                "seat": e.seat,
                "kind": e.kind,
                "by": e.by,
                "created_at": e.created_at,
                "data": e.data,
            }
            for e in STEPS
        ]
        await conn.execute(sa.insert(ACTIONS), rows)


async def test_a_log_of_rows_per_step_comes_back_whole_after_the_upgrade(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _log_as_0001_stored_it(engine)
    finally:
        await engine.dispose()
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        assert await store.log(7) == STEPS
    finally:
        await store.close()


async def test_downgrading_gives_the_rows_per_step_back(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _log_as_0001_stored_it(engine)
        await _migrate(engine, "head")
        await _migrate(engine, "0001", down=True)
        async with engine.connect() as conn:
            rows = (await conn.execute(sa.select(ACTIONS).order_by(ACTIONS.c.seq))).all()
        back = [
            LogEntry(r.seq, r.version, r.seat, r.kind, r.data, r.by, r.created_at) for r in rows
        ]
        assert back == STEPS
    finally:
        await engine.dispose()
