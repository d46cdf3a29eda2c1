"""This process's share of the tables (docs/cluster.md): it takes over every open table
nobody holds a lease on, keeps the leases of its own renewed well inside their expiry,
and lets a table go the moment its lease or a write is refused.

A takeover is a restart of one table: take the lease (``SET NX PX``), raise the table's
epoch in the store (:meth:`~kroeg.store.Store.claim`, which fences out every write of
the previous owner from its commit on), then rebuild the table from its log
(:meth:`~kroeg.tables.lobby.Lobby.adopt`: clocks restart fairly, the house resumes).

When Redis does not answer, nobody can take a table over (that needs a lease), so the
tables play on; once no renewal got through for a whole lease, this process can no
longer say it holds them, and they pause: nothing written, no clock. When Redis answers
again (perhaps restarted, empty) each paused table's lease is taken again, under a new
epoch, and the table reloads from its log and plays on, its followers still attached.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis
from redis.exceptions import RedisError

from kroeg import metrics
from kroeg.cluster.lease import Lease, Renewal, lease_key
from kroeg.store import Store, TableRow
from kroeg.tables.commands import Pause, Regain
from kroeg.tables.errors import TableError
from kroeg.tables.lobby import Lobby
from kroeg.tables.task import TableTask

log = logging.getLogger(__name__)

LEASE_TTL = 3.0
"""Seconds a lease lasts unless renewed: how long the tables of a process that died
wait before another takes them over, so most of a failover (bench/failover.py: 5 s
gave a p95 above the 5 s aim). Shorter costs more renewals and loses a lease to a
shorter stall of the owner, which is safe (fenced writes) but moves its tables."""

RENEW_EVERY = LEASE_TTL / 5
"""Seconds between two renewals: a lease is renewed four times before it could expire,
so a renewal delayed by load or a slow round trip does not lose it."""

RELEASES_AT_ONCE = 16
"""Leases given up at once at a clean shutdown: each holds one of the Redis client's
connections, of which the client has a bounded pool."""

SCAN_EVERY = 0.5
"""Seconds between two looks for open tables that nobody owns."""

TAKEOVERS_AT_ONCE = 8
"""Tables taken over at once by one scan (each a few queries, on the store's pool of
ten connections): one after the other, the last of a dead process's tables waited for
all the others' rebuilds (bench/failover.py: a second more by the twelfth kill)."""

UNREACHABLE = (RedisError, OSError, TimeoutError)
"""What a Redis call raises when Redis does not answer (redis-py's connection and
time-out errors are RedisErrors; a renewal is also bounded by our own time-out)."""


