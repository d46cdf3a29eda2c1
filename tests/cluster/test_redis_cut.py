"""Recovery after one process's Redis connection comes back (issue 31, point 3;
docs/cluster.md, "Redis away", "Its connections").

Process ``a`` reaches Redis through a TCP proxy that the test cuts for a few seconds
(every connection dropped, new ones refused); process ``b`` reaches it directly. Redis
stays up. Checked, with both processes' parts in this test process on a real PostgreSQL
and Redis:

- a move sent through ``a`` while it is cut off gets an ``error`` (``table_unreachable``),
  never silence;
- once ``a``'s connection is back, ``a``'s connection following ``b``'s table is sent the
  versions it missed, without sending anything itself, and hears the table's channel
  again (resubscribed);
- ``b``'s connection following ``a``'s table is sent the versions ``a`` published while
  cut off (``a`` tells ``b`` to resume its followers).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from redis.asyncio import Redis

from kroeg.cluster.owner import Owner
from kroeg.cluster.routing import CHANNEL, Router
from kroeg.cluster.tables import ClusterTables
from kroeg.store import open_store
from kroeg.tables import protocol as m
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.state import TableSettings
from kroeg.tables.task import TableTask
from tests.cluster.redis_proxy import RedisProxy
from tests.cluster.test_lossy_fanout import Seen
from tests.cluster.test_ownership import _act, _game

CUT = 3.0
"""Seconds ``a`` is cut off from Redis."""


@dataclass
class Two:
    a: ClusterTables
    b: ClusterTables
    proxy: RedisProxy


@pytest.fixture
async def two(pg_url: str, redis: Redis) -> AsyncIterator[Two]:
    """``a`` through the proxy, ``b`` directly; each owns the tables it creates (leases
    of a minute, never renewed: nothing here pauses a table)."""
    proxy = RedisProxy()
    await proxy.restore()
    through = Redis.from_url(proxy.url)
    store = await open_store(pg_url)
    lobbies = [Lobby(store, House(), TableSettings(house_delay=0)) for _ in range(2)]
    routers = []
    for name, client, lobby in (("cut-a", through, lobbies[0]), ("cut-b", redis, lobbies[1])):
        Owner(client, store, lobby, process=name, ttl=60.0, renew_every=60.0)  # not started
        routers.append(Router(client, name, lobby))
    for router in routers:
        router.start()
    yield Two(ClusterTables(lobbies[0], routers[0]), ClusterTables(lobbies[1], routers[1]), proxy)
    if not proxy.listening:
        await proxy.restore()  # a test that failed while cut: let the routers stop cleanly
    for router in routers:
        await router.stop()
    for lobby in lobbies:
        await lobby.stop()
    await store.close()
    await through.aclose()
    await proxy.cut()
    await redis.delete("kroeg:proc:cut-a", "kroeg:proc:cut-b")


def _versions(sink: Seen, table: str) -> list[int]:
    return [
        f["version"]
        for f in sink.frames
        if f.get("table") == table and f.get("type") in ("snapshot", "event")
    ]


async def _caught_up(sink: Seen, table: TableTask, timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not _versions(sink, table.id) or _versions(sink, table.id)[-1] != table.version:
            await asyncio.sleep(0.02)


def _contiguous(versions: list[int]) -> bool:
    """Each version after the first is the next one: none missed, none twice."""
    return all(later == earlier + 1 for earlier, later in itertools.pairwise(versions))


async def _plays(table: TableTask, times: int) -> None:
    """Anna plays ``times`` moves at the table's owner (the house answers at once)."""
    for _ in range(times):
        async with asyncio.timeout(10):
            while 0 not in table.game.to_act(table.state):
                await asyncio.sleep(0.01)
        await _act(table, "anna")


async def test_a_cut_off_process_errs_its_moves_then_catches_its_followers_up(
    two: Two, redis: Redis
) -> None:
    table = await _game(two.b.lobby)  # b's; Anna at seat 0, her turn
    anna = Seen()  # Anna's connection to a
    await two.a.watch(m.Watch(table=table.id), anna)
    await _caught_up(anna, table)

    await two.proxy.cut()
    legal = table.game.legal(table.state, 0)[0]
    move = m.Act(table=table.id, version=table.version, action=table.game.action_json(legal))
    two.a.tell(move, anna)
    async with asyncio.timeout(10):  # never silence
        while not anna.errors:
            await asyncio.sleep(0.02)
    assert anna.errors[0][0] == "table_unreachable"
    before = table.version
    await _plays(table, 2)  # at b, while a hears nothing
    assert table.version > before
    await asyncio.sleep(CUT)
    await two.proxy.restore()

    await _caught_up(anna, table)  # without a message from Anna: a resumed her
    async with asyncio.timeout(10):  # and listens to the table's channel again
        while (await redis.pubsub_numsub(CHANNEL + table.id))[0][1] < 1:
            await asyncio.sleep(0.05)
    await _plays(table, 1)
    await _caught_up(anna, table)
    assert _contiguous(_versions(anna, table.id)), _versions(anna, table.id)


async def test_what_a_cut_off_owner_published_reaches_the_other_processs_followers(
    two: Two,
) -> None:
    table = await _game(two.a.lobby)  # a's, through the proxy
    anna = Seen()  # Anna's connection to b
    await two.b.watch(m.Watch(table=table.id), anna)
    await _caught_up(anna, table)

    await two.proxy.cut()
    await _plays(table, 2)  # a writes to PostgreSQL, but publishes nothing
    await asyncio.sleep(0.5)
    assert _versions(anna, table.id)[-1] < table.version, "b heard nothing meanwhile"
    await asyncio.sleep(CUT)
    await two.proxy.restore()

    await _caught_up(anna, table)
    assert _contiguous(_versions(anna, table.id)), _versions(anna, table.id)
