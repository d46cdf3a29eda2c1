"""The store's queries, and the group commit that writes the changes of live tables.

Tables write through :meth:`Store.write`: each call is one versioned change, and the
call returns only once that change is committed. Changes that arrive while a commit is
running are committed together in the next transaction (a group commit), so hundreds
of tables cost a handful of commits a second rather than one each.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import sqlite3
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from kroeg.store import schema
from kroeg.store.database import create_engine, database_url, migrate

log = logging.getLogger(__name__)

JSON = dict[str, Any]
MAX_BATCH = 512


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    game: str
    variant: str
    options: JSON
    seats: int
    clock_seconds: float
    private: bool
    house_level: str
    created_at: float
    version: int
    seating: JSON
    closed: bool = False


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game about to start at a table; the store gives it its id."""

    table_id: str
    number: int
    game: str
    variant: str
    options: JSON
    seats: int
    dealer: int
    seed: int
    players: list[str | None]
    names: list[str]
    started_at: float


@dataclass(frozen=True, slots=True)
class GameRow(NewGame):
    """A game as stored: what it started with, its id, and how it ended (None: running)."""

    id: int
    finished_at: float | None
    result: JSON | None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One step of a game's log: a ``deal``, an ``act`` or a player taken ``out``.

    ``data`` is the deal (RECORDS.md form), the action (record form) or ``{"reason"}``;
    ``by`` says who decided it: ``player``, ``house``, ``timeout`` or ``table``."""

    seq: int
    version: int
    seat: int
    kind: str
    data: Any
    by: str
    created_at: float


@dataclass(frozen=True, slots=True)
class Finish:
    """A game's end: its result and each seat's outcome (``won``, ``lost``, ``left``)."""

    game_id: int
    result: JSON
    finished_at: float
    outcomes: list[tuple[str | None, str, str]]
    """Per seat: player id (None for the house), display name, outcome."""


@dataclass(slots=True)
class TableChange:
    """One versioned change of a table, written in one transaction.

    ``entries`` append to the log of game ``game_id``; ``new_game`` starts a game (the
    write returns its id); ``seating`` replaces the table's seating; ``finish`` ends a game.
    ``version`` is the table's version after the change.
    """

    table_id: str
    version: int
    seating: JSON | None = None
    new_game: NewGame | None = None
    game_id: int | None = None
    entries: list[LogEntry] = field(default_factory=list)
    finish: Finish | None = None


Operation = Callable[[AsyncConnection], Awaitable[Any]]
"""Any other write, run by the writer inside its transaction."""


@dataclass(slots=True)
class _Pending:
    work: TableChange | Operation
    done: asyncio.Future[Any]


class Store:
    """The database. Every write goes through one writer task and its own connection, in
    order: SQLite allows one writer at a time, and batching serves PostgreSQL as well."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.backend = engine.dialect.name
        self._queue: asyncio.Queue[_Pending] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    # Lifecycle ------------------------------------------------------------------

    def start(self) -> None:
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write_loop())

    async def close(self) -> None:
        """Finish the pending writes, then close the engine."""
        if self._writer is not None:
            while not self._queue.empty():
                await asyncio.sleep(0.01)
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        await self.engine.dispose()

    # Group commit ------------------------------------------------------------------

    async def write(self, change: TableChange) -> int | None:
        """Commit one table change; returns the new game's id when it started one."""
        result: int | None = await self._submit(change)
        return result

    async def _submit(self, work: TableChange | Operation) -> Any:
        if self._writer is None:
            self.start()
        pending = _Pending(work, asyncio.get_running_loop().create_future())
        self._queue.put_nowait(pending)
        return await pending.done

    async def _write_loop(self) -> None:
        while True:
            try:
                async with self.engine.connect() as conn:
                    await self._write_batches(conn)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the store's writer lost its connection; reconnecting")
                await asyncio.sleep(0.5)

    async def _write_batches(self, conn: AsyncConnection) -> None:
        many = await _executemany(conn)
        while True:
            batch = [await self._queue.get()]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                async with conn.begin():
                    results = await _apply_batch(conn, many, [p.work for p in batch])
            except Exception:
                if conn.invalidated:
                    for p in batch:
                        _settle(p, error=ConnectionError("the database connection was lost"))
                    raise
                # Find the faulty write: commit each alone, so the others still land.
                for p in batch:
                    try:
                        async with conn.begin():
                            [result] = await _apply_batch(conn, many, [p.work])
                    except Exception as e:
                        _settle(p, error=e)
                    else:
                        _settle(p, result=result)
                continue
            for p, result in zip(batch, results, strict=True):
                _settle(p, result=result)

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
                _statement(sa.insert(schema.settings).values(key="token_secret", value=candidate))
            )
        except sa.exc.IntegrityError:
            return await self.secret()  # another process made it first
        return candidate

    async def create_player(self, player_id: str, name: str) -> None:
        values = {"id": player_id, "name": name, "created_at": time.time()}
        await self._submit(_statement(sa.insert(schema.players).values(**values)))

    async def rename_player(self, player_id: str, name: str) -> None:
        p = schema.players
        await self._submit(_statement(sa.update(p).where(p.c.id == player_id).values(name=name)))

    async def player_name(self, player_id: str) -> str | None:
        async with self.engine.connect() as conn:
            name = await conn.scalar(
                sa.select(schema.players.c.name).where(schema.players.c.id == player_id)
            )
        return None if name is None else str(name)

    async def player_names(self, player_ids: Sequence[str]) -> dict[str, str]:
        if not player_ids:
            return {}
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                sa.select(schema.players.c.id, schema.players.c.name).where(
                    schema.players.c.id.in_(list(player_ids))
                )
            )
            return {r.id: r.name for r in rows}

    # Tables ---------------------------------------------------------------------------

    async def create_table(self, row: TableRow) -> None:
        await self._submit(_statement(sa.insert(schema.tables).values(**_table_values(row))))

    async def open_tables(self) -> list[TableRow]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                sa.select(schema.tables)
                .where(schema.tables.c.closed == sa.false())
                .order_by(schema.tables.c.created_at)
            )
            return [_table_row(r._mapping) for r in rows]

    async def table(self, table_id: str) -> TableRow | None:
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(sa.select(schema.tables).where(schema.tables.c.id == table_id))
            ).first()
        return None if row is None else _table_row(row._mapping)

    # Games ----------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(sa.select(schema.games).where(schema.games.c.id == game_id))
            ).first()
        return None if row is None else _game_row(row._mapping)

    async def games_of(self, table_id: str) -> list[GameRow]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                sa.select(schema.games)
                .where(schema.games.c.table_id == table_id)
                .order_by(schema.games.c.number)
            )
            return [_game_row(r._mapping) for r in rows]

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
        a = schema.actions
        async with self.engine.connect() as conn:
            rows = await conn.execute(sa.select(a).where(a.c.game_id == game_id).order_by(a.c.seq))
            return [
                LogEntry(r.seq, r.version, r.seat, r.kind, r.data, r.by, r.created_at) for r in rows
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


def _statement(statement: sa.Executable) -> Operation:
    async def run(conn: AsyncConnection) -> None:
        await conn.execute(statement)

    return run


def _settle(p: _Pending, *, result: Any = None, error: BaseException | None = None) -> None:
    if p.done.done():
        return
    if error is not None:
        p.done.set_exception(error)
    else:
        p.done.set_result(result)


def _sql(conn: AsyncConnection, template: str) -> str:
    """A statement for the driver itself, with the dialect's parameter marks for ``?``."""
    style = conn.dialect.paramstyle
    if style == "qmark":
        return template
    if style == "numeric_dollar":
        parts = template.split("?")
        return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))
    if style == "format":
        return template.replace("?", "%s")
    raise ValueError(f"unsupported parameter style {style}")


