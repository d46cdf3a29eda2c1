"""The analysis of a finished Toepen game (issue 23, point 5): every card and knock
decision against the exact last-trick outcome (RULES.md §1: only the last trick counts)."""

from __future__ import annotations

import json
import random

from kroeg.bots.analysis import analyse as registry_analyse
from kroeg.bots.levels import make_bot
from kroeg.bots.toepen.analysis import analyse
from kroeg.cards import parse_card
from kroeg.games import make_game
from kroeg.games.base import Deal
from kroeg.records import RecordWriter


def _deal(hands: tuple[tuple[str, ...], ...]) -> Deal:
    game = make_game("toepen", "kroegregels")
    used = {parse_card(c) for h in hands for c in h}
    stock = tuple(c for c in game.deck if c not in used)
    return Deal(tuple(tuple(parse_card(c) for c in h) for h in hands), stock)


HANDS = (
    ("Js", "Qs", "7h", "Td"),
    ("Ts", "Tc", "9c", "Ah"),
    ("Ks", "7c", "8c", "Jh"),
    ("As", "Jc", "Qc", "Kh"),
)
"""Dealer 3, seat 0 leads. Seat 1 wins tricks 1-3 with Ts, Tc, 9c and leads Ah to the
last; seat 0, without clubs, throws Qs and then Td or 7h. Kept, 7h takes the last trick
(10 > 9 > 8 > 7 > A > H > V > B, RULES.md §1: Ah, Jh, Kh are below it); thrown away, seat
0 is left with Td, off suit. Checked by hand."""

OPENING = [(0, "Js"), (1, "Ts"), (2, "Ks"), (3, "As"), (1, "Tc"), (2, "7c"), (3, "Jc")]
OPENING += [(0, "Qs"), (1, "9c"), (2, "8c"), (3, "Qc")]


def _record(steps: list[tuple[int, tuple[object, ...]]]) -> dict[str, object]:
    game = make_game("toepen", "kroegregels")
    s = game.new_state(4, dealer=3)
    writer = RecordWriter(game, 4, dealer=3)
    deal = _deal(HANDS)
    game.apply(s, 3, deal)
    writer.add(3, deal)
    for seat, action in steps:
        game.apply(s, seat, action)
        writer.add(seat, action)
    return writer.json()


def _plays(pairs: list[tuple[int, str]]) -> list[tuple[int, tuple[object, ...]]]:
    return [(seat, ("play", parse_card(card))) for seat, card in pairs]


def test_throwing_away_the_card_that_takes_the_last_trick_costs_the_stake() -> None:
    steps = _plays([*OPENING, (0, "7h"), (1, "Ah"), (2, "Jh"), (3, "Kh"), (0, "Td")])
    analysis = analyse(_record(steps))
    trick3 = next(p for p in analysis["plays"] if p["seat"] == 0 and p["card"] == "7h")
    assert (trick3["kind"], trick3["trick"], trick3["best"], trick3["loss"]) == ("card", 3, "Td", 1)
    assert analysis["players"][0]["accuracy"] < 100


def test_keeping_it_costs_nothing_and_knocks_and_answers_are_judged() -> None:
    """Seat 0 keeps 7h and knocks out of turn (kroegregels: any time); seat 1 stays and
    loses (staying cost 1 more than folding), seat 2 folds (it would have lost: 0),
    seat 3 stays and loses (1)."""
    steps = _plays([*OPENING, (0, "Td")])
    steps += [(0, ("knock",)), (1, ("stay",)), (2, ("fold",)), (3, ("stay",))]
    steps += _plays([(1, "Ah"), (3, "Kh"), (0, "7h")])
    analysis = analyse(_record(steps))
    kept = next(p for p in analysis["plays"] if p["seat"] == 0 and p["card"] == "Td")
    assert kept["loss"] == 0 and kept["best"] == "Td"
    judged = {
        (p["seat"], p["kind"]): (p["loss"], p["best"])
        for p in analysis["plays"]
        if p["kind"] != "card"
    }
    assert judged == {
        (0, "knock"): (0, "knock"),
        (1, "stay"): (1, "fold"),
        (2, "fold"): (0, "fold"),
        (3, "stay"): (1, "fold"),
    }


def test_every_decision_of_a_bot_game_is_analysed_and_costs_are_sane() -> None:
    game = make_game("toepen", "kroegregels")
    bot = make_bot(game, "basis")
    rng = random.Random(3)
    s = game.new_state(4, dealer=0)
    writer = RecordWriter(game, 4, dealer=0)
    plays = knocks = 0
    while not game.is_over(s):
        dealer = game.pending_deal(s)
        if dealer is not None:
            deal = game.random_deal(s, rng)
            game.apply(s, dealer, deal)
            writer.add(dealer, deal)
            continue
        seat = min(game.to_act(s))
        action = bot.decide(game.view(s, seat), game.legal(s, seat), rng, 1.0)
        plays += action[0] == "play"
        knocks += action[0] in ("knock", "stay")
        game.apply(s, seat, action)
        writer.add(seat, action)
    analysis = registry_analyse(writer.json())
    assert analysis is not None and analysis["game"] == "toepen"
    marks = analysis["plays"]
    assert len([p for p in marks if p["kind"] == "card"]) == plays
    assert all(p["loss"] >= 0 for p in marks)
    assert all((p["loss"] == 0) == (p["best"] in (p["card"], p["kind"])) for p in marks)
    assert [p["seat"] for p in analysis["players"]] == [0, 1, 2, 3]
    for player in analysis["players"]:
        own = [p for p in marks if p["seat"] == player["seat"]]
        assert player["analysed"] == len(own) > 0
        assert player["lost"] == sum(p["loss"] for p in own)
    json.dumps(analysis)  # stored with the game as JSON
