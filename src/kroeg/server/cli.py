"""``kroeg serve``: the web server on uvicorn (uvloop, httptools, no websocket compression).

On SIGTERM (or Ctrl-C) the server first tells every client that it restarts, then
closes; every action is already in the store, so clients resume by reconnecting.

``--workers N`` starts N such processes on one port (each binds it with SO_REUSEPORT and
has its own bot pool); they share the tables through PostgreSQL and Redis
(docs/cluster.md). With SQLite the server is one process, and says so.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import logging
import os
import signal
import socket
import subprocess
import sys

import uvicorn

from kroeg.server.app import create_entry
from kroeg.server.runtime import Runtime
from kroeg.server.settings import ServerSettings
from kroeg.store import database_url


class KroegServer(uvicorn.Server):
    """uvicorn's server, telling clients about the restart before it closes their sockets."""

    def __init__(self, config: uvicorn.Config, runtime: Runtime) -> None:
        super().__init__(config)
        self.runtime = runtime

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        tune_garbage_collection()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.runtime.announce_restart()
        await super().shutdown(sockets)


YOUNG_COLLECTION_THRESHOLD = 50_000
"""Allocations between the garbage collector's young collections (CPython's default: 700).

The server makes and drops objects by the thousand every second (frames, events, steps)
and almost none of them form cycles, yet at the default every 700 allocations started a
collection: 15-20% of the server's CPU under load went to collections that freed next to
nothing (docs/operations.md, "Garbage collection")."""


def tune_garbage_collection() -> None:
    """Leave everything alive after start-up (modules, the app, restored tables) out of
    the garbage collector's full collections, and collect young objects less often.

    A full collection walks every tracked object and stops every table meanwhile; with
    hundreds of connections they came every few seconds and the start-up objects were
    about half of what they walked (docs/operations.md, "Garbage collection")."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, middle, old)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--database-url",
        help="SQLAlchemy URL (default: KROEG_DATABASE_URL, else sqlite under data/)",
    )
    parser.add_argument(
        "--house-delay",
        type=float,
        help="seconds the house waits before each move (default: KROEG_HOUSE_DELAY or 0.8)",
    )
    parser.add_argument(
        "--deal-pause",
        type=float,
        help="seconds between a deal's end and the next deal (default: KROEG_DEAL_PAUSE or 5)",
    )
    parser.add_argument("--log-level", default="info")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes on this port (SO_REUSEPORT), sharing the tables through "
        "PostgreSQL and Redis (KROEG_REDIS_URL); SQLite: 1 only",
    )
    parser.add_argument("--reuse-port", action="store_true", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    try:
        settings = ServerSettings.from_env()
    except ValueError as e:
        print(f"kroeg serve: {e}", file=sys.stderr)
        return 2
    if args.database_url:
        settings = dataclasses.replace(settings, database_url=args.database_url)
    if args.house_delay is not None:
        settings = dataclasses.replace(settings, house_delay=args.house_delay)
    if args.deal_pause is not None:
        settings = dataclasses.replace(settings, deal_pause=args.deal_pause)
    logging.basicConfig(level=args.log_level.upper())
    if args.workers != 1:
        refusal = workers_refusal(settings, args.workers)
        if refusal is not None:
            print(f"kroeg serve: {refusal}", file=sys.stderr)
            return 2
        return run_workers(args, settings)
    try:
        ws = websocket_protocol(settings)
    except ValueError as e:
        print(f"kroeg serve: {e}", file=sys.stderr)
        return 2
    entry = create_entry(settings)
    config = uvicorn.Config(
        entry,
        host=args.host,
        port=args.port,
        loop="uvloop",
        http="httptools",
        ws=ws,
        ws_per_message_deflate=False,
        ws_max_size=65536,
        log_level=args.log_level,
        timeout_graceful_shutdown=5,
        # Proxy headers only from the proxies named (uvicorn believes 127.0.0.1's by
        # default): else any client spoofs its address past the per-address quotas.
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies),
        access_log=os.environ.get("KROEG_ACCESS_LOG") == "1",
    )
    server = KroegServer(config, entry.app.state.runtime)
    server.run(sockets=[reuse_port_socket(args.host, args.port)] if args.reuse_port else None)
    return 0


FAST_PATH_UVICORN = "0.54."
"""The uvicorn minor version the fast path (kroeg.server.protocol) is tested on."""


def websocket_protocol(settings: ServerSettings) -> str | type[asyncio.Protocol]:
    """uvicorn's public sans-I/O websocket implementation; with ``KROEG_WS_FAST=1`` our
    subclass of it with the frames extension (kroeg.server.protocol), which leans on
    uvicorn's internals and is imported only then."""
    if not settings.ws_fast:
        return "websockets-sansio"
    if not uvicorn.__version__.startswith(FAST_PATH_UVICORN):
        raise ValueError(
            f"KROEG_WS_FAST=1 is tested with uvicorn {FAST_PATH_UVICORN}x only, not "
            f"{uvicorn.__version__}: unset it (the default path works with any uvicorn 0.x)"
        )
    from kroeg.server.protocol import WebSocketProtocol

    return WebSocketProtocol


def workers_refusal(settings: ServerSettings, workers: int) -> str | None:
    """Why ``--workers`` cannot be served as asked, or None."""
    if workers < 1:
        return f"--workers must be at least 1, not {workers}"
    if database_url(settings.database_url).startswith("sqlite"):
        return (
            "with SQLite the server is one process: --workers needs PostgreSQL "
            "(KROEG_DATABASE_URL) and Redis (KROEG_REDIS_URL), see docs/cluster.md"
        )
    if settings.redis_url is None:
        return "--workers needs Redis to share the tables: set KROEG_REDIS_URL (docs/cluster.md)"
    return None


def worker_env(worker: int, metrics: tuple[str, int] | None) -> dict[str, str]:
    """A worker's environment: its metrics on a port of its own, the ``KROEG_METRICS``
    port plus its number (docs/operations.md, "Metrics")."""
    env = dict(os.environ)
    if metrics is not None:
        host, port = metrics
        env["KROEG_METRICS"] = (
            f"[{host}]:{port + worker}" if ":" in host else f"{host}:{port + worker}"
        )
    return env


def reuse_port_socket(host: str, port: int) -> socket.socket:
    """The listening socket of one worker: the port shared with the others (SO_REUSEPORT,
    the kernel spreads new connections over them)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


def run_workers(args: argparse.Namespace, settings: ServerSettings) -> int:
    """Start ``args.workers`` server processes on one port and wait for them; SIGTERM and
    Ctrl-C go to each. A worker that dies is not restarted here (a supervisor's job):
    its tables move to the others (docs/cluster.md)."""
    command = [sys.executable, "-m", "kroeg.cli", "serve", "--reuse-port"]
    command += ["--host", args.host, "--port", str(args.port), "--log-level", args.log_level]
    for option in ("database_url", "house_delay", "deal_pause"):
        value = getattr(args, option)
        if value is not None:
            command += [f"--{option.replace('_', '-')}", str(value)]
    children = [
        subprocess.Popen(command, env=worker_env(i, settings.metrics)) for i in range(args.workers)
    ]

    stopped_by: set[int] = set()

    def forward(signum: int, _frame: object) -> None:
        stopped_by.add(-signum)
        for child in children:
            if child.poll() is None:
                child.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    # uvicorn ends a process it stopped on a signal by that signal again: asked to stop,
    # such a worker stopped as asked.
    codes = [child.wait() for child in children]
    failed = [code for code in codes if code != 0 and code not in stopped_by]
    return failed[0] if failed else 0
