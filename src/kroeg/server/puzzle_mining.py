"""Puzzles mined after each finished game, in the bot pool (docs/puzzles.md, "Mining").

Registered on the store's ``on_finish`` (as the ratings are): once a game's end is
committed, a background task reads its record and stored analysis and hands both to the
house (:meth:`kroeg.tables.house.House.mine`: the bot pool's workers), stores the new
puzzles and, when it was computed on the way, the analysis. The table never waits for
it, and a failure is logged, never raised: the game stays as it is.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from kroeg.puzzles.mine import MINERS
from kroeg.store.puzzles import PuzzleStore
from kroeg.tables.records import game_record

if TYPE_CHECKING:
    from kroeg.server.runtime import Runtime

log = logging.getLogger(__name__)


class FinishedGameMiner:
    def __init__(self, rt: Runtime) -> None:
        self.rt = rt
        self.tasks: set[asyncio.Task[int]] = set()

    def register(self) -> None:
        self.rt.store.on_finish.append(self._finished)

    async def _finished(self, game_id: int) -> None:
        if not self.rt.house.mines:
            return
        task = asyncio.get_running_loop().create_task(self._mine_logged(game_id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _mine_logged(self, game_id: int) -> int:
        try:
            return await self.mine_game(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("mining game %d for puzzles failed", game_id)
            return 0

    async def mine_game(self, game_id: int) -> int:
        """Mine one finished game; how many new puzzles it gave."""
        store = self.rt.store
        row = await store.game(game_id)
        if row is None or row.finished_at is None or row.game not in MINERS:
            return 0
        record = game_record(row, await store.log(game_id))
        stored = await store.analysis(game_id)
        # The game's id seeds the sampled worlds: mining a game again finds the same.
        analysis, puzzles = await self.rt.house.mine(record, game_id, stored)
        if stored is None and analysis is not None:
            await store.save_analysis(game_id, analysis)
        added = await PuzzleStore(store).add(puzzles, row.game, row.variant, game_id)
        log.info("game %d gave %d new puzzles", game_id, added)
        return added

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
