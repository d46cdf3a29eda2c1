"""Bot decision times: ``sterk`` at its default budget, per game, on random positions.

Run with ``.venv/bin/python bench/bots.py [--decisions N] [--budget-ms B] [GAME ...]``.
Positions come from random legal play (seeded); only decisions with two or more
legal actions count (a single legal action is answered at once). Prints p50, p95
and max wall-clock time per decision; figures go to docs/performance.md (bots).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from kroeg.bots.levels import make_bot
from kroeg.games import make_game
from kroeg.games.playout import random_match, random_step

GAMES = {"toepen": ("kroegregels", 4), "klaverjassen": ("nku", 4), "eurokaarten": ("standaard", 6)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", choices=[*GAMES, []], help="default: all")
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--budget-ms", type=float, default=300.0)
    parser.add_argument("--level", default="sterk")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}, one process")
    for name in args.games or list(GAMES):
        variant, seats = GAMES[name]
        game = make_game(name, variant)
        bot = make_bot(game, args.level)
        rng = random.Random(1)
        times: list[float] = []
        while len(times) < args.decisions:
            s = game.new_state(seats, dealer=rng.randrange(seats))
            for _ in range(rng.randrange(1, 300)):
                if game.is_over(s):
                    break
                random_step(random_match(game, s, rng), rng)
            if game.is_over(s) or game.pending_deal(s) is not None:
                continue
            seat = min(game.to_act(s))
            legal = game.legal(s, seat)
            if len(legal) < 2:
                continue
            start = time.perf_counter()
            bot.decide(game.view(s, seat), legal, rng, args.budget_ms / 1000)
            times.append(time.perf_counter() - start)
        times.sort()
        print(
            f"{name} {variant} {args.level} budget {args.budget_ms:.0f} ms:"
            f" {len(times)} decisions, p50 {_ms(times, 0.5):.1f} ms,"
            f" p95 {_ms(times, 0.95):.1f} ms, max {1000 * times[-1]:.1f} ms"
        )


def _ms(ordered: list[float], p: float) -> float:
    return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))]


if __name__ == "__main__":
    main()
