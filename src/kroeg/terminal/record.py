"""``kroeg record GAME``: the house plays every seat of a whole game; its record is written.

Useful for bug reports, conformance files and replays in the browser: the same
``--seed`` gives the same game.
"""

from __future__ import annotations

import argparse
import random
import sys

from kroeg.games import GAMES, make_game
from kroeg.games.base import InvalidInput
from kroeg.records import RecordWriter


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--variant", help="the variant (default: the game's first)")
    parser.add_argument("--seats", type=int, help="number of seats (default: the most usual)")
    parser.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    parser.add_argument("--out", default="-", help="where to write the record (- for stdout)")


def run(args: argparse.Namespace) -> int:
    try:
        game = make_game(args.game, args.variant or _first_variant(args.game))
        seats = args.seats or _usual_seats(args.game)
        game.check_seats(seats)
    except InvalidInput as e:
        print(f"kroeg record: {e}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    dealer = rng.randrange(seats)
    s = game.new_state(seats, dealer=dealer)
    writer = RecordWriter(game, seats, dealer=dealer)
    while not game.is_over(s):
        deal_dealer = game.pending_deal(s)
        if deal_dealer is not None:
            deal = game.random_deal(s, rng)
            game.apply(s, deal_dealer, deal)
            writer.add(deal_dealer, deal)
            continue
        seat = min(game.to_act(s))
        action = game.default(s, seat)
        game.apply(s, seat, action)
        writer.add(seat, action)
    text = writer.dumps()
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    return 0


def _first_variant(game: str) -> str:
    from kroeg.games import game_class

    return next(iter(game_class(game).variants))


def _usual_seats(game: str) -> int:
    return 6 if game == "eurokaarten" else 4
