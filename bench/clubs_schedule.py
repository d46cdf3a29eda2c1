"""How long drawing a club night takes, and how many repeated opponents it leaves.

For each size of night: the CPU time of the process (``time.process_time``, so the
figure does not depend on the other work on the machine) to draw a klaverjas individual
night (whist round robin and hill climb, kroeg.clubs.schedule) and a Toepen night at
tables of four, and the repeats left: how many times two players meet as opponents
(Klaverjassen) or at a table (Toepen) beyond the first, summed over seeds 1 to
``--seeds``. Partners never repeat (the tests check it); the figure shows how far the
search gets with opponents.

Run: ``.venv/bin/python bench/clubs_schedule.py`` (``--rounds``, ``--seeds``); figures in
docs/performance.md ("Club nights").
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from kroeg.clubs.schedule import Round, schedule


def repeats(night: list[Round], partners: bool) -> int:
    met: Counter[frozenset[str]] = Counter()
    for rnd in night:
        for t in rnd:
            if partners:
                pairs = [(a, b) for a in (t[0], t[2]) for b in (t[1], t[3])]
            else:
                pairs = [(a, b) for i, a in enumerate(t) for b in t[i + 1 :]]
            for a, b in pairs:
                if a is not None and b is not None:
                    met[frozenset((a, b))] += 1
    return sum(n - 1 for n in met.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"rounds {args.rounds}, seeds 1..{args.seeds}: CPU ms per night, repeats per night")
    print(f"{'players':>7} {'kj ms':>7} {'kj rep':>7} {'toepen ms':>9} {'toepen rep':>10}")
    for n in (8, 12, 16, 24, 32, 48, 64):
        players = [f"p{i}" for i in range(n)]
        row = []
        for partners in (True, False):
            start = time.process_time()
            total = 0
            for seed in range(1, args.seeds + 1):
                night = schedule(players, args.rounds, seed, table_size=4, partners=partners)
                total += repeats(night, partners)
            cpu = (time.process_time() - start) / args.seeds * 1000
            row += [cpu, total / args.seeds]
        print(f"{n:>7} {row[0]:>7.1f} {row[1]:>7.1f} {row[2]:>9.1f} {row[3]:>10.1f}")


if __name__ == "__main__":
    main()
