"""The Klaverjassen puzzle miner (kroeg.puzzles.klaverjassen) on hand-made deals whose
answers are known by hand (tests/puzzles/deals.py), and its criteria one by one."""

from __future__ import annotations

import random

from kroeg.cards import PIKET_MASK, card_str, cards_in, parse_card
from kroeg.puzzles.klaverjassen import (
    AGREEMENT,
    LARGE_MARGIN,
    MIN_MARGIN,
    Puzzle,
    candidates,
    mine,
    position_key,
)
from tests.puzzles.deals import (
    PIT_HANDS,
    PIT_TRICKS,
    PUZZLE_HANDS,
    PUZZLE_TRICKS,
    handmade_record,
)


def _by_trick(puzzles: list[Puzzle]) -> dict[int, Puzzle]:
    return {p.trick: p for p in puzzles}


def test_the_one_right_card_of_a_hand_made_deal_is_mined() -> None:
    """Trick 7 of PUZZLE_HANDS: Ah is the one card (by 20 points), the record played 7h;
    trick 6: 7h is the one card (by 22), the record threw Ac. Nothing else of the deal
    is a puzzle: every other analysed card of it ties with another or was the best by
    less than LARGE_MARGIN."""
    puzzles = _by_trick(mine(handmade_record(PUZZLE_HANDS, PUZZLE_TRICKS), random.Random(1)))
    assert sorted(puzzles) == [6, 7]
    last = puzzles[7]
    assert (last.seat, last.best, last.chosen, last.margin) == (0, "Ah", "7h", 20)
    assert sorted(last.cards) == ["7h", "Ah"]
    assert last.best_share == {"7h": 0.0, "Ah": 1.0}
    assert last.view["hand"] == ["7h", "Ah"] and last.view["you"] == 0
    assert [t["card"] for t in last.view["trick"]] == ["Th", "8s", "7c"]
    earlier = puzzles[6]
    assert (earlier.seat, earlier.best, earlier.chosen, earlier.margin) == (0, "7h", "Ac", 22)
    assert earlier.best_share["7h"] >= AGREEMENT


def test_a_deal_where_no_card_is_clearly_best_gives_no_puzzle() -> None:
    """PIT_HANDS: seat 1 takes every trick whatever anyone plays; no card matters."""
    assert mine(handmade_record(PIT_HANDS, PIT_TRICKS), random.Random(1)) == []


def test_a_puzzle_shows_nothing_of_the_hidden_hands() -> None:
    """The view holds the seat's own cards and the played ones, never another hand's."""
    doc = handmade_record(PUZZLE_HANDS, PUZZLE_TRICKS)
    for puzzle in mine(doc, random.Random(2)):
        hands = [set(h.split()) for h in PUZZLE_HANDS]
        played = {c for trick in puzzle.view["tricks"] for c in trick["cards"]}
        played |= {t["card"] for t in puzzle.view["trick"]}
        hidden = set().union(*(hands[s] for s in range(4) if s != puzzle.seat)) - played
        shown = _cards_in_json(puzzle.view) | _cards_in_json(puzzle.solution())
        assert not shown & hidden, shown & hidden
        assert set(puzzle.view["hand"]) <= hands[puzzle.seat]


def _cards_in_json(value: object) -> set[str]:
    names = {card_str(c) for c in cards_in(PIKET_MASK)}
    found: set[str] = set()
    if isinstance(value, str) and value in names:
        found.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= _cards_in_json(k) | _cards_in_json(v)
    elif isinstance(value, list):
        for v in value:
            found |= _cards_in_json(v)
    return found


def _play(values: dict[str, int], card: str) -> dict[str, object]:
    best = max(values, key=values.__getitem__)
    return {"deal": 0, "trick": 6, "seat": 0, "card": card, "best": best, "values": values}


def test_the_open_hand_criteria() -> None:
    """A clear margin is needed; a found card needs a large one; a tie is no puzzle."""
    plays = [
        _play({"Ah": 30, "7h": 30 - MIN_MARGIN}, "7h"),  # clear, missed: a puzzle
        _play({"Ah": 30, "7h": 30 - MIN_MARGIN + 1}, "7h"),  # too close
        _play({"Ah": 30, "7h": 30 - MIN_MARGIN}, "Ah"),  # found, margin small
        _play({"Ah": 30, "7h": 30 - LARGE_MARGIN}, "Ah"),  # found, margin large
        _play({"Ah": 30, "Kh": 30, "7h": -50}, "7h"),  # two best cards
        _play({"Ah": 30}, "Ah"),  # one card allowed
    ]
    chosen = [{**p, "trick": n} for n, p in enumerate(plays)]
    assert sorted(t for _, t, _ in candidates({"plays": chosen})) == [0, 3]


def test_a_position_s_key_is_its_view_not_its_game() -> None:
    """Two views that differ only in the standings (another game) are one puzzle; a
    different hand is another."""
    (puzzle, *_) = mine(handmade_record(PUZZLE_HANDS, PUZZLE_TRICKS), random.Random(3))
    view = dict(puzzle.view)
    other_game = {**view, "standings": {"totals": [500, 300], "deal_no": 7}, "deal_no": 8}
    assert position_key(other_game) == position_key(view) == puzzle.key
    assert position_key({**view, "hand": ["Ah"]}) != puzzle.key
    assert parse_card(puzzle.best) in {parse_card(c) for c in puzzle.cards}
