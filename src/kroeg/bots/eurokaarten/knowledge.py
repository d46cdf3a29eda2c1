"""What an Eurokaarten seat knows, read from its view, and the hidden cards dealt from it.

Out of play and public: the melds on the table and the whole discard pile. Known
in a hand: cards a seat took from the pile and has not laid or discarded since
(the view's ``picked``); the pile's cards each seat declined (``declined``, used by
``sterk``'s weighted samples). Hidden: the other hands, the stock, and the hands of seats
put out mid-round (set aside, never shown).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kroeg.bots.hidden import deal_hidden
from kroeg.cards import cards_in, mask_of, parse_card, parse_meld_card
from kroeg.games.eurokaarten.melds import Meld, MeldRules, new_meld
from kroeg.games.eurokaarten.view import EuroView


@dataclass(slots=True)
class Seen:
    me: int
    n: int
    hand: int
    counts: list[int]
    seats_in: list[int]
    melds: list[Meld]
    discard: list[int]
    taken: int | None
    drawn: bool
    stock_count: int
    picked: list[int]
    """Per seat, cards it took from the pile that must still be in its hand."""
    declined: list[int]
    """Per seat, the pile's top cards it left there this round, drawing the stock."""
    deck: int

    @property
    def on_table(self) -> int:
        mask = mask_of(self.discard)
        for meld in self.melds:
            mask |= meld.real | mask_of(j for j, _ in meld.jokers)
        return mask


def read_view(view: EuroView, rules: MeldRules, deck: int) -> Seen:
    me = view.seat
    n = view.seats
    melds = [new_meld(m.owner, [parse_meld_card(c) for c in m.cards], rules) for m in view.melds]
    discard = [parse_card(c) for c in view.discard_pile or []]
    out = set(view.standings["out"])
    seen = Seen(
        me=me,
        n=n,
        hand=mask_of(parse_card(c) for c in view.hand or []),
        counts=list(view.hand_counts),
        seats_in=[p for p in range(n) if p not in out],
        melds=melds,
        discard=discard,
        taken=parse_card(view.taken) if view.taken else None,
        drawn=bool(view.drawn),
        stock_count=view.stock_count,
        picked=[0] * n,
        declined=[mask_of(parse_card(c) for c in cards) for cards in view.declined],
        deck=deck,
    )
    table = seen.on_table
    for p, cards in enumerate(view.picked):
        if p != me:
            seen.picked[p] = mask_of(parse_card(c) for c in cards) & ~table
    return seen


@dataclass(slots=True)
class Determinisation:
    hands: list[int]
    stock: list[int]
    """The stock, top card last (as the engine keeps it)."""
    dead: int


def sample(seen: Seen, rng: random.Random) -> Determinisation:
    """Every hand and the stock, the hidden cards dealt at random within what is known."""
    others = [p for p in seen.seats_in if p != seen.me]
    forced = 0
    for p in others:
        forced |= seen.picked[p]
    unseen = [c for c in cards_in(seen.deck & ~seen.hand & ~seen.on_table) if not forced >> c & 1]
    sizes = [seen.counts[p] - seen.picked[p].bit_count() for p in others]
    sizes += [seen.stock_count]
    sizes.append(len(unseen) - sum(sizes))
    dealt = deal_hidden(unseen, sizes, [-1] * len(sizes), rng)
    hands = [0] * seen.n
    hands[seen.me] = seen.hand
    for p, cards in zip(others, dealt, strict=False):
        hands[p] = mask_of(cards) | seen.picked[p]
    return Determinisation(hands, dealt[len(others)], mask_of(dealt[-1]))
