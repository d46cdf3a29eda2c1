"""The record step ``[seat, "out"]``: a player taken out (two timeouts in a row or leaving).

RULES.md §7.8: "Two consecutive expired turns: the partij is over for that player";
"Leaving the table during a partij = losing that partij". docs/records.md documents the verb.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from kroeg.games import make_game
from kroeg.games.match import OUT
from kroeg.games.playout import random_match, random_step
from kroeg.records import RecordWriter, replay
from tests.conftest import SHARED


def _euro_example() -> dict[str, Any]:
    path = SHARED / "examples" / "eurokaarten-open-gaan-right.json"
    doc: dict[str, Any] = json.loads(path.read_text())
    doc["deals"][0]["actions"] = []
    return doc


def test_out_removes_a_eurokaarten_seat_and_it_is_skipped() -> None:
    doc = _euro_example()
    doc["deals"][0]["actions"] = [[3, "out"]]
    out, status = replay(doc)
    assert status == 0, out
    assert out["standings"]["out"] == [3]
    assert out["next"]["to_act"] == [0]  # seat 0 (left of dealer 5) still moves first


def test_out_of_the_seat_whose_turn_it_is_passes_the_turn_on() -> None:
    doc = _euro_example()
    doc["deals"][0]["actions"] = [[0, "out"]]
    out, status = replay(doc)
    assert status == 0, out
    assert out["next"]["to_act"] == [1]


def test_out_twice_is_a_rule_error_at_that_step() -> None:
    doc = _euro_example()
    doc["deals"][0]["actions"] = [[3, "out"], [3, "out"]]
    out, status = replay(doc)
    assert status == 1
    assert (out["error"]["deal"], out["error"]["action"], out["error"]["seat"]) == (0, 1, 3)
    assert out["standings"]["out"] == [3]


def test_out_takes_no_arguments() -> None:
    doc = _euro_example()
    doc["deals"][0]["actions"] = [[3, "out", "now"]]
    out, status = replay(doc)
    assert status == 2 and "out takes no arguments" in out["error"]["reason"]


def test_out_in_a_trick_game_changes_no_rule() -> None:
    """A trick game keeps the seat in play with the house at it (DESIGN.md, Clocks)."""
    path = SHARED / "examples" / "toepen-kroegregels-plain.json"
    plain: dict[str, Any] = json.loads(path.read_text())
    with_out = copy.deepcopy(plain)
    with_out["deals"][0]["actions"].insert(4, [2, "out"])
    a, status_a = replay(plain)
    b, status_b = replay(with_out)
    assert status_a == status_b == 0
    assert a["standings"] == b["standings"] and a["deals"] == b["deals"]


def test_writer_records_out_and_the_record_replays() -> None:
    game = make_game("eurokaarten", "standaard")
    rng = random.Random(7)
    s = game.new_state(6, dealer=0)
    writer = RecordWriter(game, 6, dealer=0)
    for _ in range(12):
        writer.add(*random_step(random_match(game, s, rng), rng))
    game.eliminate(s, 4)
    writer.add(4, OUT)
    out, status = replay(writer.json())
    assert status == 0, out
    assert 4 in out["standings"]["out"]
    assert writer.json()["deals"][-1]["actions"][-1] == [4, "out"]
