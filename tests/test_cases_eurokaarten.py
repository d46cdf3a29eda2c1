"""The Eurokaarten cases (../shared/cases, copied to tests/cases) replay to their expected
output, through :func:`kroeg.records.replay` and through the real ``kroeg replay``
command, compared as tests/test_examples.py compares the examples (extra fields
allowed, ``legal`` lists as sets, free ``reason`` texts).

- ``eurokaarten-set-swap-missing-suit``: RULES.md §7.6 and §12, "In a set of three, a
  joker stands for either missing suit (§7.6): ``swap N CARD`` with a real card of a
  missing suit that no joker declares takes the set's first joker in suit order".
- ``eurokaarten-set-joker-layoff-retarget``: RULES.md §12, "a joker laid off on a set
  may be declared as that suit too" (the suit the set's joker stands for, which then
  moves to the remaining missing suit).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from kroeg.records import replay
from tests.conftest import SHARED
from tests.test_examples import KROEG, expected_of, expected_status, mismatches

CASES_DIR = Path(__file__).resolve().parent / "cases"
CASES = sorted(
    p for p in CASES_DIR.glob("eurokaarten-*.json") if not p.name.endswith(".expected.json")
)
RULE_OF_CASE = {
    "eurokaarten-set-swap-missing-suit": "RULES.md §7.6, §12: a set joker stands for either "
    "missing suit, so a real card of the undeclared suit swaps it",
    "eurokaarten-set-joker-layoff-retarget": "RULES.md §12: a joker laid off on a set may be "
    "declared as the suit the set's joker stands for, which moves that joker",
}


def test_both_cases_are_here_with_the_rule_they_show() -> None:
    assert sorted(p.stem for p in CASES) == sorted(RULE_OF_CASE)
    for case in CASES:
        assert "RULES" in case.with_suffix(".md").read_text()


@pytest.mark.skipif(not (SHARED / "cases").is_dir(), reason="no ../shared/cases beside the project")
def test_the_copies_equal_the_shared_cases() -> None:
    """The copies under tests/cases are byte for byte the shared ones."""
    shared = sorted(p.name for p in (SHARED / "cases").glob("eurokaarten-*"))
    assert shared == sorted(p.name for p in CASES_DIR.glob("eurokaarten-*"))
    for name in shared:
        assert (CASES_DIR / name).read_bytes() == (SHARED / "cases" / name).read_bytes(), name


@pytest.mark.parametrize("record", CASES, ids=[p.stem for p in CASES])
def test_case_replays_to_its_expected_output(record: Path) -> None:
    """See RULE_OF_CASE for the rule each case shows."""
    expected = expected_of(record)
    out, status = replay(json.loads(record.read_text()))
    assert mismatches(expected, out) == [], RULE_OF_CASE[record.stem]
    assert status == expected_status(expected)


@pytest.mark.parametrize("record", CASES, ids=[p.stem for p in CASES])
def test_case_through_the_kroeg_replay_command(record: Path) -> None:
    """See RULE_OF_CASE for the rule each case shows."""
    expected = expected_of(record)
    done = subprocess.run(
        [str(KROEG), "replay", str(record)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == expected_status(expected), done.stderr
    assert mismatches(expected, json.loads(done.stdout)) == [], RULE_OF_CASE[record.stem]
