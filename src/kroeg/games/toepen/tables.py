"""Precomputed tables for the hot path: card bits, rank masks and the action tuples.

Actions are shared tuples (``PLAY[card]`` is ``("play", card)``), so ``legal`` and
``apply`` allocate nothing per step beyond the list ``legal`` returns.
"""

from __future__ import annotations

import math
import random

from kroeg.cards import (
    ACE,
    JACK,
    KING,
    PIKET_DECK,
    QUEEN,
    SEVEN,
    SUITS,
    TEN,
    TOEPEN_STRENGTH,
    card_str,
    cards_in,
    make_card,
)
from kroeg.games.base import Action

RANKS = tuple(range(SEVEN, ACE + 1))
"""The piket ranks, 7 up to A (cards.py's rank numbers)."""

RANK_MASKS: tuple[int, ...] = tuple(
    sum(1 << make_card(rank, suit) for suit in SUITS) for rank in range(13)
)
"""``RANK_MASKS[rank]``: the four cards of a rank."""

FACE_MASK = RANK_MASKS[JACK] | RANK_MASKS[QUEEN] | RANK_MASKS[KING] | RANK_MASKS[ACE]
"""B, V, H and A: a hand of only these is honest vuile was (RULES.md §3.2)."""

TENS = RANK_MASKS[TEN]
JACKS = RANK_MASKS[JACK]
SEVENS = RANK_MASKS[SEVEN]

STRENGTH = TOEPEN_STRENGTH
"""Toepen height within a suit: 0 for a jack up to 7 for a ten (RULES.md §1)."""

PLAY: tuple[Action, ...] = tuple(("play", c) for c in range(54))
EXCHANGE: tuple[Action, ...] = tuple(("exchange", c) for c in range(54))
CHALLENGE: tuple[Action, ...] = tuple(("challenge", seat) for seat in range(8))
REVOKE: tuple[Action, ...] = tuple(("revoke", seat) for seat in range(8))
KNOCK: Action = ("knock",)
STAY: Action = ("stay",)
FOLD: Action = ("fold",)
LOOK: Action = ("look",)
KEEP: Action = ("keep",)
LAUNDRY: Action = ("laundry",)
LATE: Action = ("late",)

_PLAYS: dict[int, tuple[Action, ...]] = {}


def plays_of(mask: int) -> tuple[Action, ...]:
    """The ``play`` actions of every card in ``mask``, in Toepen order (lowest first)."""
    found = _PLAYS.get(mask)
    if found is None:
        found = tuple(PLAY[c] for c in sorted(cards_in(mask), key=sort_key))
        _PLAYS[mask] = found
    return found


def sort_key(card: int) -> tuple[int, int]:
    """Display and ``legal`` order: by suit (c, d, h, s), then Toepen height."""
    return card // 13, STRENGTH[card]


def hand_list(mask: int) -> list[int]:
    """The cards of a hand in display order."""
    return sorted(cards_in(mask), key=sort_key)


PIKET = frozenset(PIKET_DECK)

CARD_STR: tuple[str, ...] = tuple(card_str(c) for c in range(54))
"""``CARD_STR[card]``: the record notation, looked up instead of built."""

_HAND_STR: dict[int, tuple[str, ...]] = {}


def hand_str(mask: int) -> list[str]:
    """The cards of a mask in display order, in record notation (a fresh list)."""
    found = _HAND_STR.get(mask)
    if found is None:
        found = tuple(CARD_STR[c] for c in hand_list(mask))
        _HAND_STR[mask] = found
    return list(found)


_ORDERS = math.factorial(32)


def shuffled_deck(rng: random.Random) -> list[int]:
    """The piket deck in a uniformly random order, twice as fast as ``rng.shuffle``.

    One random number below 32! (by rejection) is read as a mixed-radix number whose
    digits pick each next card from those left: one ``getrandbits`` call instead of
    32 ``randbelow`` calls.
    """
    x = rng.getrandbits(118)
    while x >= _ORDERS:
        x = rng.getrandbits(118)
    deck = list(PIKET_DECK)
    out = []
    for k in range(32, 0, -1):
        x, i = divmod(x, k)
        out.append(deck.pop(i))
    return out


_TRIPS: dict[int, tuple[int, int]] = {}


def trips(hand: int) -> tuple[int, int]:
    """The rank a hand holds exactly three of and its odd card, or ``(-1, -1)``."""
    found = _TRIPS.get(hand)
    if found is None:
        found = (-1, -1)
        for rank in RANKS:
            if (hand & RANK_MASKS[rank]).bit_count() == 3:
                found = (rank, (hand & ~RANK_MASKS[rank]).bit_length() - 1)
        _TRIPS[hand] = found
    return found
