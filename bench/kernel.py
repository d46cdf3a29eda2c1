"""Exact solves per second of the last 4, 5, 6 and 8 tricks of a Klaverjas deal, by the
compiled kernel (bots/klaverjassen/kernel.py) and by the pure-Python reference
(bots/klaverjassen/play.solve), on random deals of one seed. CPU time of this process
(``time.process_time``), so the figures hold on a machine shared with other work.

    .venv/bin/python bench/kernel.py [--seed 1] [--positions 40] [--deal-positions 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kroeg.bots.klaverjassen.kernel import Solver
from kroeg.bots.klaverjassen.play import Play, cards_in, play_card, solve
from kroeg.cards import PIKET_DECK, mask_of
from kroeg.games.klaverjassen import Klaverjassen


def position(rng: random.Random, tricks_left: int) -> Play:
    """A deal dealt at random and played at random to the start of the trick with
    ``tricks_left`` tricks to go (the declaring team drawn too)."""
    rules = Klaverjassen("nku").rules
    deck = list(PIKET_DECK)
    rng.shuffle(deck)
    hands = [mask_of(deck[i * 8 : i * 8 + 8]) for i in range(4)]
    p = Play(rng.randrange(4), rng.randrange(2), rules, 100, hands, rng.randrange(4), [], 0,
             [0, 0], [0, 0], [0, 0]).at()  # fmt: skip
    for _ in range((8 - tricks_left) * 4):
        play_card(p, rng.choice(cards_in(p.legal(p.hands[p.turn]))))
    return p


def cpu_times(solver: Solver, positions: list[Play]) -> list[float]:
    out = []
    for p in positions:
        started = time.process_time()
        solver.solve(p)
        out.append(time.process_time() - started)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=40, help="positions per depth (4-6)")
    parser.add_argument("--deal-positions", type=int, default=20, help="whole deals (8 tricks)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    solver = Solver()
    solver.solve(position(rng, 2))  # load (or compile) the kernel first
    print("tricks left  positions  kernel solves/s  median ms  max ms  reference solves/s")
    for tricks in (4, 5, 6, 8):
        count = args.deal_positions if tricks == 8 else args.positions
        positions = [position(rng, tricks) for _ in range(count)]
        times = cpu_times(solver, positions)
        reference = "-"
        if tricks == 4:
            started = time.process_time()
            for p in positions[:10]:
                solve(p.copy())
            reference = f"{10 / (time.process_time() - started):.0f}"
        print(
            f"{tricks:>11}  {count:>9}  {len(times) / sum(times):>15.1f}"
            f"  {1000 * statistics.median(times):>9.2f}  {1000 * max(times):>6.1f}"
            f"  {reference:>18}"
        )


if __name__ == "__main__":
    main()
