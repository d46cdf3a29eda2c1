"""What the house plays for its own seats (``Toepen.default``) and for a person whose
clock ran out (``Toepen.timeout_action``, :func:`on_timeout`): simple, legal, view-only.

It looks only at what the seat's view shows, its own hand, and its legal actions:
the lowest card that keeps the rules; stay, look or exchange by a simple hand-strength
rule; never a knock, a challenge or a voluntary fold; laundry only when the hand really
is vuile was (:func:`.claims.honest_laundry`, witte was not counted). The hand is a
mask (:mod:`kroeg.cards`), read through tables: the server asks this for every house seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from kroeg.cards import parse_card
from kroeg.games.base import Action
from kroeg.games.toepen.claims import honest_laundry
from kroeg.games.toepen.tables import FOLD, KEEP, LAUNDRY, PLAY, STAY, STRENGTH, plays_of
from kroeg.games.toepen.view import ToepenView

STRONG = STRENGTH[parse_card("9h")]
"""A 9 or a 10: a card that may well take the last trick."""

STRONG_CARDS = sum(1 << c for c in range(54) if STRENGTH[c] >= STRONG)
"""The nines and tens: a hand holds a strong card when ``hand & STRONG_CARDS``."""

PLAY_ORDER: tuple[int, ...] = tuple(STRENGTH[c] << 6 | c for c in range(54))
"""``PLAY_ORDER[card]``: the order in which the house prefers plays, lowest first (Toepen
height, then the card id), with the card in the low six bits."""


def choose(view: ToepenView, legal: list[Action]) -> Action:
    """The house's action for the seat whose view this is."""
    hand = 0
    for card in view.hand or []:
        hand |= 1 << parse_card(card)
    return choose_for_hand(hand, legal)


def choose_for_hand(hand: int, legal: list[Action]) -> Action:
    """The same decision from the seat's own cards (a mask), as the engine's ``default()``
    calls it: the hand is all the policy reads of the view, so no view needs building.

    The first legal action tells the decision, as ``Toepen.legal`` lists them: the plays
    (then fold, knock, laundry, ...) on the seat's turn in a trick; stay, fold (knock)
    in answer to a knock; look, fold in armoede; the exchange, keep for three of a kind.
    """
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    verb = first[0]
    if verb == "play":
        if LAUNDRY in legal and honest_laundry(hand, False):
            return LAUNDRY
        return _lowest(legal)
    if verb == "stay":
        return answer_knock(hand)
    if verb == "look":
        return first if hand & STRONG_CARDS else FOLD
    if verb == "exchange":
        return first if STRENGTH[first[1]] < STRONG else KEEP
    raise ValueError(f"no house rule for the legal actions {legal!r}")


def _lowest(actions: Sequence[Action]) -> Action:
    """The lowest of the plays among ``actions`` in :data:`PLAY_ORDER`."""
    return PLAY[min(PLAY_ORDER[a[1]] for a in actions if a[0] == "play") & 63]


_LOWEST: dict[int, Action] = {}
""":func:`lowest_play`'s answers by hand: a hand is one of a few thousand masks."""


def lowest_play(cards: int) -> Action:
    """The play :func:`choose_for_hand` makes among the plays of ``cards`` (a mask, not
    empty) when no laundry is claimable: its lowest card."""
    found = _LOWEST.get(cards)
    if found is None:
        found = _LOWEST[cards] = _lowest(plays_of(cards))
    return found


def on_timeout(legal: list[Action], *, fast_answers: bool) -> Action:
    """What the house plays for a person whose clock ran out (``Toepen.timeout_action``,
    the one rule for every timed-out decision): never a choice by hand strength, and
    never one that raises what the player risks. RULES.md §2.7: the house plays "lowest
    legal card / pass on a knock" (§2.5 "Timeout on a response → passen"), so a knock is
    answered ``fold``, at the stake before it; with ``knock_mode: fast`` the answer window's
    default is ``stay`` (§3.3, "default = stay"). An armoede choice is ``fold`` (passen,
    1 point, rather than kijken for 2, §2.6), an optional exchange is kept; laundry is
    never claimed. Three tens' exchange, the only legal action, is made."""
    if len(legal) == 1:
        return legal[0]
    verb = legal[0][0]
    if verb == "play":
        return _lowest(legal)
    if verb == "stay":
        return STAY if fast_answers else FOLD
    if verb == "look":
        return FOLD
    if verb == "exchange":
        return KEEP
    raise ValueError(f"no timeout rule for the legal actions {legal!r}")


def answer_knock(hand: int) -> Action:
    """Stay in with a strong card (or no hand shown), else fold."""
    return STAY if hand & STRONG_CARDS or not hand else FOLD
