"""Whole games played by the house at one level, as records: the ore the operator's
``kroeg puzzles mine`` and ``bench/puzzles.py`` mine (the server mines its real games)."""

from __future__ import annotations

import json
import random

from kroeg.bots.levels import make_bot
from kroeg.games import make_game
from kroeg.games.base import JSON
from kroeg.records import RecordWriter

BUDGET = 0.3
"""Seconds a bot's decision may take (the house's own budget)."""


def house_game(
    game_name: str, variant: str, level: str, rng: random.Random, options: JSON | None = None
) -> JSON:
    """One whole game, every seat played by the bot ``level``, as its record."""
    game = make_game(game_name, variant, dict(options or {}))
    seats = game.traits_of(variant).usual_seats
    dealer = rng.randrange(seats)
    s = game.new_state(seats, dealer=dealer)
    writer = RecordWriter(game, seats, dealer=dealer)
    bot = make_bot(game, level)
    while not game.is_over(s):
        deal_by = game.pending_deal(s)
        if deal_by is not None:
            deal = game.random_deal(s, rng)
            writer.add(deal_by, deal)
            game.apply(s, deal_by, deal)
            continue
        seat = min(game.to_act(s))
        action = bot.decide(game.view(s, seat), game.legal(s, seat), rng, BUDGET)
        writer.add(seat, action)
        game.apply(s, seat, action)
    doc: JSON = json.loads(writer.dumps())
    return doc
