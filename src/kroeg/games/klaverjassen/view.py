"""What a seat (or a spectator) may see of a Klaverjassen game: ``Klaverjassen.view``, a
:class:`KlaverjasView` (docs/games/klaverjassen.md, "View", lists its fields)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from kroeg.cards import card_str, suit_str
from kroeg.games.view import UNSET, Played, UnsetType, View

from . import moves
from .state import BIDDING, KRAKEN, PHASE_NAMES, PLAY, SEATS, KlaverjasState
from .tables import CARD_NAMES, mask_names

if TYPE_CHECKING:
    from .game import Klaverjassen


class Bid(msgspec.Struct, frozen=True, gc=False):
    """A turn in the auction: ``bid`` a suit letter, or ``"pass"``."""

    seat: int
    bid: str


class Call(msgspec.Struct, frozen=True, gc=False):
    """A turn in the kraak round: ``call`` is ``kraak``, ``herkraak``, ``superkraak`` or
    ``pass``."""

    seat: int
    call: str


class Trick(msgspec.Struct, frozen=True, gc=False):
    """A completed trick: who led, the cards in the order played, who took it."""

    leader: int
    cards: list[str]
    winner: int


class KlaverjasView(View, frozen=True, gc=False):
    """A Klaverjassen view: the shared fields, then these, in this order on the wire.

    The fields from ``proposed`` on exist only with some options (``UNSET`` otherwise,
    and left out of the JSON): ``proposed`` and ``turned`` with ``trump_mode: gedraaid``,
    ``calls`` to ``roem_held`` with ``trump_mode: kraken``, ``last_trick`` with
    ``show_last_trick``; ``hands`` only in :meth:`~kroeg.games.base.Game.open_view`."""

    hand_counts: list[int]
    standings: dict[str, Any]
    deals: list[dict[str, Any]]
    result: dict[str, Any] | None
    teams: list[list[int]]
    deal_no: int
    bids: list[Bid]
    trump: str | None
    declarer: int | None
    leader: int | None
    trick: list[Played]
    tricks_won: list[int]
    roem: list[int]
    tricks: list[Trick]
    proposed: str | UnsetType | None = UNSET
    turned: list[str] | UnsetType = UNSET
    calls: list[Call] | UnsetType = UNSET
    factor: int | UnsetType | None = UNSET
    next_call: str | UnsetType | None = UNSET
    must_make: int | UnsetType | None = UNSET
    roem_held: list[int] | UnsetType | None = UNSET
    last_trick: Trick | UnsetType | None = UNSET
    hands: list[list[str]] | UnsetType = UNSET


def view(game: Klaverjassen, s: KlaverjasState, seat: int | None) -> KlaverjasView:
    """What ``seat`` (None: a spectator) may see of ``game``: its own hand once it may look
    at it, never another seat's.

    The view is built from its fields in their order, positionally: msgspec matches
    keyword arguments one by one, which cost more than the construction itself (0.97 µs
    by keywords, 0.29 µs positionally, timed in-process; docs/performance.md, "Typed
    views"); tests/games/test_view_wire.py checks the order on the wire."""
    in_deal = s.phase in (BIDDING, KRAKEN, PLAY)
    playing = s.phase == PLAY
    hand = None
    if seat is not None and in_deal and (s.seen >> seat) & 1:
        hand = mask_names(s.hands[seat])
    options = game.options
    proposed: str | UnsetType | None = UNSET
    turned: list[str] | UnsetType = UNSET
    if options.gedraaid:
        proposed = suit_str(s.proposed) if s.phase == BIDDING else None
        turned = [CARD_NAMES[c] for c in s.draai[: s.turned]] if in_deal else []
    calls: list[Call] | UnsetType = UNSET
    factor: int | UnsetType | None = UNSET
    next_call: str | UnsetType | None = UNSET
    must_make: int | UnsetType | None = UNSET
    roem_held: list[int] | UnsetType | None = UNSET
    if options.kraken:
        kraken_on = s.phase in (KRAKEN, PLAY)
        calls = [Call(x, call) for x, call in s.calls] if in_deal else []
        factor = 1 << s.kraaks if kraken_on else None
        next_call = moves.next_call(s) if s.phase == KRAKEN else None
        must_make = moves.must_make(s) if kraken_on else None
        roem_held = list(s.roem_held) if playing else None
    last_trick: Trick | UnsetType | None = UNSET
    if game.option_values["show_last_trick"]:
        last = s.last_trick if playing else None
        last_trick = None if last is None else _trick(*last)
    return KlaverjasView(
        game.name,  # game
        game.variant,  # variant
        dict(game.option_values),  # options
        SEATS,  # seats
        seat,  # you
        s.dealer,  # dealer
        PHASE_NAMES[s.phase],  # phase
        sorted(game.to_act(s)),  # to_act
        hand,
        [h.bit_count() for h in s.hands] if in_deal else [0] * SEATS,  # hand_counts
        game.standings(s),  # standings
        game.deal_summaries(s),  # deals
        game.result_json(s),  # result
        [[0, 2], [1, 3]],  # teams
        s.deal_no + 1 if in_deal else s.deal_no,  # deal_no
        [Bid(b, "pass" if suit is None else suit_str(suit)) for b, suit in s.bids]  # bids
        if in_deal
        else [],
        suit_str(s.trump) if in_deal and s.trump >= 0 else None,  # trump
        s.declarer if in_deal and s.declarer >= 0 else None,  # declarer
        s.leader if playing else None,  # leader
        [Played((s.leader + i) % 4, card_str(c)) for i, c in enumerate(s.trick)]  # trick
        if playing
        else [],
        list(s.tricks_won) if in_deal else [0, 0],  # tricks_won
        list(s.roem) if in_deal else [0, 0],  # roem
        [_trick(*t) for t in s.played] if playing else [],  # tricks
        proposed,
        turned,
        calls,
        factor,
        next_call,
        must_make,
        roem_held,
        last_trick,
    )


def _trick(leader: int, cards: Any, winner: int) -> Trick:
    return Trick(leader, [card_str(c) for c in cards], winner)
