"""Which seat an invitation offers, and which tables take none (issue 32, build 1 and
bug 1: an invitation sent a friend into a finished Toepen game, in an opponent's seat)."""

from __future__ import annotations

import pytest

from kroeg.tables.errors import TableError
from kroeg.tables.invitations import InvitedTable, is_partner, offered_seat

KLAVERJAS_TEAMS = ((0, 2), (1, 3))


def _table(
    seats: list[str | None],
    *,
    teams: tuple[tuple[int, ...], ...] = KLAVERJAS_TEAMS,
    over: bool = False,
    waiting: tuple[str, ...] = (),
) -> InvitedTable:
    return InvitedTable("klaverjassen", "nku", seats, list(waiting), teams, over)


def _code(table: InvitedTable, inviter: str, wish: int | None = None) -> str:
    with pytest.raises(TableError) as e:
        offered_seat(table, inviter, wish)
    return e.value.code


def test_klaverjassen_offers_the_partners_seat_across_the_table() -> None:
    # Anna at seat 1: her partner sits at 3, not at 0 (the first free seat, an opponent's).
    table = _table([None, "anna", None, None])
    assert offered_seat(table, "anna") == 3 and is_partner(table, "anna", 3)
    assert not is_partner(table, "anna", 0)
    # Her partner's seat is a person's: the first free one, an opponent's.
    table = _table([None, "anna", None, "kees"])
    assert offered_seat(table, "anna") == 0 and not is_partner(table, "anna", 0)


def test_a_game_without_teams_offers_the_first_free_seat() -> None:
    table = _table(["anna", "kees", None, None], teams=())
    assert offered_seat(table, "anna") == 2 and not is_partner(table, "anna", 2)


def test_the_seat_the_inviter_chose_is_offered_if_the_house_plays_it() -> None:
    table = _table(["anna", "kees", None, None])
    assert offered_seat(table, "anna", 3) == 3
    assert _code(table, "anna", 1) == "seat_taken"
    assert _code(table, "anna", 4) == "bad_seat"


def test_someone_waiting_may_invite_to_a_free_seat() -> None:
    table = _table(["kees", "joost", None, "truus"], waiting=("anna",))
    assert offered_seat(table, "anna") == 2


def test_refusals_say_why() -> None:
    assert _code(_table([None, None, None, None]), "anna") == "not_seated"
    # The game is over and no new one runs: the friend would land in its result.
    assert _code(_table(["anna", None, None, None], over=True), "anna") == "table_finished"
    assert _code(_table(["anna", "kees", "joost", "truus"]), "anna") == "table_full"
