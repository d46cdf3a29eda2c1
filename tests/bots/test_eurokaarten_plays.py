"""Eurokaarten ``sterk`` after the draw (issue 23, point 4): joker swaps that pay
(RULES.md §7.6, §12)."""

from __future__ import annotations

import random

from kroeg.bots.levels import make_bot
from kroeg.games.eurokaarten.solver import best_melds
from tests.bots.positions import positions


def test_sterk_swaps_a_joker_only_when_the_best_lay_then_leaves_fewer_points() -> None:
    swaps = chances = discards = 0
    rng = random.Random(2)
    bot = None
    for game, s, seat in positions("eurokaarten", "standaard", 6, 150, seed=31):
        bot = bot or make_bot(game, "sterk", max_samples=2)
        legal = game.legal(s, seat)
        if not s.drawn:
            continue
        rules = game.options.meld_rules  # type: ignore[attr-defined]
        action = bot.decide(game.view(s, seat), legal, rng, 1.0)
        chances += any(a[0] == "swap" for a in legal)
        if action[0] == "swap":
            before = best_melds(s.hands[seat], s.melds, rules).points_left
            after_state = game.copy(s)
            game.apply(after_state, seat, action)
            after = best_melds(after_state.hands[seat], after_state.melds, rules).points_left
            assert after < before
            swaps += 1
        discards += action[0] == "discard"
    assert discards > 10
    assert swaps <= chances
