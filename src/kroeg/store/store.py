"""The store's queries, and the group commit that writes the changes of live tables.

Tables write through :meth:`Store.write`: each call is one versioned change, and the
call returns only once that change is committed. Changes that arrive while a commit is
running are committed together in the next transaction (a group commit), so hundreds
of tables cost a handful of commits a second rather than one each. The writers
themselves are in :mod:`kroeg.store.sqlite_writer` and :mod:`kroeg.store.postgres_writer`.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from kroeg import metrics
from kroeg.store import schema
from kroeg.store.batch import Work
from kroeg.store.changes import (
    JSON,
    Fenced,
    GameRow,
    LogEntry,
    SessionRow,
    TableChange,
    TableRow,
)
from kroeg.store.database import create_engine, database_url, migrate
from kroeg.store.errors import DuplicateKey
from kroeg.store.postgres_writer import PostgresWriter
from kroeg.store.sqlite_writer import SqliteWriter

MAX_BATCH = 512

ID_MAX = 2**31 - 1
"""The largest game id: the games' key is a 32-bit integer on PostgreSQL."""


class Writer(Protocol):
    """What the writer task hands its batches to: one per backend, each with its own
    connection."""

    async def commit(self, works: Sequence[Work]) -> list[Any]:
        """Commit the batch; per write its result, or the exception it failed with."""

    async def close(self) -> None: ...


