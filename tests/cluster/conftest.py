"""Real PostgreSQL and Redis for the cluster's tests (docs/cluster.md): a throwaway
database each, and Redis on 127.0.0.1:6379 (``KROEG_TEST_REDIS_URL``). A missing Redis
fails these tests, never skips them: the cluster needs it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from redis.asyncio import Redis

from tests.server.harness import Server
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


LEASE_TTL = "1.0"
"""The lease of the real server processes' tests: a takeover within about a second."""


@pytest.fixture
def pair(pg_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two real ``kroeg serve`` processes on one PostgreSQL database and Redis."""
    env = {"KROEG_REDIS_URL": REDIS_URL, "KROEG_LEASE_TTL": LEASE_TTL, "PYTHONUNBUFFERED": "1"}
    a = Server(pg_url, tmp_path / "a.log", **env).start()
    b = Server(pg_url, tmp_path / "b.log", **env).start()
    try:
        yield a, b
    finally:
        for server in (a, b):
            if server.process is not None and server.process.poll() is None:
                server.kill()
