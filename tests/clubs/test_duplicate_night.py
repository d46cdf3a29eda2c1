"""A duplicate night's results from its online tables' stands (kroeg.clubs.duplicate_night):
which board each deal was, who sat in which direction, and that a board's results are
shown only once every table of its round has played it."""

from __future__ import annotations

from typing import Any

import pytest

from kroeg.clubs.duplicate_night import (
    board_results,
    new_duplicate,
    others_at,
    pair_key,
    shown,
    standings_json,
)
from kroeg.clubs.errors import ClubError


def _table(rnd: int, number: int, seating: list[str | None], scores: list[list[int]]) -> Any:
    return {"round": rnd, "number": number, "seating": seating, "online": {"scores": scores}}


TABLES = [
    _table(2, 1, ["a", "b", "c", "d"], [[100, 62], [40, 122]]),
    _table(2, 2, ["e", "f", None, "h"], [[90, 72]]),  # one board behind; the house at seat 2
]
"""Round 2 of a night of 4 boards a round: boards 5 and 6 at table 1, board 5 at table 2."""


def test_deal_j_of_round_r_is_board_r_minus_1_times_per_round_plus_j() -> None:
    results = board_results(4, TABLES)
    assert [(r.table, r.board, r.ns, r.ew, r.ns_points) for r in results] == [
        (1, 5, "a&c", "b&d", 100),
        (1, 6, "a&c", "b&d", 40),
        (2, 5, "e", "f&h", 90),
    ]
    assert pair_key(None, None) == "huis"


def test_a_board_not_every_table_has_played_is_not_shown() -> None:
    """Board 6's scores would tell table 2 something of the cards it is about to play."""
    assert [(r.table, r.board) for r in shown(board_results(4, TABLES), TABLES)] == [
        (1, 5),
        (2, 5),
    ]
    public = standings_json({"scoring": "matchpoints", "per_round": 4}, TABLES, {})
    assert [b["board"] for b in public["boards"]] == [5]


def test_a_table_sees_the_others_only_on_boards_it_has_played() -> None:
    results = board_results(4, TABLES)
    assert others_at(results, 2, 2) == [
        {
            "board": 5,
            "ns_points": 90,
            "ew_points": 72,
            "others": 1,
            "ns_average": 100.0,
            "ew_average": 62.0,
        }
    ]
    mine = others_at(results, 2, 1)
    assert [(b["board"], b["others"], b["ns_average"]) for b in mine] == [
        (5, 1, 90.0),
        (6, 0, None),
    ]


@pytest.mark.parametrize(
    ("scoring", "game", "options"),
    [
        ("imps", "klaverjassen", {}),
        ("matchpoints", "toepen", {}),
        ("butler", "klaverjassen", {"trump_mode": "gedraaid"}),
    ],
)
def test_a_duplicate_night_it_cannot_deal_is_refused(
    scoring: str, game: str, options: dict[str, Any]
) -> None:
    with pytest.raises(ClubError) as e:
        new_duplicate(scoring, game, options, 2, 4)
    assert e.value.code == "bad_night"


def test_a_new_duplicate_night_keeps_its_set_to_deal_again() -> None:
    made = new_duplicate("butler", "klaverjassen", {}, 3, 8)
    assert (made["count"], made["per_round"], made["source"]) == (24, 8, "dealt")
    assert len(bytes.fromhex(made["secret"])) == 32 and len(made["commitment"]) == 64
