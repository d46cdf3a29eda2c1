"""``kroeg play klaverjassen`` driven by scripted input."""

from __future__ import annotations

import argparse
import itertools
import json
from pathlib import Path

import pytest

from kroeg.cli import main
from kroeg.records import replay
from kroeg.terminal.table import play

ANSWERS = ["x", "pas", "h", "9", "1", "2", "3", "4", "5", "6", "7", "8"]
"""Cycled: a bad answer, a pass, a bid and every card number, so every prompt is met."""


def run(
    seed: int,
    record: Path | None = None,
    answers: list[str] = ANSWERS,
    options: dict[str, object] | None = None,
) -> tuple[int, list[str]]:
    script = itertools.cycle(answers)
    lines: list[str] = []

    def ask(prompt: str) -> str:
        answer = next(script)
        lines.append(prompt + answer)
        return answer

    args = argparse.Namespace(
        game="klaverjassen",
        variant=None,
        seats=None,
        seed=seed,
        name="Jij",
        record=str(record) if record else None,
        options=options,
    )
    return play(args, input_fn=ask, output_fn=lines.append), lines


def test_a_whole_game_shows_the_sheet_after_each_deal_and_writes_the_record(tmp_path: Path) -> None:
    record = tmp_path / "partij.json"
    status, lines = run(7, record)
    assert status == 0
    sheets = [line for line in lines if line.lstrip("\n").startswith("Klaverjassen · NKU")]
    assert len(sheets) == 16
    assert any("Troef (k, r, h, s) of pas? " in line for line in lines)
    assert any("Dat begrijp ik niet" in line for line in lines)
    assert any("Die kaart mag niet. Je moet bekennen: " in line for line in lines)
    assert lines[-2] in ("Wij winnen!", "Zij winnen.", "Gelijkspel!")
    assert lines[-1] == f"Het verslag staat in {record}."
    out, code = replay(json.loads(record.read_text()))
    assert code == 0 and out["over"] is True
    totals = out["standings"]["totals"]
    last_sheet = sheets[-1]
    assert "Totaal" in last_sheet and str(totals[0]) in last_sheet and str(totals[1]) in last_sheet


def test_the_seed_makes_the_game_repeatable() -> None:
    assert run(11)[1] == run(11)[1]
    assert run(11)[1] != run(12)[1]


def test_end_of_input_stops_the_game() -> None:
    def ask(prompt: str) -> str:
        raise EOFError

    args = argparse.Namespace(
        game="klaverjassen", variant=None, seats=None, seed=3, name="Jij", record=None
    )
    lines: list[str] = []
    assert play(args, input_fn=ask, output_fn=lines.append) == 1
    assert lines[-1].strip() == "Gestopt."


def test_wrong_number_of_seats_is_refused() -> None:
    args = argparse.Namespace(
        game="klaverjassen", variant=None, seats=3, seed=1, name="Jij", record=None
    )
    lines: list[str] = []
    assert play(args, input_fn=input, output_fn=lines.append) == 2
    assert "Kan niet beginnen" in lines[0]


def test_a_gedraaid_game_asks_to_play_the_proposed_suit(tmp_path: Path) -> None:
    """RULES.md §6.10 trump_mode gedraaid: the proposed suit is shown (clubs in the
    first deal, then turned draaikaarten) and you answer speel or pas; the record
    replays with the draaikaarten as each deal's stock."""
    record = tmp_path / "gedraaid.json"
    answers = ["h", "pas", "speel", *[str(i) for i in range(1, 9)]]
    code, lines = run(5, record, answers, {"trump_mode": "gedraaid"})
    assert code == 0
    assert "Voorgestelde troef: klaveren." in lines
    assert any(line.startswith("Gedraaid: ") for line in lines)
    assert any(line.startswith("Speel je ") for line in lines)
    assert any("Dat begrijp ik niet: typ speel" in line for line in lines)
    doc = json.loads(record.read_text())
    assert doc["options"] == {"trump_mode": "gedraaid"}
    assert all(len(deal["stock"]) == 20 for deal in doc["deals"])
    out, code = replay(doc)
    assert code == 0 and out["over"] is True


def test_a_kraken_game_asks_for_the_calls_and_shows_the_factor(tmp_path: Path) -> None:
    """RULES.md §6.10 trump_mode kraken (klaverjas.nl "Spelregels Kraken"): you answer a
    kraak call with kraak (herkraak, superkraak) or pas; when play starts the roem in
    hand and the factor are told; the sheet has the Kraak column; the record replays."""
    record = tmp_path / "kraken.json"
    answers = ["h", "kraak", "herkraak", "x", "pas", *map(str, range(1, 9))]
    code, lines = run(8, record, answers, {"trump_mode": "kraken"})
    assert code == 0
    assert any(line.startswith("Kraak? (kraak of pas) ") for line in lines)
    assert any(line.startswith("Jij: kraak! De punten tellen 2 keer.") for line in lines)
    assert any("Dat begrijp ik niet: typ " in line for line in lines)
    assert any(line.startswith("Roem in de hand: Wij ") for line in lines)
    sheets = [line for line in lines if line.lstrip("\n").startswith("Klaverjassen · ")]
    assert len(sheets) == 16
    assert sheets[0].lstrip("\n").startswith("Klaverjassen · Amsterdams · Kraken · 16 spellen")
    assert "Troef Kraak" in sheets[-1]
    doc = json.loads(record.read_text())
    assert doc["options"]["trump_mode"] == "kraken"
    out, code = replay(doc)
    assert code == 0 and out["over"] is True
    assert any(deal["factor"] > 1 for deal in out["deals"])


def test_kroeg_play_refuses_kraken_with_rotterdams(capsys: pytest.CaptureFixture[str]) -> None:
    """The page: kraken "wordt gespeeld met de spelregels van Amsterdams Klaverjassen"."""
    args = ["play", "klaverjassen", "--option", "trump_mode=kraken"]
    assert main([*args, "--option", "troefplicht=rotterdams"]) == 2
    assert capsys.readouterr().out == (
        "Kan niet beginnen: Kraken speel je met de Amsterdamse regels: troefplicht moet "
        "amsterdams zijn.\n"
    )


def test_an_empty_answer_at_the_card_prompt_is_not_understood_and_asked_again() -> None:
    """Enter alone at "Welke kaart?" stopped the game with an IndexError; now it is a
    Dutch "not understood" and the prompt again."""
    answers = ["", "pas", "h", "", *map(str, range(1, 9))]
    status, lines = run(7, answers=answers)
    assert status == 0
    assert any(
        line.startswith("Dat begrijp ik niet: typ het nummer van de kaart") for line in lines
    )
