"""The analysis of a finished Eurokaarten game (bots/eurokaarten/analysis.py, issue 32
point 8): each draw, lay and discard against the best found, in hand points (RULES.md
§7.2: A 1, 2-9 face value, 10 and faces 10), from what the seat could see."""

from __future__ import annotations

import argparse
import copy
import json
import random
from pathlib import Path
from typing import Any

from kroeg.bots.analysis import ANALYSERS, analyse
from kroeg.bots.eurokaarten.analysis import grade_discard, grade_draw, grade_lay
from kroeg.bots.eurokaarten.knowledge import Seen
from kroeg.cards import mask_of, parse_card
from kroeg.games import make_game
from kroeg.games.eurokaarten import Eurokaarten
from kroeg.terminal.record import run as record_game

GAME = make_game("eurokaarten", "standaard")
assert isinstance(GAME, Eurokaarten)
RULES = GAME.options.meld_rules


def _mask(cards: list[str]) -> int:
    return mask_of(parse_card(c) for c in cards)


def _open_position(hand: list[str], pile: list[str], *, drawn: bool) -> Seen:
    """Seat 0 at a table of two where nothing is hidden from it: the deck holds only
    these cards, seat 1 took each card of its hand (3h 4h 5s) from the pile (everyone
    saw it), and the one stock card is 9s. Every sample is the same: a grade is exact."""
    theirs = ["3h", "4h", "5s"]
    return Seen(
        me=0,
        n=2,
        hand=_mask(hand),
        counts=[len(hand), len(theirs)],
        seats_in=[0, 1],
        melds=[],
        discard=[parse_card(c) for c in pile],
        taken=None,
        drawn=drawn,
        stock_count=1,
        picked=[0, _mask(theirs)],
        declined=[0, 0],
        deck=_mask([*hand, *theirs, *pile, "9s"]),
    )


def _discard(card: str) -> tuple[str, int]:
    return ("discard", parse_card(card))


def test_keeping_the_king_and_throwing_the_two_costs_the_eight_points_between_them() -> None:
    """After the discard seat 0 holds Kd (10) or 2c (2); seat 1 wants neither (no set or
    run with 3h 4h 5s), so throwing 2c costs exactly 8 points."""
    seen = _open_position(["Kd", "2c"], ["Tc"], drawn=True)
    discards = [_discard("2c"), _discard("Kd")]
    worse = grade_discard(seen, discards, _discard("2c"), RULES, random.Random(1))
    assert worse is not None
    assert worse["kind"] == "discard" and worse["choice"] == "2c" and worse["best"] == "Kd"
    assert worse["loss"] == 8
    assert worse["values"] == {"2c": 10, "Kd": 2}
    best = grade_discard(seen, discards, _discard("Kd"), RULES, random.Random(1))
    assert best is not None and best["loss"] == 0 and best["best"] == "Kd"


def test_a_discard_that_gives_the_next_player_a_run_costs_what_it_saves_him() -> None:
    """Seat 0 keeps 2 points whichever two it throws; 2h lets seat 1 take it and lay
    2h 3h 4h, and 2d helps it to nothing: the cost is what 2h saves seat 1 times FEED."""
    seen = _open_position(["2h", "2d"], ["Tc"], drawn=True)
    discards = [_discard("2h"), _discard("2d")]
    graded = grade_discard(seen, discards, _discard("2h"), RULES, random.Random(1))
    assert graded is not None
    # Seat 1 after its turn: 3h 4h 5s, throwing 5s, leaves 7; taking 2h, laying 2h 3h 4h
    # and throwing 5s leaves 0. It saves 7, of which FEED (a half) counts: 3.5.
    assert graded["best"] == "2d" and graded["loss"] == 3.5


def test_drawing_the_stock_when_the_pile_s_two_was_sure_costs_the_difference() -> None:
    """Kd Qs and the pile's 2c: taking 2c and throwing Kd leaves 12; the stock's only
    card, 9s, leaves 19 (Kd thrown). Drawing the stock costs 7."""
    seen = _open_position(["Kd", "Qs"], ["2c"], drawn=False)
    graded = grade_draw(seen, "stock", RULES, random.Random(1))
    assert graded["values"] == {"discard": 12, "stock": 19}
    assert graded["best"] == "discard" and graded["loss"] == 7
    assert grade_draw(seen, "discard", RULES, random.Random(1))["loss"] == 0


