"""``kroeg play GAME``: a whole game in the terminal against the house.

One table for every game (:mod:`kroeg.terminal.table`), with a describer per game in
``kroeg.terminal.<game>``; this module holds the command's options (``args.options`` is
the dict of ``--option NAME=VALUE`` house rules).
"""

from __future__ import annotations

import argparse
import sys

from kroeg.games import GAMES
from kroeg.games.base import InvalidInput
from kroeg.terminal.options import add_option_argument, parse_options
from kroeg.terminal.table import play


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--variant", help="the variant (default: the game's first)")
    parser.add_argument("--seats", type=int, help="number of seats (where the game allows)")
    parser.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    add_option_argument(parser)
    parser.add_argument("--name", default="Jij", help="your display name")
    parser.add_argument(
        "--record", metavar="FILE", help="where to write the record at the end (default: none)"
    )


def run(args: argparse.Namespace) -> int:
    try:
        args.options = parse_options(args.option)
    except InvalidInput as e:
        print(f"kroeg play: {e}", file=sys.stderr)
        return 2
    return play(args)
