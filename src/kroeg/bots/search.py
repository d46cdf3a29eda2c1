"""Determinised search (perfect-information Monte Carlo), shared by every game's ``sterk``.

Each round draws one state consistent with the view (:meth:`GameKit.sample`) and
scores every candidate action on it; the action with the best mean wins. Samples
stop when the deadline passes or ``max_samples`` is reached. When not even one
sample fits the budget, the caller's fallback decides (the best known so far).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from kroeg.bots.base import Deadline
from kroeg.games.base import Action


def best_by_sampling(
    candidates: Sequence[Action],
    sample: Callable[[random.Random], Any],
    score: Callable[[Any, Action, random.Random], float],
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
    fallback: Callable[[], Action],
) -> Action:
    """The candidate with the highest mean ``score(state, action, rng)`` over sampled states.

    ``score`` must not change the state it gets (copy it first). Ties keep the
    candidates' order, so put the preferred (rule-based) choice first.
    """
    totals = [0.0] * len(candidates)
    samples = 0
    while (max_samples is None or samples < max_samples) and not deadline.passed():
        state = sample(rng)
        for i, action in enumerate(candidates):
            totals[i] += score(state, action, rng)
        samples += 1
    if samples == 0:
        return fallback()
    best = max(range(len(candidates)), key=lambda i: totals[i])
    return candidates[best]
