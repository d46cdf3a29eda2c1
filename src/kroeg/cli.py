"""The ``kroeg`` command: ``serve``, ``play``, ``record``, ``replay``, ``verify``, ``arena``,
``ratings``, ``account``, ``puzzles``.

Each subcommand lives in its own module with ``add_arguments(parser)`` and
``run(args) -> int``; only the chosen one is imported, so ``kroeg replay`` never
loads the web server.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

COMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("kroeg.server.cli", "start the web server (lobby, tables, browser client)"),
    "play": ("kroeg.terminal.play", "play a game in the terminal against the house"),
    "record": ("kroeg.terminal.record", "let the house play a whole game and write its record"),
    "replay": ("kroeg.terminal.replay", "replay a hand record and print what the rules make of it"),
    "verify": ("kroeg.terminal.verify", "check that every deal of a record was dealt fairly"),
    "arena": ("kroeg.bots.arena", "let bots play duplicate deals and rate them"),
    "ratings": ("kroeg.accounts.ratings_cli", "rebuild the players' ratings from the games"),
    "account": ("kroeg.accounts.cli", "the operator's account tasks: reset-password NAME"),
    "puzzles": ("kroeg.puzzles.cli", "mine puzzles from house games: mine --games N"),
}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        usage = "\n".join(f"  {name:<8} {text}" for name, (_, text) in COMMANDS.items())
        print(f"usage: kroeg COMMAND [options]\n\ncommands:\n{usage}", file=sys.stderr)
        return 0 if args and args[0] in ("-h", "--help") else 2
    module_name, text = COMMANDS[args[0]]
    module = importlib.import_module(module_name)
    parser = argparse.ArgumentParser(prog=f"kroeg {args[0]}", description=text)
    module.add_arguments(parser)
    try:
        status: int = module.run(parser.parse_args(args[1:]))
        sys.stdout.flush()
    except BrokenPipeError:
        return _reader_went_away()
    return status


SIGPIPE_STATUS = 141
"""What a shell reports for a command whose reader closed the pipe (128 + SIGPIPE)."""


def _reader_went_away() -> int:
    """``kroeg replay rec.json | head``: the reader stopped early. Say nothing (as ``cat``
    does) rather than print a traceback, and point standard output at /dev/null so that
    Python's own flush at exit does not fail again (the Python docs' recipe, "Note on
    SIGPIPE")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return SIGPIPE_STATUS


if __name__ == "__main__":
    sys.exit(main())
