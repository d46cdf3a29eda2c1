"""Bots at a Klaverjassen table with ``trump_mode: gedraaid`` (RULES.md §6.10): trump is
proposed one suit at a time ("Beginnend bij de speler links van de deler wordt er
gezegd of er wordt gespeeld of gepast", denksportcentrum), so a bid may only name the
proposed suit, and the stock holds the draaikaarten."""

from __future__ import annotations

import random

from kroeg.bots.levels import LEVELS, make_bot, make_kit
from tests.bots.positions import positions

GEDRAAID = {"trump_mode": "gedraaid"}


def test_every_level_bids_and_plays_legally_with_gedraaid() -> None:
    bots = None
    bidding = 0
    for game, s, seat in positions("klaverjassen", "nku", 4, 80, seed=21, options=GEDRAAID):
        bots = bots or {level: make_bot(game, level, max_samples=3) for level in LEVELS}
        legal = game.legal(s, seat)
        view = game.view(s, seat)
        bidding += view["phase"] == "bidding"
        for level, bot in bots.items():
            action = bot.decide(view, legal, random.Random(5), 1.0)
            assert action in legal, f"{level} chose {action} in {view}"
    assert bidding >= 5  # the positions include bidding with a proposed suit


def test_a_state_rebuilt_from_a_gedraaid_view_shows_that_view() -> None:
    """``huis`` rebuilds the state; the turned draaikaarten must come out the same."""
    kit = None
    rng = random.Random(4)
    for game, s, seat in positions("klaverjassen", "nku", 4, 80, seed=22, options=GEDRAAID):
        kit = kit or make_kit(game)
        view = game.view(s, seat)
        built = kit.state(view, rng)
        assert game.view(built, seat) == view
        assert sorted(game.legal(built, seat)) == sorted(game.legal(s, seat))
