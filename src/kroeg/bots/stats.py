"""The arena's statistics: means with 95% confidence intervals, and a rating.

Intervals use the normal approximation over independent units (duplicate boards,
never single seats, since the seats of one board are correlated): mean ±
1.96 · s / √n. The rating is a Bradley-Terry fit on the Elo scale over every pair of
seats held by different bots in the same board: the better result wins the pair,
an equal one counts half.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Interval:
    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:+.3f} [{self.low:+.3f}, {self.high:+.3f}]"


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half, n)


def elo_ratings(
    names: Sequence[str], wins: dict[tuple[str, str], float], *, iterations: int = 500
) -> dict[str, float]:
    """Bradley-Terry strengths on the Elo scale (mean 1500).

    ``wins[(a, b)]`` is how often ``a`` beat ``b`` (halves for draws). A bot with no
    comparisons keeps 1500. A prior of one draw against every other bot keeps the
    fit finite when a bot won or lost every comparison.
    """
    prior = 0.5
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            won = sum(wins.get((a, b), 0.0) + prior for b in names if b != a)
            denom = 0.0
            for b in names:
                if b == a:
                    continue
                games = wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + 2 * prior
                denom += games / (strength[a] + strength[b])
            new[a] = won / denom if denom else 1.0
        geo = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {k: v / geo for k, v in new.items()}
    return {k: 1500 + 400 * math.log10(v) for k, v in strength.items()}
