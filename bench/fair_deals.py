"""The cost of a fair deal (docs/fair-deals.md) beside the game's own shuffle: CPU time
of this process per deal, for each game, at a fixed number of deals.

    .venv/bin/python bench/fair_deals.py [--deals 2000]

A table deals a fair deal as the game's ``random_deal`` (for the deal's shape) plus
:func:`kroeg.fairness.fair_deal`; this prints both parts. CPU time, not wall time, so the
figure depends little on what else the machine runs.
"""

from __future__ import annotations

import argparse
import random
import secrets
import time

from kroeg.fairness import fair_deal
from kroeg.games import make_game

GAMES = {
    "toepen": ("kroegregels", {}, 4),
    "klaverjassen": ("nku", {}, 4),
    "klaverjassen gedraaid": ("nku", {"trump_mode": "gedraaid"}, 4),
    "eurokaarten": ("standaard", {}, 6),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=2000)
    n = parser.parse_args().deals
    secret = secrets.token_bytes(32)
    contributions = {0: secrets.token_bytes(32), 2: secrets.token_bytes(32)}
    print(f"{'game':<24} {'random_deal µs':>15} {'fair_deal µs':>13} (CPU, {n} deals)")
    for label, (variant, options, seats) in GAMES.items():
        name = label.split()[0]
        game = make_game(name, variant, options)
        state = game.new_state(seats, dealer=0, seed=1)
        rng = random.Random(1)
        start = time.process_time()
        shapes = [game.random_deal(state, rng) for _ in range(n)]
        shuffled = time.process_time() - start
        start = time.process_time()
        for i, shape in enumerate(shapes):
            fair_deal(name, shape, secret, i + 1, contributions)
        fair = time.process_time() - start
        print(f"{label:<24} {shuffled / n * 1e6:>15.1f} {fair / n * 1e6:>13.1f}")


if __name__ == "__main__":
    main()
