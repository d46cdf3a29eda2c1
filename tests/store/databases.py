"""Real databases for the tests: a SQLite file, or a PostgreSQL database made and dropped.

PostgreSQL runs on 127.0.0.1:5432 here (trust authentication). A missing server makes
the tests that need it fail, never skip: the store must work on both.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg

PG_HOST = os.environ.get("KROEG_TEST_PG_HOST", "127.0.0.1")
PG_PORT = int(os.environ.get("KROEG_TEST_PG_PORT", "5432"))
PG_USER = os.environ.get("KROEG_TEST_PG_USER", "postgres")

BACKENDS = ["sqlite", "postgresql"]


async def _admin(sql: str) -> None:
    try:
        conn = await asyncpg.connect(
            host=PG_HOST, port=PG_PORT, user=PG_USER, database="postgres", timeout=5
        )
    except (OSError, asyncpg.PostgresError) as e:
        raise RuntimeError(
            f"PostgreSQL is needed on {PG_HOST}:{PG_PORT} (user {PG_USER}) and is not "
            f"reachable: {e}"
        ) from e
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@contextmanager
def postgres_database(template: str | None = None) -> Iterator[str]:
    """A new, empty PostgreSQL database for the duration (or a copy of the database
    ``template``, which nobody may be connected to); its async URL."""
    name = f"kroeg_test_{os.getpid()}_{secrets.token_hex(4)}"
    copy = "" if template is None else f' TEMPLATE "{template}"'
    asyncio.run(_admin(f'CREATE DATABASE "{name}"{copy}'))
    try:
        yield f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@contextmanager
def database(backend: str, tmp: Path) -> Iterator[str]:
    """A fresh database of the backend (``sqlite`` or ``postgresql``); its URL."""
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp / 'kroeg.sqlite3'}"
    else:
        with postgres_database() as url:
            yield url
