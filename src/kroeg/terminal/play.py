"""``kroeg play GAME``: a whole game in the terminal against the house.

Each game has its own front-end module ``kroeg.terminal.<game>`` with
``play(args) -> int``; this module only holds the shared options.
"""

from __future__ import annotations

import argparse
import importlib

from kroeg.games import GAMES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--variant", help="the variant (default: the game's first)")
    parser.add_argument("--seats", type=int, help="number of seats (where the game allows)")
    parser.add_argument("--seed", type=int, default=None, help="seed for a repeatable game")
    parser.add_argument("--name", default="Jij", help="your display name")
    parser.add_argument(
        "--record", metavar="FILE", help="where to write the record at the end (default: none)"
    )


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"kroeg.terminal.{args.game}")
    status: int = module.play(args)
    return status
