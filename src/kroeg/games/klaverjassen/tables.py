"""Precomputed tables over card ints for the hot path (RULES.md §6.1, §6.6).

Cards are :mod:`kroeg.cards` ints (``suit * 13 + rank``, rank 5 = 7 … 12 = A). Every
table is indexed ``[trump][card]`` so that legal plays, the trick winner and the
card points are list look-ups and mask operations, never objects or strings.

*Strength* orders the cards for winning a trick: a trump has strength 16–23
(7 < 8 < V < H < 10 < A < 9 < B, RULES.md §6.1), any other card 0–7
(7 < 8 < 9 < B < V < H < 10 < A). So any trump beats any card of another suit, and
two cards of the led suit compare by strength.
"""

from __future__ import annotations

from kroeg.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    PIKET_DECK,
    QUEEN,
    SEVEN,
    SUIT_MASKS,
    SUITS,
    TEN,
    card_str,
    make_card,
    rank_of,
    suit_of,
)

TRUMP_ORDER = (SEVEN, EIGHT, QUEEN, KING, TEN, ACE, NINE, JACK)
"""Trump ranks from low to high (B high, then the 9, called "nel")."""
PLAIN_ORDER = (SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE)
"""Ranks of a suit that is not trump, from low to high."""

TRUMP_POINTS = {JACK: 20, NINE: 14, ACE: 11, TEN: 10, KING: 4, QUEEN: 3, EIGHT: 0, SEVEN: 0}
PLAIN_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0, EIGHT: 0, SEVEN: 0}

TRUMP_BASE = 16
"""Strength of the lowest trump; every card of another suit is below it."""

LAST_TRICK_BONUS = 10
DEAL_POINTS = 162
"""152 card points + 10 for the last trick (RULES.md §6.1)."""


def _strength(trump: int, card: int) -> int:
    rank = rank_of(card)
    if suit_of(card) == trump:
        return TRUMP_BASE + TRUMP_ORDER.index(rank)
    return PLAIN_ORDER.index(rank)


def _points(trump: int, card: int) -> int:
    table = TRUMP_POINTS if suit_of(card) == trump else PLAIN_POINTS
    return table[rank_of(card)]


STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(_strength(t, c) if c in PIKET_DECK else -1 for c in range(52)) for t in SUITS
)
"""``STRENGTH[trump][card]``: trick-winning strength (-1 outside the piket deck)."""

POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_points(t, c) if c in PIKET_DECK else 0 for c in range(52)) for t in SUITS
)
"""``POINTS[trump][card]``: card points (RULES.md §6.1)."""

SUIT_OF: tuple[int, ...] = tuple(suit_of(c) for c in range(52))

ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << c for c in PIKET_DECK if suit_of(c) == t and STRENGTH[t][c] > level)
        for level in range(TRUMP_BASE + 8)
    )
    for t in SUITS
)
"""``ABOVE[trump][strength]``: the trumps stronger than a card of that strength (every
trump for a strength below ``TRUMP_BASE``, a card that is no trump)."""

NOT_SUIT: tuple[int, ...] = tuple(~m for m in SUIT_MASKS)

CARD_NAMES: tuple[str, ...] = tuple(card_str(c) for c in range(52))
"""``CARD_NAMES[card]``: the record notation of every ordinary card."""

_SUIT_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(make_card(SEVEN + i, suit) for i in range(8) if (bits >> i) & 1)
        for bits in range(256)
    )
    for suit in SUITS
)
"""``_SUIT_CARDS[suit][bits]``: the cards 7..A of a suit whose bits (7 = bit 0) are set."""


SUIT_SHIFT: tuple[int, ...] = tuple(13 * suit + SEVEN for suit in SUITS)
"""``(mask >> SUIT_SHIFT[suit]) & 255``: the bits (7 = bit 0) of a suit's piket cards.
The functions below write the shifts 5, 18, 31 and 44 out: a constant is cheaper."""

SUIT_PLAYS: tuple[tuple[tuple[tuple[str, int], ...], ...], ...] = tuple(
    tuple(tuple(("play", card) for card in cards) for cards in by_bits) for by_bits in _SUIT_CARDS
)
"""``SUIT_PLAYS[suit][bits]``: the actions ``("play", card)`` of ``_SUIT_CARDS[suit][bits]``."""


def play_actions(mask: int) -> list[tuple[str, int]]:
    """``[("play", card) for card in mask_cards(mask)]``, from shared immutable tuples."""
    clubs, diamonds, hearts, spades = SUIT_PLAYS
    return [
        *clubs[mask >> 5 & 255],
        *diamonds[mask >> 18 & 255],
        *hearts[mask >> 31 & 255],
        *spades[mask >> 44 & 255],
    ]


_SUIT_NAMES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(CARD_NAMES[card] for card in cards) for cards in by_bits) for by_bits in _SUIT_CARDS
)
"""``_SUIT_NAMES[suit][bits]``: the record names of ``_SUIT_CARDS[suit][bits]``."""


def mask_names(mask: int) -> list[str]:
    """``[CARD_NAMES[card] for card in mask_cards(mask)]``: a hand as an event shows it."""
    clubs, diamonds, hearts, spades = _SUIT_NAMES
    return [
        *clubs[mask >> 5 & 255],
        *diamonds[mask >> 18 & 255],
        *hearts[mask >> 31 & 255],
        *spades[mask >> 44 & 255],
    ]


def mask_cards(mask: int) -> tuple[int, ...]:
    """The piket cards of a mask, lowest id first (as :func:`kroeg.cards.cards_in`)."""
    clubs, diamonds, hearts, spades = _SUIT_CARDS
    return (
        clubs[mask >> 5 & 255]
        + diamonds[mask >> 18 & 255]
        + hearts[mask >> 31 & 255]
        + spades[mask >> 44 & 255]
    )


def run_roem(suit_bits: int) -> int:
    """Roem of the longest run among one suit's ranks (a 13-bit mask): 3 → 20, 4 → 50.

    The natural order 7-8-9-10-B-V-H-A of roem (RULES.md §6.1) is the rank order of
    card ints, so a run is a row of adjacent bits.
    """
    run3 = suit_bits & (suit_bits >> 1) & (suit_bits >> 2)
    if run3 & (suit_bits >> 3):
        return 50
    return 20 if run3 else 0


RUN_ROEM: tuple[int, ...] = tuple(run_roem(bits) for bits in range(1 << 13))
"""``RUN_ROEM[suit_bits]``: :func:`run_roem` of every 13-bit suit mask."""

STUK: tuple[int, ...] = tuple((1 << make_card(KING, t)) | (1 << make_card(QUEEN, t)) for t in SUITS)
"""The trump king and queen together: "stuk", 20 roem."""
