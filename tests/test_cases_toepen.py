"""Toepen's cases (../shared/cases, copied under tests/cases) replay to their expected
output, through :func:`kroeg.records.replay` and through the real ``kroeg replay``
command, compared as tests/test_examples.py compares the examples (extra fields
allowed, ``legal`` lists as sets, ``reason`` texts free).

Each case is a record on which an independent reading of RULES.md and the engine
disagreed; RULES.md §12 says how it goes, and each test below cites the rule.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from kroeg.records import replay
from tests.conftest import SHARED
from tests.test_examples import KROEG, expected_of, expected_status, mismatches

CASES = Path(__file__).resolve().parent / "cases"

RULE_OF_CASE = {
    "toepen-kroegregels-armoede-once": "RULES.md §2.6, §12: a seat still on the armoede"
    " level after its armoede round never chooses look/fold",
    "toepen-kroegregels-armoede-tie": "RULES.md §2.6, §12: an armoede tie is broken"
    " clockwise from the left of the armoede round's own dealer",
    "toepen-kroegregels-suboption-parent-off": "RULES.md §12: a refining option is"
    " accepted while its parent is off, and has no effect",
}


def case_path(name: str) -> Path:
    return CASES / f"{name}.json"


def test_every_toepen_case_is_here() -> None:
    """The copies under tests/cases are exactly the shared toepen cases, byte for byte."""
    mine = sorted(p.name for p in CASES.glob("toepen-*"))
    assert mine == sorted(
        f"{name}{ext}" for name in RULE_OF_CASE for ext in (".json", ".expected.json", ".md")
    )
    shared = SHARED / "cases"
    if shared.is_dir():
        theirs = sorted(p.name for p in shared.glob("toepen-*"))
        assert mine == theirs
        for name in mine:
            assert (CASES / name).read_bytes() == (shared / name).read_bytes(), name


@pytest.mark.parametrize("name", sorted(RULE_OF_CASE))
def test_case_replays_to_its_expected_output(name: str) -> None:
    record = case_path(name)
    expected = expected_of(record)
    out, status = replay(json.loads(record.read_text()))
    assert mismatches(expected, out) == [], RULE_OF_CASE[name]
    assert status == expected_status(expected)


@pytest.mark.parametrize("name", sorted(RULE_OF_CASE))
def test_case_through_the_kroeg_replay_command(name: str) -> None:
    record = case_path(name)
    expected = expected_of(record)
    done = subprocess.run(
        [str(KROEG), "replay", str(record)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == expected_status(expected), done.stderr
    assert mismatches(expected, json.loads(done.stdout)) == [], RULE_OF_CASE[name]


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
