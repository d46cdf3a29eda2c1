"""The Toepen knock limit (RULES.md §2.5, §3.3, §12): whether a knock may raise the stake.

The limit compares the standings at the start of the deal with the new stake: any active
player (kroegregels), the knocker only (klassiek), or nobody. ``Toepen.legal`` inlines
:func:`may_raise` on its hottest line; the two must agree.
"""

from __future__ import annotations

from kroeg.games.base import RuleError
from kroeg.games.toepen.options import LIMIT_ANY, LIMIT_KNOCKER, LIMIT_NONE, Rules
from kroeg.games.toepen.state import ToepenState
from kroeg.games.toepen.tables import POINTS_OF


def may_raise(rules: Rules, s: ToepenState, seat: int) -> bool:
    """Whether ``seat`` may raise the stake by a knock now, turn and knock limit
    considered (the same as ``limit_blocker(rules, s, seat) < 0`` and the turn check)."""
    if rules.knock_only_on_turn and seat != s.turn:
        return False
    limit = rules.limit
    if limit == LIMIT_NONE:
        return True
    top = s.limit_top if limit == LIMIT_ANY else s.points[seat]
    return top + s.stake < rules.max_points


def limit_blocker(rules: Rules, s: ToepenState, seat: int) -> int:
    """The seat the knock limit protects from one more point of stake, or -1."""
    limit = rules.limit
    new_stake = s.stake + 1
    top = rules.max_points
    if limit == LIMIT_ANY:
        if s.limit_top + new_stake <= top:
            return -1
        return next(p for p in range(s.n) if s.active >> p & 1 and s.points[p] + new_stake > top)
    if limit == LIMIT_KNOCKER and s.points[seat] + new_stake > top:
        return seat
    return -1


def check_limit(rules: Rules, s: ToepenState, seat: int) -> None:
    """A knock by ``seat`` keeps within the knock limit, or a RuleError says who it protects."""
    blocker = limit_blocker(rules, s, seat)
    if blocker >= 0:
        who = "you stand" if blocker == seat else f"seat {blocker} stands"
        raise RuleError(
            f"knock limit: the stake would become {s.stake + 1} and {who} on"
            f" {s.points[blocker]} points, above {rules.max_points}"
        )


def update_limit(s: ToepenState) -> None:
    """The highest standing among active players, for the any-active knock limit
    (the callers skip it for the other limits, which never read it)."""
    s.limit_top = max(POINTS_OF[s.active](s.points))  # two active seats at least
