"""What the layers around a game need to know of it, declared by the game
(:attr:`~kroeg.games.base.Game.game_traits`, ``variant_traits``): seats, what one clock
covers, seat rotation, teams, the default clock (OpenSpiel's game type, for Kroeg)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameTraits:
    """What the tables need to know of a game (or of one of its variants), declared by
    the game as :attr:`Game.game_traits` and :attr:`Game.variant_traits`."""

    seats: tuple[int, int]
    """The fewest and most players; equal when the game always has that many."""
    usual_seats: int
    """The seats of a new table when nobody asks for a number."""
    clock_per_turn: bool = False
    """True: one clock covers a whole turn of several decisions, and when it runs out
    the house plays the rest of the turn (Eurokaarten, seed 003: "dan speelt het huis
    die beurt voor je"). False: every decision has a clock of its own."""
    loser_rotation: bool = False
    """A loser gives the seat to the longest-waiting person (Toepen kroegregels,
    RULES.md §2.8)."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The seats of each team of a game played in partnerships (Klaverjassen); empty when
    everyone plays for themselves. The ratings rank teams (docs/ratings.md)."""
    clock_seconds: float = 60.0
    """The table's clock per turn or decision when nobody asks for one."""
    clock_option: str | None = None
    """An option whose value (seconds) is the table's default clock instead
    (Eurokaarten's ``turn_clock``)."""

    def __post_init__(self) -> None:
        low, high = self.seats
        if not 1 <= low <= self.usual_seats <= high:
            raise ValueError(f"usual_seats {self.usual_seats} is not within seats {self.seats}")

    @property
    def fixed_seats(self) -> bool:
        """The game is always played by the same number of players."""
        return self.seats[0] == self.seats[1]
