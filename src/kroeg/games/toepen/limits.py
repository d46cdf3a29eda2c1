"""Who may knock in Toepen (RULES.md §1, §2.5, §3.3, §12), stated once for ``legal``
and ``apply``: :func:`knock_refusal` returns ``""`` when the knock is allowed, else the
code of the refusal (:mod:`.knocks` raises it with its message).

The knock limit compares the standings at the start of the deal with the new stake: any
active player (kroegregels), the knocker only (klassiek), or nobody.
"""

from __future__ import annotations

from kroeg.games.base import RuleError
from kroeg.games.toepen.options import LIMIT_ANY, LIMIT_NONE, Options
from kroeg.games.toepen.state import ToepenState
from kroeg.games.toepen.tables import POINTS_OF


def knock_refusal(rules: Options, s: ToepenState, seat: int) -> str:
    """Why active ``seat`` may not knock now (the deal in play), or ``""``.

    A knock in play: not over one's own knock (seed 000 "art. 5"). A knock as an answer,
    while a knock is answered and the seat's answer is due: only in kroegregels with
    ``knock_mode: sequential``, once per round of answers (RULES.md §3.3, §12). Either
    way: on one's own turn with ``knock_only_on_turn``, and within the limit: nobody (or
    the knocker) above ``max_points`` at the new stake (seed 000 "art. 6", seed 002)."""
    if s.knocker >= 0:
        if not rules.answer_by_knock:
            return "no_over_knock"
        if s.over_knock >= 0:
            return "over_knock_taken"
    elif seat == s.last_knocker:
        return "own_knock"
    if rules.knock_only_on_turn and seat != s.turn:
        return "knock_on_turn"
    limit = rules.limit
    if limit != LIMIT_NONE and (
        (s.limit_top if limit == LIMIT_ANY else s.points[seat]) + s.stake >= rules.max_points
    ):
        return "knock_limit"
    return ""


def limit_error(rules: Options, s: ToepenState, seat: int) -> RuleError:
    """The ``knock_limit`` refusal: who the limit protects (the knocker, or the first
    active seat on the highest standing) and the stake the knock would make."""
    blocker = seat
    if rules.limit == LIMIT_ANY:
        blocker = next(p for p in range(s.n) if s.active >> p & 1 and s.points[p] == s.limit_top)
    who = "you stand" if blocker == seat else f"seat {blocker} stands"
    stake = s.stake + 1
    return RuleError(
        "knock_limit",
        f"knock limit: the stake would become {stake} and {who} on"
        f" {s.points[blocker]} points, above {rules.max_points}",
        seat=blocker,
        points=s.points[blocker],
        stake=stake,
        max_points=rules.max_points,
    )


def update_limit(s: ToepenState) -> None:
    """The highest standing among active players, for the any-active knock limit
    (the callers skip it for the other limits, which never read it)."""
    s.limit_top = max(POINTS_OF[s.active](s.points))  # two active seats at least
