"""Dealing the hidden cards of a view at random, consistent with what the view proves.

The places a hidden card may be are the other seats' hands, the stock, a
set-aside hand...: each has a size the view shows and a mask of the cards it may
hold (a seat that failed to follow suit holds none of that suit). The cards are
dealt most-constrained first, each to a place drawn in proportion to its free room,
which is close to uniform over the consistent deals. When the constraints come
out contradictory (an inference too bold for an unusual option), they are dropped
rather than failing: the counts are always right.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

ANY = -1
"""A mask allowing every card."""

_TRIES = 20


def deal_hidden(
    cards: Sequence[int], sizes: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """``cards`` split into places of ``sizes``; place i only gets cards in ``allowed[i]``.

    ``sum(sizes)`` must equal ``len(cards)``. Each place's cards come in random order
    (a stock's order is then random too).
    """
    if sum(sizes) != len(cards):
        raise ValueError(f"{len(cards)} hidden cards do not fill places of sizes {list(sizes)}")
    for _ in range(_TRIES):
        dealt = _try_deal(cards, sizes, allowed, rng)
        if dealt is not None:
            return dealt
    dealt = _try_deal(cards, sizes, [ANY] * len(sizes), rng)
    assert dealt is not None
    return dealt


def _try_deal(
    cards: Sequence[int], sizes: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[list[int]] | None:
    room = list(sizes)
    places = range(len(sizes))
    options = {c: [p for p in places if allowed[p] >> c & 1 or allowed[p] == ANY] for c in cards}
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda c: len(options[c]))
    out: list[list[int]] = [[] for _ in places]
    for card in order:
        free = [p for p in options[card] if room[p] > 0]
        if not free:
            return None
        place = rng.choices(free, weights=[room[p] for p in free])[0]
        out[place].append(card)
        room[place] -= 1
    for hand in out:
        rng.shuffle(hand)
    return out
