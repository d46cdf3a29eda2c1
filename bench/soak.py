"""Soak test of the quotas (issue 17): a server under floods that stay within its limits
for ten minutes, with 0 errors and its memory flat after the warm-up.

Starts ``kroeg serve`` (no house delay, the house playing ``default()``, tables idle for
``--idle-close`` seconds closing) with the default quotas, and clients that each come
from an address of their own on the loopback network (127.1.x.y: Linux routes all of
127.0.0.0/8 to the loopback device), so the per-address quotas apply to each as they
would to a household:

- ``--tables`` people, each creating a guest and a table over REST, then sitting at it
  over a websocket and playing game after game (0.5-1.5 s before each move), pinging
  twice a second and chatting every four seconds (the limits: 20 messages a second,
  5 chats in 10 s);
- a guest flood: one address creating guests at 55 a minute (the quota: 60);
- a table flood: one address creating a guest and a table 25 times a minute (the quota:
  30 tables a minute; each by a new guest, who may have 4 open), tables that nobody
  joins, so they close once idle;
- a connection churn: one address opening a websocket twice a second, saying hello with
  one guest's token, watching a table, and closing it;
- a lobby poll: one address reading ``/api/tables`` every second.

Every ``error`` frame and every REST answer other than 200 counts as an error. The
server's resident memory (``VmRSS``) is sampled every ``--sample`` seconds. Run:
``.venv/bin/python bench/soak.py`` (``--seconds 600`` by default; see ``--help``).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import websockets

ROOT = Path(__file__).resolve().parents[1]

decode = msgspec.json.decode
encode = msgspec.json.encode


@dataclass
class Counters:
    frames_in: int = 0
    frames_out: int = 0
    rest_calls: int = 0
    games: int = 0
    acts: int = 0
    guests_flooded: int = 0
    tables_flooded: int = 0
    churned: int = 0
    errors: collections.Counter[str] = field(default_factory=collections.Counter)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def address(group: int, n: int) -> str:
    """The n-th address of a group: 127.<group>.<n // 250>.<n % 250 + 1>."""
    return f"127.{group}.{n // 250}.{n % 250 + 1}"


def http_client(base: str, source: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=60)


async def rest(http: httpx.AsyncClient, c: Counters, method: str, path: str, **kw: Any) -> Any:
    c.rest_calls += 1
    try:
        r = await http.request(method, path, **kw)
    except httpx.TransportError as e:
        c.errors[f"http {e!r} {method} {path.split('/')[2]}"] += 1
        return None
    if r.status_code != 200:
        c.errors[f"http {r.status_code} {path.split('/')[2]}"] += 1
        return None
    return r.json()


async def connect(url: str, source: str) -> Any:
    return await websockets.connect(
        url, compression=None, max_size=2**22, local_addr=(source, 0), open_timeout=60
    )


async def person(base: str, url: str, n: int, game: str, variant: str, c: Counters) -> None:
    rng = random.Random(n)
    source = address(1, n)
    async with http_client(base, source) as http:
        guest = await rest(http, c, "POST", "/api/guests", json={"name": f"Soak{n}"})
        headers = {"authorization": f"Bearer {guest['token']}"}
        body = {"game": game, "variant": variant}
        table = (await rest(http, c, "POST", "/api/tables", json=body, headers=headers))["id"]
    ws = await connect(url, source)

    async def send(message: dict[str, Any]) -> None:
        c.frames_in += 1
        await ws.send(encode(message))

    async def chatter() -> None:
        while True:
            for _ in range(8):
                await asyncio.sleep(0.5)
                await send({"type": "ping"})
            await send({"type": "chat", "table": table, "preset": "proost"})

    await send({"type": "hello", "token": guest["token"]})
    await send({"type": "sit", "table": table})
    await send({"type": "start", "table": table})
    pings = asyncio.create_task(chatter())
    seat: int | None = None
    try:
        async for raw in ws:
            c.frames_out += 1
            frame: dict[str, Any] = decode(raw)
            kind = frame["type"]
            if kind == "error":
                c.errors[f"ws {frame['code']}"] += 1
                continue
            if kind == "snapshot" and frame.get("you") is not None:
                seat = frame["you"]
            if kind not in ("event", "snapshot") or frame.get("view") is None or seat is None:
                continue
            if not frame["running"]:
                if frame["view"].get("result") is not None:
                    c.games += 1
                    await send({"type": "start", "table": table})
                continue
            if seat in frame["to_act"] and frame["legal"]:
                await asyncio.sleep(rng.uniform(0.5, 1.5))
                c.acts += 1
                action = rng.choice(frame["legal"])
                await send(
                    {"type": "act", "table": table, "version": frame["version"], "action": action}
                )
    finally:
        pings.cancel()
        await ws.close()


async def guest_flood(base: str, c: Counters) -> None:
    async with http_client(base, address(2, 0)) as http:
        while True:
            if await rest(http, c, "POST", "/api/guests", json={"name": "Vloed"}) is not None:
                c.guests_flooded += 1
            await asyncio.sleep(60 / 55)


