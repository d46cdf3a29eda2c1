"""The Toepen knock-puzzle miner (kroeg.puzzles.toepen) on hand-made deals whose answers
are worked out by hand in tests/puzzles/toepen_deals.py."""

from __future__ import annotations

import random

from kroeg.puzzles.mine import mine_record
from kroeg.puzzles.toepen import AGREEMENT, clear_best, mine, position_key
from tests.puzzles.toepen_deals import HANDS, KNOCK_IN_THE_DARK, KNOCK_ON_A_LOST_TRICK, record


def test_a_knock_on_a_lost_last_trick_and_a_stay_against_it_are_mined() -> None:
    found = {p.seat: p for p in mine(record(KNOCK_ON_A_LOST_TRICK), random.Random(1))}
    assert sorted(found) == [0, 3]
    knock = found[0]
    assert (knock.trick, knock.best, knock.chosen, knock.margin) == (4, "wait", "knock", 1)
    assert knock.cards == ["knock", "wait"]
    assert knock.best_share == {"knock": 0.0, "wait": 1.0}
    # Lost in every world: knocking costs the raised stake 2, waiting the stake 1.
    assert knock.mean_values == {"knock": 2.0, "wait": 1.0}
    assert knock.view["hand"] == ["Td"] and knock.view["stake"] == 1
    stay = found[3]
    assert (stay.best, stay.chosen, stay.cards) == ("fold", "stay", ["stay", "fold"])
    assert stay.best_share["fold"] >= AGREEMENT
    assert stay.mean_values == {"stay": 2.0, "fold": 1.0}
    assert stay.view["stake"] == 2 and stay.view["hand"] == ["Kh"]


def test_a_deal_with_no_clear_knock_decision_gives_no_puzzle() -> None:
    """Seat 1's knock and seat 0's fold were wrong with open hands, but neither seat
    could know it: no choice is clearly best in 95% of the worlds."""
    assert mine(record(KNOCK_IN_THE_DARK), random.Random(1)) == []


def test_toepen_records_go_to_the_toepen_miner_with_the_same_worlds_for_the_same_seed() -> None:
    doc = record(KNOCK_ON_A_LOST_TRICK)
    analysis, first = mine_record(doc, 7)
    assert analysis is not None and analysis["game"] == "toepen"
    _, again = mine_record(doc, 7)
    assert [p.key for p in first] == [p.key for p in again]
    assert [p.solution() for p in first] == [p.solution() for p in again]


def test_a_toepen_puzzle_shows_no_hidden_card() -> None:
    for puzzle in mine(record(KNOCK_ON_A_LOST_TRICK), random.Random(2)):
        played = {t["card"] for t in puzzle.view["trick"]}
        played |= {t["card"] for trick in puzzle.view["tricks"] for t in trick}
        hidden = {c for seat, hand in enumerate(HANDS) if seat != puzzle.seat for c in hand}
        text = repr(puzzle.view) + repr(puzzle.solution())
        leaked = {c for c in hidden - played if f"'{c}'" in text}
        assert not leaked, leaked


def test_the_key_ignores_the_game_score_but_not_the_stake() -> None:
    view = mine(record(KNOCK_ON_A_LOST_TRICK), random.Random(1))[0].view
    assert position_key({**view, "points": [3, 1, 0, 0]}) == position_key(view)
    assert position_key({**view, "stake": 3}) != position_key(view)


def test_a_choice_is_clearly_best_only_by_a_whole_penalty_point() -> None:
    assert clear_best({"stay": 0, "fold": 1}) == "stay"
    assert clear_best({"knock": 0, "wait": 0}) is None
