"""A fixed amount of Toepen work for instruction counts: N random deals of the to-act loop
of ``bench/engine_toepen.py`` (seeded), so that ``valgrind --tool=cachegrind`` can compare
two versions independently of the machine's load.

Run: ``PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no .venv/bin/python
bench/toepen_fixed_work.py kroegregels advance 2200`` and again with 200; the difference
over 2,000 is the instructions per deal.
"""

from __future__ import annotations

import random
import sys

from kroeg.games.toepen import Toepen
from kroeg.games.toepen.state import DEAL, OVER


def main(variant: str, loop: str, wanted: int) -> None:
    game = Toepen(variant)
    rng = random.Random(1)
    step = game.apply if loop == "apply" else game.advance
    deals = 0
    while deals < wanted:
        s = game.new_state(4, dealer=0)
        while s.phase != OVER and deals < wanted:
            if s.phase == DEAL:
                step(s, s.dealer, game.random_deal(s, rng))
                deals += 1
                continue
            seat = min(game.to_act(s))
            actions = game.legal(s, seat)
            step(s, seat, actions[int(rng.random() * len(actions))])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
