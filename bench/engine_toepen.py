"""Toepen engine benchmark: random legal playouts per second, one process, one core.

Three loops per variant, each picking uniformly among the legal actions:

* ``to-act, advance``: the seat the game waits for picks among its legal actions
  (its own knocks and folds included) and :meth:`Toepen.advance` applies it without
  building events: the bots' simulation loop. Measured first, it also fills the
  process's per-hand caches.
* ``to-act, apply``: the same through :meth:`Toepen.apply`, with full validation and
  events: the plain ``legal``/``apply`` loop that issue 2's target is about.
* ``all seats, apply``: :func:`kroeg.games.playout.random_step` (a
  :class:`~kroeg.games.match.Match`), which asks every seat
  for its legal actions (out-of-turn knocks too), as the property tests play.

Deals include shuffling (``random_deal``). Figures are CPU time (``process_time``),
so other processes on the machine disturb them less; still take the median of a few
runs. Run: ``.venv/bin/python bench/engine.py toepen``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from kroeg.games.playout import random_match, random_step
from kroeg.games.toepen import Toepen
from kroeg.games.toepen.state import DEAL, OVER

SETUPS = (("kroegregels", 4), ("klassiek", 4))


def to_act_loop(game: Toepen, seats: int, seconds: float, events: bool) -> tuple[int, int]:
    """Whole random games for ``seconds`` of CPU time: (deals, games)."""
    rng = random.Random(1)
    pick = rng.random
    step: Callable[..., Any] = game.apply if events else game.advance
    legal = game.legal
    to_act = game.to_act
    deals = games = 0
    end = time.process_time() + seconds
    while time.process_time() < end:
        s = game.new_state(seats, dealer=0)
        while s.phase != OVER:
            if s.phase == DEAL:
                step(s, s.dealer, game.random_deal(s, rng))
                deals += 1
                continue
            seat = min(to_act(s))
            actions = legal(s, seat)
            step(s, seat, actions[int(pick() * len(actions))])
        games += 1
    return deals, games


def all_seats_loop(game: Toepen, seats: int, seconds: float) -> tuple[int, int]:
    rng = random.Random(1)
    deals = games = 0
    end = time.process_time() + seconds
    while time.process_time() < end:
        s = game.new_state(seats, dealer=0)
        match = random_match(game, s, rng)
        while not game.is_over(s):
            if game.pending_deal(s) is not None:
                deals += 1
            random_step(match, rng)
        games += 1
    return deals, games


def run(seconds: float) -> None:
    print("toepen: random legal playouts per second of CPU time (deals/s, games/s)")
    for variant, seats in SETUPS:
        game = Toepen(variant)
        figures = [
            ("to-act, advance", to_act_loop(game, seats, seconds, events=False)),
            ("to-act, apply", to_act_loop(game, seats, seconds, events=True)),
            ("all seats, apply", all_seats_loop(game, seats, seconds)),
        ]
        for name, (deals, games) in figures:
            print(
                f"  {variant:<11} {seats} seats  {name:<17}"
                f" {deals / seconds:>8,.0f} deals/s {games / seconds:>7,.0f} games/s"
            )


if __name__ == "__main__":
    run(3.0)
