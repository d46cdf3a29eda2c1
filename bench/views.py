"""Views built, encoded and read by a bot: a fixed amount, for instruction counts.

``WHAT COUNT MODE`` plays COUNT whole random games of ``toepen`` (kroegregels),
``klaverjassen`` (nku) or ``eurokaarten`` (standaard) and after each step, for every seat
and a spectator: ``play`` nothing more; ``build`` builds the view (``game.view``);
``encode`` builds it and encodes it as the server does (``msgspec.json``); ``read``
builds it and, for every seat, reads it as the game's bots do (their ``read_view``,
which reads nearly every field). Run two modes at the same count under callgrind and
divide the difference by the views (printed), so the play and the start-up cancel out
(docs/performance.md, "Typed views"). ``time`` keeps the states of the COUNT games and
prints the CPU time of building and encoding all their views, best of five rounds, in
nanoseconds a view (no valgrind; the loaded machine makes it the rougher figure)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
      .venv/bin/python bench/views.py klaverjassen 6 encode
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import msgspec

from kroeg.bots.klaverjassen.knowledge import read_view as read_klaverjassen
from kroeg.bots.levels import make_kit
from kroeg.bots.toepen.knowledge import read_view as read_toepen
from kroeg.games import make_game
from kroeg.games.base import Game
from kroeg.games.playout import random_match, random_step

SETUPS = {"toepen": ("kroegregels", 4), "klaverjassen": ("nku", 4), "eurokaarten": ("standaard", 6)}
MODES = ("play", "build", "encode", "read", "time")

encode = msgspec.json.Encoder().encode


def reader(game: Game[Any]) -> Callable[[Any], object]:
    """What the game's bots read a view with."""
    if game.name == "klaverjassen":
        return read_klaverjassen
    if game.name == "toepen":
        return read_toepen
    kit: Any = make_kit(game)
    return kit.read  # type: ignore[no-any-return]


def play(name: str, count: int, mode: str) -> tuple[int, int]:
    """``count`` whole random games; the steps played and the views built."""
    variant, seats = SETUPS[name]
    game = make_game(name, variant)
    read = reader(game)
    rng = random.Random(1)
    audiences: list[int | None] = [*range(seats), None]
    steps = built = 0
    for _ in range(count):
        s = game.new_state(seats, dealer=0)
        match = random_match(game, s, rng)
        while not game.is_over(s):
            random_step(match, rng)
            steps += 1
            if mode == "play":
                continue
            for seat in audiences:
                view = game.view(s, seat)
                if mode == "encode":
                    encode(view)
                elif mode == "read" and seat is not None:
                    read(view)
            built += len(audiences)
    return steps, built


def timed(name: str, count: int) -> float:
    """CPU nanoseconds per view built and encoded, over every state of ``count`` games."""
    variant, seats = SETUPS[name]
    game = make_game(name, variant)
    rng = random.Random(1)
    states = []
    for _ in range(count):
        s = game.new_state(seats, dealer=0)
        match = random_match(game, s, rng)
        while not game.is_over(s):
            random_step(match, rng)
            states.append(s.copy())
    audiences: list[int | None] = [*range(seats), None]
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for s in states:
            for seat in audiences:
                encode(game.view(s, seat))
        best = min(best, time.process_time() - start)
    return best / (len(states) * len(audiences)) * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=[*SETUPS])
    parser.add_argument("count", type=int)
    parser.add_argument("mode", choices=MODES)
    args = parser.parse_args()
    if args.mode == "time":
        print(f"{args.what}: {timed(args.what, args.count):.0f} ns a view built and encoded")
        return
    steps, built = play(args.what, args.count, args.mode)
    print(f"{args.what} {args.mode}: {steps} steps, {built} views")


if __name__ == "__main__":
    main()
