"""``kroeg serve``: the web server on uvicorn (uvloop, httptools, no websocket compression).

On SIGTERM (or Ctrl-C) the server first tells every client that it restarts, then
closes; every action is already in the store, so clients resume by reconnecting.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import logging
import os
import socket

import uvicorn

from kroeg.server.app import create_entry
from kroeg.server.protocol import WebSocketProtocol
from kroeg.server.runtime import Runtime
from kroeg.server.settings import ServerSettings


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


def run(args: argparse.Namespace) -> int:
    settings = ServerSettings.from_env()
    if args.database_url:
        settings = dataclasses.replace(settings, database_url=args.database_url)
    if args.house_delay is not None:
        settings = dataclasses.replace(settings, house_delay=args.house_delay)
    if args.deal_pause is not None:
        settings = dataclasses.replace(settings, deal_pause=args.deal_pause)
    logging.basicConfig(level=args.log_level.upper())
    entry = create_entry(settings)
    config = uvicorn.Config(
        entry,
        host=args.host,
        port=args.port,
        loop="uvloop",
        http="httptools",
        ws=WebSocketProtocol,
        ws_per_message_deflate=False,
        ws_max_size=65536,
        log_level=args.log_level,
        timeout_graceful_shutdown=5,
        access_log=os.environ.get("KROEG_ACCESS_LOG") == "1",
    )
    KroegServer(config, entry.app.state.runtime).run()
    return 0
