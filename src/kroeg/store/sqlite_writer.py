"""The writer of a SQLite file: a thread of its own with its own connection.

Each batch is one hand-off to that thread and back: BEGIN, the other writes, the game
starts (each for its id), then one ``executemany`` per kind of row, COMMIT. Through
aiosqlite the same batch took a trip to its thread per statement, each a thread switch
and a wake-up of the event loop. The reads keep using the async engine: in WAL mode
they read while this connection writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import sqlalchemy as sa

from kroeg.store import batch
from kroeg.store.batch import Work
from kroeg.store.database import create_writer_engine

log = logging.getLogger(__name__)

T = TypeVar("T", bound=Sequence[Any])


class SqliteWriter:
    """Commits batches of writes on its thread; each write's result or error comes back."""

    def __init__(self, url: sa.URL) -> None:
        self._engine = create_writer_engine(url)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="kroeg-store-writer")
        self._conn: sa.Connection | None = None

    async def commit(self, works: Sequence[Work]) -> list[Any]:
        """Commit the batch; per write its result, or the exception it failed with."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, self._commit, works)

    async def close(self) -> None:
        """Close the connection on its thread, then stop the thread. The store calls this
        once its last batch is committed."""
        if self._conn is not None:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._disconnect)
        self._thread.shutdown()
        self._engine.dispose()

    # On the writer's thread -----------------------------------------------------------

    def _commit(self, works: Sequence[Work]) -> list[Any]:
        try:
            conn = self._connection()
        except Exception as e:
            log.exception("the store's writer cannot open the database")
            return [ConnectionError(f"the database cannot be opened: {e}") for _ in works]
        try:
            with conn.begin():
                return _apply(conn, works)
        except Exception:
            if conn.invalidated:
                log.exception("the store's writer lost its connection; reconnecting")
                self._disconnect()
                return [ConnectionError("the database connection was lost") for _ in works]
        # Find the faulty write: commit each alone, so the others still land.
        return [_alone(conn, work) for work in works]

    def _connection(self) -> sa.Connection:
        if self._conn is None:
            self._conn = self._engine.connect()
        return self._conn

    def _disconnect(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None


def _alone(conn: sa.Connection, work: Work) -> Any:
    try:
        with conn.begin():
            [result] = _apply(conn, [work])
    except Exception as e:
        return e
    return result


def _apply(conn: sa.Connection, works: Sequence[Work]) -> list[int | None]:
    """Every write of the batch, inside the transaction ``conn`` began."""
    statements, changes = batch.split(works)
    for statement in statements:
        conn.execute(statement)
    driver = conn.connection.driver_connection
    assert isinstance(driver, sqlite3.Connection)
    cursor = driver.cursor()
    try:
        game_ids: list[int] = []
        for change in changes:
            if change.new_game is not None:
                _driver(cursor.execute, batch.INSERT_GAME, batch.game_row(change.new_game))
                assert cursor.lastrowid is not None
                game_ids.append(cursor.lastrowid)
        _driver(cursor.executemany, batch.INSERT_RUNS, batch.run_rows(changes, game_ids))
        for sql, rows in batch.statements(changes):
            _driver(cursor.executemany, sql, rows)
        if (fence := batch.fence_query(changes)) is not None:
            sql, ids = fence
            _driver(cursor.execute, sql, ids)
            batch.check_fence(changes, {row[0]: int(row[1]) for row in cursor.fetchall()})
    finally:
        cursor.close()
    return batch.results(works, game_ids)


def _driver(run: Callable[[str, T], object], sql: str, parameters: T) -> None:
    """A statement straight on the driver, failing with SQLAlchemy's errors as the other
    writes do (``IntegrityError`` for a duplicate)."""
    try:
        run(sql, parameters)
    except sqlite3.Error as e:
        raise sa.exc.DBAPIError.instance(sql, parameters, e, sqlite3.Error) from e
