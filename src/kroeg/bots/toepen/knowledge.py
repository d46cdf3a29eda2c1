"""What a Toepen seat knows, read from its view, and the hidden cards dealt from it.

Known to be out of play: the cards of the completed and the running trick, the dead
cards beside the stock (kroegregels exchanges), laundry hands turned up (and the
seat's own set-aside hand). Known in a place: hands played open. Hidden: the other
hands, the stock and laundry hands nobody turned up. A seat that did not follow the
led suit holds none of it (RULES.md §1, when following is enforced).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kroeg.bots.hidden import deal_hidden
from kroeg.cards import PIKET_MASK, SUIT_MASKS, cards_in, mask_of, parse_card
from kroeg.games.toepen.view import ToepenView


@dataclass(slots=True)
class Seen:
    me: int
    n: int
    hand: int
    counts: list[int]
    active: int
    turn: int
    trick_seats: list[int]
    trick_cards: list[int]
    tricks: list[list[tuple[int, int]]]
    tricks_done: int
    stake: int
    stock_count: int
    gone: int
    """Cards out of play: played, dead, set aside and known."""
    open_hands: dict[int, int]
    hidden_laundry: int
    """How many set-aside laundry hands of other seats nobody has seen."""
    voids: list[int]
    """Per seat, a mask of the suits (as card masks) it is known not to hold."""


def _cards(texts: list[str] | None) -> int:
    return mask_of(parse_card(c) for c in texts or [])


def read_view(view: ToepenView) -> Seen:
    me = view.seat
    n = view.seats
    trick = view.trick
    tricks = [[(t.seat, parse_card(t.card)) for t in done] for done in view.tricks]
    gone = _cards([t.card for t in trick]) | _cards(view.dead_cards)
    for done in tricks:
        gone |= mask_of(c for _, c in done)
    hidden_laundry = 0
    for entry in view.laundry:
        if entry.cards is None:
            hidden_laundry += 1
        else:
            gone |= _cards(entry.cards)
    open_hands = {int(p): _cards(c) for p, c in view.open_hands.items() if int(p) != me}
    voids = [0] * n
    follow = view.options["enforce_follow_suit"]
    if follow:
        running = [(t.seat, parse_card(t.card)) for t in trick]
        for done in [*tricks, running]:
            if not done:
                continue
            led = SUIT_MASKS[done[0][1] // 13]
            for seat, card in done[1:]:
                if not (1 << card) & led:
                    voids[seat] |= led
    return Seen(
        me=me,
        n=n,
        hand=_cards(view.hand),
        counts=list(view.hand_counts),
        active=mask_of(view.active),
        turn=view.turn if view.turn is not None else -1,
        trick_seats=[t.seat for t in trick],
        trick_cards=[parse_card(t.card) for t in trick],
        tricks=tricks,
        tricks_done=view.tricks_done,
        stake=view.stake or 1,
        stock_count=view.stock_count,
        gone=gone,
        open_hands=open_hands,
        hidden_laundry=hidden_laundry,
        voids=voids,
    )


@dataclass(slots=True)
class Determinisation:
    hands: list[int]
    stock: list[int]
    """The stock's cards, top first."""


def sample(seen: Seen, rng: random.Random) -> Determinisation:
    """Every hand and the stock, the hidden cards dealt at random within what is known."""
    others = [p for p in range(seen.n) if p != seen.me and p not in seen.open_hands]
    known = seen.hand | seen.gone
    for hand in seen.open_hands.values():
        known |= hand
    unseen = cards_in(PIKET_MASK & ~known)
    sizes = [seen.counts[p] for p in others] + [seen.stock_count, 4 * seen.hidden_laundry]
    # A card played to a trick and taken back out by a fold is out of play, but the
    # view no longer shows it: whatever is left over is put aside.
    sizes.append(len(unseen) - sum(sizes))
    allowed = [PIKET_MASK & ~seen.voids[p] for p in others] + [PIKET_MASK] * 3
    dealt = deal_hidden(unseen, sizes, allowed, rng)
    hands = [0] * seen.n
    hands[seen.me] = seen.hand
    for p, hand in seen.open_hands.items():
        hands[p] = hand
    for p, cards in zip(others, dealt, strict=False):
        hands[p] = mask_of(cards)
    return Determinisation(hands, dealt[len(others)])
