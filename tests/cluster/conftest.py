"""Real PostgreSQL and Redis for the cluster's tests (docs/cluster.md): a throwaway
database each, and Redis on 127.0.0.1:6379 (``KROEG_TEST_REDIS_URL``). A missing Redis
fails these tests, never skips them: the cluster needs it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from redis.asyncio import Redis

from kroeg.store import open_store
from tests.cluster.private_redis import PrivateRedis
from tests.server.harness import Server
from tests.store.databases import postgres_database

REDIS_URL = os.environ.get("KROEG_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    """A database with every migration applied, made once per test process: each test's
    database is a copy of it (``CREATE DATABASE ... TEMPLATE``), so neither the test nor
    its servers migrate an empty database again (about 3 s each on a loaded machine)."""
    with postgres_database() as url:
        asyncio.run(_migrate(url))
        yield url.rsplit("/", 1)[1]


async def _migrate(url: str) -> None:
    store = await open_store(url)  # migrates, then lets go of every connection
    await store.close()


@pytest.fixture
def pg_url(pg_template: str) -> Iterator[str]:
    with postgres_database(template=pg_template) as url:
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


@contextmanager
def started_pair(database_url: str, logs: Path, **settings: str) -> Iterator[tuple[Server, Server]]:
    """Two real ``kroeg serve`` processes on one PostgreSQL database and Redis, started
    side by side (one after the other, their start-ups were most of a test's time);
    ``settings``: more of their environment."""
    env = {
        "KROEG_REDIS_URL": REDIS_URL,
        "KROEG_LEASE_TTL": LEASE_TTL,
        "PYTHONUNBUFFERED": "1",
        **settings,
    }
    servers = [Server(database_url, logs / f"{name}.log", **env) for name in ("a", "b")]
    try:
        with ThreadPoolExecutor(2) as pool:
            a, b = pool.map(Server.start, servers)
        yield a, b
    finally:
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill()


@pytest.fixture
def pair(pg_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """A fresh pair for each test (:func:`started_pair`)."""
    with started_pair(pg_url, tmp_path) as servers:
        yield servers


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    """A redis-server of the test's own, to stop and restart empty."""
    server = PrivateRedis(tmp_path / "redis.log").start()
    try:
        yield server
    finally:
        server.stop()
