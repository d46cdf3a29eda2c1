"""Toepen's observation and action space (docs/env.md, "Toepen").

Up to eight seats; cards are the 32 of the piket deck in :data:`kroeg.cards.PIKET_DECK`
order (7 to A of klaveren, ruiten, harten, schoppen).
"""

from __future__ import annotations

from typing import ClassVar

from kroeg.cards import PIKET_DECK, SUIT_CHARS
from kroeg.env.encoding import Encoding, card
from kroeg.env.layout import Array, Layout, set_per_seat, set_seat, set_seats
from kroeg.games.base import Action
from kroeg.games.toepen.view import ToepenView

SEATS = 8
CARDS = len(PIKET_DECK)
CARD_INDEX = {c: i for i, c in enumerate(PIKET_DECK)}
PHASES = ("deal", "exchange", "armoede", "play", "answer", "over")

L = Layout()
HAND = L.field("hand", CARDS)
TRICK = L.field("trick", SEATS * CARDS)
LED = L.field("led", 4)
PLAYED = L.field("played", CARDS)
DEAD = L.field("dead_cards", CARDS)
OPEN_HANDS = L.field("open_hands", SEATS * CARDS)
LAUNDRY_CARDS = L.field("laundry_cards", SEATS * CARDS)
SEATED = L.field("seated", SEATS)
DEALER = L.field("dealer", SEATS)
TURN = L.field("turn", SEATS)
TO_ACT = L.field("to_act", SEATS)
ACTIVE = L.field("active", SEATS)
FOLDED = L.field("folded", SEATS)
OUT = L.field("out", SEATS)
POINTS = L.field("points", SEATS)
HAND_COUNTS = L.field("hand_counts", SEATS)
FOLD_COSTS = L.field("fold_costs", SEATS)
DEAL_COSTS = L.field("deal_costs", SEATS)
STAKE = L.field("stake", 1)
KNOCKER = L.field("knocker", SEATS)
KNOCK_WAITING = L.field("knock_waiting", SEATS)
KNOCKS_AGAIN = L.field("knocks_again", SEATS)
LAST_KNOCKER = L.field("last_knocker", SEATS)
STOCK = L.field("stock_count", 1)
TRICKS_DONE = L.field("tricks_done", 1)
COMPROMISKAART = L.field("compromiskaart", SEATS)
ARMOEDE = L.field("armoede_seats", SEATS)
ARMOEDE_LEAD = L.field("armoede_lead", SEATS)
ARMOEDE_DECIDING = L.field("armoede_deciding", SEATS)
EXCHANGING = L.field("exchanging", SEATS)
LAUNDRY_CLAIMS = L.field("laundry_claims", SEATS)
LAUNDRY_CHALLENGERS = L.field("laundry_challengers", SEATS)
LAUNDRY_HONEST = L.field("laundry_honest", SEATS)
LAUNDRY_DISHONEST = L.field("laundry_dishonest", SEATS)
LAUNDRY_OPEN = L.field("laundry_open", 1)
CLAIM = L.field("claim", SEATS)
PHASE = L.field("phase", len(PHASES))

# Actions: two card verbs, two seat verbs (seats relative to the actor), then the rest.
PLAY, EXCHANGE = 0, CARDS
CHALLENGE, REVOKE = 2 * CARDS, 2 * CARDS + SEATS
PLAIN_VERBS = ("knock", "stay", "fold", "look", "keep", "laundry", "late")
PLAIN = 2 * CARDS + 2 * SEATS
CARD_VERBS = {"play": PLAY, "exchange": EXCHANGE}
SEAT_VERBS = {"challenge": CHALLENGE, "revoke": REVOKE}


def _cards(out: Array, offset: int, texts: list[str]) -> None:
    for text in texts:
        out[offset + CARD_INDEX[card(text)]] = 1.0


