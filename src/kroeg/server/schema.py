"""What the new-table form may offer for each game (``GET /api/variants``): its variants
with their option defaults, the option specs (with ``requires``), each variant's traits
(seat counts, clock per turn, loser rotation), the house levels, and the option that is
the table's clock. Everything comes from the game class; nothing here decides a rule."""

from __future__ import annotations

from typing import Any

from kroeg.games import game_class
from kroeg.tables.house import HOUSE_LEVELS


def game_schema(name: str) -> dict[str, Any]:
    cls = game_class(name)
    traits = {v: cls.traits_of(v) for v in cls.variants}
    return {
        "game": name,
        "seat_range": list(cls.game_traits.seats),
        "traits": {
            v: {
                "seats": list(tr.seats),
                "usual_seats": tr.usual_seats,
                "clock_per_turn": tr.clock_per_turn,
                "loser_rotation": tr.loser_rotation,
            }
            for v, tr in traits.items()
        },
        "options": {k: spec.describe() for k, spec in cls.option_specs.items()},
        "variants": {v: dict(defaults) for v, defaults in cls.variants.items()},
        "variant_seats": {v: list(range(tr.seats[0], tr.seats[1] + 1)) for v, tr in traits.items()},
        "house_levels": list(HOUSE_LEVELS),
        "clock_option": cls.game_traits.clock_option,
    }
