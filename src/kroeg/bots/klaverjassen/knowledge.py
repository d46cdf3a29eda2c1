"""What a Klaverjassen seat knows, read from its view, and the hidden cards dealt from it.

:func:`read_view` turns the view's fields into masks and ints (:class:`Seen`);
:func:`infer_allowed` works out which cards each other seat may still hold from
how it played (RULES.md §6.5 as the engine states it: a seat that did not follow has
none of the led suit; in Rotterdams one that neither followed nor trumped has no trump;
one that undertrumped had no higher trump); :func:`sample_hands` deals the unseen cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from kroeg.bots.hidden import ANY, deal_hidden
from kroeg.cards import PIKET_MASK, cards_in, mask_of, parse_card, parse_suit
from kroeg.games.klaverjassen.tables import LAST_TRICK_BONUS, POINTS
from kroeg.games.klaverjassen.tricks import Rules, trick_state
from kroeg.games.klaverjassen.view import KlaverjasView


@dataclass(slots=True)
class Seen:
    """The public table and the own hand of one seat, as ints and masks."""

    me: int
    hand: int
    counts: list[int]
    trump: int
    declarer: int
    leader: int
    trick: list[int]
    tricks: list[tuple[int, list[int], int]]
    roem: list[int]
    tricks_won: list[int]
    factor: int = 1
    """``trump_mode: kraken``: how often the card points count (2 ** kraak calls)."""
    must_make: int = -1
    """``trump_mode: kraken``: the team that must take more than half (-1: other modes)."""
    bids: list[tuple[int, int]] = field(default_factory=list)
    """The auction in order: (seat, suit named), the suit -1 for a pass."""

    @property
    def gone(self) -> int:
        """Every card played in this deal, the running trick included."""
        mask = mask_of(self.trick)
        for _, cards, _ in self.tricks:
            mask |= mask_of(cards)
        return mask

    def points(self) -> list[int]:
        """Card points each team has taken in the completed tricks."""
        out = [0, 0]
        for number, (_, cards, winner) in enumerate(self.tricks):
            out[winner & 1] += sum(POINTS[self.trump][c] for c in cards)
            if number == 7:
                out[winner & 1] += LAST_TRICK_BONUS
        return out


def read_view(view: KlaverjasView) -> Seen:
    factor, must_make = view.factor, view.must_make
    return Seen(
        me=view.seat,
        hand=mask_of(parse_card(c) for c in view.hand or []),
        counts=list(view.hand_counts),
        trump=parse_suit(view.trump) if view.trump else -1,
        declarer=view.declarer if view.declarer is not None else -1,
        leader=view.leader if view.leader is not None else -1,
        trick=[parse_card(t.card) for t in view.trick],
        tricks=[(t.leader, [parse_card(c) for c in t.cards], t.winner) for t in view.tricks],
        roem=list(view.roem),
        tricks_won=list(view.tricks_won),
        factor=factor if isinstance(factor, int) else 1,
        must_make=must_make if isinstance(must_make, int) else -1,
        bids=[(b.seat, -1 if b.bid == "pass" else parse_suit(b.bid)) for b in view.bids],
    )


def infer_allowed(seen: Seen, rules: Rules) -> list[int]:
    """Per seat, a mask of the cards it may still hold (ANY for the own seat): none that
    would have made one of its plays illegal (:meth:`Rules.ruled_out`, the engine's rule)."""
    allowed = [PIKET_MASK & ~seen.gone & ~seen.hand] * 4
    allowed[seen.me] = ANY
    if seen.trump < 0:
        return allowed
    trump = seen.trump
    all_tricks = [(leader, cards) for leader, cards, _ in seen.tricks]
    if seen.trick:
        all_tricks.append((seen.leader, seen.trick))
    for leader, cards in all_tricks:
        for i in range(1, len(cards)):
            seat = (leader + i) & 3
            if seat == seen.me or not allowed[seat]:
                continue
            led, win_seat, win_strength = trick_state(trump, leader, cards[:i])
            allowed[seat] &= ~rules.ruled_out(
                trump, led, win_seat, win_strength, seat, cards[i], allowed[seat]
            )
    return allowed


def sample_hands(seen: Seen, allowed: list[int], rng: random.Random) -> list[int]:
    """The four hands as masks: the own hand, the others dealt at random within ``allowed``."""
    others = [s for s in range(4) if s != seen.me]
    unseen = cards_in(PIKET_MASK & ~seen.gone & ~seen.hand)
    dealt = deal_hidden(unseen, [seen.counts[s] for s in others], [allowed[s] for s in others], rng)
    hands = [0, 0, 0, 0]
    hands[seen.me] = seen.hand
    for seat, cards in zip(others, dealt, strict=True):
        hands[seat] = mask_of(cards)
    return hands
