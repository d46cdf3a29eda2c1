"""``kroeg record GAME``: the house plays every seat of a whole game; its record is written.

Useful for bug reports, conformance files and replays in the browser: the same
``--seed`` gives the same game. The first dealer is chosen as the rules say (in
kroegregels by "Het") from the seed, which the record carries, so it replays.

``--level`` picks who plays: ``huis`` (the default) is the game's own ``default()``,
which never knocks in Toepen; ``basis`` is the rule-based bot (it knocks, kraakt and
bids by its hand); ``random`` picks uniformly among the legal actions. (``sterk``
searches by the clock, so its games would not repeat from the seed.)
"""

from __future__ import annotations

import argparse
import random
import sys

from kroeg.bots.base import BotAgent
from kroeg.bots.levels import make_bot
from kroeg.games import GAMES, game_class, make_game
from kroeg.games.base import InvalidInput
from kroeg.games.match import Agent, HouseAgent, Match, RandomDeals
from kroeg.records import RecordWriter
from kroeg.terminal.options import add_option_argument, parse_options

RECORD_LEVELS = ("huis", "basis", "random")
BUDGET = 1.0
"""Seconds a bot's decision may take (``basis`` and ``random`` need microseconds)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--variant", help="the variant (default: the game's first)")
    parser.add_argument("--seats", type=int, help="number of seats (default: the most usual)")
    add_option_argument(parser)
    parser.add_argument("--seed", type=int, default=0, help="seed for a repeatable game")
    parser.add_argument(
        "--level", choices=RECORD_LEVELS, default="huis", help="who plays every seat"
    )
    parser.add_argument("--out", default="-", help="where to write the record (- for stdout)")


def run(args: argparse.Namespace) -> int:
    try:
        options = parse_options(args.option)
        variant = args.variant or next(iter(game_class(args.game).variants))
        game = make_game(args.game, variant, options)
        seats = args.seats or game.traits.usual_seats
        game.check_seats(seats)
    except InvalidInput as e:
        print(f"kroeg record: {e}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    agent: Agent = (
        HouseAgent() if args.level == "huis" else BotAgent(make_bot(game, args.level), rng, BUDGET)
    )
    match = Match.new(game, seats, seed=args.seed, agents=[agent] * seats, deals=RandomDeals(rng))
    writer = RecordWriter(game, seats, seed=args.seed)
    match.watch(writer.observe)
    match.run()
    text = writer.dumps()
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    return 0
