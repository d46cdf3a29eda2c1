"""The Klaverjassen cases (../shared/cases/klaverjassen-*) replay to their expected output.

The cases are records on which an independent reading of RULES.md and the project
disagreed, each decided by RULES.md §12. Their copies live in ``tests/cases/`` (the
project keeps them when the shared folder is absent) and must equal the shared files
when those are there. They are compared as ``tests/test_examples.py`` compares the
examples: extra fields allowed, ``legal`` lists as sets, ``reason`` texts free.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from kroeg.cards import mask_of, parse_card, parse_cards, parse_suit
from kroeg.games.klaverjassen import Klaverjassen, core
from kroeg.records import replay
from tests.conftest import SHARED
from tests.test_examples import KROEG, expected_of, expected_status, mismatches

CASES_DIR = Path(__file__).resolve().parent / "cases"
CASES = sorted(
    p for p in CASES_DIR.glob("klaverjassen-*.json") if not p.name.endswith(".expected.json")
)
RULE_OF_CASE = {
    "klaverjassen-a10hv-alone": "RULES.md §6.10, §12: a10hv needs no four_jacks_200",
}
"""The rule each case shows (its ``.md`` says the same)."""


def test_every_case_is_here_and_cites_its_rule() -> None:
    assert {p.stem for p in CASES} == set(RULE_OF_CASE)


@pytest.mark.skipif(not (SHARED / "cases").is_dir(), reason="no shared cases folder beside us")
def test_the_copies_equal_the_shared_cases() -> None:
    shared = sorted((SHARED / "cases").glob("klaverjassen-*"))
    assert [p.name for p in shared] == sorted(p.name for p in CASES_DIR.glob("klaverjassen-*"))
    for path in shared:
        assert (CASES_DIR / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize("record", CASES, ids=[p.stem for p in CASES])
def test_case_replays_to_its_expected_output(record: Path) -> None:
    """Each case's rule: see RULE_OF_CASE (RULES.md §12)."""
    expected = expected_of(record)
    out, status = replay(json.loads(record.read_text()))
    assert mismatches(expected, out) == [], RULE_OF_CASE[record.stem]
    assert status == expected_status(expected)


@pytest.mark.parametrize("record", CASES, ids=[p.stem for p in CASES])
def test_case_through_the_kroeg_replay_command(record: Path) -> None:
    expected = expected_of(record)
    done = subprocess.run(
        [str(KROEG), "replay", str(record)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == expected_status(expected), done.stderr
    assert mismatches(expected, json.loads(done.stdout)) == [], RULE_OF_CASE[record.stem]


def four_of_a_kind_roem(rank: str, **options: object) -> int:
    """The roem of a trick of the four cards of ``rank`` (hearts trump), played out."""
    game = Klaverjassen("nku", options)
    s = game.new_state(4, dealer=3)
    cards = [rank + suit for suit in "hcds"]
    core.start_deal(game.config, s, [mask_of(parse_cards([c])) for c in cards])
    core.make_trump(s, 3, parse_suit("h"))
    for card in cards:
        game.apply(s, s.turn, ("play", parse_card(card)))
    return s.roem[0] + s.roem[1]


@pytest.mark.parametrize(
    ("rank", "roem"),
    [("J", 200), ("A", 100), ("T", 100), ("K", 100), ("Q", 100), ("9", 0), ("8", 0), ("7", 0)],
)
def test_a10hv_alone_counts_its_table(rank: str, roem: int) -> None:
    """RULES.md §12: with four_kind_ranks a10hv four 7s, 8s or 9s give no roem, four A,
    10, H or V give 100 and four jacks 200, whatever four_jacks_200 says."""
    assert four_of_a_kind_roem(rank, four_kind_ranks="a10hv") == roem
    assert four_of_a_kind_roem(rank, four_kind_ranks="a10hv", four_jacks_200=False) == roem


def test_four_jacks_200_alone_changes_only_the_jacks() -> None:
    """RULES.md §6.6: four_jacks_200 by itself: jacks 200, every other rank 100 (S1)."""
    assert four_of_a_kind_roem("J", four_jacks_200=True) == 200
    assert four_of_a_kind_roem("9", four_jacks_200=True) == 100
    assert four_of_a_kind_roem("J") == 100
