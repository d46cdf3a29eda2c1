"""The Toepen sampler's weights: how real hands differ from uniform samples, per signal.

Whole self-play games (seats of the given levels in turn, every out-of-turn chance
offered, as the arena plays). Before every decision on turn, for each other seat still
in the deal, the viewer's signal of it (:func:`kroeg.bots.toepen.signals.signals`:
``knock``, ``stay`` or ``none``) and the deal's phase are noted with the group of that
seat's real hand and the group of its hand in one uniform sample from the viewer's
view. The ratio of the two distributions (add-one smoothed) is the table
``LIKELIHOOD`` in ``kroeg.bots.toepen.signals``; it is printed ready to paste::

    .venv/bin/python bench/toepen_signals.py --games 200 --levels sterk,basis --samples 6
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from kroeg.bots.base import BotAgent
from kroeg.bots.levels import make_bot
from kroeg.bots.toepen.knowledge import read_view, sample
from kroeg.bots.toepen.signals import GROUPS, PHASES, SIGNALS, group, phase_of, signals
from kroeg.games import make_game
from kroeg.games.base import Action
from kroeg.games.match import Match, RandomDeals
from kroeg.games.toepen.view import ToepenView

Key = tuple[str, str, int]


def count(
    variant: str, games: int, levels: list[str], samples: int, seed: int
) -> tuple[Counter[Key], Counter[Key]]:
    """(real, sampled) counts per (signal, phase, group)."""
    game = make_game("toepen", variant)
    bots = [make_bot(game, level, max_samples=samples) for level in levels]
    rng = random.Random(seed)
    real: Counter[Key] = Counter()
    sampled: Counter[Key] = Counter()

    class Observed(BotAgent):
        def act(self, match: Match[Any], seat: int) -> Action:
            view = ToepenView.of(match.view(seat))
            if view.phase in ("play", "answer"):
                phase = phase_of(view.tricks_done)
                drawn = sample(read_view(view), rng)
                for other, signal in signals(view).items():
                    real[signal, phase, group(match.state.hands[other])] += 1
                    sampled[signal, phase, group(drawn.hands[other])] += 1
            return self.bot.decide(view, match.legal(seat), self.rng, self.budget)

    for g in range(games):
        agents = [Observed(bots[(p + g) % len(bots)], rng, 60.0) for p in range(4)]
        Match.new(game, 4, dealer=g % 4, agents=agents, deals=RandomDeals(rng), asides=True).run()
    return real, sampled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--levels", default="sterk,basis")
    parser.add_argument("--samples", type=int, default=6)
    parser.add_argument("--variant", default="kroegregels")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.process_time()
    real, sampled = count(args.variant, args.games, args.levels.split(","), args.samples, args.seed)
    print(f"# {args.games} games, {args.variant}, seats {args.levels}, {args.samples} samples")
    print("# signal phase: real / sampled counts per group 0-4")
    for signal in SIGNALS:
        for phase in PHASES:
            r = [real[signal, phase, g] for g in range(GROUPS)]
            d = [sampled[signal, phase, g] for g in range(GROUPS)]
            print(f"# {signal:5} {phase}: {r} / {d}")
    print("LIKELIHOOD: dict[tuple[str, str], tuple[float, ...]] = {")
    for signal in SIGNALS:
        for phase in PHASES:
            r = [real[signal, phase, g] + 1 for g in range(GROUPS)]
            d = [sampled[signal, phase, g] + 1 for g in range(GROUPS)]
            ratios = [(x / sum(r)) / (y / sum(d)) for x, y in zip(r, d, strict=True)]
            print(f'    ("{signal}", "{phase}"): ({", ".join(f"{v:.2f}" for v in ratios)}),')
    print("}")
    print(f"# {time.process_time() - started:.0f} s of CPU")


if __name__ == "__main__":
    main()
