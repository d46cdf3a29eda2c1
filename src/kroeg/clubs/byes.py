"""Byes ("rust"): a night whose players do not fill its tables leaves the surplus out
of each round instead of seating the house (docs/clubs.md, "Byes").

A night's ``byes`` rule is one of :data:`BYE_RULES`:

- ``house``: no byes; the house fills the empty seats (the online default);
- ``average``: a player who sits out a round scores their own average per round of
  the rounds they played that night (the bar's default);
- ``fixed``: they score the night's ``bye_score`` for each round they sit out.

Who sits out rotates (:func:`sit_outs`): the fewest byes so far first, so nobody sits
out twice before everyone has sat out once, and among those not who sat out the round
before, so nobody sits out two rounds in a row while that can be avoided.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

from kroeg.clubs.errors import ClubError

BYE_RULES = ("house", "average", "fixed")
FIXED_PER_DEAL = {"klaverjassen": 81, "toepen": 0, "eurokaarten": 0}
"""The default fixed bye score per deal of a round: at Klaverjassen half of a deal's 162
card points (an even deal, as the NKU's "halve punten" for a missing table); at Toepen
and Eurokaarten, where points are penalties, none."""
MAX_FIXED_PER_DEAL = 500
"""A fixed bye score above this per deal of the round is a typing error."""

U = TypeVar("U", bound=Hashable)


def bye_rule(body: Mapping[str, object], game: str, mode: str, deals: int) -> tuple[str, int]:
    """The night form's ``byes`` and ``bye_score``, checked: the rule (``house`` by
    default online, ``average`` at the bar) and the fixed score per bye round (its
    game's default when not given; 0 unless the rule is ``fixed``). Raises
    ``bad_byes`` or ``bad_bye_score``."""
    rule = body.get("byes") or ("house" if mode == "online" else "average")
    if rule not in BYE_RULES:
        raise ClubError("bad_byes", f"byes is one of {', '.join(BYE_RULES)}, not {rule!r}")
    score = body.get("bye_score")
    if rule != "fixed":
        if score is not None:
            raise ClubError("bad_bye_score", "a bye score is for the fixed byes rule only")
        return str(rule), 0
    if score is None:
        return "fixed", FIXED_PER_DEAL[game] * deals
    highest = MAX_FIXED_PER_DEAL * deals
    if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= highest:
        raise ClubError("bad_bye_score", f"a fixed bye score is a whole number from 0 to {highest}")
    return "fixed", score


def sit_outs(
    units: Sequence[U],
    count: int,
    history: Sequence[Sequence[U]],
    rng: random.Random,
) -> list[U]:
    """The ``count`` units that sit out the next round, after the sit-outs of the
    rounds before (``history``): the fewest byes so far, then not the last round's,
    then a seeded order fixed for the night (so the byes go round)."""
    if count <= 0:
        return []
    order = list(units)
    rng.shuffle(order)
    rank = {u: i for i, u in enumerate(order)}
    byes: Counter[U] = Counter(u for round_ in history for u in round_)
    last = set(history[-1]) if history else set()
    return sorted(order, key=lambda u: (byes[u], u in last, rank[u]))[:count]


def resting(players: Iterable[str], tables: Iterable[Sequence[str | None]]) -> list[str]:
    """The ``players`` seated at none of a round's ``tables``: who sits it out."""
    seated = {p for table in tables for p in table}
    return [p for p in players if p not in seated]


def bye_points(
    played: Mapping[str, Sequence[int]], players: Iterable[str], rule: str, fixed: int
) -> dict[str, int]:
    """Per player of ``players`` (who sat out), the points of one bye round: ``fixed``,
    or (``average``) the mean of the points of the rounds they ``played``, rounded half
    away from zero (0 while they have played none)."""
    out = {}
    for player in players:
        if rule == "fixed":
            out[player] = fixed
            continue
        rounds = played.get(player, ())
        out[player] = _round_half_away(Fraction(sum(rounds), len(rounds))) if rounds else 0
    return out


def _round_half_away(value: Fraction) -> int:
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


def with_byes(
    per_round: Sequence[Mapping[str, int]],
    resting: Sequence[Sequence[str]],
    finished: Sequence[bool],
    rule: str,
    fixed: int,
) -> list[dict[str, int]]:
    """The rounds' points (per round player → points, from the tables) with each bye
    scored: per round its ``resting`` players get :func:`bye_points`, the average taken
    over the ``finished`` rounds they played at a table."""
    played: dict[str, list[int]] = {}
    for points, done in zip(per_round, finished, strict=True):
        if done:
            for player, value in points.items():
                played.setdefault(player, []).append(value)
    out = [dict(points) for points in per_round]
    for points, rest in zip(out, resting, strict=True):
        points.update(bye_points(played, rest, rule, fixed))
    return out
