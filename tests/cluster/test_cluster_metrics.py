"""The cluster's figures in ``/metrics`` (docs/operations.md, "Metrics") with two real
``kroeg serve`` processes on PostgreSQL and Redis: the owner of a table holds its lease;
once the owner is killed the other process has taken it over and holds it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.cluster.conftest import LEASE_TTL, REDIS_URL
from tests.server.harness import Server, free_port
from tests.server.test_metrics import Figures, _one, _scrape


@pytest.fixture
def metered_pair(pg_url: str, tmp_path: Path) -> Iterator[list[tuple[Server, str]]]:
    """Two processes as ``pair`` makes them, each with its metrics on a port of its own."""
    ports = [free_port(), free_port()]
    servers = [
        Server(
            pg_url,
            tmp_path / f"{name}.log",
            KROEG_REDIS_URL=REDIS_URL,
            KROEG_LEASE_TTL=LEASE_TTL,
            KROEG_METRICS=f"127.0.0.1:{port}",
        )
        for name, port in zip(("a", "b"), ports, strict=True)
    ]
    try:
        with ThreadPoolExecutor(2) as pool:
            started = list(pool.map(Server.start, servers))
        yield [(s, f"http://127.0.0.1:{p}/metrics") for s, p in zip(started, ports, strict=True)]
    finally:
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill()


async def _until(url: str, name: str, value: float, timeout: float = 15.0) -> Figures:
    """The figures once ``name`` (no labels) reads ``value``."""
    async with asyncio.timeout(timeout):
        while _one(figures := _scrape(url), name) != value:
            await asyncio.sleep(0.2)
    return figures


async def test_leases_held_and_taken_over_are_counted(
    metered_pair: list[tuple[Server, str]],
) -> None:
    (a, a_metrics), (_, b_metrics) = metered_pair
    a.table("toepen", "kroegregels")  # created on a: a holds its lease
    held = await _until(a_metrics, "kroeg_leases_held", 1)
    assert _one(held, "kroeg_leases_taken_over_total") == 0  # claimed new, not taken over
    before = _scrape(b_metrics)
    assert _one(before, "kroeg_leases_held") == 0
    assert _one(before, "kroeg_leases_taken_over_total") == 0

    a.kill()
    after = await _until(b_metrics, "kroeg_leases_taken_over_total", 1)
    assert _one(after, "kroeg_leases_lost_total") == 0
    assert _one(await _until(b_metrics, "kroeg_leases_held", 1), "kroeg_tables", state="open") == 1
    # A labelled counter shows only the labels counted once: none for a Redis that answered.
    assert after.get(("kroeg_redis_errors_total", (("part", "leases"),)), 0) == 0
