"""``python -m tests.puzzles.seed DATABASE_URL [toepen]``: store the hand-made deal's
puzzles (tests/puzzles/deals.py, or with ``toepen`` the Toepen knock puzzles of
tests/puzzles/toepen_deals.py) in a database, migrating it first: the browser tests' server
starts on it (in a process of its own: the browser tests' thread runs Playwright's loop)."""

from __future__ import annotations

import asyncio
import random
import sys

from kroeg.puzzles import toepen
from kroeg.puzzles.klaverjassen import mine
from kroeg.store import open_store
from kroeg.store.puzzles import PuzzleStore
from tests.puzzles.deals import PUZZLE_HANDS, PUZZLE_TRICKS, handmade_record
from tests.puzzles.toepen_deals import KNOCK_ON_A_LOST_TRICK, record


async def seed(url: str, game: str = "klaverjassen") -> int:
    store = await open_store(url)
    try:
        if game == "toepen":
            knocks = toepen.mine(record(KNOCK_ON_A_LOST_TRICK), random.Random(1))
            return await PuzzleStore(store).add(knocks, "toepen", "kroegregels", None)
        puzzles = mine(handmade_record(PUZZLE_HANDS, PUZZLE_TRICKS), random.Random(1))
        return await PuzzleStore(store).add(puzzles, "klaverjassen", "nku", None)
    finally:
        await store.close()


if __name__ == "__main__":
    print(asyncio.run(seed(*sys.argv[1:3])))
