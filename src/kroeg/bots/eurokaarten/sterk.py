"""``sterk`` for Eurokaarten: open gaan by Monte Carlo, the rest as ``basis``.

Before drawing, the seat samples the hidden hands and counts how often its hand is
strictly the lowest of all seats still in (RULES.md §7.7: then the highest hand pays
a coin; otherwise the opener does). It opens when that chance reaches
:data:`OPEN_CHANCE`.
"""

from __future__ import annotations

import random

from kroeg.bots.base import Deadline
from kroeg.bots.search import mean_scores
from kroeg.games.base import Action
from kroeg.games.eurokaarten.melds import hand_points
from kroeg.games.eurokaarten.scoring import open_right

from .knowledge import Determinisation, Seen, sample

OPEN_CHANCE = 0.9
"""Opening wrongly costs the opener a coin; waiting costs little with a low hand."""
KEPT_LOW = 0.75
"""Players keep their low cards and throw the high ones, so a hand is lower than the
same number of random unseen cards: a sampled hand's points count for this share."""


def strictly_lowest(seen: Seen, det: Determinisation) -> float:
    others = (KEPT_LOW * hand_points(det.hands[p]) for p in seen.seats_in if p != seen.me)
    return 1.0 if open_right(hand_points(seen.hand), others) else 0.0


def wants_to_open(
    seen: Seen, rng: random.Random, deadline: Deadline, max_samples: int | None
) -> bool | None:
    """Whether to open gaan; None when no sample fitted the budget."""
    chance = mean_scores(
        [None],
        lambda r: sample(seen, r),
        lambda det, _, r: strictly_lowest(seen, det),
        rng,
        deadline,
        max_samples,
    )
    return None if chance is None else chance[0] >= OPEN_CHANCE


def choose(
    seen: Seen,
    legal: list[Action],
    preferred: Action,
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> Action:
    if ("open",) not in legal:
        return preferred
    opening = wants_to_open(seen, rng, deadline, max_samples)
    if opening is None:
        return preferred
    if opening:
        return ("open",)
    if preferred == ("open",):
        return next(a for a in legal if a[0] == "draw")
    return preferred
