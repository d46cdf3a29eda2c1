"""What drawing a Howell movement and a Swiss round cost (issue 29, "Measure").

- A Howell movement for 12 pairs (6 tables, 11 rounds): the CPU time of drawing it from
  nothing (the Room square search included: its cache is cleared each time), the mean
  of ``--repeat`` draws.
- A Swiss round for 64 players: Toepen at tables of 4 (64 units) and Klaverjassen pairs
  (32 pairs, 64 players), after rounds 1 to ``--rounds`` - 1 played with seeded random
  points; the CPU time per round drawn, the rounds where the search fell back to the
  fewest repeats, and the repeated meetings left over the whole night.

CPU time (``time.process_time``), so the figure does not depend on the machine's other
work. Run: ``.venv/bin/python bench/movements_swiss.py``; figures in docs/performance.md
("Movements and Swiss rounds").
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from kroeg.clubs import movements, swiss
from kroeg.clubs.schedule import Round, schedule


def howell_ms(repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        movements._room_starter.cache_clear()
        movements.movement("howell", 6)
    return (time.process_time() - start) / repeat * 1000


def swiss_night(pairs: bool, rounds: int, seed: int) -> tuple[list[float], int, int]:
    """CPU ms per Swiss round, fallbacks, repeated meetings over the night."""
    rng = random.Random(seed)
    players = [f"p{i:02}" for i in range(64)]
    couples = [(players[i], players[i + 1]) for i in range(0, 64, 2)]
    units: list[swiss.Unit] = list(couples) if pairs else [(p,) for p in players]
    first = schedule(
        players, 1, seed, table_size=4, partners=pairs, pairs=couples if pairs else None
    )
    played: list[Round] = [first[0]]
    points: list[dict[str, int]] = []
    timings = []
    fallbacks = 0
    for _ in range(rounds):
        points.append(_points(played[-1], pairs, rng))
        if len(played) == rounds:
            break
        start = time.process_time()
        nxt = swiss.swiss_round(
            units, played, points, table_size=4, higher_is_better=pairs, seed=seed
        )
        timings.append((time.process_time() - start) * 1000)
        met = swiss.meetings(units, [*played, nxt])
        if any(n > 1 for n in met.values()) and not any(
            n > 1 for n in swiss.meetings(units, played).values()
        ):
            fallbacks += 1
        played.append(nxt)
    met = swiss.meetings(units, played)
    return timings, fallbacks, sum(n - 1 for n in met.values() if n > 1)


def _points(tables: Round, pairs: bool, rng: random.Random) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in tables:
        if pairs:
            ours = rng.randrange(0, 1700, 10)
            for seat, who in enumerate(t):
                if who is not None:
                    out[who] = ours if seat % 2 == 0 else 1700 - ours
        else:
            for who in t:
                if who is not None:
                    out[who] = rng.randrange(0, 15)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    print(f"Howell, 12 pairs (6 tables, 11 rounds): {howell_ms(args.repeat):.2f} CPU ms per draw")
    for pairs, name in (
        (False, "Toepen, 64 players at tables of 4"),
        (True, "Klaverjassen, 32 pairs (64 players)"),
    ):
        all_ms: list[float] = []
        repeats: Counter[str] = Counter()
        for seed in range(1, args.seeds + 1):
            ms, fallbacks, repeated = swiss_night(pairs, args.rounds, seed)
            all_ms += ms
            repeats["fallbacks"] += fallbacks
            repeats["repeats"] += repeated
        print(
            f"Swiss, {name}: rounds 2..{args.rounds}, seeds 1..{args.seeds}: "
            f"mean {sum(all_ms) / len(all_ms):.1f} CPU ms per round, max {max(all_ms):.1f}; "
            f"rounds with a repeat {repeats['fallbacks']}, repeated meetings {repeats['repeats']}"
        )


if __name__ == "__main__":
    main()
