"""``basis`` for Klaverjassen: bid by hand value, then sound card play (:func:`choose_card`).

Bidding weighs, for each suit as trump, the trumps held (the jack and the nine,
"nel", above all, and length) and the side aces and guarded tens; the seat plays
the best suit when that weight reaches :data:`BID_AT`, and always when it must.
With ``trump_mode: kraken`` the same weight, with the named trump, decides a kraak
call (:data:`CALL_AT`).
"""

from __future__ import annotations

from kroeg.cards import ACE, JACK, NINE, SUIT_MASKS, TEN, cards_in, make_card
from kroeg.games.base import Action
from kroeg.games.klaverjassen.tables import POINTS
from kroeg.games.klaverjassen.tricks import Rules

from .knowledge import Seen
from .play import Play, choose_card

BID_AT = 75
"""Bid weight from which ``basis`` plays (about what wins the deal with an average partner)."""
TRUMP_LENGTH = 10
SIDE_ACE = 11
GUARDED_TEN = 5
CALL_AT = {"kraak": BID_AT, "herkraak": 90, "superkraak": 90}
"""Bid weight with the named trump from which ``basis`` makes each kraak call: a defender
kraakt with a hand it would have played that trump with; answering a call asks more."""


def bid_weight(hand: int, trump: int) -> int:
    """The weight of a hand with ``trump`` as trump suit (see the module docstring)."""
    trumps = hand & SUIT_MASKS[trump]
    weight = sum(POINTS[trump][c] for c in cards_in(trumps)) + TRUMP_LENGTH * trumps.bit_count()
    if trumps >> make_card(JACK, trump) & 1 and trumps >> make_card(NINE, trump) & 1:
        weight += 10
    for suit in range(4):
        if suit == trump:
            continue
        if hand >> make_card(ACE, suit) & 1:
            weight += SIDE_ACE
            if hand >> make_card(TEN, suit) & 1:
                weight += GUARDED_TEN
    return weight


def choose_bid(hand: int, legal: list[Action]) -> Action:
    """Bid the best legal suit when its hand value reaches ``BID_AT`` (or passing is not
    allowed), else pass. Only legal suits count: ``gedraaid`` offers one suit at a time."""
    suits = [a[1] for a in legal if a[0] == "bid"]
    if not suits:
        return ("pass",)
    weight, suit = max((bid_weight(hand, t), t) for t in suits)
    if weight >= BID_AT or ("pass",) not in legal:
        return ("bid", suit)
    return ("pass",)


def choose_call(hand: int, trump: int, legal: list[Action]) -> Action:
    """``trump_mode: kraken``: make the call offered when the hand's weight with the named
    trump reaches ``CALL_AT``, else pass."""
    (call,) = [a for a in legal if a != ("pass",)]
    return call if bid_weight(hand, trump) >= CALL_AT[call[0]] else ("pass",)


def play_from(seen: Seen, pit_bonus: int, rules: Rules) -> Play:
    """The deal as :class:`Play` with only the own hand known (the others empty)."""
    hands = [0, 0, 0, 0]
    hands[seen.me] = seen.hand
    return Play(
        trump=seen.trump,
        declarer_team=seen.declarer & 1,
        rules=rules,
        pit_bonus=pit_bonus,
        hands=hands,
        leader=seen.leader,
        trick=list(seen.trick),
        tricks_played=len(seen.tricks),
        points=seen.points(),
        roem=list(seen.roem),
        tricks_won=list(seen.tricks_won),
        factor=seen.factor,
        must_make=seen.must_make,
    ).at()


def choose_play(seen: Seen, p: Play) -> Action:
    return ("play", choose_card(p, seen.me, seen.hand, seen.gone))
