"""The Eurokaarten view as the dict it was before the typed views (src at 026c462,
copied unchanged but for its imports and the options' new names of the OPTIONS rename):
the reference the typed view's JSON is compared with, byte for byte
(tests/games/test_view_wire.py). The browser reads these keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kroeg.cards import card_str, cards_in, cards_str
from kroeg.games.eurokaarten import moves
from kroeg.games.eurokaarten.melds import RUN, Meld, hand_notation, hand_points
from kroeg.games.eurokaarten.state import TURN, EuroState
from tests.games.wire import JSON

if TYPE_CHECKING:
    from kroeg.games.eurokaarten.game import Eurokaarten


def view(game: Eurokaarten, s: EuroState, seat: int | None) -> JSON:
    """What ``seat`` (None: a spectator) may see of ``game`` (docs/games/eurokaarten.md lists
    the keys): its own hand, and every hand only between rounds (``revealed``)."""
    phase = s.phase
    between = phase != TURN and bool(s.summaries)
    return {
        "game": game.name,
        "variant": game.variant,
        "options": dict(game.option_values),
        "seats": s.seats,
        "you": seat,
        "dealer": s.dealer,
        "phase": phase,
        "to_act": sorted(game.to_act(s)),
        "hand": None if seat is None else hand_notation(s.hands[seat]),
        "hand_points": None if seat is None else hand_points(s.hands[seat]),
        "hand_counts": hand_counts(s),
        "standings": game.standings(s),
        "deals": game.deal_summaries(s),
        "result": game.result_json(s),
        "turn": s.turn if phase == TURN else None,
        "drawn": s.drawn,
        "taken": None if s.taken is None else card_str(s.taken),
        "picked": [cards_str(cards_in(s.picked[p] & s.hands[p])) for p in range(s.seats)],
        "declined": [cards_str(cards_in(s.declined[p])) for p in range(s.seats)],
        "may_open": moves.may_open(s, s.turn, game.options),
        "stock_count": len(s.stock),
        "discard_top": card_str(s.discard[-1]) if s.discard else None,
        "discard_count": len(s.discard),
        "discard_pile": cards_str(s.discard),
        "melds": [meld_json(n, meld) for n, meld in enumerate(s.melds)],
        "came_down": [seat_ for seat_ in range(s.seats) if s.came_down >> seat_ & 1],
        "revealed": [
            None if seat_ in s.out else hand_notation(s.hands[seat_]) for seat_ in range(s.seats)
        ]
        if between
        else None,
    }


def hand_counts(s: EuroState) -> list[int]:
    return [hand.bit_count() for hand in s.hands]


def meld_json(n: int, meld: Meld) -> JSON:
    return {
        "n": n,
        "owner": meld.owner,
        "type": "run" if meld.kind == RUN else "set",
        "cards": meld.notation(),
        "closed": meld.kind != RUN and meld.length == 4,
    }
