"""``sterk`` for Klaverjassen: determinised search over sampled hands.

Card play: every legal card is tried on each sample; with :data:`EXACT_TRICKS` or
fewer tricks left the rest of the deal is solved exactly by the compiled kernel
(:mod:`.kernel`: alpha-beta on the final deal score, nat and pit included), earlier
it is played out by ``basis`` for all four seats. A decision with one card the rules
allow is answered at once, without a sample. A kraak call (``trump_mode: kraken``):
calling and passing are played out on every sample, no later call assumed. The action
with the best mean margin (own team's deal score minus the other's) wins. The samples
follow the auction (:mod:`.signals`). Bidding is the learned model's (:mod:`.bidmodel`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kroeg.bots.base import Deadline
from kroeg.bots.search import best_by_sampling
from kroeg.games.base import Action
from kroeg.games.klaverjassen.tricks import Rules

from .basis import choose_call
from .kernel import Solver
from .knowledge import Seen, infer_allowed
from .play import Play, margin, play_card, rollout
from .signals import Signal, sample_deal

EXACT_TRICKS = 6
"""Tricks left (the running one included) from which the rest is searched exactly. A
sample's ``card_values`` (every candidate card) from 6 tricks left takes a few
milliseconds (docs/performance.md: median about 3 ms, the slowest about 55 ms), so a
300 ms decision still draws dozens of samples and no single sample overruns the budget
by much; from 7 it takes some 20 ms median and up to a third of a second, too long for
the budget. It was 5 until the arena's figures at the default budget (docs/bots.md)."""

_SOLVER = Solver()
"""One transposition table per process (the bots' worker processes decide one at a time)."""


def search_play(
    seen: Seen,
    base: Play,
    legal: list[Action],
    preferred: Action,
    signals: list[Signal],
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> Action:
    """``legal``: the plays the rules allow (never a revoke), ``preferred`` among them;
    ``signals``: the auction's weights on the samples."""
    candidates = [preferred] + [a for a in legal if a != preferred and a[0] == "play"]
    if len(candidates) == 1:
        return preferred
    allowed = infer_allowed(seen, base.rules)
    team = seen.me & 1
    sign = 1 if team == 0 else -1
    exact = 8 - base.tricks_played <= EXACT_TRICKS
    cards = [a[1] for a in candidates]
    solved: list[tuple[list[int], list[int]]] = []
    """The last sample and the kernel's values of every candidate on it (one call for all)."""

    def sample(r: random.Random) -> list[int]:
        return sample_deal(seen, allowed, signals, r)

    def score(hands: list[int], action: Action, r: random.Random) -> float:
        p = base.copy()
        p.hands = list(hands)
        if exact:
            if not solved or solved[0][0] is not hands:
                solved[:] = [(hands, _SOLVER.card_values(p, cards))]
            return sign * solved[0][1][cards.index(action[1])]
        play_card(p, action[1])
        rollout(p)
        return margin(p, team)

    return best_by_sampling(
        candidates, sample, score, rng, deadline, max_samples, lambda: preferred
    )


def search_call(
    seen: Seen,
    rules: Rules,
    legal: list[Action],
    new_play: Callable[[list[int], bool], Play],
    signals: list[Signal],
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> Action:
    """The call offered or a pass, whichever gives the better mean margin when the deal is
    played out on sampled hands; ``new_play(hands, called)`` gives the deal at its first
    lead, with or without the call offered now."""
    preferred = choose_call(seen.hand, seen.trump, legal)
    candidates = [preferred] + [a for a in legal if a != preferred]
    allowed = infer_allowed(seen, rules)
    team = seen.me & 1

    def sample(r: random.Random) -> list[int]:
        return sample_deal(seen, allowed, signals, r)

    def score(hands: list[int], action: Action, r: random.Random) -> float:
        p = new_play(list(hands), action != ("pass",))
        rollout(p)
        return margin(p, team)

    return best_by_sampling(
        candidates, sample, score, rng, deadline, max_samples, lambda: preferred
    )
