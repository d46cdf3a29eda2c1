"""A table's configuration: its game, variant, options, seats, clock and house level.

What differs between games (seat counts, the default clock) is the game's own
:class:`~kroeg.games.traits.GameTraits`; nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kroeg.cards import CardError
from kroeg.games import make_game
from kroeg.games.base import Game, InvalidInput
from kroeg.tables.errors import TableError
from kroeg.tables.house import HOUSE_LEVELS

MAX_CLOCK = 600.0


@dataclass(frozen=True, slots=True)
class TableConfig:
    game: str
    variant: str
    options: dict[str, Any]
    """The options as given (overrides of the variant's defaults)."""
    seats: int
    clock_seconds: float
    private: bool
    house_level: str
    public_records: bool
    """Whether anyone may read the records of the table's finished games, else only
    their players (docs/security.md, "Who reads what")."""
    bots_allowed: bool = True
    """Whether bot accounts may sit here (docs/bots-api.md)."""
    rated: bool = False
    """Whether its finished games change the players' ratings (docs/ratings.md)."""

    def json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "options": self.options,
            "seats": self.seats,
            "clock_seconds": self.clock_seconds,
            "private": self.private,
            "house_level": self.house_level,
            "public_records": self.public_records,
            "bots_allowed": self.bots_allowed,
            "rated": self.rated,
        }


def build_game(game: str, variant: str, options: Mapping[str, object] | None) -> Game[Any]:
    """The game of a table; TableError(bad_table) carries the game's refusal (rule, args)."""
    try:
        return make_game(game, variant, options)
    except InvalidInput as e:
        raise TableError.refusal("bad_table", e) from None
    except CardError as e:
        raise TableError("bad_table", str(e)) from None
    except ImportError:
        raise TableError("bad_table", f"the game {game} is not available yet") from None


def make_config(
    game: str,
    variant: str,
    options: Mapping[str, object] | None = None,
    *,
    seats: int | None = None,
    clock_seconds: float | None = None,
    private: bool = False,
    public_records: bool | None = None,
    house_level: str = "basis",
    min_clock: float = 5.0,
    bots_allowed: bool | None = None,
    rated: bool = False,
) -> tuple[TableConfig, Game[Any]]:
    """A checked configuration and its game; TableError(bad_table) says what is wrong."""
    built = build_game(game, variant, options)
    if seats is None:
        seats = built.traits.usual_seats
    try:
        built.check_seats(seats)
    except InvalidInput as e:
        raise TableError.refusal("bad_table", e) from None
    if clock_seconds is None:
        clock_seconds = built.default_clock()
    clock = float(clock_seconds)
    if not min_clock <= clock <= MAX_CLOCK:
        raise TableError(
            "bad_table", f"clock_seconds must be from {min_clock:g} to {MAX_CLOCK:g}, got {clock:g}"
        )
    if house_level not in HOUSE_LEVELS:
        raise TableError(
            "bad_table",
            f"house_level must be one of {', '.join(HOUSE_LEVELS)}, got {house_level!r}",
        )
    records = not private if public_records is None else public_records
    # Bots sit at casual tables unless the table says no, at rated ones only if it says yes
    # (docs/bots-api.md).
    bots = not rated if bots_allowed is None else bots_allowed
    config = TableConfig(
        game, variant, dict(options or {}), seats, clock, private, house_level, records, bots, rated
    )
    return config, built
