"""Toepen trick play: the first lead, playing a card (RULES.md §1, §12), following suit
or a revoke noted, the chants of a lead, winning a trick, and play going on after folds.

:func:`play` is the hottest rule of a playout: it checks the usual legal play in one
test (by :func:`.following.playable`, as ``legal`` lists the plays) and leaves the
refusals to :func:`_check_play`.
"""

from __future__ import annotations

from kroeg.cards import JACK, TEN, card_str, suit_str
from kroeg.games.base import Action, Event, RuleError
from kroeg.games.toepen.events import LEAD_EVENTS, PLAY_EVENTS, TRICK_EVENTS, Events
from kroeg.games.toepen.following import playable, winning_index
from kroeg.games.toepen.limits import update_limit
from kroeg.games.toepen.notation import card_arg
from kroeg.games.toepen.options import LIMIT_ANY, Options
from kroeg.games.toepen.scoring import end_deal
from kroeg.games.toepen.state import PLAY, ToepenState
from kroeg.games.toepen.tables import (
    BIT,
    LEAD_COUNT,
    NEXT_SEAT,
    PIKET,
    SUIT_OF,
    hand_list,
)
from kroeg.games.toepen.turns import not_your_turn, refuse_while_waiting, require_active


def start_play(rules: Options, s: ToepenState, ev: Events) -> None:
    """The deal is dealt (and exchanged, and armoede answered): the first lead."""
    if s.active.bit_count() == 1:
        # Everybody else folded in the armoede round: the one left wins (RULES.md §2.6).
        end_deal(rules, s, s.active.bit_length() - 1, ev, -1)
        return
    s.phase = PLAY
    # The laundry window (RULES.md §3.2, §12): open from here, with the option, until
    # the first card of the deal is played.
    s.laundry_open = rules.laundry
    lead = s.armoede_lead if s.armoede_seats else s.dealer
    if not (s.armoede_seats and s.active >> lead & 1):
        lead = NEXT_SEAT[s.n][lead << 8 | s.active]
    s.turn = lead
    if rules.limit == LIMIT_ANY:
        update_limit(s)
    if ev is not None:
        ev.append(LEAD_EVENTS[lead])


def play(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("play", card)``: checked by :func:`.following.playable`, as ``legal`` lists it."""
    card = action[1] if len(action) == 2 else None
    if card.__class__ is not int or card not in PIKET:
        card = card_arg(action)
    hand = s.hands[seat]
    bit = BIT[card]
    led = s.led
    if not (s.phase == PLAY and s.knocker < 0 and seat == s.turn and bit & playable(hand, led)):
        _check_play(rules, s, seat, card)  # raises, or notes a revoke (follow suit off)
    s.hands[seat] = hand ^ bit
    if led < 0:
        suit = SUIT_OF[card]
        s.led = suit
        s.led_suits[seat] += LEAD_COUNT[suit]
    s.trick_seats.append(seat)
    s.trick_cards.append(card)
    played = s.trick_played | 1 << seat
    s.trick_played = played
    if not s.played_any:  # the first card of the deal closes the laundry window
        s.played_any = True
        s.laundry_open = False
        s.claim = -1
    if ev is not None:
        ev.append(PLAY_EVENTS[seat][card])
        if led < 0 and rules.etiquette:
            _lead_chants(s, seat, card, ev)
    if card % 13 == JACK:
        jack_seen(rules, s, ev)
    if played == s.active:
        finish_trick(rules, s, ev)
        return
    s.turn = NEXT_SEAT[s.n][seat << 8 | s.active & ~played]


def _check_play(rules: Options, s: ToepenState, seat: int, card: int) -> None:
    """Why ``play`` refused the card, in order: a RuleError, or a revoke noted when
    following suit is not enforced (the revoke is called later, RULES.md §2.7)."""
    if s.phase != PLAY or s.knocker >= 0:
        raise refuse_while_waiting(s, "no card may be played now")
    if seat != s.turn:
        require_active(s, seat)
        raise not_your_turn(s.turn, f"not your turn: waiting for seat {s.turn}")
    hand = s.hands[seat]
    if not hand >> card & 1:
        yours = ", ".join(card_str(c) for c in hand_list(hand))
        raise RuleError(
            "not_in_hand",
            f"{card_str(card)} is not in your hand: your cards are {yours}",
            card=card_str(card),
        )
    # The card does not follow suit (the one check of play() left).
    if rules.follow:
        allowed = hand_list(playable(hand, s.led))
        raise RuleError(
            "must_follow",
            f"must follow suit {suit_str(s.led)}: legal cards are"
            f" {', '.join(card_str(c) for c in allowed)}",
            suit=suit_str(s.led),
            cards=[card_str(c) for c in allowed],
        )
    s.revoked |= 1 << seat


def _lead_chants(s: ToepenState, seat: int, card: int, ev: list[Event]) -> None:
    """Seed 000's chants on a lead: public events that change nothing."""
    if s.tricks_done == 0 and card % 13 == TEN:
        ev.append(Event("tienentrekker", {"seat": seat}))
    suit = card // 13
    if s.led_suits[seat] >> (suit * 4) & 15 == 2:
        ev.append(Event("heeft_men_meer", {"seat": seat, "suit": suit_str(suit)}))


def jack_seen(rules: Options, s: ToepenState, ev: Events) -> None:
    """A jack turned up (played or exchanged): seed 000 calls the third one."""
    s.jacks_seen += 1
    if s.jacks_seen == 3 and ev is not None and rules.etiquette:
        ev.append(Event("boerenfiske", {}))


def finish_trick(rules: Options, s: ToepenState, ev: Events) -> None:
    """Every active seat has played: the trick's winner leads next, or the deal ends."""
    seats = s.trick_seats
    cards = s.trick_cards
    i = winning_index(cards)
    win_card = cards[i]
    winner = seats[i]
    tricks = s.tricks_done + 1
    s.tricks_done = tricks
    # Equal lengths by construction; strict= would parse a keyword on every trick.
    s.last_trick = trick = list(zip(seats, cards))  # noqa: B905
    s.done_tricks.append(trick)
    s.trick_seats = []
    s.trick_cards = []
    s.trick_played = 0
    s.led = -1
    if ev is not None:
        ev.append(TRICK_EVENTS[winner * 5 + tricks])
    if tricks == 4:
        end_deal(rules, s, winner, ev, win_card)
        return
    s.turn = winner


def resume(rules: Options, s: ToepenState, ev: Events) -> None:
    """Play goes on after folds: finish a trick that is now complete, or pass the turn to
    the next active seat clockwise that has not played to the trick (RULES.md §12)."""
    if s.trick_cards and s.trick_played == s.active:
        finish_trick(rules, s, ev)
    elif not s.active >> s.turn & 1:
        s.turn = NEXT_SEAT[s.n][s.turn << 8 | s.active & ~s.trick_played]
