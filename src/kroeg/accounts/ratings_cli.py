"""``kroeg ratings rebuild``: forget every rating and rate every rated game again, in the
order the games finished (docs/ratings.md). Run it with the server stopped, or at least
with no rated game finishing meanwhile: a game rated during the rebuild waits for it."""

from __future__ import annotations

import argparse
import asyncio
import time

from kroeg.accounts.rating_store import rebuild
from kroeg.store import open_store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["rebuild"], help="what to do with the ratings")
    parser.add_argument(
        "--database-url",
        default=None,
        help="the store (default: KROEG_DATABASE_URL, else SQLite under data/)",
    )


async def _rebuild(url: str | None) -> int:
    store = await open_store(url)
    try:
        started = time.perf_counter()
        games = await rebuild(store)
        print(f"{games} rated games rated again in {time.perf_counter() - started:.1f} s")
    finally:
        await store.close()
    return 0


def run(args: argparse.Namespace) -> int:
    return asyncio.run(_rebuild(args.database_url))