class Store:
    """The database. Every write goes through one writer with its own connection, in
    order: SQLite allows one writer at a time, and batching serves PostgreSQL as well."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.backend = engine.dialect.name
        self._pending: list[Work] = []
        self._waiting: list[asyncio.Future[Any]] = []
        """Per pending write, the future its writer awaits (two lists, not an object per
        write: the tables hand over one change per step)."""
        self._wakeup: asyncio.Future[None] | None = None
        self._closing = False
        self._writer: asyncio.Task[None] | None = None
        self.on_finish: list[Callable[[int], Awaitable[None]]] = []
        """Called with a game's id once its end (results) is committed: the ratings
        (kroeg.accounts.rating_store), registered by the server. Each must not raise."""

    # Lifecycle ------------------------------------------------------------------

    def start(self) -> None:
        if self._writer is None:
            self._closing = False
            writer: Writer
            if self.backend == "sqlite":
                writer = SqliteWriter(self.engine.url)
            else:
                writer = PostgresWriter(self.engine)
            self._writer = asyncio.get_running_loop().create_task(self._write_loop(writer))

    async def close(self) -> None:
        """Finish the pending writes, stop the writer, then close the engine."""
        if self._writer is not None:
            self._closing = True
            self._wake()
            await self._writer
            self._writer = None
        await self.engine.dispose()

    # Group commit ------------------------------------------------------------------

    async def write(self, change: TableChange) -> int | None:
        """Commit one table change; returns the new game's id when it started one."""
        result: int | None = await self._submit(change)
        if change.finish is not None:
            for hook in self.on_finish:
                await hook(change.finish.game_id)
        return result

    async def _submit(self, work: Work) -> Any:
        if self._writer is None:
            self.start()
        done = asyncio.get_running_loop().create_future()
        self._pending.append(work)
        self._waiting.append(done)
        self._wake()
        return await done

    def _wake(self) -> None:
        if self._wakeup is not None and not self._wakeup.done():
            self._wakeup.set_result(None)

    async def _write_loop(self, writer: Writer) -> None:
        """Commit what is pending, in batches, until closed with nothing left to write."""
        try:
            while self._pending or not self._closing:
                if not self._pending:
                    self._wakeup = asyncio.get_running_loop().create_future()
                    await self._wakeup
                    continue
                works = self._pending[:MAX_BATCH]
                waiting = self._waiting[:MAX_BATCH]
                del self._pending[:MAX_BATCH], self._waiting[:MAX_BATCH]
                began = time.perf_counter()
                outcomes = await writer.commit(works)
                metrics.WRITE_BATCH.observe(time.perf_counter() - began)
                for done, outcome in zip(waiting, outcomes, strict=True):
                    if done.done():
                        continue
                    if isinstance(outcome, BaseException):
                        if not isinstance(outcome, Fenced):
                            metrics.DATABASE_ERRORS.inc()
                        done.set_exception(outcome)
                    else:
                        done.set_result(outcome)
        finally:
            await writer.close()

    async def execute(self, statement: sa.Executable) -> None:
        """Commit one statement through the writer, in order with every other write (the
        store's modules of other tables: accounts, passkeys, social, sessions...)."""
        await self._submit(statement)

    # Settings and players ----------------------------------------------------------

    async def secret(self) -> str:
        """The token signing secret, created on first use and kept in the database."""
        query = sa.select(schema.settings.c.value).where(schema.settings.c.key == "token_secret")
        async with self.engine.connect() as conn:
            value = await conn.scalar(query)
        if value is not None:
            return str(value)
        candidate = secrets.token_hex(32)
        try:
            await self._submit(
                sa.insert(schema.settings).values(key="token_secret", value=candidate)
            )
        except sa.exc.IntegrityError:
            return await self.secret()  # another process made it first
        return candidate

    async def create_player(self, player_id: str, name: str) -> None:
        values = {"id": player_id, "name": name, "created_at": time.time()}
        await self._submit(sa.insert(schema.players).values(**values))

    async def rename_player(self, player_id: str, name: str) -> None:
        p = schema.players
        await self._submit(sa.update(p).where(p.c.id == player_id).values(name=name))

    async def player_name(self, player_id: str) -> str | None:
        async with self.engine.connect() as conn:
            name = await conn.scalar(
                sa.select(schema.players.c.name).where(schema.players.c.id == player_id)
            )
        return None if name is None else str(name)

    # Sessions -------------------------------------------------------------------------

    async def create_session(self, row: SessionRow) -> None:
        values = {
            "id": row.id,
            "player_id": row.player_id,
            "token_hash": row.token_hash,
            "kind": row.kind,
            "created_at": row.created_at,
            "last_used_at": row.last_used_at,
            "expires_at": row.expires_at,
            "revoked_at": row.revoked_at,
        }
        try:
            await self._submit(sa.insert(schema.sessions).values(**values))
        except sa.exc.IntegrityError:  # its token's hash is a session's already
            raise DuplicateKey from None

    async def session_by_hash(self, token_hash: str) -> SessionRow | None:
        s = schema.sessions
        async with self.engine.connect() as conn:
            row = (await conn.execute(sa.select(s).where(s.c.token_hash == token_hash))).first()
        return None if row is None else SessionRow(**row._mapping)

    async def renew_session(self, session_id: str, used_at: float, expires_at: float) -> None:
        s = schema.sessions
        await self._submit(
            sa.update(s)
            .where(s.c.id == session_id)
            .values(last_used_at=used_at, expires_at=expires_at)
        )

    async def revoke_session(self, session_id: str) -> None:
        """Revoke a session now (again: nothing changes): its token stops working."""
        s = schema.sessions
        query = sa.update(s).where(s.c.id == session_id, s.c.revoked_at.is_(None))
        await self._submit(query.values(revoked_at=time.time()))

    async def sessions_of(self, player_id: str) -> list[SessionRow]:
        s = schema.sessions
        query = sa.select(s).where(s.c.player_id == player_id).order_by(s.c.created_at)
        async with self.engine.connect() as conn:
            return [SessionRow(**r._mapping) for r in await conn.execute(query)]

    # Tables ---------------------------------------------------------------------------

    async def create_table(self, row: TableRow) -> None:
        await self._submit(sa.insert(schema.tables).values(**_table_values(row)))

    async def open_tables(self, ids: Collection[str] | None = None) -> list[TableRow]:
        """The tables not closed (of ``ids`` only, when given), oldest first."""
        t = schema.tables
        query = sa.select(t).where(t.c.closed == sa.false()).order_by(t.c.created_at)
        if ids is not None:
            query = query.where(t.c.id.in_(list(ids)))
        async with self.engine.connect() as conn:
            rows = await conn.execute(query)
            return [_table_row(r._mapping) for r in rows]

    async def open_table_ids(self) -> list[str]:
        """The ids of the tables not closed: what a cluster scan reads twice a second,
        without the options and seating every row would decode."""
        t = schema.tables
        async with self.engine.connect() as conn:
            ids = await conn.scalars(
                sa.select(t.c.id).where(t.c.closed == sa.false()).order_by(t.c.created_at)
            )
            return list(ids)

    async def close_table(self, table_id: str, closed_at: float) -> None:
        """Close a table for good: it is no longer restored; its games stay."""
        t = schema.tables
        await self._submit(
            sa.update(t).where(t.c.id == table_id).values(closed=True, closed_at=closed_at)
        )

    async def claim(self, table_id: str) -> int:
        """Take the table over (docs/cluster.md): raise its stored epoch and return it.
        From the commit on, every write stated under an older epoch is refused; whatever
        was committed before it is in the log the new owner reads next."""
        t = schema.tables
        async with self.engine.begin() as conn:
            epoch = await conn.scalar(
                sa.update(t)
                .where(t.c.id == table_id)
                .values(owner_epoch=t.c.owner_epoch + 1)
                .returning(t.c.owner_epoch)
            )
        if epoch is None:
            raise KeyError(f"the store has no table {table_id}")
        return int(epoch)

    async def table(self, table_id: str) -> TableRow | None:
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(sa.select(schema.tables).where(schema.tables.c.id == table_id))
            ).first()
        return None if row is None else _table_row(row._mapping)

    # Games ----------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        if not 1 <= game_id <= ID_MAX:
            return None  # no such id; PostgreSQL would refuse it as out of range
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(sa.select(schema.games).where(schema.games.c.id == game_id))
            ).first()
        return None if row is None else _game_row(row._mapping)

    async def analysis(self, game_id: int) -> JSON | None:
        """A finished game's stored analysis, None when it has not been computed."""
        if not 1 <= game_id <= ID_MAX:
            return None
        a = schema.game_analysis
        async with self.engine.connect() as conn:
            value = await conn.scalar(sa.select(a.c.analysis).where(a.c.game_id == game_id))
        return None if value is None else dict(value)

    async def save_analysis(self, game_id: int, analysis: JSON) -> None:
        """Store a game's analysis; a second one for the same game (two requests that
        computed it at once) is dropped: both computed the same from the same record."""
        values = {"game_id": game_id, "analysis": analysis, "created_at": time.time()}
        with contextlib.suppress(sa.exc.IntegrityError):
            await self._submit(sa.insert(schema.game_analysis).values(**values))

    async def games_of(self, table_id: str) -> list[GameRow]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                sa.select(schema.games)
                .where(schema.games.c.table_id == table_id)
                .order_by(schema.games.c.number)
            )
            return [_game_row(r._mapping) for r in rows]

    async def game_count(self, table_id: str) -> int:
        """How many games were started at the table."""
        g = schema.games
        async with self.engine.connect() as conn:
            count = await conn.scalar(
                sa.select(sa.func.count()).select_from(g).where(g.c.table_id == table_id)
            )
        return int(count or 0)

    async def last_game(self, table_id: str) -> GameRow | None:
        """The table's newest game, over or not (a restarted table shows it when over)."""
        g = schema.games
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    sa.select(g)
                    .where(g.c.table_id == table_id)
                    .order_by(g.c.number.desc())
                    .limit(1)
                )
            ).first()
        return None if row is None else _game_row(row._mapping)

    async def running_game(self, table_id: str) -> GameRow | None:
        """The table's unfinished game, if any (the one to rebuild after a restart)."""
        g = schema.games
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    sa.select(g)
                    .where(g.c.table_id == table_id, g.c.finished_at.is_(None))
                    .order_by(g.c.number.desc())
                    .limit(1)
                )
            ).first()
        return None if row is None else _game_row(row._mapping)

    async def log(self, game_id: int) -> list[LogEntry]:
        """A game's log in order."""
        g = schema.game_log
        query = sa.select(g.c.seq, g.c.entries).where(g.c.game_id == game_id).order_by(g.c.seq)
        async with self.engine.connect() as conn:
            runs = (await conn.execute(query)).all()
        return [
            LogEntry(first + i, version, seat, kind, data, by, created_at)
            for first, entries in runs
            for i, (version, seat, kind, data, by, created_at) in enumerate(entries)
        ]

    async def outcomes(self, game_id: int) -> list[tuple[int, str | None, str, str]]:
        r = schema.results
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                sa.select(r.c.seat, r.c.player_id, r.c.name, r.c.outcome)
                .where(r.c.game_id == game_id)
                .order_by(r.c.seat)
            )
            return [(x.seat, x.player_id, x.name, x.outcome) for x in rows]


