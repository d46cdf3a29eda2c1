"""PettingZoo environment benchmark: steps per second beside the raw engine's, in one run.

Run with ``.venv/bin/python bench/env.py [--seconds S] [GAME ...]``. For every game and
variant (at its default table) it plays whole random games twice for ``S`` seconds of
CPU time each: through :class:`kroeg.env.KroegEnv` (``last()`` builds the observation
and mask, a uniformly random index of the mask is stepped), and directly on the engine
with the same seeds and the same rule for who is asked (``to_act``, the first seat
clockwise after the last actor), a uniformly random legal action and ``random_deal``.
A step is one decision of a seat; deals are not counted. Figures go to
docs/performance.md, "PettingZoo environments".
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import numpy as np

from kroeg.env import env
from kroeg.env.aec import default_seats
from kroeg.games import GAMES, game_class, make_game


def env_steps(game: str, variant: str, seconds: float) -> tuple[int, int, float]:
    """Steps and games through the environment in about ``seconds`` of CPU time."""
    e = env(game, variant)
    rng = random.Random(1)
    steps = games = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        games += 1
    return steps, games, time.process_time() - start


def engine_steps(game: str, variant: str, seconds: float) -> tuple[int, int, float]:
    """Steps and games of the same kind of random play on the engine alone."""
    g = make_game(game, variant)
    seats = default_seats(g)
    rng = random.Random(1)
    steps = games = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        seeds = random.Random(seed)
        seed += 1
        deals = random.Random(seeds.getrandbits(64))
        s = g.new_state(seats, seed=seeds.getrandbits(64))
        last = -1
        while True:
            while (dealer := g.pending_deal(s)) is not None:
                g.apply(s, dealer, g.random_deal(s, deals))
            if g.is_over(s):
                break
            seat = min(g.to_act(s), key=lambda p: (p - last - 1) % seats)
            legal = g.legal(s, seat)
            g.apply(s, seat, legal[rng.randrange(len(legal))])
            last = seat
            steps += 1
        games += 1
    return steps, games, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown games {', '.join(unknown)}: expected {', '.join(GAMES)}")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {platform.machine()}, one process; steps per CPU second"
    )
    print(
        f"{'game':<26} {'env steps/s':>12} {'engine steps/s':>15} {'ratio':>6} {'env games/s':>12}"
    )
    for game in args.games or GAMES:
        for variant in game_class(game).variants:
            e_steps, e_games, e_time = env_steps(game, variant, args.seconds)
            r_steps, _, r_time = engine_steps(game, variant, args.seconds)
            env_rate, raw_rate = e_steps / e_time, r_steps / r_time
            print(
                f"{game + ' ' + variant:<26} {env_rate:>12,.0f} {raw_rate:>15,.0f}"
                f" {raw_rate / env_rate:>5.1f}x {e_games / e_time:>12,.1f}"
            )


if __name__ == "__main__":
    main()
