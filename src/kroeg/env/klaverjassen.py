"""Klaverjassen's observation and action space (docs/env.md, "Klaverjassen").

Four seats, two teams (seats 0 and 2 against 1 and 3); cards are the 32 of the piket
deck in :data:`kroeg.cards.PIKET_DECK` order. Team fields put the observer's team first.
"""

from __future__ import annotations

from typing import ClassVar

from kroeg.cards import PIKET_DECK, SUIT_CHARS
from kroeg.env.encoding import Encoding, card
from kroeg.env.layout import Array, Layout, set_seat, set_seats
from kroeg.games.base import Action
from kroeg.games.klaverjassen.view import KlaverjasView

SEATS = 4
CARDS = len(PIKET_DECK)
CARD_INDEX = {c: i for i, c in enumerate(PIKET_DECK)}
PHASES = ("deal", "bidding", "kraken", "play", "over")
BIDS = (*SUIT_CHARS, "pass")
CALLS = ("kraak", "herkraak", "superkraak")
DEAL_POINTS = 162
"""A deal's card points (152 and 10 for the last trick): the scale of points and roem."""

L = Layout()
HAND = L.field("hand", CARDS)
TRICK = L.field("trick", SEATS * CARDS)
PLAYED = L.field("played", CARDS)
TURNED = L.field("turned", CARDS)
TRUMP = L.field("trump", 4)
PROPOSED = L.field("proposed", 4)
DECLARER = L.field("declarer", SEATS)
LEADER = L.field("leader", SEATS)
DEALER = L.field("dealer", SEATS)
TO_ACT = L.field("to_act", SEATS)
LAST_BID = L.field("last_bid", SEATS * len(BIDS))
CALLED = L.field("calls", SEATS * len(CALLS))
TRICKS_WON = L.field("tricks_won", 2)
ROEM = L.field("roem", 2)
TOTALS = L.field("totals", 2)
DEAL_NO = L.field("deal_no", 1)
FACTOR = L.field("factor", 1)
PHASE = L.field("phase", len(PHASES))

PLAY = 0
BID = CARDS
PLAIN_VERBS = ("pass", "roem", *CALLS)
PLAIN = BID + 4
VERZAAKT = PLAIN + len(PLAIN_VERBS)


class KlaverjassenEncoding(Encoding[KlaverjasView]):
    game = "klaverjassen"
    layout: ClassVar[Layout] = L
    action_count = VERZAAKT + SEATS

    def observe(self, view: KlaverjasView) -> Array:
        out = L.new()
        you = view.seat
        n = SEATS
        ours, theirs = you % 2, 1 - you % 2
        for text in view.hand or []:
            out[HAND + CARD_INDEX[card(text)]] = 1.0
        for play in view.trick:
            out[TRICK + CARDS * ((play.seat - you) % n) + CARD_INDEX[card(play.card)]] = 1
        for trick in view.tricks:
            for text in trick.cards:
                out[PLAYED + CARD_INDEX[card(text)]] = 1.0
        for text in view.turned or ():
            out[TURNED + CARD_INDEX[card(text)]] = 1.0
        if view.trump is not None:
            out[TRUMP + SUIT_CHARS.index(view.trump)] = 1.0
        if view.proposed:
            out[PROPOSED + SUIT_CHARS.index(view.proposed)] = 1.0
        set_seat(out, DECLARER, view.declarer, you, n)
        set_seat(out, LEADER, view.leader, you, n)
        set_seat(out, DEALER, view.dealer, you, n)
        set_seats(out, TO_ACT, view.to_act, you, n)
        for bid in view.bids:  # later bids of a seat overwrite its earlier ones
            at = LAST_BID + len(BIDS) * ((bid.seat - you) % n)
            out[at : at + len(BIDS)] = 0.0
            out[at + BIDS.index(bid.bid)] = 1.0
        for call in view.calls or ():
            out[CALLED + len(CALLS) * ((call.seat - you) % n) + CALLS.index(call.call)] = 1
        out[TRICKS_WON] = view.tricks_won[ours] / 8.0
        out[TRICKS_WON + 1] = view.tricks_won[theirs] / 8.0
        out[ROEM] = view.roem[ours] / DEAL_POINTS
        out[ROEM + 1] = view.roem[theirs] / DEAL_POINTS
        totals = view.standings["totals"]
        out[TOTALS] = totals[ours] / (16 * DEAL_POINTS)
        out[TOTALS + 1] = totals[theirs] / (16 * DEAL_POINTS)
        out[DEAL_NO] = view.deal_no / 16.0
        if isinstance(view.factor, int):
            out[FACTOR] = view.factor / 8.0
        out[PHASE + PHASES.index(view.phase)] = 1.0
        return out

    def action_index(self, action: Action, you: int, seats: int) -> int | None:
        verb = action[0]
        if verb == "play":
            return PLAY + CARD_INDEX[int(action[1])]
        if verb == "bid":
            return BID + int(action[1])
        if verb == "verzaakt":
            return VERZAAKT + (int(action[1]) - you) % seats
        return PLAIN + PLAIN_VERBS.index(verb)
