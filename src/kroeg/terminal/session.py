"""What every terminal table shares: opening the game, playing it to the end and
writing its record."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from kroeg.games.base import Game, InvalidInput
from kroeg.records import RecordWriter
from kroeg.terminal.refusals import refusal_nl

Input = Callable[[str], str]
Output = Callable[[str], None]
G = TypeVar("G", bound=Game[Any])


def open_game(make: Callable[[], G], seats: int, say: Output) -> G | None:
    """The game ``make`` builds, checked for ``seats``; None (after telling why, in
    Dutch) when the variant, an option or the seat count is refused."""
    try:
        game = make()
        game.check_seats(seats)
    except InvalidInput as e:
        say(f"Kan niet beginnen: {refusal_nl(e) or e}")
        return None
    return game


class TerminalTable(Protocol):
    args: argparse.Namespace
    writer: RecordWriter
    say: Callable[[str], None]

    def run(self) -> None: ...


def play_to_end(table: TerminalTable) -> int:
    """Play the game; at its end, or when the input runs out (status 1), write the
    record to ``args.record`` when one was asked for."""
    try:
        table.run()
    except EOFError:
        table.say("\nGestopt.")
        status = 1
    else:
        status = 0
    if table.args.record:
        with open(table.args.record, "w", encoding="utf-8") as f:
            f.write(table.writer.dumps() + "\n")
        table.say(f"Het verslag staat in {table.args.record}.")
    return status
