"""Load benchmark of the live tables (issue 5 item 12).

Starts ``kroeg serve`` pinned to one core (CPU 0) with no house delay, the house playing
the game's ``default()`` and the bare websocket echo switched on (``KROEG_ECHO=1``); the
scripted clients run here, pinned to the other core (CPU 1). Then:

1. tables: ``--tables`` tables, each with one scripted person and the house in the other
   seats; the person acts (a random legal action) as soon as the game waits for it, and
   starts the next game when one ends (``--think S``: it waits 0.5-1.5 x S seconds before
   each move instead, or a uniform ``--think``-``--think-max`` seconds: people's pace, the
   house still instant). Measured after a warm-up: the person's actions a second, table
   versions (every step, the house's and deals included) a second, the frames the
   server sends and receives a second, and the time from sending an ``act`` to receiving
   the ``event`` that announces it (p50, p99).
2. echo: as many connections on the bare ``/echo`` websocket of the same stack (FastAPI
   on uvicorn, uvloop, httptools, no compression), each sending a message the size of an
   ``act`` and waiting for it to come back: the messages a second the stack can carry.
   These clients are written against the socket (:class:`EchoClient`), cheap enough that
   the echo's server, not its clients, sets the pace.

The ratio compares the frames a second the server handles (in + out) at the tables with
the echo's (in + out). Run: ``.venv/bin/python bench/load.py`` (see ``--help``).
``--rounds N`` repeats both phases N times, each round on a fresh server, and reports
every round and the median ratios: on a shared machine the same code's figures move by
10-20 % from one minute to the next, and each round's ratio compares phases run side by
side.

``--processes 1,2`` (PostgreSQL ``--database-url`` and ``KROEG_REDIS_URL`` needed past 1)
runs the rounds once per process count, side by side in one run: N server processes
sharing the tables (docs/cluster.md), all pinned to the server's core, the tables
created on each in turn; every other person connects to a process that does not own its
table (its acts are forwarded, its frames come back over Redis), and the act→event
latency is reported for those (``remote_p99_ms``) apart from the others. The server's
CPU time is that of all its processes together; the echo phase runs on the first one.

Each phase also reports ``server_cpu_share`` (the server's CPU seconds per second),
``server_core_busy`` (how busy CPU 0 was, other processes included: well above the
server's share means it competed for its core) and ``client_cpu_share`` (this process:
near 1.0 means the clients, not the server, set the pace). The clients' objects made
before the window are frozen out of their garbage collections, so that a collection
in the clients does not count as server latency.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import httpx
import msgspec
import websockets

ROOT = Path(__file__).resolve().parents[1]
decode = msgspec.json.decode
encode = msgspec.json.encode


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


ONE_ADDRESS = {
    "KROEG_GUESTS_PER_MINUTE": "100000",
    "KROEG_TABLES_PER_MINUTE": "100000",
    "KROEG_OPEN_TABLES_PER_PLAYER": "100000",
    "KROEG_SOCKETS_PER_ADDRESS": "100000",
}
"""Every client of the benchmark comes from 127.0.0.1, which creates all the tables: the
per-address quotas and the tables per player are raised for it (nothing else). Without
the guests' quota (60 a minute) all but the first 60 persons of a server were refused at
their ``hello`` and played nothing."""


def start_server(port: int, database_url: str, server_cpu: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "KROEG_HOUSE_DELAY": "0",
        "KROEG_DEAL_PAUSE": "0",
        "KROEG_HOUSE_BOTS": "0",
        "KROEG_ECHO": "1",
        "KROEG_RATE": "10000",  # scripted people act far faster than the limit for humans
        **ONE_ADDRESS,
    }
    command = [sys.executable, "-m", "kroeg.cli", "serve", "--port", str(port)]
    command += ["--database-url", database_url, "--log-level", "warning"]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        preexec_fn=lambda: os.sched_setaffinity(0, {server_cpu}),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return process
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("the server did not start")


@dataclass
class Counters:
    measuring: bool = False
    acts: int = 0
    versions: int = 0
    frames_in: int = 0
    frames_out: int = 0
    games: int = 0
    errors: int = 0
    error_codes: Counter[str] = field(default_factory=Counter)
    """The ``error`` frames by their code: a benchmark's errors are explained, not only counted."""
    latencies: list[float] = field(default_factory=list)
    remote_latencies: list[float] = field(default_factory=list)
    """Of the persons connected to a process that does not own their table."""


