"""Score sheets kept at the bar (issue 21, "At the bar: Mieke"; docs/clubs.md).

Klaverjassen lines follow RULES.md §6.7 (made, nat, pit, verzaken; bonus and penalty in
the roem column), Toepen lines §1.1 and §2.6 (armoede at max_points - 1), Eurokaarten
lines §7.3 (coins and the bokje). The expected figures are worked out by hand here.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kroeg.clubs.errors import ClubError
from kroeg.clubs.sheets import TableSheet, add_line, score_sheet
from kroeg.games import make_game


def kj(*lines: dict[str, Any]) -> TableSheet:
    return score_sheet("klaverjassen", "nku", {}, 4, list(lines))


def test_klaverjassen_made_nat_pit_and_verzaakt_score_as_rules_6_7_say() -> None:
    sheet = kj(
        # Wij (seats 0, 2) played: 100 + 20 roem against 62: made, both score.
        {"played": 0, "points": [100, 62], "roem": [20, 0]},
        # Zij played, 62 + 20 against 100: nat, Wij take 162 and all roem (20).
        {"played": 1, "points": [100, 62], "roem": [0, 20], "mark": "N"},
        # Zij pit: 162 + 40 roem + 100 bonus.
        {"played": 3, "points": [0, 162], "roem": [0, 40], "mark": "P"},
        # Wij revoked: Zij take 162 + 100 penalty + all roem (50 + 20).
        {"played": 2, "points": [80, 82], "roem": [50, 20], "mark": "V", "revoked": 0},
    )
    assert [line["score"] for line in sheet.lines] == [[120, 62], [182, 0], [0, 302], [0, 332]]
    assert sheet.totals == [302, 696, 302, 696]


def test_klaverjassen_equal_totals_are_nat() -> None:
    """RULES.md §6.7: "equal totals = nat" (81 + 0 against 81 + 0)."""
    sheet = kj({"played": 0, "points": [81, 81], "roem": [0, 0], "mark": "N"})
    assert sheet.lines[0]["score"] == [0, 162]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ({"played": 0, "points": [100, 60], "roem": [0, 0]}, "points_not_162"),
        ({"played": 0, "points": [100, 62], "roem": [25, 0]}, "bad_roem"),
        ({"played": 0, "points": [60, 102], "roem": [0, 0]}, "mark_mismatch"),
        ({"played": 0, "points": [100, 62], "roem": [0, 0], "mark": "N"}, "mark_mismatch"),
        ({"played": 0, "points": [150, 12], "roem": [0, 0], "mark": "P"}, "mark_mismatch"),
        ({"played": 0, "points": [162, 0], "roem": [0, 20], "mark": "P"}, "mark_mismatch"),
        ({"played": 4, "points": [100, 62], "roem": [0, 0]}, "bad_line"),
        ({"played": 0, "points": [100, 62], "roem": [0, 0], "mark": "X"}, "bad_line"),
        ({"played": 0, "points": [100, 62], "roem": [0, 0], "mark": "V"}, "bad_line"),
        ({"played": 0, "points": ["100", 62], "roem": [0, 0]}, "bad_line"),
        ({"played": True, "points": [100, 62], "roem": [0, 0]}, "bad_line"),
    ],
)
def test_a_klaverjas_line_that_does_not_add_up_is_refused_and_changes_nothing(
    line: dict[str, Any], code: str
) -> None:
    sheet = kj({"played": 0, "points": [100, 62], "roem": [0, 0]})
    before = (list(sheet.totals), list(sheet.lines))
    with pytest.raises(ClubError) as e:
        add_line("klaverjassen", make_game("klaverjassen", "nku"), sheet, line)
    assert e.value.code == code
    assert (sheet.totals, sheet.lines) == before


@settings(max_examples=200, deadline=None)
@given(
    played=st.integers(0, 3),
    wij=st.integers(0, 162),
    roem=st.tuples(st.integers(0, 20), st.integers(0, 20)),
    pit=st.booleans(),
)
def test_every_klaverjas_deal_adds_up_to_162_plus_roem(
    played: int, wij: int, roem: tuple[int, int], pit: bool
) -> None:
    """§6.7: whatever the outcome, the two teams together score 162 and all roem, and
    100 more for a pit."""
    team = played % 2
    points = [wij, 162 - wij]
    roem_pts = [10 * roem[0], 10 * roem[1]]
    pit = pit and points[team] == 162 and roem_pts[1 - team] == 0
    made = points[team] + roem_pts[team] > points[1 - team] + roem_pts[1 - team]
    mark = "P" if pit else (None if made else "N")
    sheet = kj({"played": played, "points": points, "roem": roem_pts, "mark": mark})
    score = sheet.lines[0]["score"]
    assert sum(score) == 162 + sum(roem_pts) + (100 if pit else 0)
    if mark == "N":
        assert score[team] == 0


def test_toepen_penalties_add_up_with_armoede_and_who_lost() -> None:
    """Kroegregels: max_points 10, armoede at 9 (RULES.md §2.6), the winner pays 0."""
    lines = [
        {"penalties": [0, 3, 3, 3], "winner": 0},
        {"penalties": [2, 0, 2, 2], "winner": 1},
        {"penalties": [3, 3, 0, 4], "winner": 2},
    ]
    sheet = score_sheet("toepen", "kroegregels", {}, 4, lines)
    assert sheet.totals == [5, 6, 5, 9]
    assert [(line["armoede"], line["lost"]) for line in sheet.lines] == [([], [])] * 3
    add_line(
        "toepen",
        make_game("toepen", "kroegregels"),
        sheet,
        {"penalties": [1, 1, 0, 2], "winner": 2},
    )
    assert sheet.lines[-1]["armoede"] == [3]  # seat 3 stood on 9 before this deal
    assert sheet.lines[-1]["lost"] == [3] and sheet.totals == [6, 7, 5, 11]
    assert sheet.over
    with pytest.raises(ClubError) as e:
        add_line(
            "toepen",
            make_game("toepen", "kroegregels"),
            sheet,
            {"penalties": [0, 1, 1, 1], "winner": 0},
        )
    assert e.value.code == "sheet_over"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ({"penalties": [1, 1, 1, 1], "winner": 0}, "winner_pays"),
        ({"penalties": [0, 1, 1], "winner": 0}, "bad_line"),
        ({"penalties": [0, -1, 1, 1], "winner": 0}, "bad_line"),
        ({"penalties": [0, 1, 1, 11], "winner": 0}, "bad_line"),
        ({"penalties": [0, 1, 1, 1], "winner": 4}, "bad_line"),
    ],
)
def test_a_bad_toepen_line_is_refused(line: dict[str, Any], code: str) -> None:
    with pytest.raises(ClubError) as e:
        score_sheet("toepen", "kroegregels", {}, 4, [line])
    assert e.value.code == code
    assert "line 1" in e.value.message


def test_eurokaarten_coins_then_the_bokje_then_out() -> None:
    """§7.3: three coins; the first to lose their last coin gets the bokje; losing again
    puts them out. A player's result is the lives lost."""
    lines = [{"coin_lost": [1]}, {"coin_lost": [1]}, {"coin_lost": [1, 2]}]
    sheet = score_sheet("eurokaarten", "standaard", {}, 3, lines)
    assert sheet.lines[-1]["coins"] == [3, 0, 2]
    assert sheet.lines[-1]["bokje"] == [1] and sheet.lines[-1]["out"] == []
    add_line("eurokaarten", make_game("eurokaarten", "standaard"), sheet, {"coin_lost": [1]})
    assert sheet.lines[-1]["out"] == [1]
    assert sheet.totals == [0, 4, 1]
    with pytest.raises(ClubError) as e:
        add_line("eurokaarten", make_game("eurokaarten", "standaard"), sheet, {"coin_lost": [1]})
    assert e.value.code == "player_out"


