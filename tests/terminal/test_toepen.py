"""``kroeg play toepen`` driven by scripted input."""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kroeg.cards import parse_card
from kroeg.games.base import RuleError
from kroeg.records import replay
from kroeg.terminal.table import play
from kroeg.terminal.toepen import refusal_nl


def run(
    answers: Iterator[str],
    *,
    variant: str | None = None,
    seats: int | None = None,
    seed: int = 1,
    record: Path | None = None,
) -> tuple[int, list[str]]:
    lines: list[str] = []

    def ask(prompt: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise EOFError  # what input() does at the end of the input
        lines.append(prompt + answer)
        return answer

    args = argparse.Namespace(
        game="toepen",
        variant=variant,
        seats=seats,
        seed=seed,
        name="Jij",
        record=str(record) if record else None,
    )
    return play(args, input_fn=ask, output_fn=lines.append), lines


@pytest.mark.parametrize(("variant", "seats"), [("kroegregels", None), ("klassiek", 5)])
def test_a_whole_game_ends_and_writes_a_record_that_replays(
    tmp_path: Path, variant: str, seats: int | None
) -> None:
    record = tmp_path / "spel.json"
    status, lines = run(itertools.cycle(["1", "2"]), variant=variant, seats=seats, record=record)
    assert status == 0
    text = "\n".join(lines)
    assert "Afgelopen! Verloren:" in text
    assert "Jouw kaarten:" in text and "Mieke:" in text and "Inzet:" in text
    out, code = replay(json.loads(record.read_text()))
    assert code == 0 and out["over"] is True
    assert lines[-2].startswith("Eindstand (Mieke):")
    final = lines[-2].removeprefix("Eindstand (Mieke): ")
    names = json.loads(record.read_text())["names"]
    assert final == ", ".join(
        f"{n} {p}" for n, p in zip(names, out["standings"]["points"], strict=True)
    )


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run(itertools.cycle(["1"]), seed=5, record=a)
    run(itertools.cycle(["1"]), seed=5, record=b)
    assert a.read_text() == b.read_text()


def test_het_is_shown_before_the_first_deal() -> None:
    """Seed 000 'Het': the open cards and who deals first."""
    _, lines = run(iter([]), seed=2)
    assert lines[1].startswith("Het: Jij ")
    assert any(line.endswith("deelt als eerste.") for line in lines)


def test_bad_input_gets_a_dutch_message_and_a_new_prompt() -> None:
    answers = iter(["zz", "99", "mieke", "?"])
    _, lines = run(answers, seed=1)
    asked = [line for line in lines if line.startswith("Wat doe je?")]
    assert len(asked) == 4
    assert any(
        "Dat kan niet: 'zz' begrijp ik niet. Kies een nummer van 1 tot" in ln for ln in lines
    )
    assert any(ln.startswith("Mieke: Jij 0") for ln in lines)
    assert any(ln.startswith("Typ het nummer van je keuze") for ln in lines)
    assert lines[-1] == "\nGestopt."


def test_a_card_that_does_not_follow_suit_is_refused_in_dutch() -> None:
    """RULES.md §1: must follow suit. With seed 1 Dirk leads ♥B and you hold ♣B ♥V ♥H ♠9."""
    _, lines = run(iter(["s9", "ra", "hv"]), seed=1)
    assert "Je krijgt: ♣B ♥V ♥H ♠9" in lines
    assert "Dirk speelt ♥B" in lines
    refusals = [ln for ln in lines if ln.startswith("Dat kan niet")]
    assert refusals[0].startswith("Dat kan niet: Je moet bekennen: harten is gevraagd.")
    assert refusals[1].startswith("Dat kan niet: Die kaart heb je niet: ruiten aas.")
    assert "Jij speelt ♥V" in lines


def test_unknown_variant_cannot_start() -> None:
    status, lines = run(iter([]), variant="kroeg")
    assert status == 2 and lines[0] == "Kan niet beginnen: Die variant hebben we niet: kroeg."


def test_refusals_are_translated_by_their_code_not_their_english() -> None:
    """The terminal reads the refusal's code and params; the English message plays no part."""
    card = parse_card("Qh")
    misleading = RuleError("not_in_hand", "must follow suit (not what happened)", card="Qh")
    assert refusal_nl(misleading, card) == "Die kaart heb je niet: harten vrouw."
    follow = RuleError("must_follow", "whatever", suit="s", cards=["9s"])
    assert refusal_nl(follow, card) == "Je moet bekennen: schoppen is gevraagd."
    assert refusal_nl(RuleError("wait_answers", "x", seat=2), card) == (
        "Wacht even: eerst wordt de toep beantwoord."
    )
    assert refusal_nl(RuleError("some_new_code", "x"), card) == "♥V mag nu niet."
