"""``sterk`` for Toepen: the chance of winning the last trick, sampled, against the stake;
laundry, challenges and out-of-turn knocks in the last trick by the learned policy.

Determinisations are weighted by what the other seats showed (:mod:`.signals`: a knock
or a stay tells of strong cards). On each determinisation the rest of the deal is played
by :mod:`.tricks` (exact max-n search; in a first trick with full hands the other seats
play their weakest card before the search takes over). Cards: the best mean chance.
Knocking on turn: when the best chance reaches :data:`KNOCK_AT`. Answering a knock at
stake k: folding costs k − 1 now, staying costs k when the deal is lost, so stay when
the chance exceeds 1/k (knock again from :data:`OVER_KNOCK_AT`). Armoede: look (play for
two, or pay one) above an even chance. Exchange: the better chance of the hand kept and
the hand with the stock's top card. Laundry claims and challenges, and knocks out of
turn in the last trick, are drawn from the policy learned by self-play (:mod:`.policy`);
an earlier out-of-turn knock only on a sure thing.

The policy learned for every knock and answer lost to ``basis`` in the arena
(docs/bots.md), so on-turn knocks and answers keep the sampled rule.
"""

from __future__ import annotations

import random

from kroeg.bots.base import Deadline
from kroeg.bots.search import mean_scores
from kroeg.cards import TOEPEN_STRENGTH, cards_in
from kroeg.games.base import Action
from kroeg.games.toepen.following import playable
from kroeg.games.toepen.tables import SUIT_OF
from kroeg.games.toepen.view import ToepenView

from .basis import sure_win
from .knowledge import Determinisation, Seen
from .policy import decide as policy_decide
from .policy import hashed_pick
from .signals import signals, weighted_sample
from .tricks import last_trick_winner, next_to_play, trick_winner

KNOCK_AT = 0.6
OVER_KNOCK_AT = 0.8
FACING_KNOCK = 0.85
"""A knock tells that the knocker is strong, which uniform samples do not know: the
chance of winning against a knock is discounted by this factor."""
CLAIMS = ("laundry", "challenge")
"""The decisions taken from the learned policy on turn (and out of turn)."""


def win_chance(
    seen: Seen, hands: list[int], leader: int, my_card: int | None, active: int | None = None
) -> float:
    """1.0 when the seat wins the last trick from here on this determinisation, else 0.0."""
    n = seen.n
    active = seen.active if active is None else active
    seats = list(seen.trick_seats)
    cards = list(seen.trick_cards)
    hands = list(hands)
    turn = seen.turn if seen.turn >= 0 else leader
    tricks_left = 4 - seen.tricks_done
    if my_card is not None:
        seats.append(seen.me)
        cards.append(my_card)
        hands[seen.me] &= ~(1 << my_card)
    players = active.bit_count()
    if tricks_left == 4 and len(seats) < players:
        # Full hands: finish the first trick with everyone's weakest card, then search.
        after = seats[-1] if seats else _before(n, active, turn)
        while len(seats) < players:
            seat = next_to_play(n, active, seats, after)
            hand = hands[seat]
            card = min(
                cards_in(playable(hand, SUIT_OF[cards[0]] if cards else -1)),
                key=lambda c: TOEPEN_STRENGTH[c],
            )
            hands[seat] = hand & ~(1 << card)
            seats.append(seat)
            cards.append(card)
            after = seat
    if len(seats) == players:
        winner = trick_winner(seats, cards)
        if tricks_left == 1:
            return 1.0 if winner == seen.me else 0.0
        seats, cards, turn, tricks_left = [], [], winner, tricks_left - 1
    elif seats:
        turn = next_to_play(n, active, seats, seats[-1])
    winner = last_trick_winner(hands, n, active, seats, cards, turn, tricks_left)
    return 1.0 if winner == seen.me else 0.0


