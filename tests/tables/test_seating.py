"""The seating rules on their own: sitting, the waiting list, standing, being taken out,
and the loser's rotation with the newcomer's greeting (RULES.md §2.8, seed 000)."""

from __future__ import annotations

import pytest

from kroeg.tables.errors import TableError
from kroeg.tables.seating import GREETING, Seating


def _code(call: object) -> str:
    assert callable(call)
    with pytest.raises(TableError) as e:
        call()
    return e.value.code


def test_sitting_takes_the_asked_seat_or_the_first_free_one() -> None:
    seating = Seating(4)
    assert seating.sit("anna", "Anna", 2, running=False)[0] == 2
    seat, event = seating.sit("bram", "Bram", None, running=False)
    assert seat == 0 and event.kind == "sit" and event.data["name"] == "Bram"
    assert seating.seat_of("anna") == 2 and seating.seat_of(None) is None
    assert seating.house_seat([0, 1, 2]) == 1 and seating.people_at([3, 2, 0]) == [0, 2]


def test_bad_sits_are_refused_and_change_nothing() -> None:
    seating = Seating(4)
    seating.sit("anna", "Anna", 1, running=False)
    before = seating.json()
    assert _code(lambda: seating.sit("anna", "Anna", None, running=False)) == "already_seated"
    assert _code(lambda: seating.sit("bram", "Bram", 4, running=False)) == "bad_seat"
    assert _code(lambda: seating.sit("bram", "Bram", 1, running=False)) == "seat_taken"
    assert seating.json() == before


def test_during_a_game_or_at_a_full_table_people_wait_in_order() -> None:
    seating = Seating(2)
    seating.sit("anna", "Anna", None, running=False)
    assert seating.sit("bram", "Bram", None, running=True)[0] is None  # a game runs
    seating.sit("cor", "Cor", None, running=False)  # takes seat 1
    seat, event = seating.sit("dirk", "Dirk", None, running=False)  # full
    assert seat is None and event.kind == "waiting"
    assert [n for _, n in seating.waiting] == ["Bram", "Dirk"]
    assert _code(lambda: seating.sit("bram", "Bram", None, running=False)) == "already_seated"


def test_standing_frees_the_seat_or_the_waiting_place_but_not_during_a_game() -> None:
    seating = Seating(2)
    seating.sit("anna", "Anna", 0, running=False)
    seating.sit("bram", "Bram", None, running=True)
    assert _code(lambda: seating.stand("anna", running=True)) == "game_running"
    assert seating.stand("bram", running=True).kind == "waiting" and not seating.waiting
    assert seating.stand("anna", running=False).kind == "stand" and seating.is_house(0)
    assert _code(lambda: seating.stand("anna", running=False)) == "not_seated"


def test_a_person_taken_out_gives_the_seat_to_the_house_until_the_next_game() -> None:
    seating = Seating(2)
    seating.sit("anna", "Anna", 1, running=False)
    seating.seats[1].timeouts = 2
    assert seating.take_out(1) == ("anna", "Anna")
    assert seating.is_house(1) and seating.was_taken_out("anna")
    assert [s.out for s in seating.seats] == [False, True]
    seating.new_game()
    assert [s.out for s in seating.seats] == [False, False]
    assert not seating.left and not seating.was_taken_out("anna")


def test_a_loser_gives_the_seat_to_the_longest_waiting_who_greets() -> None:
    """RULES.md §2.8 / seed 000: "De speler die een spel verliest geeft zijn zetel aan de
    toeptafel af aan de langst wachtende. Degene die instapt, stelt zich voor"."""
    seating = Seating(3)
    for player in ("anna", "bram"):
        seating.sit(player, player.title(), None, running=False)
    for player in ("cor", "dirk"):
        seating.sit(player, player.title(), None, running=True)
    events = seating.after_game([1], rotation=True)
    assert [(e.kind, e.data["name"]) for e in events] == [
        ("stand", "Bram"),
        ("sit", "Cor"),
        ("greeting", "Cor"),
        ("sit", "Dirk"),  # the house seat 2 goes to the next waiting, who greets too
        ("greeting", "Dirk"),
    ]
    assert events[2].data["text"] == GREETING.format(name="Cor") == "Hallo allemaal, ik ben Cor!"
    assert [s.name for s in seating.seats] == ["Anna", "Cor", "Dirk"] and not seating.waiting


