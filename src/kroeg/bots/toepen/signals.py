"""Determinisations weighted by what the other seats showed: knocks, stays and folds.

A seat that knocked, or stayed against a knock, more likely holds strong cards; one
still in at stake 1 late in the deal has kept its better cards too (players throw
their weakest cards first). The uniform sampler (:func:`.knowledge.sample`) knows none
of this. Each other seat still in the deal has a *signal* read from the view alone
(:func:`signals`): ``knock`` (it made the latest knock), ``stay`` (it is still in at a
raised stake it did not raise) or ``none``; a seat that folded is out of the deal and
its hand no longer matters. Its sampled hand has a *group*: the rank of its best card
(a ten, a nine, an eight, a seven, or only faces and aces).

:data:`LIKELIHOOD` holds, per signal, phase and group, how much more often real hands
have that group than the uniform sampler's hands of the same moment: the ratio
``P(group | signal, phase) / P_sampler(group | signal, phase)`` counted in self-play by
``bench/toepen_signals.py`` (which prints the table). :func:`weighted_sample` draws
:data:`CANDIDATES` uniform determinisations and keeps one in proportion to the product
of its seats' ratios (sampling-importance-resampling), so the samples follow the
observed behaviour without costing more than a few draws.
"""

from __future__ import annotations

import random

from kroeg.cards import TOEPEN_STRENGTH, cards_in
from kroeg.games.toepen.view import ToepenView

from .knowledge import Determinisation, Seen, sample

CANDIDATES = 8
"""Uniform determinisations drawn for each weighted one."""

SIGNALS = ("knock", "stay", "none")
PHASES = ("e", "m", "l")
GROUPS = 5
"""A hand's group: 4 with a ten, 3 with a nine as its best card, ..., 0 with only
faces and aces (RULES.md §1: 10 > 9 > 8 > 7 > A > H > V > B)."""

LIKELIHOOD: dict[tuple[str, str], tuple[float, ...]] = {
    ("knock", "e"): (0.04, 0.08, 0.18, 0.63, 2.12),
    ("knock", "m"): (0.27, 0.28, 0.57, 1.36, 2.74),
    ("knock", "l"): (0.15, 0.48, 0.90, 1.41, 3.63),
    ("stay", "e"): (0.14, 0.15, 0.20, 1.47, 1.69),
    ("stay", "m"): (0.13, 0.28, 0.37, 1.92, 2.58),
    ("stay", "l"): (0.08, 0.23, 0.39, 2.80, 3.90),
    ("none", "e"): (0.69, 1.03, 1.01, 1.06, 1.02),
    ("none", "m"): (0.48, 1.05, 1.20, 1.34, 1.25),
    ("none", "l"): (0.43, 1.21, 1.55, 1.54, 1.44),
}
"""Per (signal, phase): the ratio for groups 0-4, as printed by
``bench/toepen_signals.py --games 400 --levels sterk,basis --samples 6 --seed 1``."""


def group(hand: int) -> int:
    """The group of a hand: its best card's rank above the seven (0 with none above)."""
    cards = cards_in(hand)
    if not cards:
        return 0
    return max(0, max(TOEPEN_STRENGTH[c] for c in cards) - 3)


def phase_of(tricks_done: int) -> str:
    """``e`` for the first two tricks, ``m`` for the third, ``l`` for the last."""
    return "l" if tricks_done >= 3 else "m" if tricks_done == 2 else "e"


def signals(view: ToepenView) -> dict[int, str]:
    """Each other seat still in the deal (with cards in hand) and what it showed."""
    me = view.you
    stake = view.stake or 1
    knock = view.knock
    waiting = set(knock.waiting) if knock else set()
    raised_before = stake - 1 if knock else stake
    knocker = knock.knocker if knock else view.last_knocker
    out: dict[int, str] = {}
    for seat in view.active:
        if seat == me or not view.hand_counts[seat]:
            continue
        if seat == knocker and stake > 1:
            out[seat] = "knock"
        elif seat in waiting:
            out[seat] = "stay" if raised_before > 1 else "none"
        else:
            out[seat] = "stay" if stake > 1 else "none"
    return out


def weight(shown: dict[int, str], phase: str, hands: list[int]) -> float:
    """How much likelier the sampled ``hands`` are than uniform, given the signals."""
    w = 1.0
    for seat, signal in shown.items():
        w *= LIKELIHOOD[signal, phase][group(hands[seat])]
    return w


def weighted_sample(seen: Seen, shown: dict[int, str], rng: random.Random) -> Determinisation:
    """One determinisation, drawn in proportion to :func:`weight` among uniform ones."""
    phase = phase_of(seen.tricks_done)
    candidates = [sample(seen, rng) for _ in range(CANDIDATES)]
    weights = [weight(shown, phase, d.hands) for d in candidates]
    return rng.choices(candidates, weights=weights)[0]
