"""Counts of what Eurokaarten bots do (issue 23's figures re-measured): joker swap chances
and swaps, discards, and discards the next player took from the pile and laid in the same
turn (a meld or lay-off holding that card).

    .venv/bin/python bench/eurokaarten_counts.py --partijen 10 --level sterk --samples 30
    .venv/bin/python bench/eurokaarten_counts.py --partijen 60 --level sterk --others basis

With ``--others`` one seat plays the level and five the other level (as the arena's
``sterk`` against five ``basis``): its discards, and how many the next seat took.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from kroeg.bots.levels import make_bot
from kroeg.games import make_game


def _laid_cards(action: tuple[object, ...]) -> set[object]:
    """The cards a meld or lay-off puts on the table (as the action names them)."""
    if action[0] == "meld":
        cards = action[1]
    elif action[0] == "layoff":
        cards = action[2]
    else:
        return set()
    out: set[object] = set()
    for c in cards:  # type: ignore[attr-defined]
        out.add(c[0] if isinstance(c, tuple) else c)
    return out


def count(partijen: int, level: str, samples: int, others: str | None = None) -> Counter[str]:
    """Counts over ``partijen``; with ``others`` one seat (in turn) plays ``level`` and the
    other five ``others``, and only the ``level`` seat's discards and swaps are counted."""
    game = make_game("eurokaarten", "standaard")
    bot = make_bot(game, level, max_samples=samples)
    rest = bot if others is None else make_bot(game, others)
    rng = random.Random(1)
    c: Counter[str] = Counter()
    for p in range(partijen):
        s = game.new_state(6, dealer=p % 6)
        last_discard: tuple[int, object] | None = None  # (seat, card)
        taken: object | None = None
        while not game.is_over(s):
            dealer = game.pending_deal(s)
            if dealer is not None:
                game.apply(s, dealer, game.random_deal(s, rng))
                last_discard = taken = None
                continue
            seat = min(game.to_act(s))
            legal = game.legal(s, seat)
            counted = others is None or seat == p % 6
            action = (bot if counted else rest).decide(game.view(s, seat), legal, rng, 60.0)
            if counted and any(a[0] == "swap" for a in legal):
                c["swap chances"] += 1
            if counted and action[0] == "swap":
                c["swaps"] += 1
            if action == ("draw", "discard") and last_discard is not None:
                taken = last_discard[1]
                c["discards taken by the next player"] += 1
            if taken is not None and taken in _laid_cards(action):
                c["discards taken and laid at once"] += 1
                taken = None
            if action[0] == "discard":
                last_discard = (seat, action[1]) if counted else None
                c["discards"] += counted
                taken = None
            game.apply(s, seat, action)
    return c


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partijen", type=int, default=10)
    parser.add_argument("--level", default="sterk")
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--others", help="the level of the other five seats (default: the same)")
    args = parser.parse_args()
    started = time.process_time()
    c = count(args.partijen, args.level, args.samples, args.others)
    table = f"one {args.level} and five {args.others}" if args.others else f"six {args.level}"
    print(
        f"eurokaarten standaard: {args.partijen} partijen of {table},"
        f" {args.samples} samples, {time.process_time() - started:.0f} s CPU"
    )
    for key in sorted(c):
        print(f"  {key}: {c[key]}")


if __name__ == "__main__":
    main()
