"""A fixed amount of play through :class:`kroeg.games.match.Match`, for instruction counts.

``bench/engine.py`` runs for a time; callgrind (docs/performance.md, "One driver") needs a
fixed amount of work instead. ``WHAT COUNT``: ``toepen``, ``klaverjassen`` or
``eurokaarten`` plays COUNT whole random games with :func:`kroeg.games.playout.random_step`
(every seat's legal actions, out-of-turn knocks too: the engine bench's "all seats,
apply"); ``arena`` plays COUNT Toepen kroegregels arena boards of ``random`` against
``huis`` (two rotations each, out-of-turn chances offered after every step). Run it at
two counts and take the difference, so the start-up cancels out::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
      .venv/bin/python bench/match_steps.py toepen 10
"""

from __future__ import annotations

import argparse
import random

from kroeg.bots.arena import Config, play_board
from kroeg.games import make_game
from kroeg.games.playout import random_match, random_step

SETUPS = {"toepen": ("kroegregels", 4), "klaverjassen": ("nku", 4), "eurokaarten": ("standaard", 6)}


def playouts(name: str, count: int) -> int:
    """``count`` whole random games; the steps played."""
    variant, seats = SETUPS[name]
    game = make_game(name, variant)
    rng = random.Random(1)
    steps = 0
    for _ in range(count):
        s = game.new_state(seats, dealer=0)
        match = random_match(game, s, rng)
        while not game.is_over(s):
            random_step(match, rng)
            steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=[*SETUPS, "arena"])
    parser.add_argument("count", type=int)
    args = parser.parse_args()
    if args.what == "arena":
        config = Config("toepen", "kroegregels", 4, ("random", "huis"), 1, 1.0, None)
        for board in range(args.count):
            play_board(config, board)
        print(f"arena: {args.count} boards")
    else:
        print(f"{args.what}: {playouts(args.what, args.count)} steps")


if __name__ == "__main__":
    main()
