"""The "Speel nu" queue shared by the processes of a cluster (docs/cluster.md, "Speel
nu"): its lines and its matched people's answers are one JSON value in Redis,
``kroeg:quick``, so a person may join through one process, be asked after through another
and leave through a third.

Each change is one optimistic transaction (``WATCH``, read, the pure step of
:class:`kroeg.tables.quick.QuickQueue`, ``MULTI``/``EXEC``; redis-py's pipeline): when
another process changed the value meanwhile, ``EXEC`` does nothing and the step runs again
on the new value. So two processes that look at a due line at the same moment match its
group once: one of them takes it out of the line, the other finds it gone. A step that
changed nothing writes nothing (most of the waiting clients' polls). The value expires
:data:`KEEP` seconds after its last change, so a queue nobody asks after goes away.

Redis away: the change is refused with ``queue_unreachable`` (503, ``Retry-After``); a
waiting client asks again by itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar

from redis.asyncio import Redis
from redis.exceptions import RedisError, WatchError

from kroeg.tables.errors import TableError
from kroeg.tables.quick import QuickQueue

KEY = "kroeg:quick"
KEEP = 3600
"""Seconds the queue's value outlives its last change."""

T = TypeVar("T")

UNREACHABLE = "the Speel nu queue cannot be reached just now; try again in a moment"


class RedisQuickLines:
    """A :class:`kroeg.tables.quick.QuickLines` in Redis."""

    def __init__(self, redis: Redis, seconds: float, key: str = KEY) -> None:
        self.redis = redis
        self.seconds = seconds
        self.key = key
        self._empty = _text(QuickQueue(seconds))

    async def change(self, step: Callable[[QuickQueue], T]) -> T:
        try:
            return await self._change(step)
        except (RedisError, OSError) as e:
            raise TableError("queue_unreachable", UNREACHABLE, retry_after=1) from e

    async def _change(self, step: Callable[[QuickQueue], T]) -> T:
        async with self.redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(self.key)
                    raw = await pipe.get(self.key)
                    before = raw.decode() if isinstance(raw, bytes) else raw or self._empty
                    queue = QuickQueue.from_json(self.seconds, json.loads(before))
                    answer = step(queue)
                    after = _text(queue)
                    if after != before:  # else the pipeline's end lets go of the watch
                        pipe.multi()  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
                        pipe.set(self.key, after, ex=KEEP)
                        await pipe.execute()
                    return answer
                except WatchError:
                    continue  # another process changed the queue: the step again, on it


def _text(queue: QuickQueue) -> str:
    return json.dumps(queue.json(), separators=(",", ":"))
