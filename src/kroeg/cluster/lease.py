"""A table's lease in Redis: who may own the table now (docs/cluster.md).

redis-py's :class:`~redis.asyncio.lock.Lock`, nothing home-made: taken with
``SET key token NX PX ttl`` (the token is the process's id, so anyone can read who owns
the table), renewed with the lock's compare-and-extend script, which extends it only
while the key still holds this process's token. A lease proves the right to take a table
over, not to write: the fencing epoch the store issues at the takeover does that
(:meth:`kroeg.store.Store.claim`), so a process that was paused past its lease and
still believes it owns the table is refused at its next write.
"""

from __future__ import annotations

import contextlib
import time

from redis.asyncio import Redis
from redis.asyncio.lock import Lock
from redis.exceptions import LockError

PREFIX = "kroeg:lease:"


def lease_key(table_id: str) -> str:
    return PREFIX + table_id


class Lease:
    """This process's lease on one table."""

    def __init__(self, redis: Redis, table_id: str, process: str, ttl: float) -> None:
        self.table_id = table_id
        self.process = process
        self.ttl = ttl
        self._lock = Lock(
            redis, lease_key(table_id), timeout=ttl, blocking=False, thread_local=False
        )
        self.confirmed = time.monotonic()
        """When (monotonic) the last take or renewal that succeeded was sent: the lease
        lasts at least until ``confirmed + ttl``, and perhaps no longer."""

    def expired(self) -> bool:
        """Whether the lease may have run out in Redis (no renewal got through for a
        whole ``ttl``)."""
        return time.monotonic() - self.confirmed >= self.ttl

    async def take(self) -> bool:
        """Take the lease if nobody holds it; whether this process holds it now."""
        sent = time.monotonic()
        taken = bool(await self._lock.acquire(blocking=False, token=self.process))
        if taken:
            self.confirmed = sent
        return taken

    async def renew(self) -> bool:
        """Extend the lease to a full ``ttl`` again; False when it is no longer this
        process's (it expired, and maybe another process took it). Raises the client's
        error when Redis cannot be reached."""
        sent = time.monotonic()
        try:
            await self._lock.extend(self.ttl, replace_ttl=True)
        except LockError:
            return False
        self.confirmed = sent
        return True

    async def give_up(self) -> None:
        """Let the lease go at once (a table closed, or a clean shutdown), if still held."""
        with contextlib.suppress(LockError):
            await self._lock.release()


async def holder(redis: Redis, table_id: str) -> str | None:
    """The process that holds the table's lease, or None."""
    value = await redis.get(lease_key(table_id))
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)
