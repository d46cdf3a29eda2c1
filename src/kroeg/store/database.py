"""Opening the database: the URL, SQLite's settings, and the migrations run on start."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine as sa_create_engine
from sqlalchemy import event
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

DEFAULT_URL = "sqlite+aiosqlite:///data/kroeg.sqlite3"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def database_url(url: str | None = None) -> str:
    """The URL to use: the given one, else ``KROEG_DATABASE_URL``, else SQLite under data/.

    Plain ``sqlite://`` and ``postgresql://`` URLs get their async drivers."""
    url = url or os.environ.get("KROEG_DATABASE_URL") or DEFAULT_URL
    if url.startswith("sqlite:"):
        url = "sqlite+aiosqlite:" + url[len("sqlite:") :]
    elif url.startswith(("postgresql:", "postgres:")):
        url = "postgresql+asyncpg:" + url.split(":", 1)[1]
    return url


def create_engine(url: str) -> AsyncEngine:
    """An async engine; SQLite files get WAL, NORMAL sync and a busy timeout.

    WAL with ``synchronous=NORMAL`` keeps every committed transaction through a crash of
    the server process (``kill -9``); only a power loss may drop the last commits."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_async_engine(url, pool_size=10, max_overflow=10)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url)
    event.listen(engine.sync_engine, "connect", _sqlite_settings)
    return engine


def create_writer_engine(url: URL) -> Engine:
    """A synchronous engine on the same SQLite file (pysqlite), with the same settings,
    for the store's writer thread. Without a pool: the thread keeps its one connection."""
    if not url.database or url.database == ":memory:":
        raise ValueError("the store's writer needs a SQLite file, not an in-memory database")
    engine = sa_create_engine(url.set(drivername="sqlite+pysqlite"), poolclass=NullPool)
    event.listen(engine, "connect", _sqlite_settings)
    return engine


def _sqlite_settings(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


MIGRATION_LOCK = 0x6B726F6567
"""The PostgreSQL advisory lock the migrations run under ("kroeg" in hex)."""


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest migration (run on every start).

    On PostgreSQL under a transaction-scoped advisory lock: several server processes
    starting at once (``kroeg serve --workers N``, docs/cluster.md) migrate one after the
    other, and the later ones find the schema already at its newest."""
    async with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            await connection.execute(
                sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
            )
        await connection.run_sync(_upgrade)
