"""A table's lease (docs/cluster.md) on a real Redis: one holder at a time, renewed only
by its holder, free again once it expires or is given up."""

from __future__ import annotations

import asyncio
import secrets

from redis.asyncio import Redis

from kroeg.cluster.lease import Lease, holder


async def test_one_process_holds_a_lease_and_only_it_renews_it(redis: Redis) -> None:
    table = "lease-" + secrets.token_hex(4)
    # A second's lease and 0.6 s steps: 0.4 s to spare for a loaded machine either way.
    a = Lease(redis, table, "proc-a", ttl=1.0)
    b = Lease(redis, table, "proc-b", ttl=1.0)
    assert await a.take()
    assert not await b.take()
    assert await holder(redis, table) == "proc-a"
    assert not await b.renew()  # not b's to renew
    await asyncio.sleep(0.6)
    assert await a.renew()  # a full ttl again from now
    await asyncio.sleep(0.6)
    assert not await b.take(), "renewed: 1.2 s after taking, 0.6 s after renewing"
    await asyncio.sleep(0.6)
    assert await b.take(), "expired: nobody renewed it for a whole ttl"
    assert await holder(redis, table) == "proc-b"
    assert not await a.renew(), "a's lease is gone: a must let the table go"
    await b.give_up()
    assert await holder(redis, table) is None


async def test_giving_up_a_lost_lease_leaves_the_new_holder_alone(redis: Redis) -> None:
    table = "lease-" + secrets.token_hex(4)
    a = Lease(redis, table, "proc-a", ttl=0.1)
    assert await a.take()
    await asyncio.sleep(0.15)
    b = Lease(redis, table, "proc-b", ttl=5.0)
    assert await b.take()
    await a.give_up()
    assert await holder(redis, table) == "proc-b"
    await b.give_up()
