"""Eurokaarten's observation and action space (docs/env.md, "Eurokaarten").

Six seats; cards are ids 0-53 of :mod:`kroeg.cards` (52 cards, then the jokers X1
and X2). A new meld is an index into :data:`MELDS`, every set and run there can be,
told by the cards it shows and which of them jokers show; which joker (X1 or X2) is
not part of the action, the environment lays the lowest one the hand holds. A lay-off
adds one card: a lay-off of several cards is made one card at a time.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations
from typing import ClassVar

from kroeg.cards import JOKERS, make_card
from kroeg.env.encoding import Encoding, card, meld_card
from kroeg.env.layout import Array, Layout, set_per_seat, set_seat, set_seats
from kroeg.games.base import Action
from kroeg.games.eurokaarten.view import EuroView

SEATS = 6
CARDS = 54
REAL = 52
MAX_MELDS = CARDS // 3
"""Every meld holds at least three of the 54 cards."""
MAX_JOKERS = len(JOKERS)
PHASES = ("deal", "turn", "over")

MeldKey = tuple[int, int]
"""A meld as two masks of the 52 real cards: the cards it shows, and those jokers show."""


def _arcs() -> list[list[int]]:
    """Every run of one suit as its ranks (0 = 2 ... 12 = A): three to thirteen in a
    row, the ace low (A-2-3) or high (Q-K-A), and the runs that turn the corner (K-A-2)."""
    line = [12, *range(13)]  # the ace low, 2 to K, the ace high
    seen: set[frozenset[int]] = set()
    out: list[list[int]] = []
    for length in range(3, 14):
        starts = [line[i : i + length] for i in range(len(line) - length + 1)]
        corner = [[(start + k) % 13 for k in range(length)] for start in range(13)]
        for ranks in starts + corner:
            if frozenset(ranks) not in seen and len(set(ranks)) == length:
                seen.add(frozenset(ranks))
                out.append(ranks)
    return out


@functools.cache
def meld_table() -> tuple[MeldKey, ...]:
    """Every meld an action can lay: sets of three or four, then runs, each with every
    choice of at most two of its cards shown by jokers (and one real card at least)."""
    shapes: list[list[int]] = []
    for rank in range(13):
        for size in (3, 4):
            shapes.extend(
                [make_card(rank, suit) for suit in suits] for suits in combinations(range(4), size)
            )
    for suit in range(4):
        shapes.extend([make_card(rank, suit) for rank in ranks] for ranks in _arcs())
    out: list[MeldKey] = []
    for shape in shapes:
        shown = sum(1 << c for c in shape)
        for jokers in range(MAX_JOKERS + 1):
            for chosen in combinations(shape, jokers):
                out.append((shown, sum(1 << c for c in chosen)))
    return tuple(out)


@functools.cache
def meld_index() -> dict[MeldKey, int]:
    return {key: i for i, key in enumerate(meld_table())}


def meld_key(laid: Sequence[tuple[int, int | None]]) -> MeldKey:
    shown = jokers = 0
    for c, stands in laid:
        if stands is None:
            shown |= 1 << c
        else:
            shown |= 1 << stands
            jokers |= 1 << stands
    return shown, jokers


OPEN, DRAW_STOCK, DRAW_DISCARD = 0, 1, 2
DISCARD = 3
MELD = DISCARD + REAL
LAYOFF = MELD + len(meld_table())
LAYOFF_SLOT = 2 * REAL
"""A lay-off onto one meld: a real card (0-51), or a joker standing for one (52-103)."""
SWAP = LAYOFF + MAX_MELDS * LAYOFF_SLOT
ACTIONS = SWAP + MAX_MELDS * REAL

L = Layout()
HAND = L.field("hand", CARDS)
DISCARD_TOP = L.field("discard_top", CARDS)
DISCARD_PILE = L.field("discard_pile", CARDS)
TAKEN = L.field("taken", CARDS)
PICKED = L.field("picked", SEATS * CARDS)
MELD_FIELD = 2 * REAL + SEATS + 2
MELDS = L.field("melds", MAX_MELDS * MELD_FIELD)
SEATED = L.field("seated", SEATS)
DEALER = L.field("dealer", SEATS)
TURN = L.field("turn", SEATS)
TO_ACT = L.field("to_act", SEATS)
COINS = L.field("coins", SEATS)
BOKJE = L.field("bokje", SEATS)
OUT = L.field("out", SEATS)
HAND_COUNTS = L.field("hand_counts", SEATS)
CAME_DOWN = L.field("came_down", SEATS)
DRAWN = L.field("drawn", 1)
MAY_OPEN = L.field("may_open", 1)
STOCK = L.field("stock_count", 1)
DISCARD_COUNT = L.field("discard_count", 1)
HAND_POINTS = L.field("hand_points", 1)
PHASE = L.field("phase", len(PHASES))


def _cards(out: Array, offset: int, texts: list[str]) -> None:
    for text in texts:
        out[offset + card(text)] = 1.0


class EurokaartenEncoding(Encoding[EuroView]):
    game = "eurokaarten"
    layout: ClassVar[Layout] = L
    action_count = ACTIONS

    def observe(self, view: EuroView) -> Array:
        out = L.new()
        you, n = view.seat, view.seats
        _cards(out, HAND, view.hand or [])
        if view.discard_top is not None:
            out[DISCARD_TOP + card(view.discard_top)] = 1.0
        _cards(out, DISCARD_PILE, view.discard_pile)
        if view.taken is not None:
            out[TAKEN + card(view.taken)] = 1.0
        for seat, picked in enumerate(view.picked):
            _cards(out, PICKED + CARDS * ((seat - you) % n), picked)
        for meld in view.melds:
            at = MELDS + MELD_FIELD * meld.n
            for text in meld.cards:
                c, stands = meld_card(text)
                out[at + (c if stands is None else stands)] = 1.0
                if stands is not None:
                    out[at + REAL + stands] = 1.0
            set_seat(out, at + 2 * REAL, meld.owner, you, n)
            out[at + 2 * REAL + SEATS] = float(meld.type == "run")
            out[at + 2 * REAL + SEATS + 1] = float(meld.closed)
        out[SEATED : SEATED + n] = 1.0
        set_seat(out, DEALER, view.dealer, you, n)
        set_seat(out, TURN, view.turn, you, n)
        set_seats(out, TO_ACT, view.to_act, you, n)
        standings = view.standings
        set_per_seat(out, COINS, standings["coins"], you, 9.0)
        set_seats(out, BOKJE, standings["bokje"], you, n)
        set_seats(out, OUT, standings["out"], you, n)
        set_per_seat(out, HAND_COUNTS, view.hand_counts, you, 9.0)
        set_seats(out, CAME_DOWN, view.came_down, you, n)
        out[DRAWN] = float(view.drawn)
        out[MAY_OPEN] = float(view.may_open)
        out[STOCK] = view.stock_count / CARDS
        out[DISCARD_COUNT] = view.discard_count / CARDS
        out[HAND_POINTS] = (view.hand_points or 0) / 100.0
        out[PHASE + PHASES.index(view.phase)] = 1.0
        return out

    def action_index(self, action: Action, you: int, seats: int) -> int | None:
        verb = action[0]
        if verb == "open":
            return OPEN
        if verb == "draw":
            return DRAW_STOCK if action[1] == "stock" else DRAW_DISCARD
        if verb == "discard":
            return DISCARD + int(action[1])
        if verb == "meld":
            key = meld_key(action[1])
            if key not in meld_index():
                raise ValueError(f"a meld outside the action space: {action!r}")
            return MELD + meld_index()[key]
        if verb == "layoff":
            laid = action[2]
            if len(laid) != 1:
                return None
            c, stands = laid[0]
            slot = LAYOFF + LAYOFF_SLOT * int(action[1])
            return slot + (int(c) if stands is None else REAL + int(stands))
        if verb == "swap":
            return SWAP + REAL * int(action[1]) + int(action[2])
        raise ValueError(f"unknown eurokaarten verb {verb!r}")
