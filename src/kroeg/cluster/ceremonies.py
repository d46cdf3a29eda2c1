"""The passkey ceremonies under way, in Redis, when several processes share the pub.

A ceremony is two calls (``…/options``, then the answer), and behind a load balancer or
``--workers N`` the two may reach different processes: a challenge kept in one
process's memory would make the second call fail with ``bad_passkey``. Here each open
ceremony is one key, ``kroeg:ceremony:<id>``, expiring with the ceremony; finishing
takes it with ``GETDEL``, so a challenge is used once even when two processes are asked
at the same moment. The in-memory :class:`kroeg.accounts.passkeys.Ceremonies` cap on open
ceremonies has no counterpart: the keys expire, and beginning one is rate-limited per
address.
"""

from __future__ import annotations

import secrets
import time

from redis.asyncio import Redis

from kroeg.accounts.passkeys import Ceremony, still_open

PREFIX = "kroeg:ceremony:"


class SharedCeremonies:
    """A :class:`kroeg.accounts.passkeys.CeremonyStore` in Redis."""

    def __init__(self, redis: Redis) -> None:
        self._redis = redis

    async def begin(self, ceremony: Ceremony) -> str:
        key = secrets.token_urlsafe(16)
        ttl_ms = max(1, round((ceremony.expires - time.time()) * 1000))
        await self._redis.set(PREFIX + key, ceremony.to_json(), px=ttl_ms)
        return key

    async def finish(self, key: str, purpose: str) -> Ceremony:
        raw = await self._redis.getdel(PREFIX + key)
        return still_open(None if raw is None else Ceremony.from_json(raw), purpose)
