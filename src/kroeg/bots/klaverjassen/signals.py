"""What the auction tells about the hidden hands: weights on the sampled deals.

A seat that made trump usually holds the jack and the nine of trump; a seat that
passed holds them less often than chance in every suit. Each such fact is a
*signal*: a seat, a card still unseen, and the odds ratio by which the auction makes
it likelier (or less likely) that the seat holds the card, from the rates measured in
self-play by ``bench/kj_signals.py`` (the rates below, its output). A deal's
weight is the product of the odds ratios of the signals it fulfils (naive Bayes over
the cards); :func:`sample_deal` draws deals consistent with the view in proportion to
uniform x weight (a few Metropolis-Hastings steps from a uniform deal), so the deals
searched follow the auction about as often as real tables do.

Only the view is read (the bids, the trump, the cards seen), so the weights are the
same whatever the other seats really hold. Voids and trump duties shown in play are
hard limits already (:func:`.knowledge.infer_allowed`). With ``trump_mode: gedraaid``
a pass refuses only the turned suit, so no auction signal is read there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kroeg.cards import JACK, NINE, PIKET_MASK, cards_in, make_card

from .knowledge import Seen, sample_hands

BASE_RATE = 0.25
"""The chance that a given seat holds a given card before anything is seen (8 of 32)."""

DECLARER_JACK = {False: 0.836, True: 0.545}
"""P(the declarer holds the jack of trump), by whether it was forced to play (sterk
self-play, ``bench/kj_signals.py``: 16,084 of 19,230 free declarers, 420 of 770 forced)."""
DECLARER_NINE = {False: 0.567, True: 0.327}
"""P(the declarer holds the nine of trump), likewise (10,905 of 19,230; 252 of 770)."""
PASSER_JACK = 0.192
"""P(a seat that passed holds the jack of a given suit) (13,236 of 69,066)."""
PASSER_NINE = 0.236
"""P(a seat that passed holds the nine of a given suit) (16,330 of 69,066)."""

SWEEPS = 3
"""Metropolis-Hastings sweeps over the signal cards per sample (:func:`sample_deal`)."""

FORCED_MODES = ("verplicht_spelen", "utrechts", "kraken")
"""Trump modes in which the first bidder must play (it had no pass)."""


@dataclass(frozen=True, slots=True)
class Signal:
    seat: int
    card: int
    odds: float
    """How much likelier a deal is when ``seat`` holds ``card`` (an odds ratio)."""


def odds_ratio(rate: float) -> float:
    """The odds of ``rate`` against those of :data:`BASE_RATE`."""
    return rate * (1 - BASE_RATE) / ((1 - rate) * BASE_RATE)


def auction_signals(seen: Seen, mode: str) -> list[Signal]:
    """The signals of the auction on the cards ``seen.me`` has not seen."""
    if mode == "gedraaid":
        return []
    unseen = PIKET_MASK & ~seen.gone & ~seen.hand
    passed = {seat for seat, suit in seen.bids if suit < 0}
    out: list[Signal] = []

    def add(seat: int, card: int, rate: float) -> None:
        if seat != seen.me and unseen >> card & 1:
            out.append(Signal(seat, card, odds_ratio(rate)))

    for seat in sorted(passed):
        for suit in range(4):
            if seat == seen.declarer and suit == seen.trump:
                continue  # it passed, then had to play: the forced rates below
            add(seat, make_card(JACK, suit), PASSER_JACK)
            add(seat, make_card(NINE, suit), PASSER_NINE)
    if seen.declarer >= 0 and seen.trump >= 0:
        forced = seen.declarer in passed or mode in FORCED_MODES
        add(seen.declarer, make_card(JACK, seen.trump), DECLARER_JACK[forced])
        add(seen.declarer, make_card(NINE, seen.trump), DECLARER_NINE[forced])
    return out


def sample_deal(
    seen: Seen, allowed: list[int], signals: list[Signal], rng: random.Random
) -> list[int]:
    """The four hands as masks, consistent with the view and weighted by the auction:
    a uniform deal (:func:`.knowledge.sample_hands`), then :data:`SWEEPS` Metropolis-
    Hastings sweeps over the signals' cards. Each step offers to move a signal card to
    another hidden seat in exchange for a random card of that seat (both allowed where
    they go) and accepts with the ratio of the deals' weights times the proposal
    correction (the two hands' sizes), so the deals follow weight x uniform."""
    hands = sample_hands(seen, allowed, rng)
    if not signals:
        return hands
    odds: dict[int, dict[int, float]] = {}
    for x in signals:
        odds.setdefault(x.card, {})[x.seat] = x.odds
    others = [seat for seat in range(4) if seat != seen.me]
    for _ in range(SWEEPS):
        for card in sorted(odds):
            holder = [seat for seat in others if hands[seat] >> card & 1]
            if not holder:
                continue
            q = holder[0]
            p = rng.choice([seat for seat in others if seat != q])
            if not hands[p] or not allowed[p] >> card & 1:
                continue
            other = rng.choice(cards_in(hands[p]))
            if not allowed[q] >> other & 1:
                continue
            ratio = hands[p].bit_count() / hands[q].bit_count()
            ratio *= odds[card].get(p, 1.0) / odds[card].get(q, 1.0)
            if other in odds:
                ratio *= odds[other].get(q, 1.0) / odds[other].get(p, 1.0)
            if ratio >= 1 or rng.random() < ratio:
                swap = (1 << card) | (1 << other)
                hands[p] ^= swap
                hands[q] ^= swap
    return hands
