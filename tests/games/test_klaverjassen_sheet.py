"""The NKU score sheet (RULES.md §6.7; seed 001 on how a scorer writes it)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kroeg.games.base import InvalidInput
from kroeg.games.klaverjassen import score_sheet
from tests.conftest import SHARED

HEARTS = ["Jh", "9h", "Ah", "Th", "Kh", "Qh", "8h", "7h"]
CLUBS = ["Ac", "Kc", "Qc", "Jc", "Tc", "9c", "8c", "7c"]
DIAMONDS = ["7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad"]
SPADES = ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"]


def pit_record() -> dict[str, Any]:
    """Seat 0 holds every heart, makes hearts trump and takes all eight tricks."""
    actions: list[list[Any]] = [[3, "pass"], [0, "bid", "h"]]
    for i in range(8):
        actions += [[0, "play", HEARTS[i]], [1, "play", CLUBS[i]]]
        actions += [[2, "play", DIAMONDS[i]], [3, "play", SPADES[i]]]
    return {
        "format": "kroeg-record/1",
        "game": "klaverjassen",
        "variant": "nku",
        "seats": 4,
        "names": ["Anna", "Bram", "Cor", "Dirk"],
        "dealer": 3,
        "deals": [{"hands": [HEARTS, CLUBS, DIAMONDS, SPADES], "stock": [], "actions": actions}],
    }


def rows(sheet: str) -> list[str]:
    return [line for line in sheet.splitlines() if line[:4].strip().isdigit()]


def test_made_deal_writes_points_and_roem_per_team() -> None:
    """§6.7: separate points and roem columns; the shared example: 88 + 20 against 74 + 110."""
    record = json.loads((SHARED / "examples" / "klaverjassen-roem-and-made.json").read_text())
    sheet = score_sheet(record)
    (row,) = rows(sheet)
    assert row.split("|")[1].split() == ["88", "20"]
    assert row.split("|")[2].split() == ["74", "110"]
    assert row.split()[:4] == ["1", "Stoel", "3", "Stoel"]
    assert "♠" in row
    total = next(line for line in sheet.splitlines() if line.startswith("Totaal"))
    assert total.split("|")[1].split() == ["108"] and total.split("|")[2].split() == ["184"]


def test_pit_writes_the_bonus_in_the_roem_column_and_P_for_the_other_team() -> None:
    """S1: "Straf- en Bonuspunten dient men bij de roem te schrijven"; "P = Pit"."""
    sheet = score_sheet(pit_record())
    (row,) = rows(sheet)
    assert row.split("|")[1].split() == ["162", "100"]
    assert row.split("|")[2].split() == ["0", "P", "0"]
    assert row.split()[1:3] == ["Dirk", "Anna"]


def test_nat_writes_N_and_gives_the_defenders_162() -> None:
    """S1: "N = Nat"; nat is 162 + all roem for the other team."""
    record = pit_record()
    actions = record["deals"][0]["actions"]
    actions[1] = [0, "bid", "s"]  # spades trump: seat 3 trumps every heart lead
    # seat 3 wins trick 1 and then leads every trick itself
    order = [[0, "play", HEARTS[0]], [1, "play", CLUBS[0]], [2, "play", DIAMONDS[0]]]
    order.append([3, "play", SPADES[0]])
    for i in range(1, 8):
        order += [[3, "play", SPADES[i]], [0, "play", HEARTS[i]], [1, "play", CLUBS[i]]]
        order.append([2, "play", DIAMONDS[i]])
    record["deals"][0]["actions"] = actions[:2] + order
    (row,) = rows(score_sheet(record))
    assert row.split("|")[1].split() == ["0", "N", "0"]
    assert row.split("|")[2].split() == ["162", "0"]


def test_unfinished_and_foreign_records() -> None:
    record = pit_record()
    record["deals"][0]["actions"] = record["deals"][0]["actions"][:5]
    assert rows(score_sheet(record)) == []
    with pytest.raises(InvalidInput, match="not a klaverjassen record"):
        score_sheet({**record, "game": "toepen"})
