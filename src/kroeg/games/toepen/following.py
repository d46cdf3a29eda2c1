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


def winning_index(cards: list[int]) -> int:
    """Which card of a trick (not empty) takes it: the highest of the suit of its first
    card (after a fold took a card out, the first one left leads, RULES.md §12)."""
    values = TRICK_VALUES[SUIT_OF[cards[0]]]
    best = 0
    top = values[cards[0]]
    for i in range(1, len(cards)):
        value = values[cards[i]]
        if value > top:
            best, top = i, value
    return best
