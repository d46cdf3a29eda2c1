"""Events every deal makes many times, built once per process and shared.

An event is never changed once it is made (:class:`kroeg.games.base.Event`), so the
events whose data is only seats, suits and card names (a play, a bid, a pass, trump
made) are made once for every combination. Building a new event and its dict for each
of the 32 cards of a deal was the largest single cost of :meth:`Klaverjassen.apply`
over the moves themselves.
"""

from __future__ import annotations

from kroeg.cards import suit_str
from kroeg.games.base import Event

from .state import SEATS
from .tables import CARD_NAMES

PLAY_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("play", {"seat": seat, "card": name}) for name in CARD_NAMES)
    for seat in range(SEATS)
)
"""``PLAY_EVENTS[seat][card]``: ``seat`` plays ``card``."""

BID_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("bid", {"seat": seat, "suit": suit_str(suit)}) for suit in range(4))
    for seat in range(SEATS)
)
"""``BID_EVENTS[seat][suit]``: ``seat`` says "ik speel ⟨suit⟩"."""

TRUMP_EVENTS: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(
        tuple(
            Event(
                "trump",
                {"declarer": seat, "team": seat & 1, "trump": suit_str(suit), "leader": leader},
            )
            for leader in range(SEATS)
        )
        for suit in range(4)
    )
    for seat in range(SEATS)
)
"""``TRUMP_EVENTS[declarer][suit][leader]``: trump is made; ``leader`` plays first."""

PASS_EVENTS: tuple[Event, ...] = tuple(Event("pass", {"seat": seat}) for seat in range(SEATS))
"""``PASS_EVENTS[seat]``: ``seat`` says "ik pas"."""
