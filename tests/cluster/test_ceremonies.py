"""Passkey ceremonies shared in Redis (docs/accounts.md, "Passkeys"; docs/cluster.md): the
two calls of one ceremony may reach two processes, and a challenge is still used once."""

from __future__ import annotations

import time

import pytest
from redis.asyncio import Redis

from kroeg.accounts.errors import AccountError
from kroeg.accounts.passkeys import Ceremonies, Ceremony, CeremonyStore, Party
from kroeg.cluster.ceremonies import PREFIX, SharedCeremonies
from tests.cluster.conftest import REDIS_URL

SITE = Party("kroeg.example", "https://kroeg.example")


def _ceremony(purpose: str = "register", seconds: float = 60.0) -> Ceremony:
    return Ceremony(b"\x01\x02challenge", purpose, SITE, time.time() + seconds, "p1", None)


async def test_a_ceremony_begun_on_one_process_is_finished_on_another(redis: Redis) -> None:
    other = Redis.from_url(REDIS_URL)  # a second process's own connection
    try:
        begun = _ceremony()
        key = await SharedCeremonies(redis).begin(begun)
        assert await SharedCeremonies(other).finish(key, "register") == begun
        # Used once: the same answer again, on either process, is refused.
        for store in (SharedCeremonies(redis), SharedCeremonies(other)):
            with pytest.raises(AccountError) as refused:
                await store.finish(key, "register")
            assert refused.value.code == "bad_passkey"
    finally:
        await other.aclose()


@pytest.mark.parametrize("shared", [True, False], ids=["redis", "memory"])
async def test_the_wrong_purpose_or_an_unknown_id_is_refused_and_closes_it(
    redis: Redis, shared: bool
) -> None:
    store: CeremonyStore = SharedCeremonies(redis) if shared else Ceremonies()
    key = await store.begin(_ceremony("login"))
    for asked in ("register", "login"):  # the wrong purpose closes it: no second try
        with pytest.raises(AccountError) as refused:
            await store.finish(key, asked)
        assert refused.value.code == "bad_passkey"
    with pytest.raises(AccountError):
        await store.finish("no-such-ceremony", "login")


async def test_a_ceremony_expires_with_its_key(redis: Redis) -> None:
    store = SharedCeremonies(redis)
    key = await store.begin(_ceremony(seconds=60))
    ttl = await redis.pttl(PREFIX + key)
    assert 55_000 < ttl <= 60_000, "the key lives as long as the ceremony"
    late = await store.begin(_ceremony(seconds=-1))  # already past its time
    with pytest.raises(AccountError) as refused:
        await store.finish(late, "register")
    assert refused.value.code == "bad_passkey"
