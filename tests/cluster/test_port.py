"""The Tables port (issue 31, point 1; docs/cluster.md, "The Tables port"): a process asks
a table by its id and gets the same answer whether it holds the table or another process
does; a table no process holds is ``unknown_table`` from every process alike, a table
between two owners ``table_moving`` with ``retry_after``, which REST answers as 503 with
``Retry-After``.

Both processes' parts run in this test process, on a real PostgreSQL and Redis; nothing
scans for tables without a lease, so "between two owners" lasts as long as the test
wants."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis

from kroeg.cluster.lease import lease_key
from kroeg.cluster.owner import Owner
from kroeg.cluster.routing import Router
from kroeg.cluster.tables import ClusterTables
from kroeg.errors import Refusal
from kroeg.server.refusals import answer
from kroeg.store import open_store
from kroeg.tables import protocol as m
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.port import LocalTables
from kroeg.tables.state import TableSettings
from tests.cluster.test_lossy_fanout import Seen

ANNA = m.Who("anna", "Anna")


@pytest.fixture
async def two(pg_url: str, redis: Redis) -> AsyncIterator[tuple[ClusterTables, ClusterTables]]:
    """Two processes' ports on one store: ``a`` creates tables (and holds their leases,
    taken for a minute), ``b`` holds none."""
    store = await open_store(pg_url)
    lobbies = [Lobby(store, House(), TableSettings(house_delay=0)) for _ in range(2)]
    Owner(redis, store, lobbies[0], process="port-a", ttl=60.0, renew_every=60.0)  # never started
    routers = [Router(redis, f"port-{p}", lobby) for p, lobby in zip("ab", lobbies, strict=True)]
    for router in routers:
        router.start()
    yield ClusterTables(lobbies[0], routers[0]), ClusterTables(lobbies[1], routers[1])
    for router in routers:
        await router.stop()
    for lobby in lobbies:
        await lobby.stop()
    await store.close()
    await redis.delete("kroeg:proc:port-a", "kroeg:proc:port-b")


async def _refusal(tables: Any, request: Any) -> Refusal:
    with pytest.raises(Refusal) as refused:
        await tables.ask(request, ANNA)
    return refused.value


async def test_a_table_answers_alike_from_its_owner_and_from_another_process(
    two: tuple[ClusterTables, ClusterTables],
) -> None:
    a, b = two
    table = await a.lobby.create("toepen", "kroegregels", creator="host")
    look = m.Look(table=table.id)
    assert await b.ask(look) == await a.ask(look) == table.summary()

    sat = await b.ask(m.Sit(table=table.id, seat=2), ANNA)  # REST's sit: nobody follows
    assert sat["players"][2]["name"] == "Anna" and table.seat_of("anna") == 2
    assert not table.listeners, "a sit without a connection follows nothing"
    # Toepen has no teams, and no game has been played yet.
    seating: dict[str, Any] = {"game": "toepen", "variant": "kroegregels"}
    seating |= {"seats": [None, None, "anna", None], "waiting": [], "teams": [], "over": False}
    assert await b.ask(m.Seating(table=table.id)) == seating
    assert await a.ask(m.Seating(table=table.id)) == seating
    refused = await _refusal(b, m.Sit(table=table.id, seat=2))
    assert refused.code == "already_seated"
    assert (await _refusal(a, m.Sit(table=table.id, seat=2))).code == "already_seated"
    stood = await b.ask(m.Stand(table=table.id), ANNA)
    assert table.seat_of("anna") is None and stood["players"][2]["name"] != "Anna"


async def test_a_connection_follows_a_table_elsewhere_through_the_port(
    two: tuple[ClusterTables, ClusterTables],
) -> None:
    a, b = two
    table = await a.lobby.create("toepen", "kroegregels", creator="host")
    anna = Seen()
    await b.ask(m.Sit(table=table.id, seat=0), sink=anna)
    assert anna.tables == {table.id}
    snapshot = next(f for f in anna.frames if f["type"] == "snapshot")
    assert snapshot["you"] == 0 and snapshot["table"] == table.id
    await b.unwatch(table.id, anna)
    assert anna.tables == set()
    b.tell(m.Act(table="0badcafe", version=0, action=["play", "7h"]), anna)  # no such table
    async with asyncio.timeout(5):  # a told move's refusal comes back as an error
        while not anna.errors:
            await asyncio.sleep(0.01)
    assert anna.errors[0][0] == "unknown_table"


async def test_no_process_holds_it_unknown_table_from_every_process(
    two: tuple[ClusterTables, ClusterTables],
) -> None:
    a, b = two
    alone = LocalTables(a.lobby)
    for tables in (a, b, alone):
        refused = await _refusal(tables, m.Look(table="0badcafe"))
        assert refused.code == "unknown_table" and refused.params["table"] == "0badcafe"
        with pytest.raises(Refusal) as unwatched:  # a connection's unwatch too
            await tables.ask(m.Unwatch(table="0badcafe"), sink=Seen())
        assert unwatched.value.code == "unknown_table"


async def test_between_two_owners_table_moving_with_retry_after_from_every_process(
    two: tuple[ClusterTables, ClusterTables], redis: Redis
) -> None:
    a, b = two
    table = await a.lobby.create("toepen", "kroegregels", creator="host")
    await a.lobby.drop(table.id)  # a lets it go; its row stays open, nobody took it yet
    await redis.delete(lease_key(table.id))
    for tables in (a, b):
        for request in (m.Look(table=table.id), m.Sit(table=table.id, seat=0)):
            refused = await _refusal(tables, request)
            assert refused.code == "table_moving" and refused.params["retry_after"] == 1

    response = await answer(None, refused)  # type: ignore[arg-type]
    assert response.status_code == 503 and response.headers["Retry-After"] == "1"
    assert json.loads(bytes(response.body))["detail"]["code"] == "table_moving"
