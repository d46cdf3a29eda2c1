"""Cards, suits, ranks, decks and the record notation (RECORDS.md, "Cards").

A card is a small int so that the rules' hot paths work on ints and bit masks:
``card = suit * 13 + rank`` for the 52 ordinary cards, with ``rank`` 0..12 for
2, 3, ... 10, J, Q, K, A and ``suit`` 0..3 for klaveren, ruiten, harten, schoppen
(the order of the notation's letters c, d, h, s). The two jokers are 52 (``X1``)
and 53 (``X2``). A set of cards is a bit mask: bit ``card`` is set when the card is
in the set.

Notation (RECORDS.md): rank then suit, ``2``-``9``, ``T`` (``10`` accepted on
input), ``J``, ``Q``, ``K``, ``A``; suits ``c d h s``; jokers ``X1`` and ``X2``; a
joker laid in a meld carries the card it stands for: ``X1=5h``. Output is always
canonical (``Th``). The UI shows Dutch names (boer, vrouw, heer, aas).
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int
Suit = int
Rank = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS: tuple[Suit, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_CHARS = "cdhs"
RANK_CHARS = "23456789TJQKA"

TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

JOKER_1: Card = 52
JOKER_2: Card = 53
JOKERS: tuple[Card, ...] = (JOKER_1, JOKER_2)
JOKER_NAMES = {JOKER_1: "X1", JOKER_2: "X2"}

SUIT_NAMES_NL = ("klaveren", "ruiten", "harten", "schoppen")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
RANK_NAMES_NL = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "V", "H", "A")
RANK_WORDS_NL = (
    "twee",
    "drie",
    "vier",
    "vijf",
    "zes",
    "zeven",
    "acht",
    "negen",
    "tien",
    "boer",
    "vrouw",
    "heer",
    "aas",
)


class CardError(ValueError):
    """A card, suit or meld card written in a way the notation does not allow."""


def make_card(rank: Rank, suit: Suit) -> Card:
    """The card of that rank (0 = 2 ... 12 = A) and suit (0 = c ... 3 = s)."""
    return suit * 13 + rank


def suit_of(card: Card) -> Suit:
    """The suit of an ordinary card (not a joker)."""
    return card // 13


def rank_of(card: Card) -> Rank:
    """The rank of an ordinary card (not a joker): 0 for a 2 up to 12 for an ace."""
    return card % 13


def is_joker(card: Card) -> bool:
    return card >= JOKER_1


def parse_suit(text: str) -> Suit:
    """``c``, ``d``, ``h`` or ``s`` to a suit."""
    if len(text) != 1 or text not in SUIT_CHARS:
        raise CardError(f"unknown suit {text!r}: expected one of c, d, h, s")
    return SUIT_CHARS.index(text)


def suit_str(suit: Suit) -> str:
    return SUIT_CHARS[suit]


def parse_card(text: str) -> Card:
    """Parse one card in record notation (``Th``, ``10h``, ``X1``)."""
    if not isinstance(text, str):
        raise CardError(f"a card must be a string like 'Th' or 'X1', got {text!r}")
    if text in ("X1", "X2"):
        return JOKER_1 if text == "X1" else JOKER_2
    rank_text, suit_text = text[:-1], text[-1:]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS or suit_text not in SUIT_CHARS:
        raise CardError(
            f"unknown card {text!r}: expected a rank 2-9, T (or 10), J, Q, K, A followed by"
            " a suit c, d, h, s (like 'Th'), or a joker X1 or X2"
        )
    return make_card(RANK_CHARS.index(rank_text), SUIT_CHARS.index(suit_text))


def card_str(card: Card) -> str:
    """The canonical notation of a card."""
    if card.__class__ is int and 0 <= card < 54:
        return CARD_NAMES[card]
    if card in JOKER_NAMES:
        return JOKER_NAMES[card]
    if not 0 <= card < 52:
        raise CardError(f"no such card id {card}")
    return RANK_CHARS[rank_of(card)] + SUIT_CHARS[suit_of(card)]


CARD_NAMES: tuple[str, ...] = (
    *(RANK_CHARS[c % 13] + SUIT_CHARS[c // 13] for c in range(52)),
    JOKER_NAMES[JOKER_1],
    JOKER_NAMES[JOKER_2],
)
"""``CARD_NAMES[card]``: the canonical notation of every card id 0 to 53, looked up."""


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def cards_str(cards: Iterable[Card]) -> list[str]:
    return [card_str(c) for c in cards]


def parse_meld_card(text: str) -> tuple[Card, Card | None]:
    """Parse a card in a meld: an ordinary card, or a joker with what it stands for.

    ``"5h"`` gives ``(5h, None)``; ``"X1=5h"`` gives ``(X1, 5h)``. A joker without
    ``=`` gives ``(X1, None)``, so the caller can say that the identity is missing.
    """
    if not isinstance(text, str):
        raise CardError(f"a meld card must be a string like '5h' or 'X1=5h', got {text!r}")
    if "=" in text:
        joker_text, _, stands_text = text.partition("=")
        joker = parse_card(joker_text)
        if not is_joker(joker):
            raise CardError(f"only a joker can stand for another card, not {joker_text!r}")
        stands_for = parse_card(stands_text)
        if is_joker(stands_for):
            raise CardError(f"a joker must stand for an ordinary card, not {stands_text!r}")
        return joker, stands_for
    return parse_card(text), None


def meld_card_str(card: Card, stands_for: Card | None) -> str:
    """``X1=5h`` for a joker with its identity, else the plain card."""
    if stands_for is None:
        return card_str(card)
    return f"{card_str(card)}={card_str(stands_for)}"


# Decks -------------------------------------------------------------------------

PIKET_DECK: tuple[Card, ...] = tuple(
    make_card(rank, suit) for suit in SUITS for rank in range(SEVEN, ACE + 1)
)
"""The 32-card piket deck (7, 8, 9, 10, B, V, H, A of each suit): Toepen and Klaverjassen."""

FULL_DECK: tuple[Card, ...] = tuple(range(52)) + JOKERS
"""52 cards and two jokers: Eurokaarten (RULES.md §7.2)."""

# Toepen strength within a suit: B < V < H < A < 7 < 8 < 9 < 10 (RULES.md §1).
_TOEPEN_ORDER = (JACK, QUEEN, KING, ACE, SEVEN, EIGHT, NINE, TEN)
TOEPEN_STRENGTH: tuple[int, ...] = tuple(
    _TOEPEN_ORDER.index(rank_of(c)) if c < 52 and rank_of(c) in _TOEPEN_ORDER else -1
    for c in range(54)
)
"""``TOEPEN_STRENGTH[card]`` is 0 for a jack up to 7 for a ten; -1 outside the piket deck."""


# Bit masks ---------------------------------------------------------------------

SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in SUITS)
"""All 13 ordinary cards of a suit as a mask (jokers excluded)."""

PIKET_MASK = sum(1 << c for c in PIKET_DECK)
FULL_MASK = (1 << 54) - 1


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> list[Card]:
    """The cards of a mask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    return mask.bit_count()


# Display -----------------------------------------------------------------------


def dutch_short(card: Card) -> str:
    """The short Dutch face of a card as the UI prints it: ``♥10``, ``♣B``, ``Joker``."""
    if is_joker(card):
        return "Joker"
    return SUIT_SYMBOLS[suit_of(card)] + RANK_NAMES_NL[rank_of(card)]


def dutch_name(card: Card) -> str:
    """The Dutch name of a card: ``harten tien``, ``klaveren aas``, ``joker``."""
    if is_joker(card):
        return "joker"
    return f"{SUIT_NAMES_NL[suit_of(card)]} {RANK_WORDS_NL[rank_of(card)]}"
