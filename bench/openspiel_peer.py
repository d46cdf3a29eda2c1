"""OpenSpiel's Python bindings playing random games of euchre and skat (the peer figure).

Run by ``engine_klaverjassen.py`` with the python of a throwaway environment that has
``open_spiel`` (never a project dependency)::

    python3 -m venv /tmp/ospiel && /tmp/ospiel/bin/pip install open_spiel
    KROEG_OPENSPIEL_PYTHON=/tmp/ospiel/bin/python .venv/bin/python bench/engine.py klaverjassen

Prints one JSON object: game name → random games per second. Chance nodes are
sampled with their probabilities, every other move uniformly among the legal actions
(``legal[int(random() * len(legal))]``), from Python, as our own loops pick theirs.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import pyspiel  # type: ignore[import-not-found]


def games_per_second(name: str, seconds: float, rng: random.Random) -> float:
    game = pyspiel.load_game(name)
    done = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                action = rng.choices(actions, weights)[0]
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
        done += 1
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rng = random.Random(2026)
    figures = {name: games_per_second(name, args.seconds, rng) for name in ("euchre", "skat")}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
