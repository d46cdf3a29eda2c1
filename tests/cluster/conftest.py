"""Real PostgreSQL and Redis for the cluster's tests (docs/cluster.md): a throwaway
database each, and Redis on 127.0.0.1:6379 (``KROEG_TEST_REDIS_URL``). A missing Redis
fails these tests, never skips them: the cluster needs it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio import Redis

from tests.store.databases import postgres_database

REDIS_URL = os.environ.get("KROEG_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def pg_url() -> Iterator[str]:
    with postgres_database() as url:
        yield url


@pytest.fixture
async def redis() -> AsyncIterator[Redis]:
    client = Redis.from_url(REDIS_URL)
    try:
        await client.ping()
    except Exception as e:
        await client.aclose()
        raise RuntimeError(f"Redis is needed at {REDIS_URL} and is not reachable: {e}") from e
    yield client
    await client.aclose()
