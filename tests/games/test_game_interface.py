"""What every game declares besides its rules (docs/game-interface.md): its traits, a
typed result, ``advance``, and coded refusals for options and seats. Expected values
are the seeds' and RULES.md's, written out by hand."""

from __future__ import annotations

import random

import pytest

from kroeg.games import make_game
from kroeg.games.base import Deal, InvalidInput
from kroeg.games.results import LosersResult, TeamResult, WinnerResult
from kroeg.games.traits import GameTraits
from kroeg.tables.config import make_config
from kroeg.tables.errors import TableError


def test_each_variant_declares_its_seats_clock_and_rotation() -> None:
    kroegregels = make_game("toepen", "kroegregels").traits
    assert kroegregels.seats == (4, 4) and kroegregels.fixed_seats  # seed 000: "louter met vier"
    assert kroegregels.loser_rotation  # RULES.md §2.8
    klassiek = make_game("toepen", "klassiek").traits
    assert klassiek.seats == (3, 8) and klassiek.usual_seats == 4  # seed 002: 3-8, 4 typical
    assert not klassiek.loser_rotation and not klassiek.clock_per_turn
    euro = make_game("eurokaarten", "standaard").traits
    assert euro.seats == (6, 6) and euro.clock_per_turn  # seed 003: always six; one clock a turn
    for variant in ("nku", "amsterdams"):
        assert make_game("klaverjassen", variant).traits.seats == (4, 4)  # RULES.md §6.1


def test_a_table_takes_its_seats_and_clock_from_the_game() -> None:
    config, _ = make_config("eurokaarten", "standaard", {"turn_clock": 90})
    assert (config.seats, config.clock_seconds) == (6, 90.0)
    config, _ = make_config("toepen", "klassiek")
    assert (config.seats, config.clock_seconds) == (4, 60.0)
    with pytest.raises(TableError) as refused:
        make_config("toepen", "kroegregels", seats=5)
    assert refused.value.code == "bad_table"
    assert refused.value.params == {"rule": "seats_fixed", "args": {"seats": 4}}


def test_wrong_seat_counts_are_coded_refusals() -> None:
    with pytest.raises(InvalidInput) as fixed:
        make_game("eurokaarten", "standaard").check_seats(5)
    assert (fixed.value.code, fixed.value.params) == ("seats_fixed", {"seats": 6})
    with pytest.raises(InvalidInput) as ranged:
        make_game("toepen", "klassiek").check_seats(9)
    assert (ranged.value.code, ranged.value.params) == ("seats_range", {"low": 3, "high": 8})


def test_option_refusals_carry_the_option_and_what_is_allowed() -> None:
    cases: list[tuple[dict[str, object], str, dict[str, object]]] = [
        ({"max_points": 1}, "option_range", {"option": "max_points", "low": 3, "high": 100}),
        ({"laundry": "yes"}, "option_bool", {"option": "laundry"}),
        (
            {"end_mode": "last"},
            "option_choice",
            {"option": "end_mode", "choices": ["first_loser", "elimination"]},
        ),
        ({"max_point": 15}, "unknown_option", {"option": "max_point"}),
    ]
    for options, code, params in cases:
        with pytest.raises(InvalidInput) as refused:
            make_game("toepen", "klassiek", options)
        assert (refused.value.code, refused.value.params) == (code, params)
    with pytest.raises(InvalidInput) as variant:
        make_game("toepen", "snel")
    assert (variant.value.code, variant.value.params) == ("unknown_variant", {"variant": "snel"})
    with pytest.raises(InvalidInput) as game:
        make_game("poker", "x")
    assert (game.value.code, game.value.params) == ("unknown_game", {"game": "poker"})


def test_traits_refuse_a_usual_seat_count_outside_their_range() -> None:
    with pytest.raises(ValueError, match="usual_seats 6"):
        GameTraits((4, 4), 6)


