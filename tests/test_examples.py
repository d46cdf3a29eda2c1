"""The shared example records (../shared/examples) replay to their expected output,
through :func:`kroeg.records.replay` and through the real ``kroeg replay`` command.

As the examples' README says: fields beyond the expected ones are allowed, ``legal``
lists compare as sets and ``reason`` texts are free. Every game's examples are here;
those of a game pass once its engine lands.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kroeg.records import replay
from tests.conftest import SHARED

EXAMPLES = sorted(
    p for p in (SHARED / "examples").glob("*.json") if not p.name.endswith(".expected.json")
)
KROEG = Path(sys.executable).with_name("kroeg")


def expected_of(record: Path) -> Any:
    return json.loads(record.with_name(record.stem + ".expected.json").read_text())


def expected_status(expected: Any) -> int:
    """0 for a valid record; a rule violation names its seat (1); else malformed (2)."""
    if expected["ok"]:
        return 0
    return 1 if "seat" in expected["error"] else 2


def mismatches(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Where ``actual`` fails to match ``expected`` (README rules); empty when it matches."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        out = []
        for key, value in expected.items():
            here = f"{where}.{key}"
            if key not in actual:
                out.append(f"{here}: missing")
            elif key == "reason":
                if not isinstance(actual[key], str) or not actual[key]:
                    out.append(f"{here}: expected a reason text, got {actual[key]!r}")
            elif key == "legal" and isinstance(value, dict):
                out += legal_mismatches(value, actual[key], here)
            else:
                out += mismatches(value, actual[key], here)
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [
            m
            for i, (e, a) in enumerate(zip(expected, actual, strict=True))
            for m in mismatches(e, a, f"{where}[{i}]")
        ]
    if expected != actual or type(expected) is not type(actual):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def legal_mismatches(expected: dict[str, Any], actual: Any, where: str) -> list[str]:
    if not isinstance(actual, dict) or set(actual) != set(expected):
        return [f"{where}: expected seats {sorted(expected)}, got {actual!r}"]
    out = []
    for seat, actions in expected.items():
        want = {json.dumps(a) for a in actions}
        got = {json.dumps(a) for a in actual[seat]}
        if want != got:
            out.append(f"{where}.{seat}: expected {sorted(want)}, got {sorted(got)}")
    return out


def test_there_are_examples_of_every_game() -> None:
    games = {json.loads(p.read_text())["game"] for p in EXAMPLES}
    assert games == {"toepen", "klaverjassen", "eurokaarten"}


@pytest.mark.parametrize("record", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_replays_to_its_expected_output(record: Path) -> None:
    expected = expected_of(record)
    out, status = replay(json.loads(record.read_text()))
    assert mismatches(expected, out) == []
    assert status == expected_status(expected)


@pytest.mark.parametrize("record", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_through_the_kroeg_replay_command(record: Path) -> None:
    expected = expected_of(record)
    done = subprocess.run(
        [str(KROEG), "replay", str(record)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == expected_status(expected), done.stderr
    assert mismatches(expected, json.loads(done.stdout)) == []


def test_the_matcher_finds_a_difference() -> None:
    """The comparison itself must be able to fail (sets for legal, free reasons)."""
    assert mismatches({"a": [1, 2]}, {"a": [1, 3], "extra": 0}) == [".a[1]: expected 2, got 3"]
    assert (
        mismatches({"legal": {"0": [["knock"], ["stay"]]}}, {"legal": {"0": [["stay"], ["knock"]]}})
        == []
    )
    assert mismatches({"legal": {"0": [["knock"]]}}, {"legal": {"0": [["stay"]]}}) != []
    assert mismatches({"reason": "x"}, {"reason": "anything"}) == []
    assert mismatches({"over": False}, {"over": 0}) != []
