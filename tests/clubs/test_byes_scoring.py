"""A bye's score (issue 32, build 7; docs/clubs.md "Byes"): the player's own average of
the finished rounds they played at a table, or the night's fixed score; and the night
form's byes rule, checked."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kroeg.clubs.byes import bye_rule, with_byes
from kroeg.clubs.errors import ClubError


def test_the_average_is_of_the_finished_rounds_played_rounded_half_away_from_zero() -> None:
    per_round = [{"a": 100, "b": 62}, {"b": 81}, {"a": 121, "b": 30}, {"a": 5}]
    resting = [[], ["a"], [], ["b"]]
    finished = [True, True, True, False]  # round 4 runs: its points are not averaged yet
    out = with_byes(per_round, resting, finished, "average", 0)
    assert out[1]["a"] == 111  # (100 + 121) / 2 = 110.5, rounded up
    assert out[3]["b"] == 58  # (62 + 81 + 30) / 3 = 57.67
    assert out[0] == per_round[0] and out[3]["a"] == 5


def test_a_bye_before_any_round_played_scores_nothing_yet() -> None:
    out = with_byes([{"a": 40}], [["b"]], [False], "average", 0)
    assert out == [{"a": 40, "b": 0}]


@given(st.lists(st.integers(0, 400), min_size=1, max_size=11), st.integers(0, 2000))
def test_a_fixed_bye_is_the_fixed_score_whatever_was_played(played: list[int], fixed: int) -> None:
    per_round = [{"a": v} for v in played] + [{}]
    resting: list[list[str]] = [[] for _ in played] + [["a"]]
    out = with_byes(per_round, resting, [True] * len(per_round), "fixed", fixed)
    assert out[-1] == {"a": fixed}
    assert [r["a"] for r in out[:-1]] == played


@given(st.lists(st.integers(-50, 400), min_size=1, max_size=11))
def test_an_average_bye_lies_between_the_players_lowest_and_highest_round(
    played: list[int],
) -> None:
    per_round = [{"a": v} for v in played] + [{}]
    resting: list[list[str]] = [[] for _ in played] + [["a"]]
    bye = with_byes(per_round, resting, [True] * len(per_round), "average", 0)[-1]["a"]
    assert min(played) <= bye <= max(played)
    assert abs(bye * len(played) - sum(played)) <= len(played) / 2


def test_the_rule_defaults_by_mode_and_the_fixed_score_by_game() -> None:
    assert bye_rule({}, "klaverjassen", "online", 16) == ("house", 0)
    assert bye_rule({}, "klaverjassen", "bar", 16) == ("average", 0)
    assert bye_rule({"byes": "fixed"}, "klaverjassen", "bar", 16) == ("fixed", 16 * 81)
    assert bye_rule({"byes": "fixed"}, "toepen", "bar", 8) == ("fixed", 0)
    assert bye_rule({"byes": "fixed", "bye_score": 12}, "toepen", "bar", 8) == ("fixed", 12)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"byes": "soms"}, "bad_byes"),
        ({"byes": "fixed", "bye_score": -1}, "bad_bye_score"),
        ({"byes": "fixed", "bye_score": 500 * 16 + 1}, "bad_bye_score"),
        ({"byes": "fixed", "bye_score": True}, "bad_bye_score"),
        ({"byes": "house", "bye_score": 10}, "bad_bye_score"),
    ],
)
def test_bad_byes_input_is_refused(body: dict[str, object], code: str) -> None:
    with pytest.raises(ClubError) as refused:
        bye_rule(body, "klaverjassen", "bar", 16)
    assert refused.value.code == code
