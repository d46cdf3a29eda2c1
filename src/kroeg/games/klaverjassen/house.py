"""What the house plays for a seat on a timeout: simple, legal, and fair.

Every choice is made from what the seat's own view shows: its hand, the bids (and the
proposed suit when trump is gedraaid), the trump, the kraak calls, the cards in the
current trick and who played them. Nothing else of the state
is read, so the house never uses another hand.
"""

from __future__ import annotations

from kroeg.cards import ACE, JACK, SUIT_MASKS, cards_in, rank_of
from kroeg.games.base import Action

from . import moves
from .options import Options
from .state import BIDDING, KRAKEN, PLAY, KlaverjasState
from .tables import POINTS, STRENGTH, SUIT_OF, mask_cards
from .tricks import TRICK_STRENGTH, Rules

BID_THRESHOLD = 80
"""Hand value (card points with that trump + 8 per trump held) from which the house plays."""
TRUMP_WEIGHT = 8
CALL_AT = {"kraak": 80, "herkraak": 95, "superkraak": 95}
"""``trump_mode: kraken``: the hand value (with the named trump) from which the house
makes each call: a defender kraakt with trumps and aces of its own; answering asks more."""


def hand_value(hand: int, trump: int) -> int:
    """A rough value of a hand with ``trump`` as trump suit: its card points plus length."""
    points = POINTS[trump]
    return (
        sum(points[c] for c in cards_in(hand))
        + TRUMP_WEIGHT * (hand & SUIT_MASKS[trump]).bit_count()
    )


def house_action(rules: Rules, cfg: Options, s: KlaverjasState, seat: int) -> Action:
    """The house's choice for ``seat``, which must be the seat to act now (the game checks)."""
    if s.phase == BIDDING:
        return _bid(s, seat)
    if s.phase == KRAKEN:
        call = moves.next_call(s)
        return (call,) if hand_value(s.hands[seat], s.trump) >= CALL_AT[call] else ("pass",)
    assert s.phase == PLAY
    if s.claimable and s.last_trick is not None and moves.team_of(s.last_trick[2]) == seat & 1:
        return ("roem",)
    if cfg.allow_revoke:
        accused = proven_revoke(s, seat)
        if accused is not None:
            return ("verzaakt", accused)
    return ("play", _card(rules, s, seat))


def proven_revoke(s: KlaverjasState, seat: int) -> int | None:
    """An opponent whose own plays prove a revoke, which may be called now, or None.

    The proof is public: the opponent did not follow a suit that was led and later
    played a card of that suit, so they held it when they should have followed.
    """
    tricks = [*s.played, (s.leader, tuple(s.trick), -1)]
    for accused in (seat ^ 1, seat ^ 3):
        if s.questionable[accused] <= s.plays_questioned[accused]:
            continue
        shown_out: set[int] = set()
        for leader, cards, _ in tricks:
            for i, card in enumerate(cards):
                if (leader + i) & 3 != accused:
                    continue
                if SUIT_OF[card] in shown_out:
                    return accused
                if i and SUIT_OF[card] != SUIT_OF[cards[0]]:
                    shown_out.add(SUIT_OF[cards[0]])
    return None


def _bid(s: KlaverjasState, seat: int) -> Action:
    """The best suit for the hand, played when strong enough or when passing is not
    allowed; with ``trump_mode: gedraaid`` only the proposed suit can be chosen."""
    hand = s.hands[seat]
    suits = (s.proposed,) if s.proposed >= 0 else range(4)
    value, best = max((hand_value(hand, t), t) for t in suits)
    if s.forced or value >= BID_THRESHOLD:
        return ("bid", best)
    return ("pass",)


def _card(rules: Rules, s: KlaverjasState, seat: int) -> int:
    legal = mask_cards(rules.legal_mask(s, seat))
    if len(legal) == 1:
        return legal[0]
    trump = s.trump
    strength = STRENGTH[trump]
    points = POINTS[trump]
    plain = [c for c in legal if SUIT_OF[c] != trump]
    if not s.trick:
        aces = [c for c in plain if rank_of(c) == ACE]
        if aces:
            return aces[0]
        jacks = [c for c in legal if SUIT_OF[c] == trump and rank_of(c) == JACK]
        if jacks and moves.team_of(s.declarer) == seat & 1:
            return jacks[0]
        return min(plain or legal, key=lambda c: (points[c], strength[c]))
    if s.win_seat == seat ^ 2:
        if len(s.trick) == 3 and plain:
            return max(plain, key=lambda c: (points[c], -strength[c]))
        return min(legal, key=lambda c: (points[c], strength[c]))
    trick_strength = TRICK_STRENGTH[trump][s.led]
    winners = [c for c in legal if trick_strength[c] > s.win_strength]
    if winners:
        return min(winners, key=lambda c: strength[c])
    return min(legal, key=lambda c: (points[c], strength[c]))
