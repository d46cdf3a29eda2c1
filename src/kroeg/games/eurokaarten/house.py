"""What the house plays for a seat (``default``): decided only from that seat's view.

It reads its own hand, the melds on the table, the top of the discard pile and the
turn's public facts, never another hand or the stock order. Before drawing it opens
with a tiny hand, takes the discard when that lowers its points, else draws the stock;
after drawing it lays what lowers its points (``best_melds``) and then discards its
highest card that is not a joker and was not just taken from the pile.
"""

from __future__ import annotations

from kroeg.cards import cards_in, rank_of
from kroeg.games.base import Action, RuleError
from kroeg.games.eurokaarten.melds import CARD_POINTS, Meld, MeldRules, hand_points
from kroeg.games.eurokaarten.moves import discardable
from kroeg.games.eurokaarten.solver import best_melds
from kroeg.games.eurokaarten.state import EuroState

OPEN_AT = 3
"""The house opens gaan with at most this many points (an ace and a 2, say)."""


def after_turn(hand: int, taken: int | None, table: list[Meld], rules: MeldRules) -> int:
    """Points left after laying the best way and discarding the highest allowed card."""
    plan = best_melds(hand, table, rules)
    allowed = [CARD_POINTS[c] for c in cards_in(discardable(plan.left, taken))]
    return plan.points_left - max(allowed, default=0)


def draw_choice(
    hand: int, pile: list[int], table: list[Meld], legal: list[Action], rules: MeldRules
) -> Action:
    """Take the pile's top card when that leaves fewer points after the turn, else draw
    the stock (also the bots' ``basis``)."""
    if ("draw", "discard") in legal:
        top = pile[-1]
        with_top = after_turn(hand | 1 << top, top, table, rules)
        if ("draw", "stock") not in legal or with_top < after_turn(hand, None, table, rules):
            return ("draw", "discard")
    return ("draw", "stock") if ("draw", "stock") in legal else legal[0]


def lay_choice(
    hand: int, table: list[Meld], legal: list[Action], rules: MeldRules
) -> Action | None:
    """The first action of the lay that leaves the fewest points, when it lowers them."""
    plan = best_melds(hand, table, rules)
    if plan.points_left < hand_points(hand) and plan.actions and plan.actions[0] in legal:
        return plan.actions[0]
    return None


def choose(s: EuroState, seat: int, legal: list[Action], rules: MeldRules) -> Action:
    """The house's action for ``seat``, among its ``legal`` ones, under the meld ``rules``."""
    if not legal:
        raise RuleError("no_decision", f"seat {seat} has no decision now", seat=seat)
    hand = s.hands[seat]
    if not s.drawn:
        if ("open",) in legal and hand_points(hand) <= OPEN_AT:
            return ("open",)
        return draw_choice(hand, s.discard, s.melds, legal, rules)
    lay = lay_choice(hand, s.melds, legal, rules)
    if lay is not None:
        return lay
    discards = [a for a in legal if a[0] == "discard"]
    if discards:
        return max(discards, key=lambda a: (CARD_POINTS[a[1]], rank_of(a[1]), a[1]))
    return legal[0]
