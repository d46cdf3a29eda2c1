"""RECORDS.md with Toepen records: malformed records exit 2 with a reason, rule
violations exit 1 with where and everything before it, ``next`` for a record that
stops mid-deal, and a random game written with RecordWriter replays to the same end."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from kroeg.games.playout import play_random, random_match
from kroeg.games.toepen import Toepen
from kroeg.records import EXIT_MALFORMED, EXIT_OK, EXIT_RULE, RecordWriter, replay, replay_text

HANDS = [
    ["Th", "9c", "8d", "Js"],
    ["7h", "Ah", "Kc", "Qd"],
    ["9h", "8h", "Jc", "Ad"],
    ["Kh", "7c", "7d", "As"],
]
STOCK = [
    "Ac",
    "Qc",
    "8c",
    "Tc",
    "7s",
    "8s",
    "9s",
    "Ts",
    "Qs",
    "Ks",
    "Jd",
    "9d",
    "Td",
    "Kd",
    "Jh",
    "Qh",
]
PLAIN = [
    [1, "play", "7h"], [2, "play", "9h"], [3, "play", "Kh"], [0, "play", "Th"],
    [0, "play", "9c"], [1, "play", "Kc"], [2, "play", "Jc"], [3, "play", "7c"],
    [0, "play", "8d"], [1, "play", "Qd"], [2, "play", "Ad"], [3, "play", "7d"],
    [0, "play", "Js"], [1, "play", "Ah"], [2, "play", "8h"], [3, "play", "As"],
]  # fmt: skip


def record(actions: list[list[Any]] | None = None, **fields: Any) -> dict[str, Any]:
    """The shared plain example (seat 3 wins), with changes."""
    doc: dict[str, Any] = {
        "format": "kroeg-record/1",
        "game": "toepen",
        "variant": "kroegregels",
        "seats": 4,
        "dealer": 0,
        "deals": [
            {
                "hands": copy.deepcopy(HANDS),
                "stock": STOCK[:],
                "actions": PLAIN[:] if actions is None else actions,
            }
        ],
    }
    doc.update(fields)
    return doc


def malformed(doc: Any) -> dict[str, Any]:
    out, status = replay(doc)
    assert status == EXIT_MALFORMED, out
    assert out["ok"] is False and out["error"]["reason"]
    error: dict[str, Any] = out["error"]
    return error


def test_the_plain_record_is_valid() -> None:
    out, status = replay(record())
    assert status == EXIT_OK
    assert out["deals"] == [{"winner": 3, "stake": 1, "penalties": [1, 1, 1, 0]}]
    assert out["next"] == {"deal": True, "dealer": 3}


def test_bad_json_exits_2() -> None:
    out, status = replay_text('{"format": "kroeg-record/1",')
    assert status == EXIT_MALFORMED
    assert out["error"]["reason"].startswith("not valid JSON")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"game": "toepn"}, "unknown game 'toepn'"),
        ({"variant": "kroeg"}, "unknown variant 'kroeg' for toepen"),
        ({"options": {"max_point": 15}}, "unknown option 'max_point'"),
        ({"options": {"knock_limit": "any active"}}, "knock_limit must be one of"),
        ({"options": {"max_points": True}}, "max_points must be an integer"),
        ({"seats": 5}, "exactly 4 players"),
        ({"start": {"points": [0, 0, 10, 0]}}, "seat 2 has 10"),
        ({"start": {"points": [0, 0]}}, "start.points must be a list of 4 integers"),
        ({"start": {"totals": [0, 0]}}, "unknown start fields for toepen: totals"),
    ],
)
def test_malformed_headers_exit_2(change: dict[str, Any], reason: str) -> None:
    assert reason in malformed(record(**change))["reason"]


def test_deck_that_is_not_the_piket_deck() -> None:
    doc = record()
    doc["deals"][0]["hands"][0][0] = "2h"
    error = malformed(doc)
    assert "not in this game's deck: 2h" in error["reason"] and error["deal"] == 0


def test_duplicate_unknown_and_missing_cards() -> None:
    doc = record()
    doc["deals"][0]["stock"][0] = "Th"
    assert "cards dealt twice: Th" in malformed(doc)["reason"]
    doc = record()
    doc["deals"][0]["hands"][1][0] = "Zh"
    assert "unknown card 'Zh'" in malformed(doc)["reason"]
    doc = record()
    doc["deals"][0]["stock"].pop()
    assert "missing from the deal: Qh" in malformed(doc)["reason"]


def test_hand_of_the_wrong_size() -> None:
    doc = record()
    doc["deals"][0]["hands"][0].append(doc["deals"][0]["stock"].pop())
    assert "seat 0 is dealt 4 cards, but the deal gives it 5" in malformed(doc)["reason"]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ([1, "klop"], "unknown toepen verb 'klop'"),
        ([1, "play"], "play takes one card"),
        ([1, "play", "7h", "8h"], "play takes one card"),
        ([1, "knock", "now"], "knock takes no arguments"),
        ([1, "play", "2h"], "not in the toepen deck"),
        ([1, "challenge", "2"], "challenge takes one seat number"),
        ([4, "play", "7h"], "seat 4 does not exist"),
        (["1", "play", "7h"], "an action must be a list [seat, verb, args...]"),
    ],
)
def test_malformed_actions_exit_2_with_where(action: list[Any], reason: str) -> None:
    error = malformed(record([action]))
    assert reason in error["reason"]
    assert (error["deal"], error["action"]) == (0, 0)


def test_rule_violation_exits_1_with_where_and_what_came_before() -> None:
    actions = [*PLAIN[:4], [1, "play", "Kc"]]
    out, status = replay(record(actions))
    assert status == EXIT_RULE
    assert out["error"]["deal"] == 0 and out["error"]["action"] == 4 and out["error"]["seat"] == 1
    assert "not your turn: waiting for seat 0" in out["error"]["reason"]
    assert out["standings"] == {"points": [0, 0, 0, 0]} and out["deals"] == []
    assert out["next"]["to_act"] == [0]


def test_rule_violation_after_a_finished_deal_keeps_that_deal() -> None:
    doc = record()
    doc["deals"].append(
        {"hands": copy.deepcopy(HANDS), "stock": STOCK[:], "actions": [[3, "play", "7h"]]}
    )
    out, status = replay(doc)
    assert status == EXIT_RULE
    assert out["error"]["deal"] == 1 and out["error"]["seat"] == 3
    assert out["deals"] == [{"winner": 3, "stake": 1, "penalties": [1, 1, 1, 0]}]
    assert out["standings"] == {"points": [1, 1, 1, 0]}


def test_action_after_its_deal_ended() -> None:
    out, status = replay(record([*PLAIN, [0, "knock"]]))
    assert status == EXIT_RULE
    assert out["error"] == {
        "deal": 0,
        "action": 16,
        "seat": 0,
        "reason": "no action now: the next deal is due (dealer 3)",
    }


def test_deal_given_while_none_is_due() -> None:
    doc = record(PLAIN[:3])
    doc["deals"].append({"hands": copy.deepcopy(HANDS), "stock": STOCK[:], "actions": []})
    out, status = replay(doc)
    assert status == EXIT_RULE
    assert out["error"]["deal"] == 1
    assert out["error"]["action"] is None and out["error"]["seat"] is None
    assert "no deal is due now" in out["error"]["reason"]


def test_start_points_count() -> None:
    """RECORDS.md ``start``; a seat on max_points - 1 makes the first deal an armoede round."""
    out, status = replay(record([], start={"points": [2, 0, 9, 3]}))
    assert status == EXIT_OK
    assert out["standings"] == {"points": [2, 0, 9, 3]}
    assert out["next"] == {"to_act": [3], "legal": {"3": [["look"], ["fold"]]}}


def test_mid_deal_next_lists_out_of_turn_knocks() -> None:
    out, status = replay(record(PLAIN[:2]))
    assert status == EXIT_OK
    assert out["next"]["to_act"] == [3]
    legal = {seat: {json.dumps(a) for a in acts} for seat, acts in out["next"]["legal"].items()}
    assert legal == {
        "0": {'["knock"]'},
        "1": {'["knock"]'},
        "2": {'["knock"]'},
        "3": {'["play", "Kh"]', '["fold"]', '["knock"]'},
    }


def test_mid_knock_next_waits_for_the_answer() -> None:
    out, _ = replay(record([[3, "knock"]]))
    assert out["next"] == {"to_act": [0], "legal": {"0": [["stay"], ["fold"], ["knock"]]}}


def test_ten_written_as_10() -> None:
    doc = record([[1, "play", "7h"], [2, "play", "9h"], [3, "play", "Kh"], [0, "play", "10h"]])
    doc["deals"][0]["hands"][0][0] = "10h"
    out, status = replay(doc)
    assert status == EXIT_OK
    assert out["next"]["to_act"] == [0]


@pytest.mark.parametrize(
    ("variant", "seats"), [("kroegregels", 4), ("klassiek", 3), ("klassiek", 7)]
)
def test_round_trip_of_a_random_game(variant: str, seats: int) -> None:
    for seed in range(20):
        game = Toepen(variant)
        s = game.new_state(seats, seed=seed)
        writer = RecordWriter(game, seats, seed=seed)
        rng = random.Random(seed)
        for seat, step in play_random(random_match(game, s, rng), rng):
            writer.add(seat, step)
        text = writer.dumps()
        out, status = replay_text(text)
        assert status == EXIT_OK
        assert out["standings"] == game.standings(s)
        assert out["deals"] == game.deal_summaries(s)
        assert out["over"] is True and out["result"] == game.result_json(s)