def test_results_name_winners_and_losers_and_keep_the_record_form() -> None:
    """RECORDS.md "result": toepen {"losers"}, klaverjassen {"winner": team or null},
    eurokaarten {"winner": seat}."""
    toepen = LosersResult(4, (2, 0))
    assert toepen.winners == {1, 3} and toepen.losers == {0, 2}
    assert toepen.json() == {"losers": [2, 0]}
    teams = ((0, 2), (1, 3))  # RULES.md §6.1: partners opposite
    won = TeamResult(teams, 1)
    assert won.winners == {1, 3} and won.losers == {0, 2} and won.json() == {"winner": 1}
    draw = TeamResult(teams, None)
    assert not draw.winners and not draw.losers and draw.json() == {"winner": None}
    euro = WinnerResult(6, 5)
    assert euro.winners == {5} and euro.losers == {0, 1, 2, 3, 4}
    assert euro.json() == {"winner": 5}


def test_places_rank_the_winners_first_and_the_last_out_next() -> None:
    """docs/ratings.md "Ranking": place 0 for the winners, the losers from 1 in the game's
    order, an order not given ties them; none of it changes RECORDS.md's form."""
    assert LosersResult(4, (2, 0)).places == (1, 0, 1, 0)
    waves = LosersResult(5, (0, 1, 3, 4), ((3,), (0, 4), (1,)))
    assert waves.places == (2, 1, 0, 3, 2) and waves.json() == {"losers": [0, 1, 3, 4]}
    teams = ((0, 2), (1, 3))
    assert TeamResult(teams, 1).places == (1, 0, 1, 0)
    assert TeamResult(teams, None).places == (0, 0, 0, 0)
    assert WinnerResult(6, 5).places == (1, 1, 1, 1, 1, 0)
    euro = WinnerResult(6, 5, ((1,), (0, 3), (), (2,), (4,)))
    assert euro.places == (3, 4, 2, 3, 1, 0) and euro.json() == {"winner": 5}


@pytest.mark.parametrize(
    ("name", "variant", "seats"),
    [("klaverjassen", "nku", 4), ("eurokaarten", "standaard", 6), ("toepen", "klassiek", 5)],
)
def test_advance_changes_the_state_as_apply_does(name: str, variant: str, seats: int) -> None:
    """``advance`` is on every game: ``apply`` without the events, the same rules."""
    game = make_game(name, variant)
    rng = random.Random(7)
    s = game.new_state(seats, seed=1)
    twin = game.new_state(seats, seed=1)
    for _ in range(60):
        if game.is_over(s):
            break
        dealer = game.pending_deal(s)
        if dealer is not None:
            deal = game.random_deal(s, rng)
            game.apply(s, dealer, deal)
            game.advance(twin, dealer, deal)
        else:
            seat = min(game.to_act(s))
            action = rng.choice(game.legal(s, seat))
            game.apply(s, seat, action)
            game.advance(twin, seat, action)
        assert game.view(twin, None) == game.view(s, None)


@pytest.mark.parametrize(
    ("name", "variant", "seats"),
    [("klaverjassen", "nku", 4), ("eurokaarten", "standaard", 6), ("toepen", "klassiek", 5)],
)
def test_a_deal_read_back_from_its_json_is_the_same_deal(
    name: str, variant: str, seats: int
) -> None:
    game = make_game(name, variant)
    deal = game.random_deal(game.new_state(seats, dealer=0), random.Random(7))
    assert Deal.from_json(deal.json()) == deal


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"stock": []}, "hands must be a list of hands"),
        ({"hands": [["Th"], "Jh"], "stock": []}, "hand of seat 1 must be a list of cards"),
        ({"hands": [["Th"]]}, "stock must be a list of cards"),
        ({"hands": [["Th"]], "stock": ["Zz"]}, "stock: unknown card 'Zz'"),
        ({"hands": [], "stock": [], "upcard": None}, "upcard: a card must be a string"),
    ],
)
def test_a_deal_that_is_not_lists_of_cards_is_a_coded_refusal(
    doc: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInput, match=message) as refused:
        Deal.from_json(doc)
    assert refused.value.code == "deal_cards"