class ToepenEncoding(Encoding[ToepenView]):
    game = "toepen"
    layout: ClassVar[Layout] = L
    action_count = PLAIN + len(PLAIN_VERBS)

    def observe(self, view: ToepenView) -> Array:
        out = L.new()
        you, n = view.seat, view.seats
        top = float(view.max_points)
        _cards(out, HAND, view.hand or [])
        out[SEATED : SEATED + n] = 1.0
        set_seat(out, DEALER, view.dealer, you, n)
        set_seats(out, TO_ACT, view.to_act, you, n)
        set_seats(out, OUT, view.out, you, n)
        set_per_seat(out, POINTS, view.points, you, top)
        set_per_seat(out, HAND_COUNTS, view.hand_counts, you, 4.0)
        out[PHASE + PHASES.index(view.phase)] = 1.0
        if view.stake is None:  # no deal yet
            return out
        for play in view.trick:
            out[TRICK + CARDS * ((play.seat - you) % n) + CARD_INDEX[card(play.card)]] = 1
        if view.led is not None:
            out[LED + SUIT_CHARS.index(view.led)] = 1.0
        for trick in view.tricks:
            _cards(out, PLAYED, [play.card for play in trick])
        _cards(out, DEAD, view.dead_cards)
        for seat, hand in view.open_hands.items():
            _cards(out, OPEN_HANDS + CARDS * ((int(seat) - you) % n), hand)
        set_seat(out, TURN, view.turn, you, n)
        set_seats(out, ACTIVE, view.active, you, n)
        set_seats(out, FOLDED, view.folded, you, n)
        for seat, cost in view.fold_costs.items():
            out[FOLD_COSTS + (int(seat) - you) % n] = cost / top
        if view.deal_costs:
            set_per_seat(out, DEAL_COSTS, view.deal_costs, you, top)
        out[STAKE] = view.stake / top
        knock = view.knock
        if knock is not None:
            set_seat(out, KNOCKER, knock.knocker, you, n)
            set_seats(out, KNOCK_WAITING, knock.waiting, you, n)
            set_seat(out, KNOCKS_AGAIN, knock.knocks_again, you, n)
        set_seat(out, LAST_KNOCKER, view.last_knocker, you, n)
        out[STOCK] = view.stock_count / CARDS
        out[TRICKS_DONE] = view.tricks_done / 4.0
        if view.compromiskaart is not None:
            set_seat(out, COMPROMISKAART, view.compromiskaart.seat, you, n)
        armoede = view.armoede
        if armoede is not None:
            set_seats(out, ARMOEDE, armoede.seats, you, n)
            if armoede.lead is not None and armoede.lead >= 0:
                set_seat(out, ARMOEDE_LEAD, armoede.lead, you, n)
            set_seats(out, ARMOEDE_DECIDING, armoede.deciding, you, n)
        set_seats(out, EXCHANGING, view.exchanging, you, n)
        for claim in view.laundry:
            claimer = claim.seat
            set_seat(out, LAUNDRY_CLAIMS, claimer, you, n)
            set_seats(out, LAUNDRY_CHALLENGERS, claim.challenged_by, you, n)
            if claim.cards is not None:
                _cards(out, LAUNDRY_CARDS + CARDS * ((claimer - you) % n), claim.cards)
            if claim.honest is not None:
                honesty = LAUNDRY_HONEST if claim.honest else LAUNDRY_DISHONEST
                set_seat(out, honesty, claimer, you, n)
        out[LAUNDRY_OPEN] = float(view.laundry_open)
        set_seat(out, CLAIM, view.claim, you, n)
        return out

    def action_index(self, action: Action, you: int, seats: int) -> int | None:
        verb = action[0]
        if verb in CARD_VERBS:
            return CARD_VERBS[verb] + CARD_INDEX[int(action[1])]
        if verb in SEAT_VERBS:
            return SEAT_VERBS[verb] + (int(action[1]) - you) % seats
        return PLAIN + PLAIN_VERBS.index(verb)
