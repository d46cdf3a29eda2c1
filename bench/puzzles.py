"""Puzzles mined per CPU-minute: the house (``basis`` at every seat) plays whole
Klaverjassen games and whole Toepen games (kroegregels, 4 seats) of one seed, and each
record is mined as the bot pool mines a finished game (kroeg.puzzles.mine.mine_record:
the analysis, then the sampled worlds of each candidate). CPU time of this process
(``time.process_time``) of the mining alone, so the figure holds on a machine shared
with other work; the games' own cost is printed beside it. Distinct positions only
(each puzzle's key once).

    .venv/bin/python bench/puzzles.py [--games 10] [--seed 1] [--level basis]
        [--game klaverjassen|toepen|all]
"""

from __future__ import annotations

import argparse
import random
import time

from kroeg.bots.klaverjassen.kernel import warm
from kroeg.puzzles.house_games import house_game
from kroeg.puzzles.mine import mine_record

VARIANTS = {"klaverjassen": "nku", "toepen": "kroegregels"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="basis")
    parser.add_argument("--game", choices=[*VARIANTS, "all"], default="all")
    args = parser.parse_args()
    warm()
    for game in VARIANTS if args.game == "all" else [args.game]:
        bench(game, args)


def bench(game: str, args: argparse.Namespace) -> None:
    """Play and mine ``args.games`` games of ``game``; print the figures."""
    rng = random.Random(args.seed)
    play_cpu = mine_cpu = 0.0
    keys: set[str] = set()
    deals = candidates = 0
    for _ in range(args.games):
        started = time.process_time()
        record = house_game(game, VARIANTS[game], args.level, rng)
        play_cpu += time.process_time() - started
        started = time.process_time()
        analysis, puzzles = mine_record(record, rng.randrange(2**62))
        mine_cpu += time.process_time() - started
        deals += len(record["deals"])
        keys |= {p.key for p in puzzles}
        assert analysis is not None
        candidates += len(analysis["plays"])
    per_minute = len(keys) / (mine_cpu / 60)
    print(
        f"{game}: {args.games} games ({deals} deals, {candidates} analysed decisions),"
        f" level {args.level}, seed {args.seed}"
    )
    print(f"puzzles: {len(keys)} ({len(keys) / deals:.2f} a deal)")
    print(f"mining: {mine_cpu:.1f} s CPU, {mine_cpu / deals * 1000:.0f} ms a deal")
    print(f"playing the games: {play_cpu:.1f} s CPU")
    print(f"puzzles mined per CPU-minute: {per_minute:.0f}")


if __name__ == "__main__":
    main()
