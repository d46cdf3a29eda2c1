"""Train the Toepen knock policy by self-play (MCCFR) and write the shipped table.

    .venv/bin/python tools/train_toepen_cfr.py --deals 60000 --seed 1

writes ``src/kroeg/bots/toepen/cfr_policy.json`` (:mod:`kroeg.bots.toepen.training`).
The same seed and number of deals write the same file; docs/bots.md gives the run's
CPU time.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from kroeg.bots.toepen.training import VARIANTS, train

OUT = Path(__file__).resolve().parent.parent / "src/kroeg/bots/toepen/cfr_policy.json"
MIN_VISITS = 20
"""An information set met fewer times keeps the rule's choice (too little to learn from)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    started = time.process_time()
    tables = train(args.deals, args.seed)
    cpu = time.process_time() - started
    strategy = tables.shipped(MIN_VISITS)
    document = {
        "about": "Toepen knock/stay/fold/laundry policy, MCCFR self-play"
        " (kroeg.bots.toepen.training; tools/train_toepen_cfr.py)",
        "deals": args.deals,
        "seed": args.seed,
        "variants": list(VARIANTS),
        "min_visits": MIN_VISITS,
        "strategy": strategy,
    }
    args.out.write_text(json.dumps(document, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(
        f"{args.deals} deals, seed {args.seed}: {len(tables.average)} information sets met,"
        f" {len(strategy)} shipped, {cpu:.0f} s CPU; wrote {args.out}"
    )


if __name__ == "__main__":
    main()
