"""``kroeg record`` with house rules and the first dealer chosen by the rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kroeg.cards import card_str, parse_cards
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


def test_a_recorded_eurokaarten_game_shuffles_a_turned_over_pile(tmp_path: Path) -> None:
    """RULES.md §7.9 ``stock_empty: reshuffle_discards``: the command's generator gives
    the turned-over pile its order (the game has no chance of its own) and the record
    keeps it as the step ``restock`` after the draw that emptied the stock, which
    replays (docs/records.md)."""
    for seed in range(1, 30):
        out = tmp_path / f"game{seed}.json"
        args = ["record", "eurokaarten", "--seed", str(seed), "--out", str(out)]
        assert main([*args, "--option", "stock_empty=reshuffle_discards"]) == 0
        doc = json.loads(out.read_text())
        steps = [a for deal in doc["deals"] for a in deal["actions"]]
        restocks = [i for i, a in enumerate(steps) if a[1] == "restock"]
        if not restocks:
            continue
        first = restocks[0]
        assert steps[first - 1][1:] == ["draw", "stock"]
        order = steps[first][2]
        assert order != [card_str(c) for c in sorted(parse_cards(order))], "shuffled"
        result, status = replay(doc)
        assert status == 0 and result["over"] is True
        return
    raise AssertionError("no recorded game turned its pile over")
