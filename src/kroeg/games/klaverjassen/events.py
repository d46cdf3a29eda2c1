"""Events every deal makes many times, built once per process and shared.

An event is never changed once it is made (:class:`kroeg.games.base.Event`), so the
``play`` events, whose data is only a seat and a card name, are made once for every
seat and card. Building a new event and its dict for each of the 32 cards of a deal
was the largest single cost of :meth:`Klaverjassen.apply` over the moves themselves.
"""

from __future__ import annotations

from kroeg.games.base import Event

from .tables import CARD_NAMES

SEATS = 4

PLAY_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("play", {"seat": seat, "card": name}) for name in CARD_NAMES)
    for seat in range(SEATS)
)
"""``PLAY_EVENTS[seat][card]``: ``seat`` plays ``card``."""
