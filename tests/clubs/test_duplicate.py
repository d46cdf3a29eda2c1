"""Duplicate scoring (issue 29 point 2): docs/clubs.md's worked example, board by board
and pair by pair, the figures worked out by hand there; and the bad input (a board
played twice by one pair, a board that table did not hold)."""

from __future__ import annotations

import pytest

from kroeg.clubs.boards import BoardError
from kroeg.clubs.duplicate import (
    BoardResult,
    check_result,
    others_average,
    pair_standings,
    score_boards,
    season_percentages,
)

EXAMPLE = [
    BoardResult(round=1, table=1, board=1, ns="A", ew="D", ns_points=102, ew_points=60),
    BoardResult(round=1, table=2, board=1, ns="B", ew="E", ns_points=72, ew_points=90),
    BoardResult(round=1, table=3, board=1, ns="C", ew="F", ns_points=102, ew_points=60),
    BoardResult(round=1, table=1, board=2, ns="A", ew="D", ns_points=40, ew_points=122),
    BoardResult(round=1, table=2, board=2, ns="B", ew="E", ns_points=60, ew_points=122),
]
"""docs/clubs.md, "Duplicate scoring": board 1 at three tables, board 2 at two."""

HELD = {(1, 1): {1, 2}, (1, 2): {1, 2}, (1, 3): {1}}


def test_the_worked_example_board_by_board() -> None:
    got = {
        (pb.board, pb.pair): (pb.direction, pb.matchpoints, pb.top, pb.percent, pb.butler)
        for pb in score_boards(EXAMPLE)
    }
    assert got == {
        (1, "A"): ("NS", 3, 4, 75.0, 10.0),
        (1, "B"): ("NS", 0, 4, 0.0, -20.0),
        (1, "C"): ("NS", 3, 4, 75.0, 10.0),
        (1, "D"): ("EW", 1, 4, 25.0, -10.0),
        (1, "E"): ("EW", 4, 4, 100.0, 20.0),
        (1, "F"): ("EW", 1, 4, 25.0, -10.0),
        (2, "A"): ("NS", 0, 2, 0.0, -10.0),
        (2, "B"): ("NS", 2, 2, 100.0, 10.0),
        (2, "D"): ("EW", 1, 2, 50.0, 0.0),
        (2, "E"): ("EW", 1, 2, 50.0, 0.0),
    }


def test_the_worked_example_night_by_matchpoints() -> None:
    rows = [(s.pair, s.boards, s.percent, s.rank) for s in pair_standings(score_boards(EXAMPLE))]
    assert rows == [
        ("C", 1, 75.0, 1),
        ("E", 2, 75.0, 1),
        ("B", 2, 50.0, 3),
        ("A", 2, 37.5, 4),
        ("D", 2, 37.5, 4),
        ("F", 1, 25.0, 6),
    ]


def test_the_worked_example_night_by_butler() -> None:
    scored = score_boards(EXAMPLE)
    rows = [(s.pair, s.butler, s.rank) for s in pair_standings(scored, method="butler")]
    assert rows == [
        ("E", 20.0, 1),
        ("C", 10.0, 2),
        ("A", 0.0, 3),
        ("B", -10.0, 4),
        ("D", -10.0, 4),
        ("F", -10.0, 4),
    ]


def test_a_board_only_one_pair_played_in_a_direction_is_fifty_percent() -> None:
    alone = [BoardResult(1, 1, 5, "A", "B", 100, 62)]
    assert [(pb.pair, pb.top, pb.percent, pb.butler) for pb in score_boards(alone)] == [
        ("A", 0, 50.0, 0.0),
        ("B", 0, 50.0, 0.0),
    ]


def test_after_a_board_the_table_sees_what_the_others_made_of_the_same_cards() -> None:
    assert others_average(EXAMPLE, board=1, table=1) == {"NS": 87.0, "EW": 75.0}
    assert others_average(EXAMPLE[:1], board=1, table=1) == {}


def test_a_season_averages_each_players_best_nights() -> None:
    nights = [{"A": 60.0, "B": 40.0}, {"A": 50.0, "B": 70.0}, {"A": 30.0}]
    rows = [(s.pair, s.boards, s.percent, s.rank) for s in season_percentages(nights, best=2)]
    assert rows == [("A", 2, 55.0, 1), ("B", 2, 55.0, 1)]
    with pytest.raises(BoardError) as e:
        season_percentages(nights, best=0)
    assert e.value.code == "bad_best"


def test_a_result_for_a_board_the_table_did_not_hold_is_refused_naming_board_and_table() -> None:
    before = list(EXAMPLE)
    with pytest.raises(BoardError) as e:
        check_result(HELD, EXAMPLE, BoardResult(1, 3, 2, "C", "F", 81, 81))
    assert (e.value.code, e.value.params) == ("board_not_held", {"board": 2, "table": 3})
    assert "board 2 at table 3" in e.value.message
    assert before == EXAMPLE


def test_a_board_played_twice_by_one_pair_is_refused_naming_board_and_table() -> None:
    held = {**HELD, (2, 3): {1, 2}}
    with pytest.raises(BoardError) as e:
        check_result(held, EXAMPLE, BoardResult(2, 3, 1, "F", "A", 81, 81))
    assert (e.value.code, e.value.params) == ("board_played_twice", {"board": 1, "table": 3})
    assert "pair A" in e.value.message


def test_a_pair_on_both_sides_is_refused() -> None:
    with pytest.raises(BoardError) as e:
        check_result(HELD, [], BoardResult(1, 1, 1, "A", "A", 81, 81))
    assert e.value.code == "bad_board_result"


def test_a_new_pair_on_a_held_board_is_taken() -> None:
    check_result(HELD, EXAMPLE, BoardResult(1, 3, 1, "G", "H", 81, 81))
