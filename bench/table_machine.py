"""Instructions per act of the pure table machine (docs/performance.md, "One driver").

GAMES games at tables of one scripted person (seat 0, a seeded random legal action) and
the house in the other seats (``huis``, no delay), driven as tests/tables/driven.py does:
no asyncio, no store, the same steps every run. The garbage collector is tuned as the
server tunes it. Run under cachegrind at two sizes and take the difference:

``.venv/bin/python bench/table_machine.py GAMES [GAME VARIANT]``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.tables.driven import START, Driven

from kroeg.games import make_game
from kroeg.server.cli import tune_garbage_collection
from kroeg.tables import commands as c
from kroeg.tables.config import TableConfig
from kroeg.tables.state import TableSettings, TableState


class Ear:
    """A listener that drops what it is sent."""

    player = "anna"

    def send(self, frame: bytes) -> None:
        pass

    def hears(self, player: str) -> bool:
        return True


def main() -> None:
    tune_garbage_collection()
    games = int(sys.argv[1])
    game, variant = (sys.argv[2], sys.argv[3]) if len(sys.argv) > 3 else ("toepen", "kroegregels")
    acts = versions = 0
    for seed in range(games):
        made = make_game(game, variant)
        seats = made.traits.usual_seats
        config = TableConfig(game, variant, {}, seats, 30.0, False, "huis", True)
        settings = TableSettings(house_delay=0)
        shuffles = random.Random(seed)
        table = TableState(f"t{seed}", config, made, settings, created_at=START, rng=shuffles)
        driven = Driven(table)
        driven.do(c.Sit("anna", "Anna", 0, listener=Ear()))
        driven.do(c.Start("anna"))
        rng = random.Random(seed)  # Anna's choices
        while table.running:
            legal = made.legal(table.state, 0)
            driven.act("anna", made.action_json(rng.choice(legal)))
            acts += 1
        versions += table.version
    print({"acts": acts, "versions": versions})


if __name__ == "__main__":
    main()
