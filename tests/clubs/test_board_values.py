"""A board's double-dummy value (issue 29 point 4; kroeg.clubs.board_values): NS's
margin under best play from the first lead, for the contract a table played."""

from __future__ import annotations

from kroeg.bots.klaverjassen.kernel import Solver
from kroeg.cards import parse_cards
from kroeg.clubs.board_values import contract_value
from kroeg.clubs.boards import Board
from kroeg.games import make_game
from kroeg.games.base import Deal
from kroeg.games.klaverjassen import Klaverjassen

NS_HOLD_ALL = Board(
    1,
    3,  # seat 0 leads
    Deal(
        (
            tuple(parse_cards(["7c", "8c", "9c", "Tc", "Ad", "Td", "Ah", "Th"])),
            tuple(parse_cards(["7d", "8d", "9d", "Jd", "Qd", "Kd", "7h", "8h"])),
            tuple(parse_cards(["Jc", "Qc", "Kc", "Ac", "As", "Ts", "Kh", "Ks"])),
            tuple(parse_cards(["9h", "Jh", "Qh", "7s", "8s", "9s", "Js", "Qs"])),
        ),
        (),
    ),
)
"""NS hold every trump (clubs) and every other suit's ace and ten: they take every
trick whoever plays it."""


def _game() -> Klaverjassen:
    game = make_game("klaverjassen", "nku", {})
    assert isinstance(game, Klaverjassen)
    return game


def test_ns_taking_every_trick_of_their_own_contract_is_pit() -> None:
    """RULES.md §6.7: all tricks to the playing team is pit, 162 + roem + the pit bonus
    (100); the other team scores nothing, and roem comes in tens."""
    value = contract_value(_game(), NS_HOLD_ALL, "c", 0, Solver())
    assert value >= 262 and (value - 262) % 10 == 0


def test_the_same_tricks_in_the_others_contract_are_nat_without_the_pit_bonus() -> None:
    """RULES.md §6.7: EW played and took nothing: nat, NS get 162 and all roem but no pit
    bonus (the playing team's only): 100 less, the roem the same."""
    game, solver = _game(), Solver()
    assert contract_value(game, NS_HOLD_ALL, "c", 0, solver) - 100 == contract_value(
        game, NS_HOLD_ALL, "c", 1, solver
    )
