"""Failover benchmark (issue 20, docs/cluster.md): SIGKILL of a table's owner → the first
act accepted by the new owner.

Two server processes share a new PostgreSQL database and Redis (``KROEG_REDIS_URL``).
Each round creates a table on one process, seats a scripted person through a websocket
on the other, starts a game and kills the owner with SIGKILL at the moment the person's
turn comes; the person acts again and again (each refused or unanswered act retried
every 50 ms) until one is accepted, the clock running from the kill. A fresh process
replaces the killed one for the next round. Reports each round and the p50/p95/max.

Run: ``KROEG_REDIS_URL=redis://127.0.0.1:6379/0 .venv/bin/python bench/failover.py
--database-url postgresql+asyncpg://postgres@127.0.0.1:5432/postgres --kills 20``
(a database of its own is made on that server and dropped after).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from typing import Any

import httpx
import msgspec
import websockets

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


async def one_kill(owner: Any, survivor_port: int, table: str) -> float:
    """Seconds from the owner's SIGKILL to the first act the new owner accepted."""
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
        owner.kill()
        killed = time.perf_counter()
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
    parser.add_argument("--lease-ttl", type=float, default=5.0, help="KROEG_LEASE_TTL")
    parser.add_argument("--server-cpu", type=int, default=0)
    args = parser.parse_args()
    if not os.environ.get("KROEG_REDIS_URL"):
        parser.error("set KROEG_REDIS_URL")
    os.environ["KROEG_LEASE_TTL"] = str(args.lease_ttl)
    os.environ.update(ONE_ADDRESS)
    url = postgres_database(args.database_url, create=True)
    times: list[float] = []
    ports = [free_port(), free_port()]
    servers = [start_server(port, url, args.server_cpu) for port in ports]
    try:
        for _ in range(args.kills):
            table = _table(ports[0])  # owned by servers[0]
            times.append(asyncio.run(one_kill(servers[0], ports[1], table)))
            print(f"kill {len(times)}: {times[-1]:.2f} s", file=sys.stderr)
            port = free_port()
            servers = [servers[1], start_server(port, url, args.server_cpu)]
            ports = [ports[1], port]
    finally:
        for server in servers:
            if server.poll() is None:
                server.kill()
                server.wait(30)
        postgres_database(url, create=False)
    ordered = sorted(times)
    report = {
        "kills": len(times),
        "lease_ttl_s": args.lease_ttl,
        "failover_s": [round(t, 2) for t in times],
        "p50_s": round(statistics.median(ordered), 2),
        "p95_s": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 2),
        "max_s": round(ordered[-1], 2),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
