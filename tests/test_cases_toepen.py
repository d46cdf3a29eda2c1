"""Toepen's cases (replayed by tests/test_cases.py), played on: what each case's rule
means for the decisions that follow (RULES.md §2.6, §12).
"""

from __future__ import annotations

import json

from kroeg.records import replay
from tests.test_cases import case_path


def test_armoede_once_the_seat_on_nine_plays_without_choosing() -> None:
    """RULES.md §2.6, §12: in deal 2 seat 1 has its armoede round (it reached 9 in deal 1)
    and seat 0, whose own armoede round was deal 1, still stands on 9: only seats 2 and
    3 choose, then seat 1 leads with seat 0 playing along (stake 2)."""
    record = json.loads(case_path("toepen-kroegregels-armoede-once").read_text())
    record["deals"][1]["actions"] = [[2, "look"]]
    out, status = replay(record)
    assert status == 0
    assert out["next"]["to_act"] == [3]
    assert sorted(map(tuple, out["next"]["legal"]["3"])) == [("fold",), ("look",)]


def test_armoede_tie_goes_to_the_first_seat_left_of_the_armoede_dealer() -> None:
    """RULES.md §2.6, §12: seats 1 and 3 reach 9 in deal 1 (dealt by seat 0); deal 2 is
    dealt by seat 2, the winner, so seat 3 is "most recent": it leads, seat 0 chooses
    first, then seat 2 (seat 1 is on 9 and does not choose)."""
    record = json.loads(case_path("toepen-kroegregels-armoede-tie").read_text())
    record["deals"][1]["actions"] = [[0, "look"], [2, "fold"]]
    out, status = replay(record)
    assert status == 0
    assert out["next"]["to_act"] == [3]  # the armoede player leads
    assert ["play", "7c"] in out["next"]["legal"]["3"]
