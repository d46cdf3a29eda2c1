"""Mining a finished game's record for puzzles, one miner per game (what a bot worker
runs after a game: :meth:`kroeg.bots.pool.BotPool.mine`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from kroeg.bots.analysis import analyse
from kroeg.games.base import JSON

from . import klaverjassen, toepen
from .klaverjassen import Puzzle

MINERS: dict[str, Callable[..., list[Puzzle]]] = {
    "klaverjassen": klaverjassen.mine,
    "toepen": toepen.mine,
}
"""The games whose records give puzzles: Klaverjassen's cards, Toepen's knock decisions
(docs/puzzles.md)."""


def mine_record(
    record: JSON, seed: int, analysis: JSON | None = None
) -> tuple[JSON | None, list[Puzzle]]:
    """The game's analysis (``analysis`` when given, else computed) and its puzzles;
    (None, []) for a game without a miner."""
    miner = MINERS.get(str(record.get("game")))
    if miner is None:
        return None, []
    if analysis is None:
        analysis = analyse(record)
    if analysis is None:
        return None, []
    return analysis, miner(record, random.Random(seed), analysis=analysis)