# The hot path bypasses SQLAlchemy's statement compiling and per-row type processing
# (which cost more than the database itself under load): plain SQL, JSON encoded here.
_INSERT_ENTRIES = (
    'INSERT INTO actions (game_id, seq, version, seat, kind, data, "by", created_at) '
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
_UPDATE_VERSION = "UPDATE tables SET version = ? WHERE id = ?"
_UPDATE_VERSION_AND_SEATING = "UPDATE tables SET version = ?, seating = ? WHERE id = ?"
_json = msgspec.json.Encoder()


ExecuteMany = Callable[[str, list[tuple[Any, ...]]], Awaitable[Any]]
"""Runs one statement (``?`` marks) for many rows on the writer's connection."""


async def _executemany(conn: AsyncConnection) -> ExecuteMany:
    """The cheapest way to hand the driver a statement for many rows.

    On SQLite, aiosqlite's own ``executemany`` takes one trip to its thread per statement;
    through SQLAlchemy's adapter it takes three (cursor, execute, close), each a thread
    switch on the event loop's time. The statement still runs on the writer's connection,
    inside the transaction SQLAlchemy began and commits."""
    if conn.dialect.name == "sqlite":
        driver = (await conn.get_raw_connection()).driver_connection
        assert driver is not None

        async def on_the_driver(template: str, rows: list[tuple[Any, ...]]) -> None:
            try:
                await driver.executemany(template, rows)
            except sqlite3.Error as e:  # the same errors as through SQLAlchemy
                raise sa.exc.DBAPIError.instance(template, rows, e, sqlite3.Error) from e

        return on_the_driver

    async def through_sqlalchemy(template: str, rows: list[tuple[Any, ...]]) -> None:
        await conn.exec_driver_sql(_sql(conn, template), rows)

    return through_sqlalchemy


async def _apply_batch(
    conn: AsyncConnection, many: ExecuteMany, batch: list[TableChange | Operation]
) -> list[Any]:
    """Every write of a batch in a few statements: each game start alone (for its id),
    then all log entries at once, the game ends, and one update per table."""
    results: list[Any] = []
    entries: list[tuple[Any, ...]] = []
    tables: dict[str, tuple[int, JSON | None]] = {}
    for work in batch:
        if not isinstance(work, TableChange):
            results.append(await work(conn))
            continue
        change = work
        game_id = change.game_id
        new_id = None
        if change.new_game is not None:
            new_id = game_id = await _insert_game(conn, change.new_game)
        if change.entries and game_id is None:
            raise ValueError("log entries need the game they belong to")
        for e in change.entries:
            data = _json.encode(e.data).decode()
            entries.append((game_id, e.seq, e.version, e.seat, e.kind, data, e.by, e.created_at))
        if change.finish is not None:
            await _finish_game(conn, change.finish)
        seating = change.seating
        if seating is None and change.table_id in tables:
            seating = tables[change.table_id][1]
        tables[change.table_id] = (change.version, seating)
        results.append(new_id)
    if entries:
        await many(_INSERT_ENTRIES, entries)
    plain = [(v, t) for t, (v, seating) in tables.items() if seating is None]
    seated = [
        (v, _json.encode(seating).decode(), t)
        for t, (v, seating) in tables.items()
        if seating is not None
    ]
    if plain:
        await many(_UPDATE_VERSION, plain)
    if seated:
        await many(_UPDATE_VERSION_AND_SEATING, seated)
    return results


async def _insert_game(conn: AsyncConnection, g: NewGame) -> int:
    game_id = await conn.scalar(
        sa.insert(schema.games)
        .values(
            table_id=g.table_id,
            number=g.number,
            game=g.game,
            variant=g.variant,
            options=g.options,
            seats=g.seats,
            dealer=g.dealer,
            seed=g.seed,
            players=g.players,
            names=g.names,
            started_at=g.started_at,
        )
        .returning(schema.games.c.id)
    )
    return int(game_id)


async def _finish_game(conn: AsyncConnection, f: Finish) -> None:
    await conn.execute(
        sa.update(schema.games)
        .where(schema.games.c.id == f.game_id)
        .values(finished_at=f.finished_at, result=f.result)
    )
    await conn.execute(
        sa.insert(schema.results),
        [
            {"game_id": f.game_id, "seat": seat, "player_id": p, "name": n, "outcome": o}
            for seat, (p, n, o) in enumerate(f.outcomes)
        ],
    )


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
