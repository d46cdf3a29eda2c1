"""Revokes a Toepen seat can prove from its view (tables without enforced following).

A seat that did not follow the led suit and later plays a card of that suit, or shows
one in a hand played open, held the suit when it did not follow: it revoked
(RULES.md §5, ``enforce_follow_suit`` off; the engine's ``revoke`` call checks it).
Cards leave a hand only by being played once the tricks have begun, so the proof is
sound. A house player calls every revoke it can prove, and never revokes itself (its
card choice follows suit, :func:`kroeg.bots.toepen.basis.choose_play`).
"""

from __future__ import annotations

from kroeg.cards import parse_card
from kroeg.games.base import Action
from kroeg.games.toepen.view import ToepenView


def proven_revokes(view: ToepenView) -> set[int]:
    """The seats whose revoke this view proves."""
    tricks = [*view.tricks, view.trick]
    failed: dict[int, set[int]] = {}
    proven: set[int] = set()
    for trick in tricks:
        if not trick:
            continue
        led = parse_card(trick[0].card) // 13
        for i, play in enumerate(trick):
            seat, suit = play.seat, parse_card(play.card) // 13
            if suit in failed.get(seat, ()):
                proven.add(seat)
            if i and suit != led:
                failed.setdefault(seat, set()).add(led)
    for key, cards in view.open_hands.items():
        suits = {parse_card(c) // 13 for c in cards}
        if suits & failed.get(int(key), set()):
            proven.add(int(key))
    return proven


def revoke_call(view: ToepenView, legal: list[Action]) -> Action | None:
    """A legal revoke call on a seat whose revoke the view proves, if there is one."""
    calls = [a for a in legal if a[0] == "revoke"]
    if not calls:
        return None
    proven = proven_revokes(view)
    return next((a for a in calls if a[1] in proven), None)
