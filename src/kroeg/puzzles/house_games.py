"""Whole games played by the house at one level, as records: the ore the operator's
``kroeg puzzles mine`` and ``bench/puzzles.py`` mine (the server mines its real games)."""

from __future__ import annotations

import json
import random

from kroeg.bots.base import BotAgent
from kroeg.bots.levels import make_bot
from kroeg.games import make_game
from kroeg.games.base import JSON
from kroeg.games.match import Match, RandomDeals
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
    writer = RecordWriter(game, seats, dealer=dealer)
    agent = BotAgent(make_bot(game, level), rng, BUDGET)
    match = Match.new(game, seats, dealer=dealer, agents=[agent] * seats, deals=RandomDeals(rng))
    match.watch(writer.observe)
    match.run()
    doc: JSON = json.loads(writer.dumps())
    return doc
