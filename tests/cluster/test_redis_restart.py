"""A Redis restart during play (docs/cluster.md, "Redis away"), with one server process's
parts in the test process, a real PostgreSQL and a private redis-server: while Redis does
not answer the table plays on until its lease could have run out, then pauses (acts
refused with ``table_paused``, no clock runs); when Redis is back, empty, the table is
taken again under a new epoch and plays on from its log, its followers still attached
and never sent a version twice. If another process took the lease first, this one lets
the table go and hands its followers over."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

import pytest
from redis.asyncio import Redis

from kroeg.cluster.lease import holder
from kroeg.cluster.owner import Owner
from kroeg.store import Store, open_store
from kroeg.tables import commands as t
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.state import TableSettings
from kroeg.tables.task import TableTask
from tests.cluster.private_redis import PrivateRedis
from tests.cluster.test_ownership import _act, _game

TTL = 1.0  # a lease: long enough that a loaded machine never lets one run out by accident


@dataclass(eq=False)
class Follower:
    """A connection following the table: the versions of the frames it was sent."""

    player: str | None = "anna"
    versions: list[tuple[str, int]] = field(default_factory=list)

    def send(self, frame: bytes) -> None:
        sent = json.loads(frame)
        if sent["type"] in ("event", "snapshot"):
            self.versions.append((sent["type"], sent["version"]))

    def hears(self, player: str) -> bool:
        return True


@dataclass
class Process:
    redis: Redis
    store: Store
    lobby: Lobby
    owner: Owner


@pytest.fixture
async def processes(pg_url: str, private_redis: PrivateRedis) -> AsyncIterator[list[Process]]:
    made = []
    for name in ("a", "b"):
        redis = Redis.from_url(private_redis.url)
        store = await open_store(pg_url)
        lobby = Lobby(store, House(), TableSettings(house_delay=0))
        owner = Owner(redis, store, lobby, process=f"proc-{name}", ttl=TTL, renew_every=TTL / 4)
        made.append(Process(redis, store, lobby, owner))
    yield made
    for process in made:
        await process.owner.stop(release=False)
        await process.lobby.stop()
        await process.store.close()
        await process.redis.aclose()


async def _until(check: Callable[[], bool], timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.02)


async def _logged(store: Store, table: TableTask) -> list[int]:
    running = await store.running_game(table.id)
    assert running is not None
    return [entry.version for entry in await store.log(running.id)]


async def test_a_redis_restart_pauses_the_table_and_it_plays_on_from_its_log(
    processes: list[Process], private_redis: PrivateRedis
) -> None:
    a = processes[0]
    a.owner.start()
    table = await _game(a.lobby)
    follower = Follower()
    await table.ask(t.Watch(follower))
    await _act(table, "anna")
    acknowledged = [table.version]

    private_redis.stop()
    await _until(lambda: table.paused)  # a lease's time after the last renewal got through
    with pytest.raises(TableError) as refused:
        await _act(table, "anna")
    assert refused.value.code == "table_paused"
    assert table.table.deadlines == {}, "no clock runs while paused"
    await asyncio.sleep(2 * TTL)  # Redis away for some three leases
    assert (table.paused, table.epoch) == (True, 1)

    private_redis.start()  # empty: every lease is gone
    await _until(lambda: 0 in table.table.deadlines)  # Anna's clock runs again
    assert (table.paused, table.epoch) == (False, 2)
    assert a.lobby.tables[table.id] is table, "the same table plays on, its followers with it"
    assert await holder(a.redis, table.id) == "proc-a"
    await _act(table, "anna")
    acknowledged.append(table.version)

    logged = await _logged(a.store, table)
    assert logged == sorted(set(logged)) and set(acknowledged) <= set(logged)
    events = [version for kind, version in follower.versions if kind == "event"]
    assert events == sorted(set(events)), "no version repeated or going backwards"
    assert events[-1] == table.version


async def test_a_table_another_process_took_first_is_let_go_and_its_followers_handed_over(
    processes: list[Process], private_redis: PrivateRedis
) -> None:
    a, b = processes
    lost: list[TableTask] = []
    a.owner.on_lost = lost.append
    table = await _game(a.lobby)
    version = table.version

    private_redis.stop()
    await asyncio.sleep(TTL)
    await a.owner.renew()  # no renewal for a whole lease: paused
    await _until(lambda: table.paused)
    await asyncio.sleep(0.1)  # a tries to take the lease back while Redis is away
    private_redis.start()
    assert await b.owner.scan() == [table.id], "b's scan finds it free first"
    await a.owner.renew()  # a's lease is b's now: a lets the table go
    await _until(lambda: table.task is not None and table.task.done())  # stopped here
    assert lost == [table] and table.id not in a.lobby.tables and table.id not in a.owner.leases
    taken = b.lobby.tables[table.id]
    assert taken.epoch == 2 and taken.version == version
    await _act(taken, "anna")
    assert await _logged(b.store, taken) == sorted(await _logged(b.store, taken))


async def test_a_claim_slower_than_the_lease_renews_the_lease_before_the_table_plays_on(
    processes: list[Process], private_redis: PrivateRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No renewal runs while a table is paused, so the lease taken back before the
    claim ran out during a claim slower than a lease (a loaded CI machine) and the table
    played on with nobody's lease, to be paused again at the next renewal."""
    a = processes[0]
    a.owner.start()
    table = await _game(a.lobby)
    private_redis.stop()
    await _until(lambda: table.paused)

    claim = a.store.claim

    async def slow_claim(table_id: str) -> int:
        await asyncio.sleep(2 * TTL)
        return await claim(table_id)

    monkeypatch.setattr(a.store, "claim", slow_claim)
    private_redis.start()
    await _until(lambda: not table.paused)
    assert await holder(a.redis, table.id) == "proc-a"
    assert table.epoch == 2
