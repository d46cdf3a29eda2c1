"""The writer of a PostgreSQL database: one async connection of its own.

A batch costs a fixed number of round trips however many tables it holds: BEGIN, the
other writes, the new games' ids taken from their sequence at once and the games
inserted with them (rather than one ``INSERT ... RETURNING`` each), then one
``executemany`` per kind of row (asyncpg sends all its rows in one go), COMMIT.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from kroeg.store import batch
from kroeg.store.batch import Work

log = logging.getLogger(__name__)

_NEXT_GAME_IDS = "SELECT nextval(pg_get_serial_sequence('games', 'id')) FROM generate_series(1, ?)"


class PostgresWriter:
    """Commits batches of writes on its connection; each write's result or error comes back."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._conn: AsyncConnection | None = None

    async def commit(self, works: Sequence[Work]) -> list[Any]:
        """Commit the batch; per write its result, or the exception it failed with."""
        try:
            conn = await self._connection()
        except Exception as e:
            log.exception("the store's writer cannot connect")
            return [ConnectionError(f"the database cannot be reached: {e}") for _ in works]
        try:
            async with conn.begin():
                return await _apply(conn, works)
        except Exception:
            if conn.invalidated:
                log.exception("the store's writer lost its connection; reconnecting")
                await self.close()
                return [ConnectionError("the database connection was lost") for _ in works]
        # Find the faulty write: commit each alone, so the others still land.
        return [await _alone(conn, work) for work in works]

    async def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None

    async def _connection(self) -> AsyncConnection:
        if self._conn is None:
            self._conn = await self._engine.connect()
        return self._conn


async def _alone(conn: AsyncConnection, work: Work) -> Any:
    try:
        async with conn.begin():
            [result] = await _apply(conn, [work])
    except Exception as e:
        return e
    return result


async def _apply(conn: AsyncConnection, works: Sequence[Work]) -> list[int | None]:
    """Every write of the batch, inside the transaction ``conn`` began."""
    statements, changes = batch.split(works)
    for statement in statements:
        await conn.execute(statement)
    games = [c.new_game for c in changes if c.new_game is not None]
    game_ids: list[int] = []
    if games:
        taken = await conn.exec_driver_sql(_sql(conn, _NEXT_GAME_IDS), (len(games),))
        game_ids = [int(i) for i in taken.scalars()]
        rows = [(i, *batch.game_row(g)) for i, g in zip(game_ids, games, strict=True)]
        await conn.exec_driver_sql(_sql(conn, batch.INSERT_GAME_WITH_ID), rows)
    if rows := batch.run_rows(changes, game_ids):
        await conn.exec_driver_sql(_sql(conn, batch.INSERT_RUNS), rows)
    for sql, rows in batch.statements(changes):
        await conn.exec_driver_sql(_sql(conn, sql), rows)
    if (fence := batch.fence_query(changes)) is not None:
        sql, ids = fence
        stored: list[Any] = list(await conn.exec_driver_sql(_sql(conn, sql), ids))
        batch.check_fence(changes, {row[0]: int(row[1]) for row in stored})
    return batch.results(works, game_ids)


def _sql(conn: AsyncConnection, template: str) -> str:
    """A statement for the driver itself, with the dialect's parameter marks for ``?``."""
    style = conn.dialect.paramstyle
    if style == "numeric_dollar":
        parts = template.split("?")
        return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))
    if style == "format":
        return template.replace("?", "%s")
    raise ValueError(f"unsupported parameter style {style}")