async def table_flood(base: str, game: str, variant: str, c: Counters) -> None:
    async with http_client(base, address(2, 1)) as http:
        while True:
            guest = await rest(http, c, "POST", "/api/guests", json={"name": "Tafels"})
            if guest is not None:
                headers = {"authorization": f"Bearer {guest['token']}"}
                body = {"game": game, "variant": variant}
                if await rest(http, c, "POST", "/api/tables", json=body, headers=headers):
                    c.tables_flooded += 1
            await asyncio.sleep(60 / 25)


async def churn(base: str, url: str, c: Counters) -> None:
    source = address(2, 2)
    async with http_client(base, source) as http:
        token = (await rest(http, c, "POST", "/api/guests", json={"name": "Kijker"}))["token"]
        while True:
            tables = (await rest(http, c, "GET", "/api/tables") or {"tables": []})["tables"]
            ws = await connect(url, source)
            try:
                await ws.send(encode({"type": "hello", "token": token}))
                c.frames_in += 1
                if tables:
                    table = random.choice(tables)["id"]
                    await ws.send(encode({"type": "watch", "table": table}))
                    c.frames_in += 1
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(0.3):
                        async for raw in ws:
                            c.frames_out += 1
                            frame = decode(raw)
                            if frame["type"] == "error" and frame["code"] != "unknown_table":
                                c.errors[f"ws churn {frame['code']}"] += 1
            finally:
                await ws.close()
            c.churned += 1
            await asyncio.sleep(0.2)


async def lobby_poll(base: str, c: Counters) -> None:
    async with http_client(base, address(2, 3)) as http:
        while True:
            await rest(http, c, "GET", "/api/tables")
            await asyncio.sleep(1.0)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def soak(args: argparse.Namespace, port: int, pid: int) -> dict[str, Any]:
    c = Counters()
    base, url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    tasks: list[asyncio.Task[None]] = []
    for n in range(args.tables):
        person_n = person(base, url, n, args.game, args.variant, c)
        tasks.append(asyncio.create_task(person_n, name=f"person {n}"))
        if n % 25 == 24:
            await asyncio.sleep(0.2)
    tasks.append(asyncio.create_task(guest_flood(base, c), name="guest flood"))
    flood = table_flood(base, args.game, args.variant, c)
    tasks.append(asyncio.create_task(flood, name="table flood"))
    tasks.append(asyncio.create_task(churn(base, url, c), name="churn"))
    tasks.append(asyncio.create_task(lobby_poll(base, c), name="lobby poll"))
    started = time.monotonic()
    samples: list[dict[str, Any]] = []
    while (elapsed := time.monotonic() - started) < args.seconds:
        await asyncio.sleep(min(args.sample, args.seconds - elapsed))
        health = httpx.get(f"{base}/api/health", timeout=30).json()
        samples.append(
            {
                "s": round(time.monotonic() - started),
                "rss_mib": round(rss_kib(pid) / 1024, 1),
                "tables": health["tables"],
                "games": c.games,
                "frames": c.frames_in + c.frames_out,
                "errors": sum(c.errors.values()),
            }
        )
        print(json.dumps(samples[-1]), file=sys.stderr, flush=True)
        failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception()]
        if failed:
            c.errors[f"client {failed[0].get_name()} failed: {failed[0].exception()!r}"] += 1
            break
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    after_warmup = [s["rss_mib"] for s in samples if s["s"] >= args.warmup]
    return {
        "seconds": round(time.monotonic() - started),
        "tables": args.tables,
        "frames_in": c.frames_in,
        "frames_out": c.frames_out,
        "rest_calls": c.rest_calls,
        "acts": c.acts,
        "games": c.games,
        "guests_flooded": c.guests_flooded,
        "tables_flooded": c.tables_flooded,
        "connections_churned": c.churned,
        "errors": dict(c.errors),
        "rss_mib_after_warmup": {
            "first": after_warmup[0] if after_warmup else None,
            "min": min(after_warmup, default=None),
            "max": max(after_warmup, default=None),
            "last": after_warmup[-1] if after_warmup else None,
        },
        "samples": samples,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--warmup", type=float, default=120.0, help="seconds before RSS counts")
    parser.add_argument("--sample", type=float, default=15.0, help="seconds between samples")
    parser.add_argument("--idle-close", type=float, default=60.0)
    parser.add_argument("--game", default="toepen")
    parser.add_argument("--variant", default="kroegregels")
    parser.add_argument("--database-url", help="default: a new SQLite file in a temporary dir")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{tmp}/soak.sqlite3"
        port = free_port()
        env = {
            **os.environ,
            "KROEG_HOUSE_DELAY": "0",
            "KROEG_HOUSE_BOTS": "0",
            "KROEG_IDLE_CLOSE": str(args.idle_close),
        }
        command = [sys.executable, "-m", "kroeg.cli", "serve", "--port", str(port)]
        command += ["--database-url", url, "--log-level", "warning"]
        server = subprocess.Popen(command, cwd=ROOT, env=env)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).is_success:
                        break
                time.sleep(0.2)
            report = asyncio.run(soak(args, port, server.pid))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
    print(json.dumps(report, indent=1))
    return 0 if not report["errors"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
