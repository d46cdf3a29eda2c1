"""The two rules of a Toepen trick (RULES.md §1), stated once for the engine, its house
policy and the bots' search: which cards a hand may play, and which card wins.

Both work on masks and card lists only, so the bots call them on their determinisations
as the engine calls them on its state.
"""

from __future__ import annotations

from kroeg.cards import SUIT_MASKS
from kroeg.games.toepen.tables import SUIT_OF, TRICK_VALUES


def playable(hand: int, led: int) -> int:
    """The cards of ``hand`` that follow suit in a trick led in ``led`` (-1: the lead):
    the led suit when the hand holds it, else every card ("bekennen")."""
    if led < 0:
        return hand
    return hand & SUIT_MASKS[led] or hand


def winning_card(cards: list[int]) -> int:
    """The card that takes a trick (not empty): the highest of the suit of its first card
    (after a fold took a card out, the first one left leads, RULES.md §12)."""
    return max(map(TRICK_VALUES[SUIT_OF[cards[0]]].__getitem__, cards)) & 63
