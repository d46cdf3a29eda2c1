"""A table's lease (docs/cluster.md) on a real Redis: one holder at a time, renewed only
by its holder, free again once it expires or is given up."""

from __future__ import annotations

import asyncio
import secrets

import pytest
from redis.asyncio import Redis

from kroeg.cluster.lease import RENEWED_PER_CALL, Lease, Renewal, holder, lease_key

# Names of this module's own: test_ownership's teardown removes every lease that proc-a
# or proc-b holds, and ran on another worker while these tests held theirs.
A = "lease-test-a-" + secrets.token_hex(3)
B = "lease-test-b-" + secrets.token_hex(3)


async def test_one_process_holds_a_lease_and_only_it_renews_it(redis: Redis) -> None:
    table = "lease-" + secrets.token_hex(4)
    # A second's lease and 0.6 s steps: 0.4 s to spare for a loaded machine either way.
    a = Lease(redis, table, A, ttl=1.0)
    b = Lease(redis, table, B, ttl=1.0)
    assert await a.take()
    assert not await b.take()
    assert await holder(redis, table) == A
    assert not await b.renew()  # not b's to renew
    await asyncio.sleep(0.6)
    assert await a.renew()  # a full ttl again from now
    await asyncio.sleep(0.6)
    assert not await b.take(), "renewed: 1.2 s after taking, 0.6 s after renewing"
    await asyncio.sleep(0.6)
    assert await b.take(), "expired: nobody renewed it for a whole ttl"
    assert await holder(redis, table) == B
    assert not await a.renew(), "a's lease is gone: a must let the table go"
    await b.give_up()
    assert await holder(redis, table) is None


async def test_giving_up_a_lost_lease_leaves_the_new_holder_alone(redis: Redis) -> None:
    table = "lease-" + secrets.token_hex(4)
    a = Lease(redis, table, A, ttl=0.1)
    assert await a.take()
    await asyncio.sleep(0.15)
    b = Lease(redis, table, B, ttl=5.0)
    assert await b.take()
    await a.give_up()
    assert await holder(redis, table) == B
    await b.give_up()


async def test_one_renewal_extends_the_leases_still_held_and_reports_the_others(
    redis: Redis,
) -> None:
    tables = ["lease-" + secrets.token_hex(4) for _ in range(4)]
    mine = [Lease(redis, table, A, ttl=1.0) for table in tables]
    assert await mine[0].take() and await mine[1].take()
    theirs = Lease(redis, tables[2], B, ttl=5.0)
    assert await theirs.take()  # tables[3]: nobody's (expired, or Redis lost it)
    await asyncio.sleep(0.5)
    before = mine[0].confirmed

    kept = await Renewal(redis).renew(mine)

    assert kept == [True, True, False, False]
    assert mine[0].confirmed > before and mine[1].confirmed > before
    for table in tables[:2]:
        assert 900 < await redis.pttl(lease_key(table)) <= 1000, "a full ttl again"
    assert await holder(redis, tables[2]) == B, "another's lease is left alone"
    assert await redis.pttl(lease_key(tables[2])) > 4000
    assert await holder(redis, tables[3]) is None, "a lost lease is not taken by renewing"
    for lease in (*mine[:2], theirs):
        await lease.give_up()


async def test_more_leases_than_one_call_holds_are_renewed_in_several_calls(
    redis: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = ["lease-" + secrets.token_hex(4) for _ in range(RENEWED_PER_CALL + 3)]
    leases = [Lease(redis, table, A, ttl=5.0) for table in tables]
    assert all([await lease.take() for lease in leases])
    renewal = Renewal(redis)
    script = renewal._script
    sizes: list[int] = []

    async def counted(*, keys: list[str], args: list[str | int]) -> object:
        sizes.append(len(keys))
        return await script(keys=keys, args=args)

    monkeypatch.setattr(renewal, "_script", counted)
    assert await renewal.renew(leases) == [True] * len(leases)
    assert sizes == [RENEWED_PER_CALL, 3], "Redis runs a script alone: bounded calls"
    await redis.delete(*(lease_key(table) for table in tables))