def test_a_run_kept_in_hand_costs_its_points() -> None:
    drawn = _mask(["5h", "6h", "7h", "Kd"])
    kept = grade_lay(drawn, [], drawn, RULES)
    assert kept is not None and kept["loss"] == 18 and kept["values"] == {"28": 28, "10": 10}
    laid = grade_lay(drawn, [], _mask(["Kd"]), RULES)
    assert laid is not None and laid["loss"] == 0
    assert grade_lay(_mask(["5h", "9c", "Kd"]), [], _mask(["5h", "9c", "Kd"]), RULES) is None


FIRST_TURN: dict[str, Any] = {
    "format": "kroeg-record/1",
    "game": "eurokaarten",
    "variant": "standaard",
    "seats": 6,
    "seed": 1,
    "deals": [
        {
            "hands": [
                ["4c", "Ah", "Kc", "Ad", "8d"],
                ["Jc", "7d", "Qs", "4d", "5h"],
                ["Jd", "7c", "5c", "X2", "Kh"],
                ["8h", "Ts", "Ks", "Qd", "6s"],
                ["2s", "Td", "Ac", "2h", "9h"],
                ["9d", "X1", "7s", "Jh", "Qc"],
            ],
            "stock": [
                "3s",
                "3d",
                "6d",
                "8s",
                "2c",
                "3h",
                "5s",
                "3c",
                "9s",
                "8c",
                "2d",
                "Kd",
                "4s",
                "6h",
                "4h",
                "7h",
                "9c",
                "5d",
                "6c",
                "Js",
                "As",
                "Qh",
                "Tc",
            ],
            "upcard": "Th",
            "actions": [
                [2, "draw", "stock"],
                [2, "meld", ["5c", "X2=6c", "7c"]],
                [2, "discard", "Kh"],
            ],
        }
    ],
}
"""Seat 2's first turn (kroeg record eurokaarten --seed 1): it draws the stock's 3s,
lays 5c X2 7c and throws Kh."""


def test_a_grade_reads_no_hidden_card_of_the_record() -> None:
    """The same turn with other hands and another stock below the top card: seat 2 saw
    the same, so its draw, lay and discard are graded the same."""
    other = copy.deepcopy(FIRST_TURN)
    deal = other["deals"][0]
    deal["hands"][3], deal["hands"][4] = deal["hands"][4], deal["hands"][3]
    deal["hands"][5], deal["stock"][1:6] = deal["stock"][1:6], deal["hands"][5]
    deal["stock"][1:] = reversed(deal["stock"][1:])
    seen_as_is, with_others = analyse(FIRST_TURN), analyse(other)
    assert seen_as_is is not None and with_others is not None
    assert [p["kind"] for p in seen_as_is["plays"]] == ["draw", "lay", "discard"]
    assert seen_as_is["plays"] == with_others["plays"]


def test_a_whole_game_is_graded_and_summed_per_player(tmp_path: Path) -> None:
    """A short game of the house (one coin each, no bokje): every graded decision costs
    nothing or names a better choice, the players' lines add up, open gaan is listed as
    not graded with its reason."""
    out = tmp_path / "game.json"
    args = argparse.Namespace(
        game="eurokaarten",
        variant=None,
        seats=None,
        option=["start_coins=1", "bokje=false"],
        seed=3,
        level="huis",
        out=str(out),
    )
    assert record_game(args) == 0
    record = json.loads(out.read_text())
    analysis = ANALYSERS["eurokaarten"](record)
    plays = analysis["plays"]
    assert plays and {p["kind"] for p in plays} <= {"draw", "lay", "discard"}
    for play in plays:
        assert play["loss"] >= 0
        assert (play["loss"] == 0) == (play["best"] == play["choice"])
    opened = sum(1 for d in record["deals"] for a in d["actions"] if a[1:] == ["open"])
    reasons = [u["reason"] for u in analysis["ungraded"]]
    assert reasons.count("open") == opened
    assert set(reasons) <= {"open", "last_stock", "first_meld"}
    for player in analysis["players"]:
        own = [p for p in plays if p["seat"] == player["seat"]]
        assert player["analysed"] == len(own)
        assert player["best"] == sum(p["loss"] == 0 for p in own)
        assert player["lost"] == round(sum(p["loss"] for p in own), 1)
