"""``kroeg record`` with house rules and the first dealer chosen by the rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kroeg.cli import main
from kroeg.records import replay


def test_kroegregels_record_has_no_dealer_and_replays_het_from_its_seed(tmp_path: Path) -> None:
    """RULES.md §2.3: "Het" chooses the first dealer; RECORDS.md ``dealer``: when absent the
    engine chooses with its random generator seeded by ``seed``."""
    out = tmp_path / "game.json"
    assert main(["record", "toepen", "--seed", "5", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert "dealer" not in doc and doc["seed"] == 5
    result, status = replay(doc)
    assert status == 0 and result["over"] is True


def test_options_are_written_into_the_record_and_obeyed(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    args = ["record", "toepen", "--seed", "3", "--out", str(out), "--option", "max_points=15"]
    assert main(args) == 0
    doc = json.loads(out.read_text())
    assert doc["options"] == {"max_points": 15}
    result, status = replay(doc)
    assert status == 0
    assert max(result["standings"]["points"]) >= 15  # the game ran to 15, not to 10


@pytest.mark.parametrize(
    ("option", "message"),
    [("max_points", "NAME=VALUE"), ("max_points=hoog", "max_points"), ("kleur=rood", "unknown")],
)
def test_a_bad_option_exits_2_and_says_why(
    option: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["record", "toepen", "--option", option]) == 2
    assert message in capsys.readouterr().err
