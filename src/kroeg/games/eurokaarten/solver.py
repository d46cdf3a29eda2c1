"""``best_melds``: the lay that leaves the fewest penalty points in hand.

An exact search over the hand: the lowest real card left is either kept, or laid in
a new set or run with it (other cards and jokers joining), or laid off onto a meld on
the table (with the cards and jokers that bridge to it). Jokers left when no real
card is left may still be laid off alone. States (cards left, table melds changed)
are memoised, so a 6-card hand is a few hundred small steps. Swapping jokers out is
not considered: a joker in hand costs 20, more than any real card it replaces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from kroeg.cards import ACE, JOKER_1, JOKER_2, Card, make_card, rank_of, suit_of
from kroeg.games.base import Action, RuleError
from kroeg.games.eurokaarten.melds import (
    CARD_POINTS,
    RUN,
    SET,
    Meld,
    MeldCard,
    MeldRules,
    extend_meld,
    fillings,
    layoff_options,
    new_meld,
)

_REAL = (1 << 52) - 1
_JOKERS = (1 << JOKER_1) | (1 << JOKER_2)


@dataclass(frozen=True, slots=True)
class MeldPlan:
    """The actions to apply in order (``meld`` and ``layoff``, melds first), the
    points they leave in hand and the mask of the cards left."""

    actions: tuple[Action, ...]
    points_left: int
    left: int


def _mask(hand: int | Iterable[Card]) -> int:
    if isinstance(hand, int):
        return hand
    mask = 0
    for card in hand:
        mask |= 1 << card
    return mask


def _new_melds_with(card: Card, hand: int, rules: MeldRules) -> list[tuple[MeldCard, ...]]:
    """Every new meld from ``hand`` that holds the real ``card``."""
    jokers_held = [j for j in (JOKER_1, JOKER_2) if hand >> j & 1]
    max_j = min(rules.max_jokers, len(jokers_held))
    rank, suit = rank_of(card), suit_of(card)
    out: list[tuple[MeldCard, ...]] = []
    others = [s for s in range(4) if s != suit]
    for size in (3, 4):
        for chosen in combinations(others, size - 1):
            identities = sorted([card, *(make_card(rank, s) for s in chosen)])
            out.extend(_real_with(card, identities, hand, jokers_held, rules))
    for length in range(3, 14):
        for offset in range(length):
            start = (rank - offset) % 13
            if not rules.wraparound and start != ACE and start + length - 1 > ACE:
                continue
            identities = [make_card((start + i) % 13, suit) for i in range(length)]
            if sum(1 for c in identities if not hand >> c & 1) > max_j:
                continue
            out.extend(_real_with(card, identities, hand, jokers_held, rules))
    return out


def _real_with(
    card: Card,
    identities: Sequence[Card],
    hand: int,
    jokers_held: Sequence[Card],
    rules: MeldRules,
) -> list[tuple[MeldCard, ...]]:
    out = []
    for laid in fillings(identities, hand, jokers_held, rules.max_jokers):
        if (card, None) not in laid:
            continue
        if rules.no_adjacent_jokers:
            try:
                new_meld(0, laid, rules)
            except RuleError:
                continue
        out.append(tuple(laid))
    return out


def _laid_mask(laid: Sequence[MeldCard]) -> int:
    mask = 0
    for c, _ in laid:
        mask |= 1 << c
    return mask


class _Search:
    def __init__(self, table: Sequence[Meld], rules: MeldRules) -> None:
        self.rules = rules
        self.table = list(table)
        self.memo: dict[tuple[int, tuple[Meld, ...]], tuple[int, tuple[Action, ...]]] = {}

    def best(self, hand: int, table: tuple[Meld, ...]) -> tuple[int, tuple[Action, ...]]:
        key = (hand, table)
        found = self.memo.get(key)
        if found is not None:
            return found
        result = self._solve(hand, table)
        self.memo[key] = result
        return result

    def _solve(self, hand: int, table: tuple[Meld, ...]) -> tuple[int, tuple[Action, ...]]:
        reals = hand & _REAL
        if not reals:
            return self._jokers_only(hand, table)
        card = (reals & -reals).bit_length() - 1
        rest = hand & ~(1 << card)
        points, actions = self.best(rest, table)
        best_points, best_actions = points + CARD_POINTS[card], actions
        if best_points == 0:
            return best_points, best_actions
        for laid in _new_melds_with(card, hand, self.rules):
            points, actions = self.best(hand & ~_laid_mask(laid), table)
            if points < best_points:
                best_points, best_actions = points, (("meld", laid), *actions)
                if points == 0:
                    return best_points, best_actions
        for n, meld in enumerate(table):
            if not self._may_take(meld, card):
                continue
            for laid in layoff_options(meld, hand, self.rules):
                if (card, None) not in laid:
                    continue
                grown = extend_meld(meld, laid, self.rules)
                new_table = (*table[:n], grown, *table[n + 1 :])
                points, actions = self.best(hand & ~_laid_mask(laid), new_table)
                if points < best_points:
                    best_points = points
                    best_actions = (("layoff", n, laid), *actions)
                    if points == 0:
                        return best_points, best_actions
        return best_points, best_actions

    @staticmethod
    def _may_take(meld: Meld, card: Card) -> bool:
        if meld.kind == SET:
            return meld.length < 4 and rank_of(card) == meld.key
        return meld.kind == RUN and suit_of(card) == meld.key and meld.length < 13

    def _jokers_only(self, hand: int, table: tuple[Meld, ...]) -> tuple[int, tuple[Action, ...]]:
        best_points = 20 * (hand & _JOKERS).bit_count()
        best_actions: tuple[Action, ...] = ()
        if not hand:
            return best_points, best_actions
        for n, meld in enumerate(table):
            for laid in layoff_options(meld, hand, self.rules):
                grown = extend_meld(meld, laid, self.rules)
                new_table = (*table[:n], grown, *table[n + 1 :])
                points, actions = self.best(hand & ~_laid_mask(laid), new_table)
                if points < best_points:
                    best_points, best_actions = points, (("layoff", n, laid), *actions)
        return best_points, best_actions


def best_melds(
    hand: int | Iterable[Card], table: Sequence[Meld], rules: MeldRules | None = None
) -> MeldPlan:
    """The melds and lay-offs that leave the fewest points in ``hand`` (a mask or cards).

    Exact: no other way to lay sets, runs (with jokers) and lay-offs onto ``table``
    leaves fewer points. The actions refer to ``table`` by index and apply in order."""
    mask = _mask(hand)
    search = _Search(table, rules or MeldRules())
    points, actions = search.best(mask, tuple(table))
    melds = tuple(a for a in actions if a[0] == "meld")
    layoffs = tuple(a for a in actions if a[0] == "layoff")
    left = mask
    for action in actions:
        left &= ~_laid_mask(action[-1])
    return MeldPlan((*melds, *layoffs), points, left)
