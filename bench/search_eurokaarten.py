"""The Eurokaarten bots' work at a fixed size, so two commits compare by CPU time.

``bench/bots.py`` times decisions against a wall-clock budget, which the budget itself
bounds. Here the work is fixed instead: the same positions (random legal play, seeded)
and, for ``sterk``'s open-gaan search, the same number of samples per decision.

* ``basis``: decisions/s over every position with two or more legal actions (it reads
  the view and calls ``best_melds`` through the house's draw and lay choices);
* ``sterk`` open gaan: decisions/s at :data:`SAMPLES` samples each, on the positions
  where open gaan is legal.

Run with ``.venv/bin/python bench/search_eurokaarten.py [--positions N] [--save F |
--load F]``; rates are per second of CPU time of this process (``time.process_time``).
To compare two commits on the very same positions, ``--save`` them with one and
``--load`` them with both (random play follows ``legal``, which may differ).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from kroeg.bots.base import Deadline
from kroeg.bots.levels import make_kit
from kroeg.games.eurokaarten import Eurokaarten
from kroeg.games.playout import random_match, random_step

SAMPLES = 200


def positions(game: Eurokaarten, count: int) -> list[tuple[Any, list[Any]]]:
    """``count`` (view, legal) pairs from random legal play, two or more legal actions."""
    rng = random.Random(1)
    out: list[tuple[Any, list[Any]]] = []
    while len(out) < count:
        s = game.new_state(6, dealer=rng.randrange(6))
        for _ in range(rng.randrange(1, 300)):
            if game.is_over(s):
                break
            random_step(random_match(game, s, rng), rng)
        if game.is_over(s) or game.pending_deal(s) is not None:
            continue
        legal = game.legal(s, s.turn)
        if len(legal) >= 2:
            out.append((game.view(s, s.turn), legal))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--save", help="write the positions to this JSON file")
    parser.add_argument("--load", help="read the positions from this JSON file")
    args = parser.parse_args()
    game = Eurokaarten("standaard")
    kit = make_kit(game)
    if args.load:
        found = [
            (view, [game.parse_action(a) for a in legal])
            for view, legal in json.loads(Path(args.load).read_text())
        ]
    else:
        found = positions(game, args.positions)
    if args.save:
        rows = [(view, [game.action_json(a) for a in legal]) for view, legal in found]
        Path(args.save).write_text(json.dumps(rows))
    rng = random.Random(2)
    start = time.process_time()
    for view, legal in found:
        kit.basis(view, legal, rng)
    basis_rate = len(found) / (time.process_time() - start)
    opening = [(view, legal) for view, legal in found if ("open",) in legal]
    start = time.process_time()
    for view, legal in opening:
        kit.sterk(view, legal, rng, Deadline(60.0), SAMPLES)
    sterk_rate = len(opening) / (time.process_time() - start)
    print(f"eurokaarten basis: {len(found)} positions, {basis_rate:,.0f} decisions/s")
    print(
        f"eurokaarten sterk open gaan: {len(opening)} positions at {SAMPLES} samples,"
        f" {sterk_rate:,.1f} decisions/s"
    )


if __name__ == "__main__":
    main()
