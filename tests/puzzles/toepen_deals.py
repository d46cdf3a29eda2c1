"""Hand-made Toepen deals for the knock-puzzle tests, with the reasoning that makes their
answers known without the solver (RULES.md §1: only the last trick counts; 10 > 9 > 8 >
7 > A > H > V > B; following suit is enforced in kroegregels)."""

from __future__ import annotations

from typing import Any

from kroeg.cards import parse_card
from kroeg.games import make_game
from kroeg.games.base import Deal
from kroeg.records import RecordWriter

HANDS = (
    ("Js", "Qs", "7h", "Td"),
    ("Ts", "Tc", "9c", "Ah"),
    ("Ks", "7c", "8c", "Jh"),
    ("As", "Jc", "Qc", "Kh"),
)
"""Dealer 3, seat 0 leads (the deal of tests/bots/test_toepen_analysis.py). Seat 1 wins
tricks 1-3 with Ts, Tc, 9c and leads the last trick; seat 0 has no clubs."""

OPENING = [(0, "Js"), (1, "Ts"), (2, "Ks"), (3, "As"), (1, "Tc"), (2, "7c"), (3, "Jc")]
OPENING += [(0, "Qs"), (1, "9c"), (2, "8c"), (3, "Qc")]

Step = tuple[int, tuple[Any, ...]]


def plays(pairs: list[tuple[int, str]]) -> list[Step]:
    return [(seat, ("play", parse_card(card))) for seat, card in pairs]


KNOCK_ON_A_LOST_TRICK: list[Step] = [
    *plays([*OPENING, (0, "7h"), (1, "Ah")]),
    (0, ("knock",)),
    (1, ("stay",)),
    (2, ("fold",)),
    (3, ("stay",)),
    *plays([(3, "Kh"), (0, "Td")]),
]
"""Seat 0 throws 7h on trick 3 and keeps Td. Seat 1 leads Ah to the last trick; seat 0,
holding only Td and no heart, cannot follow (RULES.md §1): it loses the last trick
whatever the hidden cards are (Ah lies on the table, a diamond cannot take a heart
trick). Yet it knocks (stake 1 -> 2): knocking costs it 2 penalty points, not knocking
1, in every world: "toepen of niet?" -> niet, by 1 point, in 100% of the worlds; the
player knocked, so it is a puzzle.
Seat 3 holds Kh, below the Ah on the table: staying costs it 2, passing 1, in every
world; it stayed: a puzzle (passen, by 1). Seat 2 (Jh, also lost) passed, the right
choice by only 1 point (< LARGE_MARGIN): no puzzle. Seat 1 stays and wins (Ah takes
the trick with open hands), the right choice by 1 point: no puzzle, and besides, from
its view another seat may hold Th, 9h or 8h (they lie in the stock, unseen)."""

KNOCK_IN_THE_DARK: list[Step] = [
    *plays([*OPENING, (0, "Td")]),
    (1, ("knock",)),
    (2, ("fold",)),
    (3, ("fold",)),
    (0, ("fold",)),
]
"""Seat 0 throws Td on trick 3 and keeps 7h. Seat 1 (Ah) knocks before it leads the last
trick; everyone passes. With open hands seat 0's 7h takes Ah's trick, so seat 1's knock
was wrong and seat 0's fold was wrong (staying would have won). But neither is clear
from the seat's view: seat 1 cannot tell whether seat 0 holds a heart above Ah (Th, 9h,
8h or 7h: 4 of the 19 cards it has not seen, seat 0 known void only in clubs), and seat
0 cannot tell what seat 1 will lead (any of 19 unseen cards, most of them not a heart
below 7h). Seats 2 and 3 (Jh, Kh, lost to 7h) passed: right, by 1 point, no puzzle. So
the deal gives no puzzle."""


def record(steps: list[Step]) -> dict[str, Any]:
    game = make_game("toepen", "kroegregels")
    used = {parse_card(c) for h in HANDS for c in h}
    stock = tuple(c for c in game.deck if c not in used)
    deal = Deal(tuple(tuple(parse_card(c) for c in h) for h in HANDS), stock)
    s = game.new_state(4, dealer=3)
    writer = RecordWriter(game, 4, dealer=3)
    game.apply(s, 3, deal)
    writer.add(3, deal)
    for seat, action in steps:
        game.apply(s, seat, action)
        writer.add(seat, action)
    return writer.json()
