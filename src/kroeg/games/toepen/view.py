"""What a seat (or a spectator) may see of a Toepen game: ``Toepen.view``, a
:class:`ToepenView` (docs/games/toepen.md, "View", lists its fields).

Never holds another seat's hidden card, the stock, or a laundry hand that was not turned
up. The live server builds a view for every audience of every batch of steps, so this
reads lookup tables (card names, the seats of a mask, whole hands by suit) instead of
computing them.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from kroeg.cards import SUIT_CHARS, card_str, cards_in
from kroeg.games.base import Game
from kroeg.games.toepen.het import COMPROMISKAART, HetRounds
from kroeg.games.toepen.options import Options
from kroeg.games.toepen.state import DEAL, PHASE_NAMES, PLAY, ToepenState
from kroeg.games.toepen.tables import CARD_STR, hand_str
from kroeg.games.view import UNSET, Played, UnsetType, View

SEATS_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(8) if mask >> p & 1) for mask in range(256)
)
"""``SEATS_IN[mask]``: the seats of a seat mask (at most 8 seats), lowest first."""

SEAT_KEYS: tuple[str, ...] = tuple(str(p) for p in range(8))
"""A seat as a JSON object key."""

_COMPROMISKAART = CARD_STR[COMPROMISKAART]


class Knock(msgspec.Struct, frozen=True, gc=False):
    """A knock being answered: who knocked, the stake it raised to, the seats still to
    answer, and the seat knocking again over it (None)."""

    knocker: int
    stake: int
    waiting: list[int]
    knocks_again: int | None


class Armoede(msgspec.Struct, frozen=True, gc=False):
    """Armoede this deal: the seats in it, the seat to lead (-1: none yet), the seats still
    deciding whether to take new cards."""

    seats: list[int]
    lead: int
    deciding: list[int]


class Laundry(msgspec.Struct, frozen=True, gc=False):
    """A laundry claim: its cards only once turned up (or to the claimer), ``honest`` once
    known."""

    seat: int
    challenged_by: list[int]
    cards: list[str] | None
    honest: bool | None


class ToepenView(View, frozen=True, gc=False):
    """A Toepen view: the shared fields, then these, in this order on the wire. Between
    deals (before the first and while the next is due) the table's fields from ``stake``
    on are empty: None, 0, ``[]``, ``{}`` or False. ``hands`` is set only in
    :meth:`~kroeg.games.base.Game.open_view`."""

    hand_counts: list[int]
    standings: dict[str, Any]
    deals: list[dict[str, Any]]
    result: dict[str, Any] | None
    points: list[int]
    max_points: int
    out: list[int]
    deal_no: int
    het: list[list[Played]] | None
    stake: int | None
    active: list[int]
    folded: list[int]
    fold_costs: dict[str, int]
    deal_costs: list[int]
    turn: int | None
    trick: list[Played]
    led: str | None
    tricks_done: int
    tricks: list[list[Played]]
    last_trick: list[Played] | None
    knock: Knock | None
    last_knocker: int | None
    stock_count: int
    dead_cards: list[str]
    compromiskaart: Played | None
    armoede: Armoede | None
    exchanging: list[int]
    laundry: list[Laundry]
    laundry_open: bool
    claim: int | None
    open_hands: dict[str, list[str]]
    hands: list[list[str]] | UnsetType = UNSET


def view(game: Game[ToepenState], rules: Options, s: ToepenState, seat: int | None) -> ToepenView:
    """The view of ``seat`` (None: a spectator) of ``game``, played by ``rules``.

    ``deals`` is a fresh list of the state's own deal summaries, shared, not copied:
    a summary never changes once its deal has ended (the state only appends to its
    history, and copies of the state share them too). Callers of ``view`` only read
    or encode it; one that wants to change a summary must copy it first.
    ``het`` is a fresh list of rounds shared the same way (the rounds never change).
    Every other list and object in the view is built anew for each call. Lists and
    objects that are mostly empty skip their comprehension when there is nothing to go
    over (Python 3.11 pays a call for each comprehension). The view is built from its
    fields in their order, positionally, as Klaverjassen's
    (:func:`kroeg.games.klaverjassen.view.view`).
    """
    n = s.n
    phase = PHASE_NAMES[s.phase]
    if s.phase == PLAY and s.knocker >= 0:
        phase = "answer"
    dealt = s.phase != DEAL and s.deal_no > 0
    hand = None
    if seat is not None:
        hand = hand_str(s.hands[seat]) if dealt else []
    common = (
        game.name,
        game.variant,
        dict(game.option_values),
        n,
        seat,
        s.dealer,
        phase,
        sorted(game.to_act(s)),
        hand,
        [h.bit_count() for h in s.hands] if dealt else [0] * n,
        game.standings(s),
        s.history[:],
        game.result_json(s),
        s.points[:],
        rules.max_points,
        [*SEATS_IN[s.out]],
        s.deal_no,
        None if s.het is None else [*_het(s.het)],
    )
    if not dealt:
        return ToepenView(
            *common,
            None, [], [], {}, [], None, [], None, 0, [], None, None, None, 0, [], None, None,
            [], [], False, None, {},
        )  # fmt: skip
    names = CARD_STR
    folded = SEATS_IN[((1 << n) - 1) & ~(s.active | s.out)]
    owed = s.owed
    last = s.last_trick
    return ToepenView(
        *common,
        s.stake,  # stake
        [*SEATS_IN[s.active]],  # active
        [*folded],  # folded
        {SEAT_KEYS[p]: owed[p] for p in folded} if folded else {},  # fold_costs
        s.extra[:],  # deal_costs
        s.turn if s.phase == PLAY else None,  # turn
        [Played(p, names[c]) for p, c in zip(s.trick_seats, s.trick_cards, strict=True)],  # trick
        SUIT_CHARS[s.led] if s.led >= 0 else None,  # led
        s.tricks_done,  # tricks_done
        [[Played(p, names[c]) for p, c in t] for t in s.done_tricks]  # tricks
        if s.done_tricks
        else [],
        None if last is None else [Played(p, names[c]) for p, c in last],  # last_trick
        None  # knock
        if s.knocker < 0
        else Knock(s.knocker, s.stake, s.answerers[:], None if s.over_knock < 0 else s.over_knock),
        None if s.last_knocker < 0 else s.last_knocker,  # last_knocker
        len(s.stock) - s.stock_pos,  # stock_count
        [names[c] for c in s.dead] if s.dead else [],  # dead_cards
        None if s.shown_ac < 0 else Played(s.shown_ac, _COMPROMISKAART),  # compromiskaart
        None  # armoede
        if not s.armoede_seats
        else Armoede(
            [*SEATS_IN[s.armoede_seats]],
            s.armoede_lead,
            s.queue[:] if phase == "armoede" else [],
        ),
        s.queue[:] if phase == "exchange" else [],  # exchanging
        [_laundry(entry, seat) for entry in s.laundry] if s.laundry else [],  # laundry
        s.laundry_open,  # laundry_open
        None if s.claim < 0 else s.laundry[s.claim][0],  # claim
        {SEAT_KEYS[p]: hand_str(s.hands[p]) for p in SEATS_IN[s.open_hands]}  # open_hands
        if s.open_hands
        else {},
    )


def _laundry(entry: list[int], seat: int | None) -> Laundry:
    """One laundry claim ``[seat, hand, challengers, honest]``: its cards only once turned
    up, or to the claimer."""
    return Laundry(
        entry[0],
        [*SEATS_IN[entry[2]]],
        hand_str(entry[1]) if entry[3] >= 0 or entry[0] == seat else None,
        None if entry[3] < 0 else bool(entry[3]),
    )


@functools.lru_cache(maxsize=1024)
def _het(rounds: HetRounds) -> tuple[list[Played], ...]:
    """The open cards of 'Het', round by round, made once per game (the rounds never
    change; the lists are shared by every view of the game, which only reads them)."""
    return tuple([Played(p, card_str(c)) for p, c in drawn] for drawn in rounds)


def hidden_cards(s: ToepenState, seat: int | None) -> set[int]:
    """Cards ``seat`` may not see now: other hands (less what was shown), the stock,
    laundry hands not turned up. For the tests' leak checks and the bots' sampling."""
    hidden: set[int] = set(s.stock[s.stock_pos :])
    for p in range(s.n):
        if p != seat and not s.open_hands >> p & 1:
            hidden.update(cards_in(s.hands[p]))
    for entry in s.laundry:
        if entry[0] != seat and entry[3] < 0:
            hidden.update(cards_in(entry[1]))
    if s.shown_ac >= 0:
        hidden.discard(COMPROMISKAART)  # shown to all; where it went is no secret
    return hidden
