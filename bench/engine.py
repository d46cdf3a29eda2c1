"""Engine benchmark: random legal playouts per second for every game and variant.

Run with ``make bench`` or ``.venv/bin/python bench/engine.py [--seconds S] [GAME ...]``.
Each game's figures come from ``bench/engine_<game>.py`` (a ``run(seconds)`` that
prints its lines); one process, one core. Figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

GAMES = ("toepen", "klaverjassen", "eurokaarten")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown games {', '.join(unknown)}: expected {', '.join(GAMES)}")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {platform.machine()}, one process"
    )
    for game in args.games or GAMES:
        importlib.import_module(f"engine_{game}").run(args.seconds)


if __name__ == "__main__":
    main()
