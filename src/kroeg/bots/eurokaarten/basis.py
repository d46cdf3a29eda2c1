"""``basis`` for Eurokaarten: draw, lay and discard to keep the hand low; open gaan when
the hand is low enough against what the others can still hold.

Drawing takes the pile's top card when the best lay after it (``best_melds``) and a
discard leave fewer points than without it. Laying follows ``best_melds`` (the lay
that leaves the fewest points). The discard is the card worth most to throw: its
points, less a keep bonus when it belongs to a pair or a near run in the hand (a
meld in the making), less a penalty when the next player took a card from the pile
that it fits (the view's ``picked``). Open gaan (RULES.md §7.7): with at most
:data:`OPEN_AT` points and fewer than :data:`PER_CARD` points per card of the
shortest other hand.
"""

from __future__ import annotations

from kroeg.cards import is_joker, rank_of, suit_of
from kroeg.games.base import Action
from kroeg.games.eurokaarten.house import draw_choice, lay_choice
from kroeg.games.eurokaarten.melds import CARD_POINTS, MeldRules, hand_points

from .knowledge import Seen

OPEN_AT = 4
PER_CARD = 2.0
PAIR_BONUS = 3
NEAR_RUN_BONUS = 2
FEEDS_NEXT = 5


def wants_to_open(seen: Seen) -> bool:
    points = hand_points(seen.hand)
    shortest = min((seen.counts[p] for p in seen.seats_in if p != seen.me), default=0)
    return points <= OPEN_AT and points < PER_CARD * shortest


def choose(seen: Seen, legal: list[Action], rules: MeldRules) -> Action:
    if not seen.drawn:
        if ("open",) in legal and wants_to_open(seen):
            return ("open",)
        return draw_choice(seen.hand, seen.discard, seen.melds, legal, rules)
    lay = lay_choice(seen.hand, seen.melds, legal, rules)
    if lay is not None:
        return lay
    discards = [a for a in legal if a[0] == "discard"]
    if discards:
        return max(discards, key=lambda a: (discard_value(seen, a[1]), a[1]))
    return legal[0]


def discard_value(seen: Seen, card: int) -> float:
    """How much the seat gains by throwing ``card`` away (see the module docstring)."""
    value = float(CARD_POINTS[card])
    rank, suit = rank_of(card), suit_of(card)
    for other in range(52):
        if other == card or not seen.hand >> other & 1:
            continue
        if rank_of(other) == rank:
            value -= PAIR_BONUS
        elif suit_of(other) == suit and abs(rank_of(other) - rank) <= 2:
            value -= NEAR_RUN_BONUS
    following = next_seat(seen)
    if following is not None:
        for c in range(52):
            if seen.picked[following] >> c & 1 and not is_joker(c):
                near = suit_of(c) == suit and abs(rank_of(c) - rank) <= 2
                if rank_of(c) == rank or near:
                    value -= FEEDS_NEXT
    return value


def next_seat(seen: Seen) -> int | None:
    for step in range(1, seen.n):
        p = (seen.me + step) % seen.n
        if p in seen.seats_in:
            return p
    return None
