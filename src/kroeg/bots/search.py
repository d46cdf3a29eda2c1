"""Determinised search (perfect-information Monte Carlo), shared by every game's ``sterk``.

Each round draws one determinisation consistent with the view and scores every
candidate on it; the candidate with the best mean wins. Sampling stops when
``max_samples`` are done, or when one more sample (at the mean cost so far) would
overrun the deadline (with a margin). When not even one sample fits, the caller's
fallback decides.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from kroeg.bots.base import Deadline
from kroeg.games.base import Action

C = TypeVar("C")

MARGIN = 1.5
"""Another sample starts only when this many mean sample times are left: a sample can
take longer than the mean (a harder position, a busy core)."""


def mean_scores(
    candidates: Sequence[C],
    sample: Callable[[random.Random], Any],
    score: Callable[[Any, C, random.Random], float],
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> list[float] | None:
    """The mean ``score(determinisation, candidate, rng)`` of each candidate, or None
    when no sample fitted the budget. ``score`` must not change what it is given."""
    totals = [0.0] * len(candidates)
    samples = 0
    started = time.perf_counter()
    while max_samples is None or samples < max_samples:
        if deadline.passed():
            break
        if samples and deadline.left() < MARGIN * (time.perf_counter() - started) / samples:
            break
        drawn = sample(rng)
        scores = []
        for candidate in candidates:
            if samples and deadline.passed():
                break  # a sample cut short would bias the means: drop it
            scores.append(score(drawn, candidate, rng))
        if len(scores) < len(candidates):
            break
        for i, value in enumerate(scores):
            totals[i] += value
        samples += 1
    if samples == 0:
        return None
    return [t / samples for t in totals]


def best_by_sampling(
    candidates: Sequence[Action],
    sample: Callable[[random.Random], Any],
    score: Callable[[Any, Action, random.Random], float],
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
    fallback: Callable[[], Action],
) -> Action:
    """The candidate with the best mean score; ties keep the candidates' order, so put
    the preferred (rule-based) choice first."""
    means = mean_scores(candidates, sample, score, rng, deadline, max_samples)
    if means is None:
        return fallback()
    return candidates[max(range(len(candidates)), key=lambda i: means[i])]
