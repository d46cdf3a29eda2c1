"""What following the auction costs ``sterk``'s Klaverjassen sampler, per sample.

    .venv/bin/python bench/kj_sample_cost.py

On 200 positions of random NKU play (tests/bots/positions.py) that carry auction
signals, the mean CPU time (``time.process_time``, so a loaded machine does not inflate it) of a
uniform sample (:func:`knowledge.sample_hands`) and of a
weighted one (:func:`signals.sample_deal`, the uniform deal plus its Metropolis sweeps).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bots.positions import positions

from kroeg.bots.klaverjassen.knowledge import infer_allowed, read_view, sample_hands
from kroeg.bots.klaverjassen.signals import auction_signals, sample_deal
from kroeg.games.klaverjassen.view import KlaverjasView

DRAWS = 200


def main() -> None:
    uniform = weighted = 0.0
    count = 0
    for game, s, seat in positions("klaverjassen", "nku", 4, 800, seed=8):
        seen = read_view(KlaverjasView.of(game.view(s, seat)))
        signals = auction_signals(seen, "free")
        if count == 200:
            break
        if not signals:
            continue
        allowed = infer_allowed(seen, game.rules)  # type: ignore[attr-defined]
        rng = random.Random(count)
        started = time.process_time()
        for _ in range(DRAWS):
            sample_hands(seen, allowed, rng)
        uniform += time.process_time() - started
        started = time.process_time()
        for _ in range(DRAWS):
            sample_deal(seen, allowed, signals, rng)
        weighted += time.process_time() - started
        count += 1
    n = count * DRAWS
    print(
        f"{count} positions with signals, {DRAWS} samples each: uniform {1e6 * uniform / n:.0f} us,"
        f" weighted {1e6 * weighted / n:.0f} us a sample"
    )


if __name__ == "__main__":
    main()
