"""Precomputed tables for the hot path: card bits, rank masks and the action tuples.

Actions are shared tuples (``PLAY[card]`` is ``("play", card)``), so ``legal`` and
``apply`` allocate nothing per step beyond the list ``legal`` returns.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from operator import itemgetter

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

PLAYS: dict[int, tuple[Action, ...]] = {}
"""``plays_of``'s cache, read directly on the hot path: ``PLAYS.get(mask) or plays_of(mask)``."""


def plays_of(mask: int) -> tuple[Action, ...]:
    """The ``play`` actions of every card in ``mask``, in Toepen order (lowest first)."""
    found = PLAYS.get(mask)
    if found is None:
        found = tuple(PLAY[c] for c in sorted(cards_in(mask), key=sort_key))
        PLAYS[mask] = found
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


def _suit_strs(suit: int) -> tuple[tuple[str, ...], ...]:
    base = 13 * suit + SEVEN
    return tuple(
        tuple(CARD_STR[c] for c in hand_list(sum(1 << base + i for i in range(8) if bits >> i & 1)))
        for bits in range(256)
    )


SUIT_STRS = tuple(_suit_strs(suit) for suit in SUITS)
"""``SUIT_STRS[suit][bits]``: the names, in display order, of the cards of ``suit`` whose
ranks 7 up to A are the bits of ``bits`` (the hand mask shifted by ``13 * suit + 5``)."""

_PIKET_MASK = sum(1 << c for c in PIKET_DECK)


def hand_str(mask: int) -> list[str]:
    """The cards of a mask in display order, in record notation (a fresh list)."""
    if mask & ~_PIKET_MASK:
        return [CARD_STR[c] for c in hand_list(mask)]
    c, d, h, s = SUIT_STRS
    return [*c[mask >> 5 & 255], *d[mask >> 18 & 255], *h[mask >> 31 & 255], *s[mask >> 44 & 255]]


_ORDERS = math.factorial(32)
_PIKET_LIST = list(PIKET_DECK)
_DIGIT_PAIRS = tuple(
    (k * (k - 1), tuple((r % k, r // k) for r in range(k * (k - 1)))) for k in range(32, 0, -2)
)
"""Per two radices ``k, k - 1`` of the mixed-radix reading: their product and, for every
remainder by it, the two digits it stands for (half the big-number divisions)."""


def shuffled_deck(rng: random.Random) -> list[int]:
    """The piket deck in a uniformly random order, twice as fast as ``rng.shuffle``.

    One random number below 32! (by rejection) is read as a mixed-radix number whose
    digits pick each next card from those left: one ``getrandbits`` call instead of
    32 ``randbelow`` calls. (Records and seeded games depend on this exact mapping
    from the generator's bits to the order.)
    """
    x = rng.getrandbits(118)
    while x >= _ORDERS:
        x = rng.getrandbits(118)
    take = _PIKET_LIST[:].pop
    out: list[int] = []
    append = out.append
    for size, digits in _DIGIT_PAIRS:  # radix k, then k - 1: x % k, then x // k % (k - 1)
        first, second = digits[x % size]
        x //= size
        append(take(first))
        append(take(second))
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


BIT: tuple[int, ...] = tuple(1 << c for c in range(54))
"""``BIT[card]``: the card's bit in a hand mask (a lookup is cheaper than the shift)."""


def _three_and_one(ranks: tuple[int, ...]) -> frozenset[int]:
    """The four-card hands with three or four cards of one of ``ranks``."""
    hands = set()
    for rank in ranks:
        for three in combinations(cards_in(RANK_MASKS[rank]), 3):
            for odd in PIKET_DECK:
                if odd not in three:
                    hands.add(sum(1 << c for c in three) | 1 << odd)
    return frozenset(hands)


TRIPS_HANDS = _three_and_one(RANKS) - {RANK_MASKS[rank] for rank in RANKS}
"""The four-card hands with exactly three of a kind: a dealt hand that may be exchanged."""

TOEP_RANKS = (TEN, JACK)
"""The ranks whose toep (four of a kind) wins with ``any_toep_wins``: WB-T's "four jacks
or four tens" (RULES.md §2.9 T2, §5); any other toep has no effect (T2's default)."""

TOEP_HANDS = frozenset(RANK_MASKS[rank] for rank in TOEP_RANKS)
"""The four-card hands that win with ``any_toep_wins``: four tens or four jacks."""

TELL_HANDS = _three_and_one((TEN, JACK))
"""The four-card hands with three or four tens or jacks: whistled or stood up for."""

POINTS_OF: tuple[Callable[[list[int]], Sequence[int]], ...] = (
    itemgetter(slice(0, 0)),
    *(itemgetter(*cards_in(mask), *cards_in(mask)) for mask in range(1, 256)),
)
"""``POINTS_OF[mask](points)``: the standings of the seats in ``mask`` (each seat twice,
so that a one-seat mask gives a tuple too; an empty mask gives an empty list)."""

SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(54))
"""``SUIT_OF[card]``: the suit of a card (jokers 4)."""

LEAD_COUNT: tuple[int, ...] = tuple(1 << (suit * 4) for suit in SUITS)
"""``LEAD_COUNT[suit]``: one more lead of ``suit`` in a seat's ``led_suits`` counters."""

TRICK_VALUES: tuple[tuple[int, ...], ...] = tuple(
    tuple((STRENGTH[c] + 1 if c < 52 and c // 13 == led else 0) << 6 | c for c in range(54))
    for led in SUITS
)
"""``TRICK_VALUES[led][card]``: 1 + the Toepen height of a card of the led suit (else 0),
then the card in the low six bits: the card of a trick with the highest value wins it
(:func:`.following.winning_index`)."""


def _clockwise(n: int, seat: int, mask: int, *, include_self: bool) -> tuple[int, ...]:
    last = n + 1 if include_self else n
    return tuple(p for p in ((seat + k) % n for k in range(1, last)) if mask >> p & 1)


NEXT_SEAT: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (_clockwise(n, seat, mask, include_self=True) or (-1,))[0]
        for seat in range(n)
        for mask in range(256)
    )
    for n in range(9)
)
"""``NEXT_SEAT[n][seat << 8 | mask]``: the first seat of ``mask`` clockwise after ``seat``
(``seat`` itself last), or -1 for an empty mask; ``n`` seats at the table."""

SEATS_AFTER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_clockwise(n, seat, mask, include_self=False) for seat in range(n) for mask in range(256))
    for n in range(9)
)
"""``SEATS_AFTER[n][seat << 8 | mask]``: the other seats of ``mask`` clockwise from the
left of ``seat`` (who answers a knock of ``seat`` when ``mask`` is the active seats)."""
