"""A table's lease in Redis: who may own the table now (docs/cluster.md).

redis-py's :class:`~redis.asyncio.lock.Lock`: taken with ``SET key token NX PX ttl``
(the token is the process's id, so anyone can read who owns the table), renewed with the
lock's compare-and-extend script, which extends it only while the key still holds this
process's token. A process renews all its leases at once with the same compare and
extend, for many keys in one script call (:class:`Renewal`): one round trip per lease
was a thousand a second for a thousand tables, and on a saturated process the renewals
fell behind their expiry (bench/load.py at 1,000 tables). A lease proves the right to take a table
over, not to write: the fencing epoch the store issues at the takeover does that
(:meth:`kroeg.store.Store.claim`), so a process that was paused past its lease and
still believes it owns the table is refused at its next write.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from redis.asyncio import Redis
from redis.asyncio.lock import Lock
from redis.commands.core import AsyncScript
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


RENEW_ALL = """
local kept = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    kept[i] = 1
  else
    kept[i] = 0
  end
end
return kept
"""
"""Lock.extend's check for many keys: extend each key that still holds this process's
token (``ARGV[1]``) to a full ttl (``ARGV[2]`` ms); 1 for each renewed, 0 for each that
is not this process's any more."""

RENEWED_PER_CALL = 500
"""Keys per script call: Redis runs a script alone, so a bounded call keeps every other
client's wait short (500 keys take well under a millisecond)."""


class Renewal:
    """One process's leases renewed together, one script call per :data:`RENEWED_PER_CALL`."""

    def __init__(self, redis: Redis) -> None:
        self._script: AsyncScript = redis.register_script(RENEW_ALL)

    async def renew(self, leases: list[Lease]) -> list[bool]:
        """Extend each of ``leases`` (all of one process, with one ttl) to a full ttl
        again: for each, whether it is still this process's (as :meth:`Lease.renew`).
        Raises the client's error when Redis cannot be reached."""
        if not leases:
            return []
        process, ttl = leases[0].process, leases[0].ttl
        if any(lease.process != process or lease.ttl != ttl for lease in leases):
            raise ValueError("one renewal renews the leases of one process with one ttl")
        sent = time.monotonic()
        calls = [leases[i : i + RENEWED_PER_CALL] for i in range(0, len(leases), RENEWED_PER_CALL)]
        answers = await asyncio.gather(
            *(
                self._script(
                    keys=[lease_key(lease.table_id) for lease in call],
                    args=[process, int(ttl * 1000)],
                )
                for call in calls
            )
        )
        kept = [bool(answer) for call_answers in answers for answer in call_answers]
        for lease, renewed in zip(leases, kept, strict=True):
            if renewed:
                lease.confirmed = sent
        return kept


async def holder(redis: Redis, table_id: str) -> str | None:
    """The process that holds the table's lease, or None."""
    value = await redis.get(lease_key(table_id))
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)
