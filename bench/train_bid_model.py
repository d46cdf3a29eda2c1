"""Train ``sterk``'s Klaverjassen bid model and write the package's ``bid_model.json``.

    .venv/bin/python bench/train_bid_model.py            # 20,000 deals, seed 1 (~3 min)
    .venv/bin/python bench/train_bid_model.py --deals 500 --out /tmp/model.json

Labels, fit and threshold: :mod:`kroeg.bots.klaverjassen.bidtrain`. Prints the
coefficients, and on deals held out from training (another seed) the model's
log-loss against the base rate and, for the free bids it would make, how often the
basis play-out goes nat.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from kroeg.bots.klaverjassen import bidmodel
from kroeg.bots.klaverjassen.bidmodel import FEATURES, BidModel
from kroeg.bots.klaverjassen.bidtrain import Rows, best_suit, fit, label_deals

PACKAGE_FILE = Path(bidmodel.__file__).with_name(bidmodel.MODEL_FILE)


def log_loss(model: BidModel, rows: Rows) -> tuple[float, float]:
    """(the model's, a constant rate's) mean log-loss on ``rows``."""
    rate = sum(rows.made) / len(rows.made)
    ours = constant = 0.0
    for x, y in zip(rows.x, rows.made, strict=True):
        p = model.chance(x)
        ours -= math.log(p if y else 1 - p)
        constant -= math.log(rate if y else 1 - rate)
    return ours / len(rows.made), constant / len(rows.made)


def free_bids(model: BidModel, rows: Rows) -> tuple[int, int, int]:
    """(free decisions, bids the model makes, of which nat in the basis play-out)."""
    bids = nat = 0
    for choice in rows.choices:
        best, chance = best_suit(model, choice)
        if chance >= model.bid_at:
            bids += 1
            nat += not choice.made[best]
    return len(rows.choices), bids, nat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=PACKAGE_FILE)
    args = parser.parse_args()
    started = time.perf_counter()
    rows = label_deals(args.deals, args.seed)
    model = fit(rows)
    seconds = time.perf_counter() - started
    print(f"{len(rows.x)} rows from {args.deals} deals, seed {args.seed}, {seconds:.0f} s")
    print(f"  intercept {model.intercept:+.4f}")
    for name, w in zip(FEATURES, model.weights, strict=True):
        print(f"  {name:<14} {w:+.4f}")
    print(f"  bid_at {model.bid_at:.2f}")
    held_out = label_deals(max(500, args.deals // 10), args.seed + 1000)
    ours, constant = log_loss(model, held_out)
    decisions, bids, nat = free_bids(model, held_out)
    print(f"held out ({len(held_out.x)} rows): log-loss {ours:.3f} (base rate {constant:.3f})")
    print(
        f"  free decisions {decisions}, bids {bids} ({100 * bids / decisions:.1f}%),"
        f" nat in the basis play-out {nat} ({100 * nat / max(1, bids):.1f}% of bids)"
    )
    data = {**model.to_json(), "trained": {"deals": args.deals, "seed": args.seed}}
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