async def person(
    url: str,
    table: str,
    seed: int,
    think: tuple[float, float],
    c: Counters,
    latencies: list[float] | None = None,
) -> None:
    """One table with one scripted person, playing game after game until cancelled; it
    waits a uniform ``think[0]``-``think[1]`` seconds before each move (0: at once, flat
    out). Its latencies go to ``latencies`` (default: ``c.latencies``)."""
    rng = random.Random(seed)
    kept = c.latencies if latencies is None else latencies
    async with websockets.connect(url, compression=None, max_size=2**22) as ws:
        await ws.send(encode({"type": "hello", "name": f"Bench{seed}"}))
        await ws.send(encode({"type": "sit", "table": table}))
        await ws.send(encode({"type": "start", "table": table}))
        seat: int | None = None
        sent_at: dict[int, float] = {}
        last_version = 0
        async for raw in ws:
            now = time.perf_counter()
            frame: dict[str, Any] = decode(raw)
            kind = frame["type"]
            if c.measuring:
                c.frames_out += 1
            if kind == "snapshot" and frame.get("you") is not None:
                seat = frame["you"]
            if kind == "error":
                c.errors += 1
                c.error_codes[str(frame.get("code"))] += 1
                continue
            if kind not in ("event", "snapshot"):
                continue
            version = frame["version"]
            if kind == "event":
                if c.measuring:
                    c.versions += version - last_version
                for e in frame["events"]:
                    if e["kind"] == "action" and e["by"] == "player":
                        started = sent_at.pop(version - 1, None)
                        if started is not None and c.measuring:
                            kept.append(now - started)
                            c.acts += 1
            last_version = version
            view = frame.get("view")
            if view is None or seat is None:
                continue
            if not frame["running"]:
                if view.get("result") is not None:
                    if c.measuring:
                        c.games += 1
                        c.frames_in += 1
                    await ws.send(encode({"type": "start", "table": table}))
                continue
            if seat in frame["to_act"] and frame["legal"]:
                action = rng.choice(frame["legal"])
                if think[1]:
                    await asyncio.sleep(rng.uniform(*think))
                sent_at[version] = time.perf_counter()
                if c.measuring:
                    c.frames_in += 1
                await ws.send(
                    encode({"type": "act", "table": table, "version": version, "action": action})
                )


