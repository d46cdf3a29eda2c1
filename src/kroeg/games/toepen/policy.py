"""What the house plays on a timeout (``Toepen.default``): simple, legal, view-only.

It looks only at what the seat's view shows, its own hand, and its legal actions:
the lowest card that keeps the rules; stay, look or exchange by a simple hand-strength
rule; never a knock, a challenge or a voluntary fold; laundry only when the hand really
is vuile was.
"""

from __future__ import annotations

from kroeg.cards import parse_card
from kroeg.games.base import JSON, Action
from kroeg.games.toepen.tables import FACE_MASK, STRENGTH

STRONG = STRENGTH[parse_card("9h")]
"""A 9 or a 10: a card that may well take the last trick."""


def choose(view: JSON, legal: list[Action]) -> Action:
    """The house's action for the seat whose view this is."""
    return choose_for_hand([parse_card(c) for c in view["hand"] or []], legal)


def choose_for_hand(hand: list[int], legal: list[Action]) -> Action:
    """The same decision from the seat's own cards, as the engine's ``default()`` calls
    it: the hand is all the policy reads of the view, so no view needs building."""
    if len(legal) == 1:
        return legal[0]
    best = max((STRENGTH[c] for c in hand), default=-1)
    by_verb = {a[0]: a for a in legal}
    if "exchange" in by_verb:
        odd = by_verb["exchange"][1]
        return by_verb["exchange"] if STRENGTH[odd] < STRONG else by_verb["keep"]
    if "look" in by_verb:
        return by_verb["look"] if best >= STRONG else by_verb["fold"]
    if "stay" in by_verb:
        return by_verb["stay"] if best >= STRONG or not hand else by_verb["fold"]
    if "laundry" in by_verb and hand and all(1 << c & FACE_MASK for c in hand):
        return by_verb["laundry"]
    plays = [a for a in legal if a[0] == "play"]
    return min(plays, key=lambda a: (STRENGTH[a[1]], a[1]))
