"""``sterk``'s turn in Eurokaarten after the draw: joker swaps, and no discard the next
player visibly wants (issue 23, point 4).

- **Joker swap** (RULES.md §7.6, §12): a real card of the hand takes a joker's place in
  a meld on the table and the joker comes to the hand. The swap is made when the best
  lay of the new hand on the new table (the engine's ``best_melds``) leaves fewer points
  than the best lay without it: a joker that cannot be laid only adds its points.
- **Discards**: a card is *visibly wanted* by the next player when it matches a card
  that player took from the pile and still holds (same rank, or same suit within two
  ranks: a set or a run in the making), or, once that player has come down, when it
  can be laid off on a meld on the table. Among the legal discards the ones nobody
  visibly wants are preferred, each scored as ``basis`` scores it.
"""

from __future__ import annotations

from kroeg.cards import cards_in, is_joker, rank_of, suit_of
from kroeg.games.base import Action
from kroeg.games.eurokaarten.melds import MeldRules, layoff_options, swap_in, swap_joker
from kroeg.games.eurokaarten.solver import best_melds

from . import basis
from .knowledge import Seen


def swap_choice(seen: Seen, legal: list[Action], rules: MeldRules) -> Action | None:
    """The legal joker swap that most lowers the points left after the best lay, if any."""
    swaps = [a for a in legal if a[0] == "swap"]
    if not swaps:
        return None
    now = best_melds(seen.hand, seen.melds, rules).points_left
    best: tuple[int, Action] | None = None
    for action in swaps:
        _, n, card = action
        meld = seen.melds[n]
        joker = swap_joker(meld, card)
        if joker is None:
            continue
        table = [*seen.melds[:n], swap_in(meld, card, joker), *seen.melds[n + 1 :]]
        hand = seen.hand & ~(1 << card) | 1 << joker
        left = best_melds(hand, table, rules).points_left
        if left < now and (best is None or left < best[0]):
            best = (left, action)
    return None if best is None else best[1]


def wanted_by_next(seen: Seen, card: int, came_down: set[int], rules: MeldRules) -> bool:
    """Whether the next player visibly wants ``card`` (see the module docstring)."""
    following = basis.next_seat(seen)
    if following is None or is_joker(card):
        return False
    for c in cards_in(seen.picked[following]):
        if is_joker(c):
            continue
        if rank_of(c) == rank_of(card):
            return True
        if suit_of(c) == suit_of(card) and abs(rank_of(c) - rank_of(card)) <= 2:
            return True
    if following in came_down:
        return any(layoff_options(meld, 1 << card, rules) for meld in seen.melds)
    return False


def discard_choice(
    seen: Seen, legal: list[Action], came_down: set[int], rules: MeldRules
) -> Action | None:
    """The best discard nobody visibly wants, or None (then ``basis`` decides)."""
    discards = [a for a in legal if a[0] == "discard"]
    safe = [a for a in discards if not wanted_by_next(seen, a[1], came_down, rules)]
    if not safe or len(safe) == len(discards):
        return None
    return max(safe, key=lambda a: (basis.discard_value(seen, a[1]), a[1]))
