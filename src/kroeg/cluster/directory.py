"""The lobby as every process sees it (docs/cluster.md, "Lobby and presence"): which
public tables are open and who is online come from the database and Redis, not from the
memory of the one process that answers.

Each process publishes, at every renewal, the lobby summary of each public table it owns
(one field of the hash ``kroeg:lobby`` per table) whose lobby face changed since it last
sent it, and every table's at every :data:`FULL_EVERY`-th publish, and the players
connected to it (the
set ``kroeg:online:<process>``, which expires unless refreshed, listed in the sorted set
``kroeg:processes`` by the time of its last refresh). A reader takes the open public
tables from the database, each with the newest summary Redis holds of it (a table being
taken over keeps its last one), and as online everyone in the set of a live process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from redis.asyncio import Redis

from kroeg.store import Store
from kroeg.tables.lobby import Lobby

log = logging.getLogger(__name__)

LOBBY = "kroeg:lobby"
PROCESSES = "kroeg:processes"

FULL_EVERY = 10
"""Every this many publishes, every table's summary is sent whether it changed or not: a
Redis that came back empty, or a summary another process wrote over, is whole again
within that many renewals, and a summary's ``version`` is at most that old. In between
only the tables whose lobby face (the summary but its ``version``, which moves with every
card) changed are sent: at 500 busy tables that was a JSON encoding and a hash field per
table every 0.6 s, about 5 % of a process's CPU."""


def online_key(process: str) -> str:
    return f"kroeg:online:{process}"


class Directory:
    def __init__(
        self,
        redis: Redis,
        store: Store,
        lobby: Lobby,
        process: str,
        connected: Callable[[], Iterable[str | None]],
        *,
        ttl: float,
    ) -> None:
        self.redis = redis
        self.store = store
        self.lobby = lobby
        self.process = process
        self.connected = connected
        """The players with a connection to this process (None: not yet known)."""
        self.ttl = ttl
        """Seconds a process's presence lasts unless it publishes again."""
        self._published: set[str] = set()
        self._sent: dict[str, tuple[object, dict[str, Any]]] = {}
        """Per table the task that was published and its lobby face then; a table taken
        over again is a new task, so it is sent again."""
        self._publishes = 0
        self._task: asyncio.Task[None] | None = None

    def start(self, every: float) -> None:
        self._task = asyncio.get_running_loop().create_task(
            self._every(every), name="cluster-directory"
        )

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.withdraw()

    async def _every(self, seconds: float) -> None:
        while True:
            try:
                await self.publish()
            except Exception:
                log.exception("publishing the lobby failed; trying again")
            await asyncio.sleep(seconds)

    async def publish(self) -> None:
        """This process's public tables and connected players, for every process to read."""
        full = self._publishes % FULL_EVERY == 0
        self._publishes += 1
        tables: dict[str, str] = {}
        sent: dict[str, tuple[object, dict[str, Any]]] = {}
        for table_id, table in self.lobby.tables.items():
            if table.config.private or table.table.deserted:  # as Lobby.listed
                continue
            summary = table.summary()
            face = {k: v for k, v in summary.items() if k != "version"}
            sent[table_id] = (table, face)
            if full or self._sent.get(table_id) != (table, face):
                tables[table_id] = json.dumps(summary)
        gone = self._published - sent.keys()
        players = {p for p in self.connected() if p is not None}
        key = online_key(self.process)
        async with self.redis.pipeline(transaction=False) as pipe:
            if tables:
                pipe.hset(LOBBY, mapping=tables)  # type: ignore[arg-type]
            if gone:
                pipe.hdel(LOBBY, *gone)
            pipe.delete(key)
            if players:
                pipe.sadd(key, *players)
            pipe.pexpire(key, int(self.ttl * 1000))
            pipe.zadd(PROCESSES, {self.process: time.time()})
            pipe.zremrangebyscore(PROCESSES, "-inf", time.time() - 10 * self.ttl)
            await pipe.execute()
        self._published = set(sent)
        self._sent = sent

    async def withdraw(self) -> None:
        """At a clean stop: this process's presence ends at once (its tables' summaries
        stay for their next owner to replace)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.delete(online_key(self.process))
            pipe.zrem(PROCESSES, self.process)
            await pipe.execute()

    async def listed(self) -> list[dict[str, Any]]:
        """The open public tables of the database, each as its owner last published it;
        one no process has published yet (created a moment ago) is left out."""
        rows = [row for row in await self.store.open_tables() if not row.private]
        if not rows:
            return []
        found = await self.redis.hmget(LOBBY, [row.id for row in rows])
        listed = []
        for row, summary in zip(rows, found, strict=True):
            here = self.lobby.tables.get(row.id)
            if here is not None:
                listed.append(here.summary())  # owned here: as it is now
            elif summary is not None:
                listed.append(json.loads(summary))
        return listed

    async def where(self, player: str) -> list[str]:
        """The other live processes the player is connected to (as they last published)."""
        live = await self.redis.zrangebyscore(PROCESSES, time.time() - self.ttl, "+inf")
        others = [p for p in map(_text, live) if p != self.process]
        if not others:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for process in others:
                pipe.sismember(online_key(process), player)
            found = await pipe.execute()
        return [process for process, there in zip(others, found, strict=True) if there]

    async def online(self) -> set[str]:
        """The players connected to any live process."""
        live = await self.redis.zrangebyscore(PROCESSES, time.time() - self.ttl, "+inf")
        if not live:
            return set()
        members = await self.redis.sunion([online_key(_text(p)) for p in live])
        return {_text(m) for m in members}


def _text(value: object) -> str:
    """A Redis reply as text (the client returns bytes)."""
    return value.decode() if isinstance(value, bytes) else str(value)
