"""All the live tables of this server: creating them, finding them, and restarting them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from kroeg.store import Store, TableRow
from kroeg.tables.commands import Abandon
from kroeg.tables.config import make_config
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.replay import last_finished
from kroeg.tables.restoring import restore
from kroeg.tables.state import TableSettings, TableState
from kroeg.tables.task import TableTask

log = logging.getLogger(__name__)

PUBLIC_ID_BYTES = 4
PRIVATE_ID_BYTES = 16
"""A private table is found only by its invite, so its id is 128 random bits; a public
table is listed anyway and keeps a short id for its URL."""

BROKEN = "its log no longer replays"

DESERTED_CLOSE = 60.0
"""Seconds a table its people left (:attr:`TableState.deserted`) stays open with nobody
following it, at most the idle time: whoever left can still come back to its result
(issue 32, bug 13: before, it ran on with only the house until ten idle minutes)."""


class Lobby:
    def __init__(
        self, store: Store, house: House, settings: TableSettings, *, min_clock: float = 5.0
    ) -> None:
        self.store = store
        self.house = house
        self.settings = settings
        self.min_clock = min_clock
        self.tables: dict[str, TableTask] = {}
        self.broken: dict[str, tuple[TableRow, str]] = {}
        """Tables that could not be rebuilt at start-up, and why: not served, reported
        (``/api/health``, the lobby) and refused with ``table_broken``."""
        self.creators: dict[str, str] = {}
        """Who created each open table (tables from before migration 0004 have nobody)."""
        self.idle_since: dict[str, float] = {}
        """Since when (monotonic) each table that nobody follows has been so, as the sweeps
        saw it."""
        self._sweeper: asyncio.Task[None] | None = None
        self.reserve: Callable[[str], Awaitable[None]] | None = None
        """With several server processes (docs/cluster.md): takes a new table's lease,
        before its row exists (so no other process takes the table over meanwhile)."""
        self.claim: Callable[[str], Awaitable[int]] | None = None
        """With several server processes: the fencing epoch a new table's writes state,
        once its row exists. None: this process owns every table."""
        self.on_adopt: list[Callable[[TableTask], None]] = []
        """Each told of every table this process rebuilt from the store and started (at a
        start, or taken over from a process that died): a club night's online round
        (kroeg.clubs.online_rounds) and a set against the house (kroeg.clubs.house_sets)
        hook their tables again. One listener failing keeps neither the table nor the
        others from being told."""
        self.on_fenced: Callable[[TableTask], None] | None = None
        """With several server processes: told when a table of this process was taken
        over by another (its write was refused); the table has stopped."""

    async def load(self) -> None:
        """Rebuild every open table from the store; unfinished games continue from their log
        and the decision they wait for gets what was left of its clock (at least
        ``TableSettings.restart_min_clock``). A table that cannot be rebuilt is broken."""
        for row in await self.store.open_tables():
            await self.adopt(row)

    async def adopt(self, row: TableRow, epoch: int | None = None) -> TableTask | None:
        """Rebuild one open table from the store and start it, owned under ``epoch``, as
        at a start; None when it cannot be rebuilt (it is marked broken)."""
        try:
            config, game = make_config(
                row.game,
                row.variant,
                row.options,
                seats=row.seats,
                clock_seconds=row.clock_seconds,
                private=row.private,
                public_records=row.public_records,
                house_level=row.house_level,
                min_clock=0.0,
                bots_allowed=row.bots_allowed,
                rated=row.rated,
            )
            state = TableState(row.id, config, game, self.settings, created_at=row.created_at)
            if row.boards is not None:  # its running game takes no contribution from now
                state.boards = bytes.fromhex(row.boards)
            running = await self.store.running_game(row.id)
            entries = [] if running is None else await self.store.log(running.id)
            state.number = await self.store.game_count(row.id)
            finished = None if running else await last_finished(self.store, row.id)
            now = time.time()
            restore(state, row, running, entries, now=now, restarted=True, finished=finished)
            table = TableTask(state, self.store, self.house)
        except Exception as e:
            log.exception("table %s could not be restored; it is marked broken", row.id)
            self.broken[row.id] = (row, f"{BROKEN} ({type(e).__name__})")
            return None
        self.broken.pop(row.id, None)
        self._start(table, epoch, row.created_by)
        for listener in self.on_adopt:
            try:
                listener(table)
            except Exception:
                log.exception("a listener of table %s's adoption failed", table.id)
        return table

    def _start(self, table: TableTask, epoch: int | None, creator: str | None) -> None:
        table.epoch = epoch
        table.on_fenced = self._fenced
        self.tables[table.id] = table
        if creator is not None:
            self.creators[table.id] = creator
        table.start()

    def _fenced(self, table: TableTask) -> None:
        """A table was taken over by another process: it is no longer this lobby's."""
        if self.tables.get(table.id) is table:
            self._forget(table.id)
        if self.on_fenced is not None:
            self.on_fenced(table)

    def _forget(self, table_id: str) -> TableTask | None:
        self.creators.pop(table_id, None)
        self.idle_since.pop(table_id, None)
        return self.tables.pop(table_id, None)

    async def drop(self, table_id: str) -> None:
        """Stop serving a table without closing it (its lease was lost, or the process
        shuts down): another process takes it over from the store."""
        table = self._forget(table_id)
        if table is not None:
            await table.stop()

    async def create(
        self,
        game: str,
        variant: str,
        options: Mapping[str, object] | None = None,
        *,
        seats: int | None = None,
        clock_seconds: float | None = None,
        private: bool = False,
        public_records: bool | None = None,
        house_level: str = "basis",
        creator: str | None = None,
        open_limit: int | None = None,
        bots_allowed: bool | None = None,
        rated: bool = False,
        boards: bytes | None = None,
    ) -> TableTask:
        """A new table, created by ``creator``, who may have at most ``open_limit`` open;
        with ``boards``, a duplicate round's secret, it deals that round's boards
        (:meth:`TableTask.deal_boards`)."""
        if boards is not None and game != "klaverjassen":
            raise TableError(
                "bad_table", "only Klaverjassen tables deal a duplicate night's boards"
            )
        if creator is not None and open_limit is not None:
            held = self.open_tables_of(creator)
            if held >= open_limit:
                raise TableError(
                    "too_many_tables",
                    f"you have {held} open tables, the most one player may have: play at "
                    "one of them, or wait until one closes (after 10 idle minutes)",
                    limit=open_limit,
                )
        config, built = make_config(
            game,
            variant,
            options,
            seats=seats,
            clock_seconds=clock_seconds,
            private=private,
            public_records=public_records,
            house_level=house_level,
            min_clock=self.min_clock,
            bots_allowed=bots_allowed,
            rated=rated,
        )
        table_id = secrets.token_hex(PRIVATE_ID_BYTES if private else PUBLIC_ID_BYTES)
        rng = None
        if self.settings.test_seed is not None:
            rng = random.Random(self.settings.test_seed + len(self.tables))
        if self.reserve is not None:
            await self.reserve(table_id)
        state = TableState(table_id, config, built, self.settings, created_at=time.time(), rng=rng)
        await self.store.create_table(
            TableRow(
                id=table_id,
                game=config.game,
                variant=config.variant,
                options=config.options,
                seats=config.seats,
                clock_seconds=config.clock_seconds,
                private=config.private,
                house_level=config.house_level,
                created_at=state.created_at,
                version=0,
                seating=state.seating.json(),
                public_records=config.public_records,
                created_by=creator,
                bots_allowed=config.bots_allowed,
                rated=config.rated,
                boards=None if boards is None else boards.hex(),
            )
        )
        epoch = None if self.claim is None else await self.claim(table_id)
        table = TableTask(state, self.store, self.house)
        if boards is not None:
            table.deal_boards(boards)
        self._start(table, epoch, creator)
        return table

    def open_tables_of(self, player: str) -> int:
        return sum(1 for creator in self.creators.values() if creator == player)

    # Idle tables ----------------------------------------------------------------------

    def start_closing_idle(self, idle_close: float) -> None:
        """Close every table that nobody has followed (seated, waiting or watching) for
        ``idle_close`` seconds, checked ten times in that span (at most every 30 s)."""
        every = min(30.0, idle_close / 10)
        self._sweeper = asyncio.get_running_loop().create_task(
            self._close_idle(idle_close, every), name="lobby-idle"
        )

    async def _close_idle(self, idle_close: float, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep(idle_close, time.monotonic())
            except Exception:
                log.exception("closing the idle tables failed; trying again later")

    async def sweep(self, idle_close: float, now: float) -> list[str]:
        """One look at every table: note the idle ones, close those idle long enough
        (a deserted one after :data:`DESERTED_CLOSE`). The ids of the tables closed."""
        due = []
        for table_id, table in self.tables.items():
            enough = min(idle_close, DESERTED_CLOSE) if table.table.deserted else idle_close
            if not _idle(table):
                self.idle_since.pop(table_id, None)
            elif now - self.idle_since.setdefault(table_id, now) >= enough:
                due.append(table_id)
        closed = []
        for table_id in due:
            still = self.tables.get(table_id)
            if still is not None and _idle(still):  # still: closing one may take a while
                await self.close(table_id)
                closed.append(table_id)
        return closed

    async def close(self, table_id: str) -> None:
        """Close a table: out of the lobby at once (nobody can reach it from now on),
        its task stopped, and marked closed in the store so that no start restores it.
        Its games stay in the store. A rated game still running is abandoned first: the
        people still in it are away, ranked last, and the game is played to its end and
        rated (:class:`Abandon`, docs/ratings.md); an unrated one stays unfinished."""
        table = self.tables[table_id]
        self._forget(table_id)
        if table.config.rated and table.running:
            try:
                await table.ask(Abandon())
            except TableError:  # paused, moved, or a failed write: the game stays unfinished
                log.warning("table %s: its abandoned game could not be finished", table_id)
        await table.stop()
        await self.store.close_table(table_id, time.time())
        log.info("table %s closed: idle", table_id)

    def get(self, table_id: str) -> TableTask:
        table = self.tables.get(table_id)
        if table is None and table_id in self.broken:
            raise TableError(
                "table_broken",
                f"the table {table_id} could not be rebuilt after a restart: "
                f"{self.broken[table_id][1]}; its finished games stay in the history",
                table=table_id,
            )
        if table is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}", table=table_id)
        return table

    def listed(self) -> list[dict[str, Any]]:
        """The public tables, but those their people left (only the house plays there)."""
        return [
            t.summary()
            for t in self.tables.values()
            if not t.config.private and not t.table.deserted
        ]

    def broken_list(self, *, public_only: bool = False) -> list[dict[str, Any]]:
        """The broken tables; a private one without its id (an invite is its secret)."""
        return [
            {
                "id": None if row.private else row.id,
                "private": row.private,
                "game": row.game,
                "variant": row.variant,
                "reason": reason,
            }
            for row, reason in self.broken.values()
            if not (public_only and row.private)
        ]

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        await asyncio.gather(*(t.stop() for t in self.tables.values()))


def _idle(table: TableTask) -> bool:
    """Nobody follows the table: no connection of a seated or waiting player or of a
    spectator (someone seated whose browser is gone does not keep a table open: else a
    guest could sit down, leave, and keep a table forever), and nothing asked of it (a
    command in its inbox may be someone sitting down). A club round's table
    (``on_progress``) is kept while its game runs: the house plays it to its end."""
    kept = table.on_progress is not None and table.running
    return not table.listeners and not table.inbox and not kept
