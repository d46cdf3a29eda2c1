"""Which seat an invitation offers, or why a table takes no invitation (issue 32, build 1).

An invitation names the table it was made at and a seat: the one the inviter chose (a
house seat: a tap on it at the table), else the house seat of the inviter's own team
first (at Klaverjassen the partner's seat, across the table), else the first house seat.
A table whose last game is over and that started no new one takes no invitation (the
friend would sit down in a finished game's result), nor a table whose every seat a person
holds. At a running table the friend joins the waiting list with the seat as their wish
(:meth:`~kroeg.tables.seating.Seating.sit`): they take it when the game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kroeg.tables.errors import TableError


@dataclass(frozen=True, slots=True)
class InvitedTable:
    """What an invitation needs to know of a table, as the table says (a ``Seating``)."""

    game: str
    variant: str
    seats: Sequence[str | None]
    """The player of each seat; None where the house plays it."""
    waiting: Sequence[str]
    teams: Sequence[Sequence[int]]
    """The seats of each team (the game's traits); empty: everyone plays for themselves."""
    over: bool
    """The table's last game is over and no new one runs."""


def offered_seat(table: InvitedTable, inviter: str, wish: int | None = None) -> int:
    """The seat ``inviter`` offers at ``table`` (``wish``: the one they chose); a
    TableError says why the table takes no invitation from them."""
    if inviter not in table.seats and inviter not in table.waiting:
        raise TableError("not_seated", "sit at the table before you invite someone to it")
    if table.over:
        raise TableError(
            "table_finished",
            "the game at this table is over: start the next game, or open a new table, "
            "and invite from there",
        )
    free = [i for i, player in enumerate(table.seats) if player is None]
    if not free:
        raise TableError("table_full", "every seat at this table is taken: nobody can join it")
    if wish is not None:
        if not 0 <= wish < len(table.seats):
            raise TableError(
                "bad_seat", f"seat {wish} does not exist: seats are 0 to {len(table.seats) - 1}"
            )
        if wish not in free:
            raise TableError("seat_taken", f"seat {wish} is taken: offer a seat the house plays")
        return wish
    if inviter in table.seats:
        mine = table.seats.index(inviter)
        team = next((t for t in table.teams if mine in t), ())
        for seat in free:
            if seat in team:
                return seat
    return free[0]


def is_partner(table: InvitedTable, inviter: str, seat: int) -> bool:
    """Whether ``seat`` plays in the inviter's team (the invitation says "als maat")."""
    if inviter not in table.seats:
        return False
    mine = table.seats.index(inviter)
    return any(mine in team and seat in team for team in table.teams)
