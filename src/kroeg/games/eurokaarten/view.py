"""What a seat (or a spectator) may see of a Eurokaarten game: ``Eurokaarten.view``, a
:class:`EuroView` (docs/games/eurokaarten.md, "View", lists its fields), and the JSON of
a meld that its events share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from kroeg.cards import card_str, cards_in, cards_str
from kroeg.games.base import JSON
from kroeg.games.eurokaarten import moves
from kroeg.games.eurokaarten.melds import RUN, Meld, hand_notation, hand_points
from kroeg.games.eurokaarten.state import TURN, EuroState
from kroeg.games.view import UNSET, UnsetType, View

if TYPE_CHECKING:
    from kroeg.games.eurokaarten.game import Eurokaarten


class MeldView(msgspec.Struct, frozen=True, gc=False):
    """A meld on the table: its number, who laid it, ``type`` ``run`` or ``set``, its
    cards (a joker as ``X1=5h``), and whether a set is closed (all four suits)."""

    n: int
    owner: int
    type: str
    cards: list[str]
    closed: bool


class EuroView(View, frozen=True, gc=False):
    """A Eurokaarten view: the shared fields, then these, in this order on the wire.
    ``hands`` is set only in :meth:`~kroeg.games.base.Game.open_view`."""

    hand_points: int | None
    hand_counts: list[int]
    standings: dict[str, Any]
    deals: list[dict[str, Any]]
    result: dict[str, Any] | None
    turn: int | None
    drawn: bool
    taken: str | None
    picked: list[list[str]]
    declined: list[list[str]]
    may_open: bool
    stock_count: int
    discard_top: str | None
    discard_count: int
    discard_pile: list[str]
    melds: list[MeldView]
    came_down: list[int]
    revealed: list[list[str] | None] | None
    hands: list[list[str]] | UnsetType = UNSET


def view(game: Eurokaarten, s: EuroState, seat: int | None) -> EuroView:
    """What ``seat`` (None: a spectator) may see of ``game``: its own hand, and every hand
    only between rounds (``revealed``). Built from its fields in their order,
    positionally, as Klaverjassen's (:func:`kroeg.games.klaverjassen.view.view`)."""
    phase = s.phase
    between = phase != TURN and bool(s.summaries)
    return EuroView(
        game.name,  # game
        game.variant,  # variant
        dict(game.option_values),  # options
        s.seats,  # seats
        seat,  # you
        s.dealer,  # dealer
        phase,
        sorted(game.to_act(s)),  # to_act
        None if seat is None else hand_notation(s.hands[seat]),  # hand
        None if seat is None else hand_points(s.hands[seat]),  # hand_points
        hand_counts(s),  # hand_counts
        game.standings(s),  # standings
        game.deal_summaries(s),  # deals
        game.result_json(s),  # result
        s.turn if phase == TURN else None,  # turn
        s.drawn,  # drawn
        None if s.taken is None else card_str(s.taken),  # taken
        [cards_str(cards_in(s.picked[p] & s.hands[p])) for p in range(s.seats)],  # picked
        [cards_str(cards_in(s.declined[p])) for p in range(s.seats)],  # declined
        moves.may_open(s, s.turn, game.options),  # may_open
        len(s.stock),  # stock_count
        card_str(s.discard[-1]) if s.discard else None,  # discard_top
        len(s.discard),  # discard_count
        cards_str(s.discard),  # discard_pile
        [_meld(n, meld) for n, meld in enumerate(s.melds)],  # melds
        [seat_ for seat_ in range(s.seats) if s.came_down >> seat_ & 1],  # came_down
        [  # revealed
            None if seat_ in s.out else hand_notation(s.hands[seat_]) for seat_ in range(s.seats)
        ]
        if between
        else None,
    )


def hand_counts(s: EuroState) -> list[int]:
    return [hand.bit_count() for hand in s.hands]


def _meld(n: int, meld: Meld) -> MeldView:
    closed = meld.kind != RUN and meld.length == 4
    return MeldView(n, meld.owner, "run" if meld.kind == RUN else "set", meld.notation(), closed)


def meld_json(n: int, meld: Meld) -> JSON:
    """A meld as its events show it: the view's :class:`MeldView` as a dict."""
    out: JSON = msgspec.to_builtins(_meld(n, meld))
    return out
