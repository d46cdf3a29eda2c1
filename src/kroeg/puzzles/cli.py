"""``kroeg puzzles mine --games N``: the house plays N games, every seat at one level,
and the puzzles the solver finds in them are stored (docs/puzzles.md); ``kroeg puzzles
count`` says how many the store holds. Puzzles mined here come from no game of the
server: they have no replay to show."""

from __future__ import annotations

import argparse
import asyncio
import random
import time

from kroeg.puzzles.house_games import house_game
from kroeg.puzzles.mine import MINERS, mine_record
from kroeg.store import open_store
from kroeg.store.puzzles import PuzzleStore

LEVELS = ("basis", "sterk")
DEFAULT_VARIANTS = {"klaverjassen": "nku", "toepen": "kroegregels"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["mine", "count"], help="what to do")
    parser.add_argument("--games", type=int, default=10, help="games to play and mine")
    parser.add_argument("--game", choices=sorted(MINERS), default="klaverjassen")
    parser.add_argument(
        "--variant", default=None, help="the game's variant (default: nku, kroegregels)"
    )
    parser.add_argument(
        "--level", choices=LEVELS, default="basis", help="the house's level in those games"
    )
    parser.add_argument("--seed", type=int, default=None, help="repeat a run (basis only)")
    parser.add_argument(
        "--database-url",
        default=None,
        help="the store (default: KROEG_DATABASE_URL, else SQLite under data/)",
    )


async def _run(args: argparse.Namespace) -> int:
    store = await open_store(args.database_url)
    try:
        puzzles = PuzzleStore(store)
        if args.action == "count":
            print(f"{await puzzles.count()} puzzles in the store")
            return 0
        if args.games < 1:
            print("--games must be at least 1")
            return 2
        variant = args.variant or DEFAULT_VARIANTS[args.game]
        rng = random.Random(args.seed)
        started, cpu = time.perf_counter(), time.process_time()
        found = added = 0
        for number in range(args.games):
            record = house_game(args.game, variant, args.level, rng)
            _, mined = mine_record(record, rng.randrange(2**62))
            found += len(mined)
            added += await puzzles.add(mined, args.game, variant, None)
            print(f"game {number + 1}/{args.games}: {len(mined)} puzzles", flush=True)
        minutes = (time.process_time() - cpu) / 60
        print(
            f"{found} puzzles found in {args.games} games, {added} new;"
            f" {await puzzles.count()} in the store;"
            f" {time.perf_counter() - started:.1f} s,"
            f" {found / max(minutes, 1e-9):.1f} per CPU-minute"
        )
    finally:
        await store.close()
    return 0


def run(args: argparse.Namespace) -> int:
    return asyncio.run(_run(args))
