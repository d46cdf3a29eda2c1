"""Correctness never depends on the fan-out delivering every message (issue 20, point 3;
docs/cluster.md, "Fan-out"): a connection follows a table owned by another process
while the table's channel messages are dropped on purpose (every third); a client that
keeps the version rule of docs/protocol.md (a version that is not the next one: send
``resume`` with the last one applied, as src/kroeg/web/table.js does) ends with every
version, in order, with the events the owner's own connection of the same player got.

Both processes' parts run in this test process, on a real PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis

from kroeg.cluster.owner import Owner
from kroeg.cluster.routing import Router
from kroeg.store import open_store
from kroeg.tables import protocol as m
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.state import TableSettings
from tests.cluster.test_ownership import _game


class Seen:
    """A connection as a table's listener or the router's sink: Anna's frames."""

    player: str | None = "anna"
    name: str | None = "Anna"
    account: str | None = None

    def __init__(self) -> None:
        self.ignored: frozenset[str] = frozenset()
        self.tables: set[str] = set()
        self.frames: list[dict[str, Any]] = []
        self.errors: list[tuple[str, str]] = []
        self.arrived = asyncio.Event()

    def send(self, frame: bytes) -> None:
        self.frames.append(json.loads(frame))
        self.arrived.set()

    def error(self, code: str, message: str, **extra: Any) -> None:
        self.errors.append((code, message))

    def hears(self, player: str) -> bool:
        return True


class Client:
    """The version rule of docs/protocol.md over a router: apply the next version only,
    and after a gap ``resume`` from the last one applied."""

    def __init__(self, router: Router, sink: Seen, table: str) -> None:
        self.router, self.sink, self.table = router, sink, table
        self.version: int | None = None
        self.applied: dict[int, list[Any]] = {}
        self.resumes = 0
        self._read = 0

    async def catch_up(self) -> None:
        """Apply what arrived; resume after a gap."""
        gap = False
        for frame in self.sink.frames[self._read :]:
            if frame.get("table") != self.table:
                continue
            if frame["type"] == "snapshot":
                self.version = frame["version"]
            elif frame["type"] == "event":
                assert self.version is not None
                if frame["version"] == self.version + 1:
                    self.version = frame["version"]
                    self.applied[self.version] = frame["events"]
                elif frame["version"] > self.version + 1:
                    gap = True
        self._read = len(self.sink.frames)
        if gap:
            self.resumes += 1
            assert self.version is not None
            await self.router.forward(m.Resume(table=self.table, version=self.version), self.sink)


@pytest.fixture
async def owner_and_router(pg_url: str, redis: Redis) -> AsyncIterator[tuple[Lobby, Router]]:
    store = await open_store(pg_url)
    lobby = Lobby(store, House(), TableSettings(house_delay=0))
    owner = Owner(redis, store, lobby, process="lossy-a", ttl=5.0, renew_every=1.0)
    elsewhere = Lobby(store, House(), TableSettings(house_delay=0))  # owns nothing
    routers = [Router(redis, "lossy-a", lobby), Router(redis, "lossy-b", elsewhere)]
    for router in routers:
        router.start()
    owner.start()
    yield lobby, routers[1]
    for router in routers:
        await router.stop()
    await owner.stop(release=True)
    await lobby.stop()
    await store.close()
    await redis.delete("kroeg:proc:lossy-a", "kroeg:proc:lossy-b")


async def test_dropped_frames_are_repaired_by_versions_and_resume(
    owner_and_router: tuple[Lobby, Router],
) -> None:
    lobby, router = owner_and_router
    table = await _game(lobby)  # owned here; Anna at seat 0, her turn
    at_owner = Seen()  # Anna's connection to the owner: the reference
    await m.carry_out(table, at_owner, m.Who("anna", "Anna"), m.Watch(table=table.id))

    batches = itertools.count()
    deliver = router._hear

    def lossy(table_id: str, data: bytes) -> None:  # every third publication is lost
        if next(batches) % 3 == 1:
            return
        deliver(table_id, data)

    router._hear = lossy  # type: ignore[method-assign]
    far = Seen()
    client = Client(router, far, table.id)
    assert (await router.forward(m.Watch(table=table.id), far))[1] is True
    for _ in range(12):  # Anna plays through the other process
        async with asyncio.timeout(10):
            while 0 not in table.game.to_act(table.state) and table.running:
                await asyncio.sleep(0.01)
        if not table.running:
            break
        legal = table.game.legal(table.state, 0)
        action = table.game.action_json(legal[0])
        await router.forward(m.Act(table=table.id, version=table.version, action=action), far)
        await asyncio.sleep(0.05)
        await client.catch_up()
    router._hear = deliver  # type: ignore[method-assign]
    async with asyncio.timeout(10):  # the last gap's resume, delivered
        while client.version != table.version:
            far.arrived.clear()
            await client.catch_up()
            if client.version != table.version:
                with_gap = client.version
                await router.forward(m.Resume(table=table.id, version=with_gap or 0), far)
                await far.arrived.wait()

    assert next(batches) > 3 and client.resumes >= 1, "frames were lost and repaired"
    reference = {
        f["version"]: f["events"]
        for f in at_owner.frames
        if f.get("type") == "event" and f["table"] == table.id
    }
    first = min(client.applied)
    assert sorted(client.applied) == list(range(first, table.version + 1)), "no version missing"
    for version, events in client.applied.items():
        assert events == reference[version], f"version {version} as the owner sent it"
    assert far.errors == []