def _table_values(row: TableRow) -> JSON:
    return {
        "id": row.id,
        "game": row.game,
        "variant": row.variant,
        "options": row.options,
        "seats": row.seats,
        "clock_seconds": row.clock_seconds,
        "private": row.private,
        "house_level": row.house_level,
        "created_at": row.created_at,
        "version": row.version,
        "seating": row.seating,
        "closed": row.closed,
        "public_records": row.public_records,
        "created_by": row.created_by,
        "bots_allowed": row.bots_allowed,
        "rated": row.rated,
        "boards": row.boards,
    }


def _table_row(m: Any) -> TableRow:
    return TableRow(
        id=m["id"],
        game=m["game"],
        variant=m["variant"],
        options=dict(m["options"]),
        seats=m["seats"],
        clock_seconds=float(m["clock_seconds"]),
        private=bool(m["private"]),
        house_level=m["house_level"],
        created_at=m["created_at"],
        version=int(m["version"]),
        seating=dict(m["seating"]),
        closed=bool(m["closed"]),
        public_records=bool(m["public_records"]),
        created_by=m["created_by"],
        bots_allowed=bool(m["bots_allowed"]),
        rated=bool(m["rated"]),
        boards=m["boards"],
    )


def _game_row(m: Any) -> GameRow:
    return GameRow(
        id=m["id"],
        table_id=m["table_id"],
        number=m["number"],
        game=m["game"],
        variant=m["variant"],
        options=dict(m["options"]),
        seats=m["seats"],
        dealer=m["dealer"],
        seed=int(m["seed"]),
        players=list(m["players"]),
        names=list(m["names"]),
        started_at=m["started_at"],
        fair_secret=m["fair_secret"],
        finished_at=m["finished_at"],
        result=m["result"],
    )


async def open_store(url: str | None = None) -> Store:
    """Connect, run the migrations and start the group-commit writer."""
    engine = create_engine(database_url(url))
    await migrate(engine)
    store = Store(engine)
    store.start()
    return store
