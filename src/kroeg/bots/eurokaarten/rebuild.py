"""An engine state that shows a given Eurokaarten view, with the hidden cards as sampled.

Everything but the hidden cards is in the view; what a view cannot tell (which seats
already had a turn this round) is read from ``may_open`` for the seat to move.
"""

from __future__ import annotations

from kroeg.cards import mask_of, parse_card
from kroeg.games.eurokaarten.state import EuroState
from kroeg.games.eurokaarten.view import EuroView

from .knowledge import Determinisation, Seen


def rebuild(view: EuroView, seen: Seen, det: Determinisation) -> EuroState:
    standings = view.standings
    s = EuroState(
        view.seats,
        view.dealer,
        list(standings["coins"]),
        set(standings["bokje"]),
        set(standings["out"]),
    )
    s.phase = view.phase
    s.hands = list(det.hands)
    s.stock = list(det.stock)
    s.discard = list(seen.discard)
    s.melds = list(seen.melds)
    s.turn = view.turn if view.turn is not None else -1
    s.drawn = seen.drawn
    s.taken = seen.taken
    s.picked = [mask_of(parse_card(c) for c in cards) for cards in view.picked]
    s.declined = [mask_of(parse_card(c) for c in cards) for cards in view.declined]
    s.had_turn = (1 << s.turn) if s.turn >= 0 and view.may_open else 0
    s.came_down = sum(1 << p for p in view.came_down)
    s.dead = det.dead
    s.summaries = [dict(d) for d in view.deals]
    s.winner = view.result["winner"] if view.result else None
    return s
