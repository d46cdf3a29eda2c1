"""``--option NAME=VALUE`` for the terminal commands: house rules as RULES.md names them."""

from __future__ import annotations

import argparse
import json

from kroeg.games.base import InvalidInput


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule as RULES.md names it, value as in records (true, 15, any_active)",
    )


def parse_option(text: str) -> tuple[str, object]:
    """``NAME=VALUE`` with the value read as JSON when it is JSON (true, 15), else a string."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise InvalidInput("option_syntax", f"an option is NAME=VALUE, got {text!r}", text=text)
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def parse_options(texts: list[str]) -> dict[str, object]:
    return dict(parse_option(t) for t in texts)
