"""The compiled Klaverjas solver (bots/klaverjassen/kernel.py) against the clock.

Three measurements, CPU time of this process (``time.process_time``), so the figures
hold on a machine shared with other work:

1. Exact solves of the last 4, 5, 6 and 8 tricks (``Solver.solve``) on random deals
   played at random to the start of a trick, and the pure-Python reference
   (``play.solve``) on the first ten 4-trick positions.
2. ``--deals`` whole deals at trick 1 (the issue's figure): the exact value of every
   legal card of the first lead (``Solver.card_values``, trump fixed), median, p99 and
   max over the deals.
3. ``--games`` whole 16-deal NKU games (played by ``basis``) analysed with every card
   of every deal graded (``kroeg.bots.klaverjassen.analysis`` with ``ANALYSED_TRICKS``
   raised to 8 for the run): seconds per game.

    .venv/bin/python bench/kernel.py [--seed 1] [--positions 40] [--deal-positions 20]
        [--deals 1000] [--games 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from kroeg.bots.klaverjassen import analysis
from kroeg.bots.klaverjassen.kernel import Solver
from kroeg.bots.klaverjassen.play import Play, cards_in, play_card, solve
from kroeg.bots.levels import make_bot
from kroeg.cards import PIKET_DECK, mask_of
from kroeg.games import make_game
from kroeg.games.base import JSON
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.records import RecordWriter


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


def first_lead_times(solver: Solver, positions: list[Play]) -> list[float]:
    """CPU seconds of ``card_values`` for every legal card of each first lead."""
    out = []
    for p in positions:
        cards = cards_in(p.legal(p.hands[p.turn]))
        started = time.process_time()
        solver.card_values(p, cards)
        out.append(time.process_time() - started)
        if len(out) % 100 == 0:  # progress: a long run on a busy machine
            print(
                f"  {len(out)} deals: median {1000 * statistics.median(out):.2f} ms,"
                f" max {1000 * max(out):.1f} ms",
                file=sys.stderr,
                flush=True,
            )
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def recorded_game(seed: int) -> JSON:
    """A whole 16-deal NKU game played by ``basis`` for every seat, as its record."""
    game = make_game("klaverjassen", "nku", {"game_length": "16_deals"})
    s = game.new_state(4, dealer=0)
    writer = RecordWriter(game, 4, dealer=0)
    bot = make_bot(game, "basis")
    rng = random.Random(seed)
    while not game.is_over(s):
        dealer = game.pending_deal(s)
        if dealer is not None:
            deal = game.random_deal(s, rng)
            writer.add(dealer, deal)
            game.apply(s, dealer, deal)
            continue
        seat = min(game.to_act(s))
        action = bot.decide(game.view(s, seat), game.legal(s, seat), rng, 1.0)
        writer.add(seat, action)
        game.apply(s, seat, action)
    doc: JSON = json.loads(writer.dumps())
    return doc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=40, help="positions per depth (4-6)")
    parser.add_argument("--deal-positions", type=int, default=20, help="whole deals (8 tricks)")
    parser.add_argument("--deals", type=int, default=1000, help="first leads: card_values")
    parser.add_argument("--games", type=int, default=3, help="16-deal games analysed")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    solver = Solver()
    solver.solve(position(rng, 2))  # load (or compile) the kernel first
    print("tricks left  positions  kernel solves/s  median ms  max ms  reference solves/s")
    for tricks in (4, 5, 6, 8):
        count = args.deal_positions if tricks == 8 else args.positions
        if count == 0:
            continue
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
    if args.deals:
        deals = random.Random(f"first-leads/{args.seed}")
        times = first_lead_times(solver, [position(deals, 8) for _ in range(args.deals)])
        print(
            f"first lead, every legal card: {args.deals} deals, median"
            f" {1000 * statistics.median(times):.2f} ms, p99 {1000 * percentile(times, 0.99):.1f}"
            f" ms, max {1000 * max(times):.1f} ms, {sum(times):.1f} s in all"
        )
    if args.games:
        analysis.ANALYSED_TRICKS = 8  # every card of every deal
        seconds = []
        graded = 0
        for game in range(args.games):
            doc = recorded_game(args.seed * 1000 + game)
            started = time.process_time()
            result = analysis.analyse(doc)
            seconds.append(time.process_time() - started)
            graded += len(result["plays"])
        print(
            f"whole 16-deal games analysed, every card: {args.games} games, {graded} cards"
            f" graded, per game median {statistics.median(seconds):.2f} s,"
            f" max {max(seconds):.2f} s"
        )


if __name__ == "__main__":
    main()
