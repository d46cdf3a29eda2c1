"""``sterk``'s joker swaps in Eurokaarten after the draw (issue 23, point 4; its draws
and discards are searched in :mod:`.turns`).

- **Joker swap** (RULES.md §7.6, §12): a real card of the hand takes a joker's place in
  a meld on the table and the joker comes to the hand. The swap is made when the best
  lay of the new hand on the new table (the engine's ``best_melds``) leaves fewer points
  than the best lay without it: a joker that cannot be laid only adds its points.
"""

from __future__ import annotations

from kroeg.games.base import Action
from kroeg.games.eurokaarten.melds import MeldRules, swap_in, swap_joker
from kroeg.games.eurokaarten.solver import best_melds

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
