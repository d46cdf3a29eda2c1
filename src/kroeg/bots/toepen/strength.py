"""A Toepen seat's chance of winning the last trick, estimated at once from its view.

The knock policy (:mod:`.policy`) is asked after every event of a deal, out of turn
too, so it cannot sample: this estimate is closed-form. A card of the seat is beaten
only by an unseen card of its suit that ranks higher (RULES.md §1: only the led suit
wins a trick); each unseen card lies in a hand of a seat that still plays after the
seat with the share of the unseen cards those hands hold, so the chance that none of
the ``k`` killers is there is about ``(1 - share) ** k``.

- In the last trick, once the seat's card lies in it: 0 unless it tops the trick,
  else the chance that no seat still to play holds a killer.
- In the last trick before the seat plays: its one card must lead, or follow and beat
  the top card; then the same chance over the seats after it.
- Earlier: ``1 - prod(1 - c**2 / 2)`` over the seat's cards, ``c`` each card's chance
  as if it led it to the last trick: one sure card gives 0.5, two give 0.75, middling
  cards little (the policy learns what each bucket is worth in each phase).
"""

from __future__ import annotations

from kroeg.cards import PIKET_MASK, SUIT_MASKS, TOEPEN_STRENGTH, cards_in

from .knowledge import Seen
from .tricks import trick_winner

BUCKETS = 5
"""Equal-width buckets of the estimate: 0 for [0, 0.2) up to 4 for [0.8, 1]."""


def _unseen(seen: Seen) -> int:
    known = seen.hand | seen.gone
    for hand in seen.open_hands.values():
        known |= hand
    return PIKET_MASK & ~known


def _killers(unseen: int, card: int) -> int:
    """How many unseen cards of ``card``'s suit rank above it."""
    strength = TOEPEN_STRENGTH[card]
    return sum(
        1 for c in cards_in(unseen & SUIT_MASKS[card // 13]) if TOEPEN_STRENGTH[c] > strength
    )


def _clear_chance(unseen: int, card: int, held: int) -> float:
    """The chance that none of ``card``'s killers is among ``held`` of the unseen cards."""
    total = unseen.bit_count()
    if total == 0 or held <= 0:
        return 1.0
    share = min(1.0, held / total)
    return float((1.0 - share) ** _killers(unseen, card))


def _seats_after(seen: Seen) -> list[int]:
    """The active seats that have not played to the running trick, the seat excluded."""
    played = set(seen.trick_seats)
    return [p for p in range(seen.n) if seen.active >> p & 1 and p != seen.me and p not in played]


def win_estimate(seen: Seen) -> float:
    """The estimated chance that the seat wins the last trick of the deal (0 to 1)."""
    if not seen.active >> seen.me & 1:
        return 0.0
    unseen = _unseen(seen)
    later = _seats_after(seen)
    held_later = sum(seen.counts[p] for p in later if p not in seen.open_hands)
    last = seen.tricks_done >= 3
    if last and seen.me in seen.trick_seats:
        mine = seen.trick_cards[seen.trick_seats.index(seen.me)]
        if trick_winner(seen.trick_seats, seen.trick_cards) != seen.me:
            return 0.0
        return _clear_chance(unseen, mine, held_later)
    hand = cards_in(seen.hand)
    if not hand:
        return 0.0
    if last:
        card = hand[0]
        if seen.trick_cards:
            seats = [*seen.trick_seats, seen.me]
            if trick_winner(seats, [*seen.trick_cards, card]) != seen.me:
                return 0.0
        return _clear_chance(unseen, card, held_later)
    others = [p for p in range(seen.n) if seen.active >> p & 1 and p != seen.me]
    held = sum(seen.counts[p] for p in others if p not in seen.open_hands)
    miss = 1.0
    for card in hand:
        miss *= 1.0 - _clear_chance(unseen, card, held) ** 2 / 2
    return 1.0 - miss


def bucket(chance: float) -> int:
    """The bucket of an estimate (0 to :data:`BUCKETS` - 1)."""
    return min(BUCKETS - 1, max(0, int(chance * BUCKETS)))


def phase(seen: Seen) -> str:
    """``e`` for the first two tricks, ``m`` for the third, ``l`` for the last."""
    if seen.tricks_done >= 3:
        return "l"
    return "m" if seen.tricks_done == 2 else "e"
