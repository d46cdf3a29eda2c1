"""Toepen bots' search path: ``sterk``'s exact last-trick search on sampled deals, per
second of CPU time.

Random positions (seeded random play, kroegregels and klassiek, 4 seats) where a seat
is to play a card; on each, the seat's view is read, hidden cards are dealt at random
(``knowledge.sample``) and ``sterk.win_chance`` plays out every legal card by max-n
search, as ``sterk`` does within its time budget. Prints searches (one legal card on
one determinisation) per second. Run: ``.venv/bin/python bench/toepen_search.py``.
"""

from __future__ import annotations

import argparse
import random
import time

from kroeg.bots.toepen.knowledge import read_view, sample
from kroeg.bots.toepen.sterk import first_leader, win_chance
from kroeg.games.playout import random_match, random_step
from kroeg.games.toepen import Toepen
from kroeg.games.toepen.view import ToepenView


def positions(variant: str, count: int) -> list[tuple[ToepenView, list[int]]]:
    """``count`` views of a seat to play, with the cards it may play."""
    game = Toepen(variant)
    rng = random.Random(7)
    out: list[tuple[ToepenView, list[int]]] = []
    while len(out) < count:
        s = game.new_state(4, dealer=rng.randrange(4))
        for _ in range(rng.randrange(1, 60)):
            if game.is_over(s):
                break
            random_step(random_match(game, s, rng), rng)
        if game.is_over(s) or game.pending_deal(s) is not None:
            continue
        seat = min(game.to_act(s))
        plays = [a[1] for a in game.legal(s, seat) if a[0] == "play"]
        if plays:
            out.append((game.view(s, seat), plays))
    return out


def run(seconds: float) -> None:
    for variant in ("kroegregels", "klassiek"):
        cases = positions(variant, 200)
        rng = random.Random(1)
        searches = 0
        start = time.process_time()
        end = start + seconds
        while time.process_time() < end:
            for view, plays in cases:
                seen = read_view(view)
                leader = first_leader(view, seen)
                d = sample(seen, rng)
                for card in plays:
                    win_chance(seen, d.hands, leader, card)
                    searches += 1
        spent = time.process_time() - start
        print(f"  {variant:<11} sterk search {searches / spent:>9,.0f} searches/s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    run(parser.parse_args().seconds)
