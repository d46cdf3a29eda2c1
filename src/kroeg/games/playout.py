"""Random legal play: the driver behind property tests, benchmarks and the arena's baseline.

It deals with the given random generator and picks uniformly among every legal
action of every seat that has one (so out-of-turn knocks happen too).
"""

from __future__ import annotations

import random
from typing import Any

from kroeg.games.base import Action, Deal, Game


def random_step(game: Game[Any], s: Any, rng: random.Random) -> tuple[int, Action | Deal]:
    """One random legal step (a deal when one is due); applies it and returns it."""
    dealer = game.pending_deal(s)
    if dealer is not None:
        deal = game.random_deal(s, rng)
        game.apply(s, dealer, deal)
        return dealer, deal
    restocked = game.random_restock(s, rng)
    if restocked is not None:  # chance is the caller's, a turned-over pile's order too
        game.apply(s, *restocked)
        return restocked
    seats = sorted(game.to_act(s))
    choices = [(seat, a) for seat in range(game.seat_count(s)) for a in game.legal(s, seat)]
    if not choices:
        raise RuntimeError(f"no legal action while the game waits for {seats}")
    seat, action = rng.choice(choices)
    game.apply(s, seat, action)
    return seat, action


def play_random(
    game: Game[Any], s: Any, rng: random.Random, *, max_deals: int | None = None
) -> list[tuple[int, Action | Deal]]:
    """Play random legal moves until the game is over or ``max_deals`` deals are done."""
    steps: list[tuple[int, Action | Deal]] = []
    deals = 0
    while not game.is_over(s):
        if game.pending_deal(s) is not None:
            if max_deals is not None and deals >= max_deals:
                break
            deals += 1
        steps.append(random_step(game, s, rng))
    return steps
