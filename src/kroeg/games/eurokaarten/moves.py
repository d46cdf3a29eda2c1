"""What a seat may do in its turn (RULES.md §7.5, §7.6, §7.9): one function per rule.

``legal``, ``apply``, the view's hints, ``default()`` and the bots all ask these; none
of them writes a turn rule again. Each is small and works on masks where it is on the
hot path (every decision of random play and of the bots' search passes through here).
"""

from __future__ import annotations

from collections.abc import Sequence

from kroeg.cards import Card
from kroeg.games.base import Action
from kroeg.games.eurokaarten.melds import (
    CARD_POINTS,
    MeldCard,
    layoff_options,
    meld_options,
    swap_options,
)
from kroeg.games.eurokaarten.options import Options
from kroeg.games.eurokaarten.state import TURN, EuroState

REAL_CARDS = (1 << 52) - 1
"""Every card but the jokers, as a mask."""


def may_open(s: EuroState, seat: int, opts: Options) -> bool:
    """Open gaan: at the start of the turn, before drawing (§7.5); on a first turn of
    the round only with ``open_first_turn`` (§7.9)."""
    return (
        s.phase == TURN
        and seat == s.turn
        and not s.drawn
        and (opts.open_first_turn or bool(s.had_turn >> seat & 1))
    )


def may_draw(s: EuroState, pile: str) -> bool:
    """Draw exactly one card, from a pile that is not empty (§7.5)."""
    if s.drawn:
        return False
    return bool(s.stock) if pile == "stock" else bool(s.discard)


def discardable(hand: int, taken: Card | None) -> int:
    """The cards of ``hand`` (a mask) that may be discarded: not a joker, not the card
    just taken from the discard pile (§7.5, §12)."""
    allowed = hand & REAL_CARDS
    return allowed if taken is None else allowed & ~(1 << taken)


def first_meld_value(laid: Sequence[MeldCard]) -> int:
    """The points a meld shows, a joker counting as the card it stands for (§7.9)."""
    return sum(CARD_POINTS[card if stands is None else stands] for card, stands in laid)


def first_meld_points(s: EuroState, seat: int, opts: Options) -> int:
    """``min_first_meld``: the points the seat's next meld must show, that many until its
    first meld of the round, then 0 (§7.9)."""
    return 0 if s.came_down >> seat & 1 else opts.min_first_meld


def shows_enough(laid: Sequence[MeldCard], points: int) -> bool:
    """Whether the meld ``laid`` shows the ``points`` of :func:`first_meld_points`."""
    return not points or first_meld_value(laid) >= points


def may_lay_off(s: EuroState, seat: int, opts: Options) -> bool:
    """``min_first_meld``: no lay-off before the seat's first meld of the round."""
    return not opts.min_first_meld or bool(s.came_down >> seat & 1)


def may_swap(s: EuroState, seat: int, opts: Options) -> bool:
    """``swap_only_after_melding``: a joker swap only after a meld of one's own."""
    return not opts.swap_only_after_melding or bool(s.came_down >> seat & 1)


def lay_actions(s: EuroState, seat: int, opts: Options) -> list[Action]:
    """Every meld, lay-off and joker swap the seat may make now (after drawing)."""
    hand = s.hands[seat]
    rules = opts.meld_rules
    points = first_meld_points(s, seat, opts)
    out: list[Action] = [
        ("meld", laid) for laid in meld_options(seat, hand, rules) if shows_enough(laid, points)
    ]
    if may_lay_off(s, seat, opts):
        for n, meld in enumerate(s.melds):
            out.extend(("layoff", n, laid) for laid in layoff_options(meld, hand, rules))
    if may_swap(s, seat, opts):
        for n, meld in enumerate(s.melds):
            out.extend(("swap", n, card) for card in swap_options(meld, hand))
    return out


def turn_stuck(s: EuroState, seat: int, opts: Options) -> bool:
    """A hand that may discard nothing and lay nothing: the turn ends without a discard
    (§7.5 DECISION, RECORDS.md)."""
    return not discardable(s.hands[seat], s.taken) and not lay_actions(s, seat, opts)
