"""The shared cases (../shared/cases, copied to tests/cases) replay to their expected
output, through :func:`kroeg.records.replay` and through the real ``kroeg replay``
command, compared as tests/test_examples.py compares the examples (extra fields allowed,
``legal`` lists as sets, ``reason`` texts free).

Each case is a record on which an independent reading of RULES.md and the engine
disagreed; RULES.md §12 says how it goes (RULE_OF_CASE cites the rule each one shows).
The copies keep the cases with the project when the shared folder is absent, and must
equal the shared files when it is there. More about each game's cases:
tests/test_cases_toepen.py, tests/test_cases_klaverjassen.py.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from kroeg.records import replay, replay_text
from tests.conftest import SHARED
from tests.test_examples import KROEG, expected_of, expected_status, mismatches

CASES_DIR = Path(__file__).resolve().parent / "cases"
RULE_OF_CASE = {
    "toepen-kroegregels-armoede-once": "RULES.md §2.6, §12: a seat still on the armoede"
    " level after its armoede round never chooses look/fold",
    "toepen-kroegregels-armoede-tie": "RULES.md §2.6, §12: an armoede tie is broken"
    " clockwise from the left of the armoede round's own dealer",
    "toepen-kroegregels-suboption-parent-off": "RULES.md §12: a refining option is"
    " accepted while its parent is off, and has no effect",
    "klaverjassen-a10hv-alone": "RULES.md §6.10, §12: a10hv needs no four_jacks_200",
    "eurokaarten-set-swap-missing-suit": "RULES.md §7.6, §12: a set joker stands for either"
    " missing suit, so a real card of the undeclared suit swaps it",
    "eurokaarten-set-joker-layoff-retarget": "RULES.md §12: a joker laid off on a set may be"
    " declared as the suit the set's joker stands for, which moves that joker",
    "toepen-klassiek-sequential-no-over-knock": "RULES.md §3.3, §12: over-knock answers"
    " belong to kroegregels only, also with knock_mode sequential",
    "toepen-kroegregels-players-option": "RULES.md §5: players is a Toepen option name"
    " (it equals the seats)",
    "toepen-kroegregels-any-toep-four-sevens": "RULES.md §2.9, §5: any_toep_wins is four"
    " jacks or four tens only; four sevens change nothing",
    "record-json-too-deep": "RECORDS.md Errors: JSON nested too deep to parse is bad JSON, exit 2",
    "record-json-long-integer": "RECORDS.md Errors: an integer of more digits than Python"
    " reads is bad JSON, exit 2",
}
JSON_CASES = {"record-json-too-deep", "record-json-long-integer"}
"""Cases whose record Python's json module cannot read: replayed from their text."""
CASES = sorted(RULE_OF_CASE)


def case_path(name: str) -> Path:
    return CASES_DIR / f"{name}.json"


def test_every_case_is_here_with_the_rule_it_shows() -> None:
    """Each case has its record, its expected output and its note citing RULES.md."""
    assert sorted(p.name for p in CASES_DIR.iterdir()) == sorted(
        f"{name}{ext}" for name in CASES for ext in (".json", ".expected.json", ".md")
    )
    for name in CASES:
        assert "RULES" in (CASES_DIR / f"{name}.md").read_text() or name in JSON_CASES, name
        assert "RECORDS" in (CASES_DIR / f"{name}.md").read_text() or name not in JSON_CASES


def test_the_copies_equal_the_shared_cases() -> None:
    """Byte for byte, when ../shared/cases is beside the project."""
    shared = SHARED / "cases"
    if not shared.is_dir():
        return
    cases = sorted(p for p in shared.iterdir() if p.name != "README.md")
    assert [p.name for p in cases] == sorted(p.name for p in CASES_DIR.iterdir())
    for path in cases:
        assert (CASES_DIR / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize("name", CASES)
def test_case_replays_to_its_expected_output(name: str) -> None:
    record = case_path(name)
    expected = expected_of(record)
    out, status = replay_text(record.read_text())
    assert mismatches(expected, out) == [], RULE_OF_CASE[name]
    if name not in JSON_CASES:
        assert replay(json.loads(record.read_text())) == (out, status)
    assert status == expected_status(expected)


@pytest.mark.parametrize("name", CASES)
def test_case_through_the_kroeg_replay_command(name: str) -> None:
    record = case_path(name)
    expected = expected_of(record)
    done = subprocess.run(
        [str(KROEG), "replay", str(record)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == expected_status(expected), done.stderr
    assert mismatches(expected, json.loads(done.stdout)) == [], RULE_OF_CASE[name]