def test_without_rotation_losers_keep_their_seats_and_newcomers_do_not_greet() -> None:
    seating = Seating(2)
    seating.sit("anna", "Anna", 0, running=False)
    seating.sit("bram", "Bram", None, running=True)
    events = seating.after_game([0], rotation=False)
    assert [(e.kind, e.data["name"]) for e in events] == [("sit", "Bram")]
    assert seating.seat_of("anna") == 0 and seating.seat_of("bram") == 1


def test_the_stored_seating_restores_seats_waiting_and_timeouts() -> None:
    seating = Seating(3)
    seating.sit("anna", "Anna", 2, running=False, account="person")
    seating.sit("bram", "Bram", None, running=True)
    seating.seats[2].timeouts = 1
    stored = seating.json()
    assert stored == {
        "seats": [None, None, ["anna", "Anna"]],
        "waiting": [["bram", "Bram"]],
        "timeouts": [0, 0, 1],
        "accounts": {"anna": "person"},  # Bram is a guest (docs/accounts.md)
    }
    again = Seating(3)
    again.restore(stored)
    assert again.json() == stored and again.seats[0].name == seating.seats[0].name
    assert again.accounts == {"anna": "person"}
    again.restore_left({2: ("anna", "Anna")})
    assert again.seats[2].out


def test_a_guest_who_becomes_an_account_keeps_its_seat_or_place_under_the_new_name() -> None:
    """docs/accounts.md, "Names at the table": the seat (or the waiting place)
    takes the account's name and kind; the seat's state in the game stays."""
    seating = Seating(2)
    seating.sit("anna", "Gast Anna", 0, running=False)
    seating.sit("bram", "Bram", 1, running=False)
    seating.sit("cor", "Gast Cor", None, running=True)  # full: waits
    seating.seats[0].timeouts = 1
    assert seating.become_account("anna", "Anna", "person")
    assert seating.seats[0].name == "Anna" and seating.seats[0].timeouts == 1
    assert seating.seats[0].player == "anna" and seating.accounts["anna"] == "person"
    assert seating.become_account("cor", "Cor", "person")
    assert list(seating.waiting) == [("cor", "Cor")] and seating.accounts["cor"] == "person"
    assert not seating.become_account("dirk", "Dirk", "person")  # not here: nothing changes
    assert "dirk" not in seating.accounts and seating.seats[1].name == "Bram"


def test_a_waiting_player_takes_the_seat_they_asked_for_after_the_game() -> None:
    """An invitation to a running table (kroeg.tables.invitations): the friend waits with
    the offered seat as their wish, and takes it, not the first free one, when the game
    ends; a wish for a seat a person took meanwhile falls back to the first free one."""
    seating = Seating(4)
    seating.sit("anna", "Anna", 1, running=False)
    assert seating.sit("bram", "Bram", 3, running=True)[0] is None  # waits
    assert seating.sit("cor", "Cor", None, running=True)[0] is None
    stored = Seating(4)
    stored.restore(seating.json())  # the wish is stored with the seating
    events = stored.after_game([], rotation=False)
    assert [(e.data["seat"], e.data["player"]) for e in events] == [(3, "bram"), (0, "cor")]
    assert stored.json().get("wishes") is None and not stored.waiting


def test_a_wish_goes_with_the_place_on_the_waiting_list() -> None:
    seating = Seating(2)
    seating.sit("anna", "Anna", 0, running=False)
    seating.sit("bram", "Bram", 1, running=True)
    seating.stand("bram", running=True)
    assert seating.wishes == {} and not seating.waiting
