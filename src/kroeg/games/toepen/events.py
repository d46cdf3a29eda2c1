"""Prebuilt events for the moves every deal makes many times: shared, never rebuilt.

An event is never changed once it is made (:class:`kroeg.games.base.Event`), so the
events whose data holds only seat numbers, small counts and card names (a play, a
stay, a fold, a trick, a lead, the klaveren aas shown, a knock and its answerers) are
built once per process and shared by every game. Building them anew was the larger part of what
:meth:`Toepen.apply` costs over :meth:`Toepen.advance`.
"""

from __future__ import annotations

from kroeg.games.base import Event
from kroeg.games.toepen.het import COMPROMISKAART
from kroeg.games.toepen.tables import CARD_STR

Events = list[Event] | None
"""Where a rule appends its events: a list, or None when the caller wants none
(:meth:`Toepen.advance`)."""

SEAT_LIMIT = 8
"""Toepen seats at most 8 players (klassiek)."""

PLAY_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("play", {"seat": seat, "card": CARD_STR[card]}) for card in range(54))
    for seat in range(SEAT_LIMIT)
)
"""``PLAY_EVENTS[seat][card]``: ``seat`` plays ``card``."""

STAY_EVENTS: tuple[Event, ...] = tuple(Event("stay", {"seat": seat}) for seat in range(SEAT_LIMIT))
"""``STAY_EVENTS[seat]``: ``seat`` stays in (meegaan) after a knock."""

KNOCK_AGAIN_EVENTS: tuple[Event, ...] = tuple(
    Event("stay", {"seat": seat, "knocks_again": True}) for seat in range(SEAT_LIMIT)
)
"""``KNOCK_AGAIN_EVENTS[seat]``: ``seat`` answers a knock by knocking again."""

LEAD_EVENTS: tuple[Event, ...] = tuple(Event("lead", {"seat": seat}) for seat in range(SEAT_LIMIT))
"""``LEAD_EVENTS[seat]``: ``seat`` leads the first trick of the deal."""

TRICK_EVENTS: tuple[Event, ...] = tuple(
    Event("trick", {"winner": winner, "trick_no": trick_no})
    for winner in range(SEAT_LIMIT)
    for trick_no in range(5)
)
"""``TRICK_EVENTS[winner * 5 + trick_no]``: ``winner`` takes trick ``trick_no`` (1 to 4)."""

REVEAL_EVENTS: tuple[tuple[Event, Event], ...] = tuple(
    (
        Event("reveal", {"seat": seat, "card": CARD_STR[COMPROMISKAART]}),
        Event("applause", {"seat": seat}),
    )
    for seat in range(SEAT_LIMIT)
)
"""``REVEAL_EVENTS[seat]``: ``seat`` shows the klaveren aas, and the table applauds."""

_FOLD_EVENTS: dict[int, Event] = {}


def fold_event(seat: int, cost: int) -> Event:
    """``seat`` folds for ``cost`` (no card of it in the trick): built once per pair."""
    key = cost * SEAT_LIMIT + seat
    found = _FOLD_EVENTS.get(key)
    if found is None:
        found = _FOLD_EVENTS[key] = Event("fold", {"seat": seat, "cost": cost})
    return found


KNOCK_EVENTS: dict[int, Event] = {}
"""``knock_event``'s cache by ``stake << 11 | seat << 8 | active``, read directly on the hot
path: the answerers are the other active seats clockwise from the knocker's left, which
the knocker and the active seats decide whatever the table size."""


def knock_event(seat: int, stake: int, answerers: tuple[int, ...]) -> Event:
    """``seat`` knocks, the stake becomes ``stake``, ``answerers`` answer in this order."""
    active = 1 << seat
    for p in answerers:
        active |= 1 << p
    event = Event("knock", {"seat": seat, "stake": stake, "answerers": list(answerers)})
    KNOCK_EVENTS[stake << 11 | seat << 8 | active] = event
    return event
