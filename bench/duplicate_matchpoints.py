"""How long scoring a duplicate night takes (issue 29, "Measure").

A night of ``--boards`` boards (24) and ``--pairs`` pairs (16), every board played at
every table (``pairs / 2`` tables, as an online duplicate night plays it): the CPU time
of the process (``time.process_time``, so the other work on the machine matters little)
to score every board by matchpoints and butler (``kroeg.clubs.duplicate.score_boards``)
and rank the night both ways (``pair_standings``), and to check every result as it
comes in (``check_result`` against the ones before it, as a night's results arrive one
by one). Points are drawn with ``random.Random(seed)``; the mean over ``--repeat`` runs.

Run: ``.venv/bin/python bench/duplicate_matchpoints.py`` (``--boards``, ``--pairs``,
``--repeat``); figures in docs/performance.md ("Duplicate nights").
"""

from __future__ import annotations

import argparse
import random
import time

from kroeg.clubs.duplicate import BoardResult, check_result, pair_standings, score_boards


def night(boards: int, pairs: int, seed: int) -> list[BoardResult]:
    rng = random.Random(seed)
    tables = pairs // 2
    out = []
    for board in range(1, boards + 1):
        for t in range(tables):
            ns_points = rng.randrange(0, 163)
            roem = rng.choice((0, 0, 20, 50))
            out.append(
                BoardResult(
                    1, t + 1, board, f"p{2 * t}", f"p{2 * t + 1}", ns_points, 162 - ns_points + roem
                )
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--pairs", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    results = night(args.boards, args.pairs, seed=1)
    held = {(1, t + 1): set(range(1, args.boards + 1)) for t in range(args.pairs // 2)}

    start = time.process_time()
    for _ in range(args.repeat):
        scored = score_boards(results)
        pair_standings(scored)
        pair_standings(scored, method="butler")
    score_ms = 1000 * (time.process_time() - start) / args.repeat

    start = time.process_time()
    for _ in range(args.repeat):
        for i, result in enumerate(results):
            check_result(held, results[:i], result)
    check_ms = 1000 * (time.process_time() - start) / args.repeat

    print(
        f"{args.boards} boards, {args.pairs} pairs, {len(results)} results: "
        f"score and rank both ways {score_ms:.2f} ms CPU; "
        f"check every result as it comes {check_ms:.2f} ms CPU (mean of {args.repeat})"
    )


if __name__ == "__main__":
    main()