def test_eurokaarten_a_loss_that_would_put_everyone_out_is_void() -> None:
    """§7.7 (E3): the round is void, nothing changes."""
    sheet = score_sheet("eurokaarten", "standaard", {"start_coins": 1}, 2, [{"coin_lost": [0, 1]}])
    assert sheet.lines[0]["bokje"] == [0, 1]  # both lose their last coin at once: both get it
    add_line(
        "eurokaarten",
        make_game("eurokaarten", "standaard", {"start_coins": 1}),
        sheet,
        {"coin_lost": [0, 1]},
    )
    assert sheet.lines[-1]["void"] and sheet.totals == [1, 1]


MADE_LINE = {"played": 0, "points": [100, 62], "roem": [20, 0]}


@pytest.mark.parametrize(
    ("game", "variant", "seats", "line"),
    [
        ("klaverjassen", "nku", 4, {**MADE_LINE, "note": "x"}),
        ("klaverjassen", "nku", 4, {**MADE_LINE, "mark": ["N"]}),
        ("klaverjassen", "nku", 4, {**MADE_LINE, "mark": {"N": 1}}),
        ("klaverjassen", "nku", 4, {**MADE_LINE, "mark": 1}),
        ("klaverjassen", "nku", 4, {**MADE_LINE, "revoked": 0}),
        ("toepen", "kroegregels", 4, {"penalties": [0, 1, 1, 1], "winner": 0, "x": None}),
        ("eurokaarten", "standaard", 6, {"coin_lost": [1], "coins": [9]}),
    ],
    ids=["unknown", "mark-list", "mark-object", "mark-number", "revoked-not-V", "toepen", "euro"],
)
def test_a_line_is_checked_to_the_letter(
    game: str, variant: str, seats: int, line: dict[str, Any]
) -> None:
    """No field beyond the game's own is stored, ``mark`` is a string N, P or V, and
    ``revoked`` goes with V only (the trust issue, item 3: a list or an object as the
    mark was a TypeError, a 500, and any extra field was stored as sent)."""
    with pytest.raises(ClubError) as e:
        score_sheet(game, variant, {}, seats, [line])
    assert e.value.code == "bad_line"
