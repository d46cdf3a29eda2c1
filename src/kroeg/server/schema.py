"""What the new-table form may offer for each game: its variants with their option
defaults, the option specs (with ``requires``), the seat counts each variant is played
with, the house levels, and the option that is the table's clock (``GET /api/variants``)."""

from __future__ import annotations

from typing import Any

from kroeg.games import game_class
from kroeg.games.base import Game, InvalidInput
from kroeg.tables.house import HOUSE_LEVELS

CLOCK_OPTION = "turn_clock"
"""A game option that is the table's clock when present (tables/config.py reads it)."""


def seat_counts(cls: type[Game[Any]], variant: str) -> list[int]:
    """The seat counts a variant is played with, as its own ``check_seats`` decides
    (Toepen kroegregels: exactly four, though Toepen allows three to eight)."""
    game = cls(variant)
    low, high = cls.seat_range
    allowed = []
    for seats in range(low, high + 1):
        try:
            game.check_seats(seats)
        except InvalidInput:
            continue
        allowed.append(seats)
    return allowed


def game_schema(name: str) -> dict[str, Any]:
    cls = game_class(name)
    return {
        "game": name,
        "seat_range": list(cls.seat_range),
        "options": {k: spec.describe() for k, spec in cls.option_specs.items()},
        "variants": {v: dict(defaults) for v, defaults in cls.variants.items()},
        "variant_seats": {v: seat_counts(cls, v) for v in cls.variants},
        "house_levels": list(HOUSE_LEVELS),
        "clock_option": CLOCK_OPTION if CLOCK_OPTION in cls.option_specs else None,
    }
