"""Wall-clock time of ``sterk``'s trivial Klaverjassen decisions: at a verzaken table
(``allow_revoke``) the engine offers every held card, but only one is allowed by the
rules, so ``sterk`` answers without sampling (issue 23: trivial decisions < 5 ms).
At other tables a single legal card never reaches the bot (``Bot.decide``).

    .venv/bin/python bench/trivial_klaverjassen.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bots.positions import positions

from kroeg.bots.klaverjassen.kernel import warm
from kroeg.bots.levels import make_bot


def main() -> None:
    warm()
    times = []
    options = {"allow_revoke": True}
    for game, s, seat in positions("klaverjassen", "nku", 4, 400, seed=5, options=options):
        if s.phase != 2 or seat != s.turn:
            continue
        legal = game.legal(s, seat)
        if len(legal) < 2 or game.rules.legal_mask(s, seat).bit_count() != 1:  # type: ignore[attr-defined]
            continue
        bot = make_bot(game, "sterk")
        started = time.perf_counter()
        bot.decide(game.view(s, seat), legal, random.Random(1), 0.3)
        times.append(time.perf_counter() - started)
    times.sort()
    print(
        f"{len(times)} trivial decisions: p50 {1000 * statistics.median(times):.2f} ms,"
        f" p95 {1000 * times[int(0.95 * len(times))]:.2f} ms, max {1000 * times[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
