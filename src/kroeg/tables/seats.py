"""A table's seat: who sits there (or the house), and how they stand in the current game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Seat:
    player: str | None
    """The person at the seat, or None when the house plays it."""
    name: str
    out: bool = False
    """Taken out of the current game (two timeouts, or left)."""
    timeouts: int = 0
    """Clock expiries in a row."""
    bot: bool = False
    """A bot account's program plays the seat (docs/bots-api.md)."""