class EchoClient(asyncio.Protocol):
    """One connection to ``/echo``, written against the socket rather than with the
    ``websockets`` client: the clients share one core, and with that library they ran
    out of it (0.9 of their core) while the echo's server still had some of its own
    left, so the echo measured what the clients could send, not what the stack can carry.
    This one costs a fraction of that per message.

    It sends its message, waits for it to come back, and sends it again; it answers a
    ping with a pong. Every message it sends is masked, as a client must, with the same
    key each time (a server does not check; RFC 6455 asks a client for a fresh one)."""

    def __init__(self, payload: bytes, c: Counters) -> None:
        if len(payload) > 125:
            raise ValueError("the echo's message must fit a one-byte length")
        self.frame = _masked(0x1, payload)
        self.c = c
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.upgraded = False
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport = cast(asyncio.Transport, transport)  # uvloop's is no subclass
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(
            (
                "GET /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )

    def data_received(self, data: bytes) -> None:
        assert self.transport is not None
        buffer = self.buffer + data
        if not self.upgraded:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                self.buffer = buffer
                return
            if not buffer.startswith(b"HTTP/1.1 101"):
                raise RuntimeError(f"the echo refused the upgrade: {buffer[:80]!r}")
            buffer, self.upgraded = buffer[end + 4 :], True
            self.transport.write(self.frame)
        at = 0
        # Server frames are not masked; everything the echo sends here is under 126 bytes.
        while len(buffer) - at >= 2:
            size = 2 + (buffer[at + 1] & 0x7F)
            if len(buffer) - at < size:
                break
            opcode = buffer[at] & 0x0F
            if opcode == 0x1:
                if self.c.measuring:
                    self.c.frames_in += 1
                    self.c.frames_out += 1
                self.transport.write(self.frame)
            elif opcode == 0x9:
                self.transport.write(_masked(0xA, buffer[at + 2 : at + size]))
            elif opcode == 0x8:
                self.transport.close()
            at += size
        self.buffer = buffer[at:]

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(None)


def _masked(opcode: int, payload: bytes) -> bytes:
    """A final client frame of ``opcode`` carrying ``payload`` (under 126 bytes), masked."""
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + body


async def echo_client(port: int, payload: bytes, c: Counters) -> None:
    loop = asyncio.get_running_loop()
    transport, client = await loop.create_connection(
        lambda: EchoClient(payload, c), "127.0.0.1", port
    )
    try:
        await client.closed
    finally:
        transport.close()


def core_busy(cpu: int) -> tuple[int, int]:
    """Busy and total jiffies of one CPU so far (Linux /proc/stat)."""
    for line in Path("/proc/stat").read_text().splitlines():
        name, *values = line.split()
        if name == f"cpu{cpu}":
            ticks = [int(v) for v in values]
            idle = ticks[3] + ticks[4]  # idle + iowait
            return sum(ticks) - idle, sum(ticks)
    raise ValueError(f"no cpu{cpu} in /proc/stat")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class Window:
    """The measured window: wall seconds, CPU seconds of the server and of the clients, and
    how busy the server's core was in all (other processes' work on it included)."""

    elapsed: float
    server_cpu: float
    client_cpu: float
    server_core_busy: float

    def figures(self) -> dict[str, float]:
        return {
            "seconds": round(self.elapsed, 1),
            "server_cpu_share": round(self.server_cpu / self.elapsed, 2),
            "server_core_busy": round(self.server_core_busy, 2),
            "client_cpu_share": round(self.client_cpu / self.elapsed, 2),
        }


async def measure(tasks: list[asyncio.Task[None]], c: Counters, args: argparse.Namespace) -> Window:
    await asyncio.sleep(args.warmup)
    # The clients' own full garbage collections would stall every client at once and
    # count as the server's latency: leave the connections made so far out of them.
    gc.collect()
    gc.freeze()
    c.measuring = True
    started, server, clients = (
        time.perf_counter(),
        sum(cpu_seconds(pid) for pid in args.server_pids),
        time.process_time(),
    )
    busy, total = core_busy(args.server_cpu)
    await asyncio.sleep(args.seconds)
    c.measuring = False
    busy_after, total_after = core_busy(args.server_cpu)
    window = Window(
        time.perf_counter() - started,
        sum(cpu_seconds(pid) for pid in args.server_pids) - server,
        time.process_time() - clients,
        (busy_after - busy) / max(1, total_after - total),
    )
    gc.unfreeze()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return window


async def create_tables(base: str, count: int, game: str, variant: str) -> list[str]:
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        host = (await http.post("/api/guests", json={"name": "Gastheer"})).json()["token"]
        http.headers["authorization"] = f"Bearer {host}"
        ids = []
        for start in range(0, count, 50):
            batch = [
                http.post("/api/tables", json={"game": game, "variant": variant})
                for _ in range(start, min(count, start + 50))
            ]
            ids += [r.json()["id"] for r in await asyncio.gather(*batch)]
        return ids


async def run_tables(args: argparse.Namespace, ports: list[int]) -> dict[str, Any]:
    c = Counters()
    n = len(ports)
    tables: list[tuple[str, int]] = []  # each table with the index of its owner's port
    for i, port in enumerate(ports):
        count = args.tables // n + (1 if i < args.tables % n else 0)
        made = await create_tables(f"http://127.0.0.1:{port}", count, args.game, args.variant)
        tables += [(table, i) for table in made]
    if args.think_max is None:
        think = (0.5 * args.think, 1.5 * args.think)
    else:
        think = (args.think, args.think_max)
    tasks = []
    for i, (table, owner) in enumerate(tables):
        remote = n > 1 and i % 2 == 1
        port = ports[(owner + 1) % n] if remote else ports[owner]
        url = f"ws://127.0.0.1:{port}/ws"
        kept = c.remote_latencies if remote else c.latencies
        tasks.append(asyncio.create_task(person(url, table, i, think, c, kept)))
        if i % 50 == 49:
            await asyncio.sleep(0.2)  # do not open every connection in the same instant
    window = await measure(tasks, c, args)
    elapsed, cpu = window.elapsed, window.server_cpu
    remote_lat = sorted(c.remote_latencies)
    lat = sorted(c.latencies + c.remote_latencies)
    return {
        "processes": n,
        "tables": args.tables,
        "think_s": list(think),
        **window.figures(),
        "acts_per_cpu_s": round(c.acts / cpu) if cpu else None,
        "versions_per_cpu_s": round(c.versions / cpu) if cpu else None,
        "frames_per_cpu_s": round((c.frames_in + c.frames_out) / cpu) if cpu else None,
        "acts_per_s": round(c.acts / elapsed),
        "versions_per_s": round(c.versions / elapsed),
        "frames_per_s": round((c.frames_in + c.frames_out) / elapsed),
        "games": c.games,
        "errors": c.errors,
        "error_codes": dict(c.error_codes.most_common()),
        "p50_ms": round(1000 * lat[len(lat) // 2], 1) if lat else None,
        "p99_ms": round(1000 * lat[int(len(lat) * 0.99)], 1) if lat else None,
        "remote_p50_ms": pick(remote_lat, 0.5),
        "remote_p99_ms": pick(remote_lat, 0.99),
        "remote_acts": len(remote_lat),
    }


def pick(latencies: list[float], share: float) -> float | None:
    """The ``share`` quantile of sorted latencies, in milliseconds."""
    return round(1000 * latencies[int(len(latencies) * share)], 1) if latencies else None


async def run_echo(args: argparse.Namespace, port: int) -> dict[str, Any]:
    c = Counters()
    payload = encode({"type": "act", "table": "3fa9c2e1", "version": 123, "action": ["play", "Th"]})
    tasks = []
    for i in range(args.tables):
        tasks.append(asyncio.create_task(echo_client(port, payload, c)))
        if i % 50 == 49:
            await asyncio.sleep(0.2)
    window = await measure(tasks, c, args)
    elapsed, cpu = window.elapsed, window.server_cpu
    return {
        "connections": args.tables,
        **window.figures(),
        "frames_per_cpu_s": round((c.frames_in + c.frames_out) / cpu) if cpu else None,
        "frames_per_s": round((c.frames_in + c.frames_out) / elapsed),
    }


def one_round(args: argparse.Namespace, processes: int = 1) -> dict[str, Any]:
    """A fresh server (``processes`` of them, sharing the tables), the tables phase, then
    the echo phase, and their ratios."""
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{tmp}/load.sqlite3"
        if url.startswith("postgresql"):
            url = postgres_database(url, create=True)
        ports = [free_port() for _ in range(processes)]
        servers = [start_server(port, url, args.server_cpu) for port in ports]
        args.server_pids = [server.pid for server in servers]
        try:
            runner: Callable[[Coroutine[Any, Any, dict[str, Any]]], dict[str, Any]]
            try:
                import uvloop

                runner = uvloop.run
            except ImportError:
                runner = asyncio.run
            tables = runner(run_tables(args, ports))
            args.server_pids = args.server_pids[:1]
            echo = runner(run_echo(args, ports[0]))
        finally:
            for server in servers:
                server.send_signal(signal.SIGTERM)
            for server in servers:
                try:
                    server.wait(30)
                except subprocess.TimeoutExpired:  # a loaded machine: do not wait forever
                    server.kill()
                    server.wait(30)
            if url.startswith("postgresql"):
                postgres_database(url, create=False)
    ratio = tables["frames_per_s"] / echo["frames_per_s"] if echo["frames_per_s"] else 0.0
    cpu_ratio = (
        tables["frames_per_cpu_s"] / echo["frames_per_cpu_s"] if echo["frames_per_cpu_s"] else 0.0
    )
    report = {"tables": tables, "echo": echo, "ratio": round(ratio, 2)}
    report["ratio_per_cpu_s"] = round(cpu_ratio, 2)
    return report


def postgres_database(url: str, *, create: bool) -> str:
    """With ``create``: a new, empty database on the server of ``url`` (a PostgreSQL URL;
    its own database name is not used), for one round, whose processes share it; its URL.
    Without: drop the database ``url`` names, made so before."""
    import asyncpg  # only for the PostgreSQL rounds

    base, _, old = url.rpartition("/")
    name = f"kroeg_load_{os.getpid()}_{random.randrange(1 << 30)}" if create else old
    plain = base.replace("postgresql+asyncpg://", "postgresql://")

    async def run() -> None:
        conn = await asyncpg.connect(f"{plain}/postgres")
        try:
            if create:
                await conn.execute(f'CREATE DATABASE "{name}"')
            else:
                await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()

    asyncio.run(run())
    return f"{base}/{name}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a person waits before a move (0.5-1.5x)"
    )
    parser.add_argument(
        "--think-max", type=float, help="wait a uniform --think to --think-max seconds instead"
    )
    parser.add_argument("--game", default="toepen")
    parser.add_argument("--variant", default="kroegregels")
    parser.add_argument(
        "--database-url",
        help="default: a new SQLite file in a temporary dir; a PostgreSQL URL names the "
        "server, where each round gets a new database",
    )
    parser.add_argument("--server-cpu", type=int, default=0)
    parser.add_argument("--client-cpu", type=int, default=1)
    parser.add_argument(
        "--processes",
        default="1",
        help="comma-separated process counts to run side by side, e.g. 1,2 (past 1: a "
        "PostgreSQL --database-url and KROEG_REDIS_URL)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="repeat both phases, each round on a fresh server; report every round and the "
        "median ratios",
    )
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    counts = [int(n) for n in args.processes.split(",")]
    if max(counts) > 1 and not (
        (args.database_url or "").startswith("postgresql") and os.environ.get("KROEG_REDIS_URL")
    ):
        parser.error("--processes past 1 needs a PostgreSQL --database-url and KROEG_REDIS_URL")
    os.sched_setaffinity(0, {args.client_cpu})
    if counts != [1]:
        side_by_side = {
            f"processes_{n}": [one_round(args, n) for _ in range(args.rounds)] for n in counts
        }
        print(json.dumps(side_by_side, indent=1))
        return 0
    rounds = [one_round(args) for _ in range(args.rounds)]
    if args.rounds == 1:
        print(json.dumps(rounds[0], indent=1))
        return 0
    summary = {
        "rounds": rounds,
        "ratios_per_cpu_s": [r["ratio_per_cpu_s"] for r in rounds],
        "median_ratio_per_cpu_s": statistics.median(r["ratio_per_cpu_s"] for r in rounds),
        "median_ratio": statistics.median(r["ratio"] for r in rounds),
    }
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
