"""What an online round asks of a game and what its standings mean for the night
(kroeg.clubs.online, docs/clubs.md "Online rounds")."""

from __future__ import annotations

from typing import Any

import pytest

from kroeg.clubs.errors import ClubError
from kroeg.clubs.online import round_options, seat_totals
from kroeg.games import make_game


def test_a_klaverjas_round_is_a_game_of_its_deals() -> None:
    options = round_options("klaverjassen", {"pit_bonus": 100}, 4)
    assert options == {"pit_bonus": 100, "game_length": "4_deals"}
    game = make_game("klaverjassen", "nku", options)
    assert not game.is_over(game.new_state(4, dealer=0, seed=1))


def test_a_klaverjas_round_of_a_length_the_game_has_not_is_refused() -> None:
    with pytest.raises(ClubError) as e:
        round_options("klaverjassen", {}, 5)
    assert e.value.code == "bad_deals" and "4, 8, 12, 16" in e.value.message


def test_toepen_and_eurokaarten_rounds_play_their_game_to_its_end() -> None:
    assert round_options("toepen", {"max_points": 10}, 3) == {"max_points": 10}
    assert round_options("eurokaarten", {}, 3) == {}


def test_a_klaverjas_seat_counts_its_teams_total() -> None:
    """RULES.md §6.2 and §6.7: seats 0 and 2 play together; their total holds the roem."""
    assert seat_totals("klaverjassen", {}, 4, {"totals": [120, 62]}, [], []) == [120, 62, 120, 62]


def test_a_toepen_seat_counts_its_penalty_points() -> None:
    """RULES.md §1: the penalty points are the player's own, lower is better."""
    assert seat_totals("toepen", {}, 3, {"points": [4, 0, 9]}, [], [1]) == [4, 0, 9]


def test_a_eurokaarten_seat_counts_its_lives_lost_and_a_drop_out_loses_them_all() -> None:
    """RULES.md §7.3: each lost round costs a coin (then the bokje); a void round none.
    A player taken out of the game loses every life they had (docs/rules-decisions.md)."""
    options = dict(make_game("eurokaarten", "standaard", {}).option_values)
    summaries: list[dict[str, Any]] = [{"coin_lost": [0, 1]}, {"coin_lost": []}, {"coin_lost": [1]}]
    start = options["start_coins"]
    assert isinstance(start, int)
    lives = start + (1 if options["bokje"] else 0)
    totals = seat_totals("eurokaarten", options, 3, {}, summaries, [2])
    assert totals == [1, 2, lives]
