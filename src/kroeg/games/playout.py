"""Random legal play: the driver behind property tests, benchmarks and the arena's baseline.

A :class:`~kroeg.games.match.Match` whose chance is shuffled with the given random
generator (:func:`random_match`); each step picks uniformly among every legal action of
every seat that has one (so out-of-turn knocks happen too), not seat by seat as agents do.
"""

from __future__ import annotations

import random
from typing import Any

from kroeg.games.base import Game
from kroeg.games.match import Match, RandomDeals, Step


def random_match(game: Game[Any], s: Any, rng: random.Random) -> Match[Any]:
    """A match over ``s`` whose deals and restocks are shuffled with ``rng``."""
    return Match(game, s, deals=RandomDeals(rng))


def random_step(match: Match[Any], rng: random.Random) -> Step:
    """One random legal step (the chance step when one is due); applies it and returns it."""
    done = match.chance()
    if done is not None:
        return done
    game, s = match.game, match.state
    choices = [(seat, a) for seat in range(game.seat_count(s)) for a in game.legal(s, seat)]
    if not choices:
        raise RuntimeError(f"no legal action while the game waits for {sorted(game.to_act(s))}")
    seat, action = rng.choice(choices)
    match.step(seat, action)
    return seat, action


def play_random(
    match: Match[Any], rng: random.Random, *, max_deals: int | None = None
) -> list[Step]:
    """Play random legal moves until the game is over or ``max_deals`` deals are done."""
    steps: list[Step] = []
    game, s = match.game, match.state
    while not game.is_over(s):
        if max_deals is not None and match.dealt >= max_deals and game.pending_deal(s) is not None:
            break
        steps.append(random_step(match, rng))
    return steps
