"""Failover benchmark (issue 20, docs/cluster.md): SIGKILL of a table's owner → the first
act accepted by the new owner.

Two server processes share a new PostgreSQL database and Redis (``KROEG_REDIS_URL``).
Each round creates a table on one process, seats a scripted person through a websocket
on the other, starts a game and kills the owner with SIGKILL at the moment the person's
turn comes; the person acts again and again (each refused or unanswered act retried
every 50 ms) until one is accepted, the clock running from the kill. A fresh process
replaces the killed one for the next round. Reports each round and the p50/p95/max,
and, from Redis polled every 10 ms, what the time is made of: the dead owner's lease
running out (``lease_free``), the survivor's scan taking it (``taken``), and from there
to the accepted act (``after_taken``: the rebuild from the log and the act).

Run: ``KROEG_REDIS_URL=redis://127.0.0.1:6379/0 .venv/bin/python bench/failover.py
--database-url postgresql+asyncpg://postgres@127.0.0.1:5432/postgres --kills 20``
(a database of its own is made on that server and dropped after).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec
import websockets
from redis.asyncio import Redis

from kroeg.cluster.lease import lease_key
from kroeg.server.settings import ServerSettings

sys.path.insert(0, os.path.dirname(__file__))
from load import ONE_ADDRESS, free_port, postgres_database, start_server

decode = msgspec.json.decode
encode = msgspec.json.encode


def _table(port: int) -> str:
    base = f"http://127.0.0.1:{port}"
    host = httpx.post(f"{base}/api/guests", json={"name": "Gastheer"}, timeout=30).json()
    r = httpx.post(
        f"{base}/api/tables",
        json={"game": "toepen", "variant": "kroegregels"},
        headers={"authorization": f"Bearer {host['token']}"},
        timeout=30,
    )
    table: str = r.json()["id"]
    return table


def _accepted(frame: dict[str, Any], version: int) -> bool:
    """Whether ``frame`` announces a person's act on a version after ``version``."""
    return (
        frame.get("type") == "event"
        and frame["version"] > version
        and any(e["kind"] == "action" and e["by"] == "player" for e in frame["events"])
    )


@dataclass
class Kill:
    """One round's times, in seconds from the SIGKILL."""

    accepted: float
    """The first act the new owner accepted."""
    lease_free: float | None
    """The dead owner's lease gone from Redis (expired), as polled every 10 ms."""
    taken: float | None
    """The lease held by the survivor (its scan took the table)."""


async def _watch_lease(redis: Redis, table: str, killed: float, seen: dict[str, float]) -> None:
    """When the lease is free and when it is taken again, from the kill on."""
    dead = await redis.get(lease_key(table))
    while "taken" not in seen:
        holder = await redis.get(lease_key(table))
        now = time.perf_counter() - killed
        if holder != dead:
            seen.setdefault("free", now)
            if holder is not None:
                seen["taken"] = now
        await asyncio.sleep(0.01)


async def one_kill(owner: Any, survivor_port: int, table: str) -> Kill:
    """The times from the owner's SIGKILL to its lease's expiry, the survivor's takeover
    and the first act the new owner accepted."""
    url = f"ws://127.0.0.1:{survivor_port}/ws"
    async with websockets.connect(url, compression=None, max_size=2**22) as ws:
        await ws.send(encode({"type": "hello", "name": "Bench"}))
        await ws.send(encode({"type": "sit", "table": table, "seat": 0}))
        await ws.send(encode({"type": "start", "table": table}))
        state: dict[str, Any] | None = None
        while state is None:  # the person's first turn
            frame = decode(await ws.recv())
            if frame.get("legal") and 0 in (frame.get("to_act") or []):
                state = frame
        redis = Redis.from_url(os.environ["KROEG_REDIS_URL"])
        await redis.get(lease_key(table))  # connected before the kill
        owner.kill()
        killed = time.perf_counter()
        seen: dict[str, float] = {}
        watcher = asyncio.create_task(_watch_lease(redis, table, killed, seen))
        try:
            accepted = await _until_accepted(ws, table, state, killed)
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
            await redis.aclose()
        return Kill(accepted, seen.get("free"), seen.get("taken"))


async def _until_accepted(ws: Any, table: str, state: dict[str, Any], killed: float) -> float:
    """Act again and again until the new owner accepts; the seconds since the kill."""
    while True:
        act = {"type": "act", "table": table, "version": state["version"]}
        await ws.send(encode({**act, "action": state["legal"][0]}))
        deadline = time.perf_counter() + 0.05
        while time.perf_counter() < deadline:
            try:
                frame = decode(await asyncio.wait_for(ws.recv(), 0.05))
            except TimeoutError:
                break
            if _accepted(frame, state["version"]):
                return time.perf_counter() - killed
            if frame.get("legal") and 0 in (frame.get("to_act") or []):
                state = frame  # a snapshot from the new owner: act on its version


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", required=True, help="a PostgreSQL server's URL")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument(
        "--lease-ttl", type=float, default=ServerSettings().lease_ttl, help="KROEG_LEASE_TTL"
    )
    parser.add_argument("--server-cpu", type=int, default=0)
    args = parser.parse_args()
    if not os.environ.get("KROEG_REDIS_URL"):
        parser.error("set KROEG_REDIS_URL")
    os.environ["KROEG_LEASE_TTL"] = str(args.lease_ttl)
    os.environ.update(ONE_ADDRESS)
    url = postgres_database(args.database_url, create=True)
    kills: list[Kill] = []
    ports = [free_port(), free_port()]
    servers = [start_server(port, url, args.server_cpu) for port in ports]
    try:
        for _ in range(args.kills):
            table = _table(ports[0])  # owned by servers[0]
            kills.append(asyncio.run(one_kill(servers[0], ports[1], table)))
            print(f"kill {len(kills)}: {kills[-1]}", file=sys.stderr)
            port = free_port()
            servers = [servers[1], start_server(port, url, args.server_cpu)]
            ports = [ports[1], port]
    finally:
        for server in servers:
            if server.poll() is None:
                server.kill()
                server.wait(30)
        postgres_database(url, create=False)
    report: dict[str, Any] = {"kills": len(kills), "lease_ttl_s": args.lease_ttl}
    for name in ("accepted", "lease_free", "taken"):
        times = [t for k in kills if (t := getattr(k, name)) is not None]
        report[name] = _figures(times)
    report["after_taken_s"] = _figures([k.accepted - k.taken for k in kills if k.taken is not None])
    print(json.dumps(report, indent=1))
    return 0


def _figures(times: list[float]) -> dict[str, Any]:
    """Each time, and p50/p95/max; p95 by nearest rank (of 20: the 19th, not the largest)."""
    if not times:
        return {}
    ordered = sorted(times)
    return {
        "each_s": [round(t, 2) for t in times],
        "p50_s": round(statistics.median(ordered), 2),
        "p95_s": round(ordered[math.ceil(0.95 * len(ordered)) - 1], 2),
        "max_s": round(ordered[-1], 2),
    }


if __name__ == "__main__":
    sys.exit(main())
