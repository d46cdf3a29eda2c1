"""``best_melds``: the lay that leaves the fewest penalty points in hand.

An exact search over the hand: the lowest real card left is either kept, or laid in
a new set or run with it (other cards and jokers joining), or laid off onto a meld on
the table (with the cards and jokers that bridge to it). Jokers left when no real
card is left may still be laid off alone. States (cards left, table melds changed)
are memoised, so a 6-card hand is a few hundred small steps. Joker swaps are not
part of the search: it covers new melds and lay-offs only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from kroeg.cards import JOKER_1, JOKER_2, Card, rank_of, suit_of
from kroeg.games.base import Action
from kroeg.games.eurokaarten.melds import (
    CARD_POINTS,
    ONE_OF_EACH_SUIT,
    RUN,
    SET,
    Meld,
    MeldCard,
    MeldRules,
    extend_meld,
    joker_room,
    jokers_in,
    layoff_options,
    run_arcs_through,
    run_options,
    set_options,
    suit_ranks,
)

_REAL = (1 << 52) - 1
_JOKERS = (1 << JOKER_1) | (1 << JOKER_2)
_RANK_AND_SUIT = tuple(
    (ONE_OF_EACH_SUIT << rank_of(card)) | (0x1FFF << (13 * suit_of(card))) for card in range(52)
)
"""For each card, the mask of the cards of its rank and of its suit."""


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


def _new_melds_with(card: Card, hand: int, rules: MeldRules) -> list[list[MeldCard]]:
    """The new melds from ``hand`` that hold the real ``card``: one for each set of
    cards they take from the hand (what a joker stands for in a meld laid this turn
    changes nothing after it, since the search lays off only onto the table)."""
    rank, suit = rank_of(card), suit_of(card)
    real = (card, None)
    spare = min(joker_room(rules, 0), len(jokers_in(hand)))
    same_rank = (hand >> rank & ONE_OF_EACH_SUIT).bit_count()
    out = []
    if same_rank + spare >= 3:
        out = list(set_options(rank, hand, rules, card, all_orders=False))
    held = suit_ranks(hand, suit)
    for start, length in run_arcs_through(rank, held, spare, rules.wraparound):
        out.extend(
            laid
            for laid in run_options(suit, start, length, hand, rules, all_orders=False)
            if real in laid
        )
    by_cards: dict[int, list[MeldCard]] = {}
    for laid in out:
        by_cards.setdefault(_laid_mask(laid), laid)
    return list(by_cards.values())


def _laid_mask(laid: Sequence[MeldCard]) -> int:
    mask = 0
    for c, _ in laid:
        mask |= 1 << c
    return mask


Changes = tuple[tuple[int, Meld], ...]
"""Table melds grown by lay-offs so far in the search: ``(index, meld)`` by index."""


class _Search:
    def __init__(self, table: Sequence[Meld], rules: MeldRules) -> None:
        self.rules = rules
        self.table = list(table)
        self.sets_of_rank: list[list[int]] = [[] for _ in range(13)]
        self.runs_of_suit: list[list[int]] = [[] for _ in range(4)]
        for n, meld in enumerate(table):
            if meld.kind == SET and meld.length < 4:
                self.sets_of_rank[meld.key].append(n)
            elif meld.kind == RUN and meld.length < 13:
                self.runs_of_suit[meld.key].append(n)
        self.memo: dict[tuple[int, Changes], tuple[int, tuple[Action, ...]]] = {}
        # What a card can join depends only on the cards of its rank and suit and the
        # jokers in hand: both listings are cached on that part of the hand.
        self.melds_with: dict[tuple[Card, int], list[list[MeldCard]]] = {}
        self.layoffs_with: dict[tuple[Meld, Card, int], list[tuple[MeldCard, ...]]] = {}

    def best(self, hand: int, changes: Changes) -> tuple[int, tuple[Action, ...]]:
        key = (hand, changes)
        found = self.memo.get(key)
        if found is None:
            found = self._solve(hand, changes)
            self.memo[key] = found
        return found

    def _meld(self, n: int, changes: Changes) -> Meld:
        for index, meld in changes:
            if index == n:
                return meld
        return self.table[n]

    def _lay_off(
        self, n: int, laid: Sequence[MeldCard], hand: int, changes: Changes
    ) -> tuple[int, tuple[Action, ...]]:
        grown = extend_meld(self._meld(n, changes), laid, self.rules)
        new_changes = tuple(sorted([*(c for c in changes if c[0] != n), (n, grown)]))
        points, actions = self.best(hand & ~_laid_mask(laid), new_changes)
        return points, (("layoff", n, tuple(laid)), *actions)

    def _solve(self, hand: int, changes: Changes) -> tuple[int, tuple[Action, ...]]:
        reals = hand & _REAL
        if not reals:
            return self._jokers_only(hand, changes)
        card = (reals & -reals).bit_length() - 1
        points, actions = self.best(hand & ~(1 << card), changes)
        best_points, best_actions = points + CARD_POINTS[card], actions
        if best_points == 0:
            return best_points, best_actions
        related = hand & (_RANK_AND_SUIT[card] | _JOKERS)
        melds = self.melds_with.get((card, related))
        if melds is None:
            melds = _new_melds_with(card, related, self.rules)
            self.melds_with[(card, related)] = melds
        for laid in melds:
            points, actions = self.best(hand & ~_laid_mask(laid), changes)
            if points < best_points:
                best_points, best_actions = points, (("meld", tuple(laid)), *actions)
                if points == 0:
                    return best_points, best_actions
        for n in (*self.sets_of_rank[rank_of(card)], *self.runs_of_suit[suit_of(card)]):
            meld = self._meld(n, changes)
            key = (meld, card, related)
            layoffs = self.layoffs_with.get(key)
            if layoffs is None:
                layoffs = layoff_options(meld, related, self.rules, card, all_orders=False)
                self.layoffs_with[key] = layoffs
            for layoff in layoffs:
                points, actions = self._lay_off(n, layoff, hand, changes)
                if points < best_points:
                    best_points, best_actions = points, actions
                    if points == 0:
                        return best_points, best_actions
        return best_points, best_actions

    def _jokers_only(self, hand: int, changes: Changes) -> tuple[int, tuple[Action, ...]]:
        """Only jokers are left: each one laid off saves 20, wherever it goes, so lay
        one on each of two melds that take one, else two on one run, else one."""
        jokers = jokers_in(hand)
        if not jokers:
            return 0, ()
        singles: list[tuple[int, Card]] = []
        double: tuple[int, tuple[Card, Card]] | None = None
        for n in range(len(self.table)):
            one, two = joker_room_on(self._meld(n, changes), self.rules)
            if one is not None:
                singles.append((n, one))
            if two is not None and double is None:
                double = (n, two)
        first = jokers[0]
        if len(jokers) == 2:
            second = jokers[1]
            if len(singles) >= 2:
                (n1, card1), (n2, card2) = singles[0], singles[1]
                return 0, (("layoff", n1, ((first, card1),)), ("layoff", n2, ((second, card2),)))
            if double is not None:
                n, (card1, card2) = double
                return 0, (("layoff", n, ((first, card1), (second, card2))),)
        if singles:
            n, card = singles[0]
            return 20 * (len(jokers) - 1), (("layoff", n, ((first, card),)),)
        return 20 * len(jokers), ()


@lru_cache(maxsize=4096)
def joker_room_on(meld: Meld, rules: MeldRules) -> tuple[Card | None, tuple[Card, Card] | None]:
    """What a lone joker and a pair of jokers laid off onto ``meld`` can stand for (or
    None): the first of each in ``layoff_options``. Cached across searches: the same
    melds lie on the table decision after decision."""
    one: Card | None = None
    two: tuple[Card, Card] | None = None
    for laid in layoff_options(meld, _JOKERS, rules, all_orders=False):
        stands = [card for _, card in laid if card is not None]
        if len(stands) == 1 and one is None:
            one = stands[0]
        elif len(stands) == 2 and two is None:
            two = (stands[0], stands[1])
    return one, two


def best_melds(
    hand: int | Iterable[Card], table: Sequence[Meld], rules: MeldRules | None = None
) -> MeldPlan:
    """The melds and lay-offs that leave the fewest points in ``hand`` (a mask or cards).

    Exact: no other way to lay sets, runs (with jokers) and lay-offs onto ``table``
    leaves fewer points. The actions refer to ``table`` by index and apply in order."""
    mask = _mask(hand)
    search = _Search(table, rules or MeldRules())
    points, actions = search.best(mask, ())
    melds = tuple(a for a in actions if a[0] == "meld")
    layoffs = tuple(a for a in actions if a[0] == "layoff")
    left = mask
    for action in actions:
        left &= ~_laid_mask(action[-1])
    return MeldPlan((*melds, *layoffs), points, left)