def process_id() -> str:
    """A name for this process that no other process, here or on another machine, has."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


class Owner:
    def __init__(
        self,
        redis: Redis,
        store: Store,
        lobby: Lobby,
        *,
        process: str | None = None,
        ttl: float = LEASE_TTL,
        renew_every: float = RENEW_EVERY,
        scan_every: float = SCAN_EVERY,
    ) -> None:
        self.redis = redis
        self.store = store
        self.lobby = lobby
        self.process = process or process_id()
        self.ttl = ttl
        self.renew_every = renew_every
        self.scan_every = scan_every
        self.leases: dict[str, Lease] = {}
        self.arriving: set[str] = set()
        """Tables whose lease is taken and which are being claimed and rebuilt: not yet in
        the lobby, yet not to be given up by a renewal meanwhile."""
        self.paused: set[str] = set()
        """Tables of this lobby whose lease this process may have lost (Redis did not
        answer for a whole lease, or lost the key): paused until the lease is taken
        again (:meth:`_regain`)."""
        self._recovering: dict[str, asyncio.Task[None]] = {}
        """The paused tables being taken back (:meth:`_recover`), at most one task each."""
        self.on_lost: Callable[[TableTask], None] | None = None
        """Told of a table this process lets go because another process holds it now,
        before it stops: the router resumes the table's followers here at its new owner."""
        self._tasks: list[asyncio.Task[None]] = []
        self._renewal = Renewal(redis)
        lobby.reserve = self.reserve_new
        lobby.claim = self.claim_new
        lobby.on_fenced = self._fenced

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._every(self.renew_every, self.renew), name="cluster-renew"),
            loop.create_task(self._every(self.scan_every, self.scan), name="cluster-scan"),
        ]

    async def stop(self, *, release: bool = True) -> None:
        """Stop renewing and taking tables; with ``release`` give every lease up at once,
        so that the other processes take the tables over without waiting for expiry."""
        tasks = self._tasks + list(self._recovering.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
        if release:
            held, self.leases = self.leases, {}
            await asyncio.gather(*(self.lobby.drop(table_id) for table_id in held))
            at_once = asyncio.Semaphore(RELEASES_AT_ONCE)

            async def give_up(lease: Lease) -> None:
                async with at_once:
                    with contextlib.suppress(*UNREACHABLE):  # it expires by itself anyway
                        await lease.give_up()

            await asyncio.gather(*(give_up(lease) for lease in held.values()))

    async def _every(self, seconds: float, step: Callable[[], Awaitable[object]]) -> None:
        while True:
            try:
                await step()
            except Exception:
                log.exception("the cluster's %s failed; trying again", step.__name__)
            await asyncio.sleep(seconds)

    # Taking tables ------------------------------------------------------------------

    async def reserve_new(self, table_id: str) -> None:
        """A table this process creates: its lease, before its row is written (else
        another process's scan could find the row without a lease and take it)."""
        lease = Lease(self.redis, table_id, self.process, self.ttl)
        if not await lease.take():
            raise RuntimeError(f"the new table {table_id} already has a lease")
        self.leases[table_id] = lease
        self.arriving.add(table_id)

    async def claim_new(self, table_id: str) -> int:
        """The epoch of a table this process created (:meth:`reserve_new`), once its row
        is written."""
        try:
            return await self.store.claim(table_id)
        finally:
            # The lobby starts the table as soon as this returns, before any other task.
            self.arriving.discard(table_id)

    async def scan(self) -> list[str]:
        """Take over every open table that nobody holds; the ids taken."""
        ids = [
            table_id
            for table_id in await self.store.open_table_ids()
            # a broken table's log does not replay here either: not retried
            if table_id not in self.leases and table_id not in self.lobby.broken
        ]
        if not ids:
            return []
        # Who holds what, in one round trip: one take per table held elsewhere made
        # each scan as long as the tables of the other processes (and as costly). Only
        # the free tables' rows are read whole (reading every row twice a second, its
        # options and seating decoded, was 3 % of a busy process's CPU).
        holders = await self.redis.mget([lease_key(table_id) for table_id in ids])
        unheld = [table_id for table_id, held in zip(ids, holders, strict=True) if held is None]
        if not unheld:
            return []
        free = await self.store.open_tables(unheld)
        at_once = asyncio.Semaphore(TAKEOVERS_AT_ONCE)

        async def take_over(row: TableRow) -> bool:
            async with at_once:
                return await self._take_over(row)

        done = await asyncio.gather(*(take_over(row) for row in free))
        return [row.id for row, took in zip(free, done, strict=True) if took]

    async def _take_over(self, row: TableRow) -> bool:
        """Take one table nobody holds: its lease, a new epoch, the table from its log;
        whether it is this process's now."""
        lease = Lease(self.redis, row.id, self.process, self.ttl)
        try:
            if not await lease.take():
                return False  # another process was quicker
        except UNREACHABLE:
            metrics.redis_error("leases")
            log.warning("could not take the lease of table %s; the next scan tries again", row.id)
            return False
        self.leases[row.id] = lease
        self.arriving.add(row.id)
        try:
            epoch = await self.store.claim(row.id)
            table = await self.lobby.adopt(row, epoch)
        except Exception:
            log.exception("taking table %s over failed; giving its lease up", row.id)
            table = None
        finally:
            self.arriving.discard(row.id)
        if table is None:
            del self.leases[row.id]
            with contextlib.suppress(*UNREACHABLE):  # else it expires by itself
                await lease.give_up()
            return False
        metrics.LEASES_TAKEN_OVER.inc()
        log.info("took table %s over under epoch %d", row.id, epoch)
        return True

    # Keeping them -------------------------------------------------------------------

    async def renew(self) -> None:
        """Renew every lease, all at once (:class:`Renewal`: a script call per 500
        leases, however many tables), and keep or let go each table by the answer
        (:meth:`_keep`)."""
        held = list(self.leases.items())
        for table_id, lease in held:
            if table_id not in self.lobby.tables and table_id not in self.arriving:
                # Closed (idle) or fenced here: nobody serves it, let the lease go.
                del self.leases[table_id]
                self.paused.discard(table_id)
                with contextlib.suppress(*UNREACHABLE):  # else it expires by itself
                    await lease.give_up()
        playing = []
        for table_id, lease in held:
            if table_id in self.paused:
                self._recover_soon(table_id, lease)  # taken back, not renewed
            elif table_id in self.leases:
                playing.append((table_id, lease))
        kept: list[bool | None]
        try:
            async with asyncio.timeout(self.ttl):  # an answer after that is too late
                kept = list(await self._renewal.renew([lease for _, lease in playing]))
        except UNREACHABLE:
            metrics.redis_error("leases")
            kept = [None] * len(playing)
        for (table_id, lease), renewed in zip(playing, kept, strict=True):
            self._keep(table_id, lease, renewed)

    def _keep(self, table_id: str, lease: Lease, renewed: bool | None) -> None:
        """One lease's renewal (docs/cluster.md, "Redis away"), ``renewed`` None when
        Redis did not answer:

        - renewed: the table plays on;
        - Redis does not answer: the table plays on (its writes still carry its epoch)
          until no renewal got through for a whole lease, then it pauses;
        - the lease is not this process's any more: the table pauses and the lease is
          taken again if nobody holds it (Redis restarted empty), else let go;
        - a paused table's lease is taken again once Redis answers (:meth:`renew`).

        Pausing and taking back run in a task of their own (:meth:`_recover`): they wait
        for the table and the store, and a renewal round held up by them let the other
        tables' leases run out (bench/failover.py under load: all of a process's tables
        paused at once, twice in a row)."""
        if renewed is None:
            if lease.expired() and table_id in self.lobby.tables:
                log.warning(
                    "no renewal of table %s's lease for %.1f s; pausing it", table_id, self.ttl
                )
                self.paused.add(table_id)
                self._recover_soon(table_id, lease)
            return
        if renewed or self.leases.get(table_id) is not lease:
            return
        if table_id not in self.lobby.tables:  # still arriving: its claim fails or is fenced
            del self.leases[table_id]
            return
        self.paused.add(table_id)
        self._recover_soon(table_id, lease)

    def _recover_soon(self, table_id: str, lease: Lease) -> None:
        """Pause the table and take it back (or let it go), unless that is under way."""
        if table_id in self._recovering:
            return
        task = asyncio.get_running_loop().create_task(
            self._recover(table_id, lease), name=f"cluster-recover-{table_id}"
        )
        self._recovering[table_id] = task
        task.add_done_callback(lambda _: self._recovering.pop(table_id, None))

    async def _recover(self, table_id: str, lease: Lease) -> None:
        try:
            await self._pause(table_id)
            await self._regain(table_id, lease)
        except Exception:
            log.exception("taking table %s back failed; the next renewal tries again", table_id)

    async def _pause(self, table_id: str) -> None:
        """Stop the table's writes and clocks; answered once a write under way is done."""
        table = self.lobby.tables.get(table_id)
        if table is not None and not table.paused:
            with contextlib.suppress(TableError):
                await table.ask(Pause())

    async def _regain(self, table_id: str, lease: Lease) -> None:
        """A paused table: take its lease again and continue it under a new epoch, from
        its log; or, when another process holds the lease, let the table go."""
        try:
            taken = await lease.take() or await lease.renew()  # renew: it is still ours
        except UNREACHABLE:
            return  # still away: the table stays paused
        if not taken:
            log.warning("table %s is held by another process now; letting it go", table_id)
            await self._let_go(table_id)
            return
        table = self.lobby.tables.get(table_id)
        try:
            if table is None:
                raise RuntimeError(f"table {table_id} left the lobby while paused")
            epoch = await self.store.claim(table_id)
        except Exception:
            log.exception("taking table %s back failed; trying again", table_id)
            with contextlib.suppress(*UNREACHABLE):
                await lease.give_up()
            return
        # No renewal runs for a paused table, and a slow claim can outlast the lease
        # taken before it: renew it before the table plays on (or take it again if it
        # ran out and nobody took it; if somebody did, its claim fences this epoch).
        try:
            kept = await lease.renew() or await lease.take()
        except UNREACHABLE:
            return  # away again: the table stays paused, the next renewal tries again
        if not kept:
            log.warning("table %s was taken while it was claimed here; letting it go", table_id)
            await self._let_go(table_id)
            return
        self.paused.discard(table_id)
        with contextlib.suppress(TableError):
            await table.ask(Regain(epoch))
        log.info("took table %s back under epoch %d", table_id, epoch)

    async def _let_go(self, table_id: str) -> None:
        """Another process owns the table: stop it here; its followers here are resumed
        wherever it goes (``on_lost``)."""
        self.leases.pop(table_id, None)
        self.paused.discard(table_id)
        metrics.LEASES_LOST.inc()
        table = self.lobby.tables.get(table_id)
        if table is not None and self.on_lost is not None:
            self.on_lost(table)
        await self.lobby.drop(table_id)

    def _fenced(self, table: TableTask) -> None:
        """A write of ``table`` was refused: another process owns it. Its lease (if this
        process still thinks it has one) is no longer renewed; its followers here are
        resumed wherever it went (``on_lost``)."""
        self.leases.pop(table.id, None)
        self.paused.discard(table.id)
        metrics.LEASES_LOST.inc()
        if self.on_lost is not None:
            self.on_lost(table)
