"""Seconds of CPU the Eurokaarten analysis takes per game (issue 32, point 8).

The house (``--level``, ``huis`` by default, as ``kroeg record`` plays) plays ``--games``
whole games of six seats from seeds 1, 2, ...; each record is analysed as the bot pool
analyses a finished game (:func:`kroeg.bots.analysis.analyse`). Printed: per game the
rounds, the graded and ungraded decisions and the CPU seconds of this process
(``time.process_time``, so the figure holds on a shared machine), then the mean.

Run with ``.venv/bin/python bench/eurokaarten_analysis.py [--games N] [--level basis]``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from kroeg.bots.analysis import analyse
from kroeg.terminal.record import run as record_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--level", default="huis", choices=("huis", "basis"))
    args = parser.parse_args()
    seconds: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, args.games + 1):
            out = Path(tmp) / f"{seed}.json"
            recording = argparse.Namespace(
                game="eurokaarten",
                variant=None,
                seats=None,
                option=[],
                seed=seed,
                level=args.level,
                out=str(out),
            )
            assert record_game(recording) == 0
            record = json.loads(out.read_text())
            started = time.process_time()
            analysis = analyse(record)
            seconds.append(time.process_time() - started)
            assert analysis is not None
            print(
                f"seed {seed}: {len(record['deals'])} rounds, "
                f"{len(analysis['plays'])} graded, {len(analysis['ungraded'])} not graded, "
                f"{seconds[-1]:.2f} s CPU"
            )
    print(f"mean {sum(seconds) / len(seconds):.2f} s CPU a game, max {max(seconds):.2f} s")


if __name__ == "__main__":
    main()