def aside(view: ToepenView, seen: Seen, legal: list[Action]) -> Action | None:
    """Out of turn: laundry claims and challenges, and knocks in the last trick, by the
    learned policy; an earlier knock only on a sure thing (as ``basis``)."""
    pick = hashed_pick(view)
    claims = [a for a in legal if a[0] in CLAIMS]
    if claims:
        chosen = policy_decide(view, seen, claims, pick)
        if chosen is not None:
            return chosen
    knock = next((a for a in legal if a[0] == "knock"), None)
    if knock is None:
        return None
    if seen.tricks_done >= 3:
        return policy_decide(view, seen, [knock], pick)
    return knock if sure_win(seen) else None


def _before(n: int, active: int, seat: int) -> int:
    """The active seat before ``seat`` (so that ``seat`` is the next to play)."""
    prev = seat
    for _ in range(n):
        prev = (prev - 1) % n
        if active >> prev & 1:
            return prev
    return seat


def first_leader(view: ToepenView, seen: Seen) -> int:
    """Who leads the first trick of the deal (the armoede player, else left of the dealer)."""
    if view.armoede and view.armoede.lead is not None and view.armoede.lead >= 0:
        return int(view.armoede.lead)
    return next_to_play(seen.n, seen.active, [], view.dealer) if seen.active else 0


def decide(
    view: ToepenView,
    seen: Seen,
    legal: list[Action],
    preferred: Action,
    white_laundry: bool,
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> Action:
    verbs = {a[0]: a for a in legal}
    leader = first_leader(view, seen)
    pick = hashed_pick(view)
    shown = signals(view)

    def draw(r: random.Random) -> Determinisation:
        return weighted_sample(seen, shown, r)

    claims = [a for a in legal if a[0] in CLAIMS]
    if claims:
        chosen = policy_decide(view, seen, claims, pick)
        if chosen is not None:
            return chosen
    plays = [a for a in legal if a[0] == "play"]
    if plays and seen.turn == seen.me and "stay" not in verbs:
        if seen.trick_cards:  # the bot follows suit even where the table does not enforce it
            follow = playable(seen.hand, SUIT_OF[seen.trick_cards[0]])
            plays = [a for a in plays if follow >> a[1] & 1] or plays
        candidates = [preferred] if preferred in plays else []
        candidates += [a for a in plays if a not in candidates]
        means = mean_scores(
            candidates,
            draw,
            lambda d, a, r: win_chance(seen, d.hands, leader, a[1]),
            rng,
            deadline,
            max_samples,
        )
        if means is None:
            return preferred
        chances = means
        best = max(range(len(candidates)), key=lambda i: chances[i])
        if "knock" in verbs and chances[best] >= KNOCK_AT:
            return verbs["knock"]
        return candidates[best]
    if "stay" in verbs or "look" in verbs:
        active = seen.active
        if "look" in verbs:
            active |= 1 << seen.me
        chance = mean_scores(
            [None],
            draw,
            lambda d, _, r: win_chance(seen, d.hands, leader, None, active),
            rng,
            deadline,
            max_samples,
        )
        if chance is None:
            return preferred
        p = chance[0]
        if "look" in verbs:
            return verbs["look"] if p > 0.5 else verbs["fold"]
        p *= FACING_KNOCK
        if "knock" in verbs and p >= OVER_KNOCK_AT:
            return verbs["knock"]
        return verbs["stay"] if p > 1 / max(2, seen.stake) else verbs["fold"]
    if "exchange" in verbs and "keep" in verbs:
        odd = verbs["exchange"][1]

        def score(d: Determinisation, action: Action, r: random.Random) -> float:
            hands = list(d.hands)
            if action[0] == "exchange" and d.stock:
                hands[seen.me] = seen.hand & ~(1 << odd) | 1 << d.stock[0]
            return win_chance(seen, hands, leader, None)

        candidates = [preferred, verbs["keep" if preferred[0] == "exchange" else "exchange"]]
        means = mean_scores(candidates, draw, score, rng, deadline, max_samples)
        if means is None:
            return preferred
        return candidates[0] if means[0] >= means[1] else candidates[1]
    return preferred
