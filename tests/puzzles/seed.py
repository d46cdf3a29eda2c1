"""``python -m tests.puzzles.seed DATABASE_URL``: store the hand-made deal's puzzles
(tests/puzzles/deals.py) in a database, migrating it first: the browser tests' server
starts on it (in a process of its own: the browser tests' thread runs Playwright's loop)."""

from __future__ import annotations

import asyncio
import random
import sys

from kroeg.puzzles.klaverjassen import mine
from kroeg.store import open_store
from kroeg.store.puzzles import PuzzleStore
from tests.puzzles.deals import PUZZLE_HANDS, PUZZLE_TRICKS, handmade_record


async def seed(url: str) -> int:
    store = await open_store(url)
    try:
        puzzles = mine(handmade_record(PUZZLE_HANDS, PUZZLE_TRICKS), random.Random(1))
        return await PuzzleStore(store).add(puzzles, "klaverjassen", "nku", None)
    finally:
        await store.close()


if __name__ == "__main__":
    print(asyncio.run(seed(sys.argv[1])))
