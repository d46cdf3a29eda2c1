"""Bots for the server: they think in worker processes, so the event loop never waits.

:class:`BotPool` runs decisions in a :class:`~concurrent.futures.ProcessPoolExecutor`.
A decision that overruns its budget (plus a grace for the trip to the worker and
back), fails, or returns something that is not legal is replaced by the ``huis``
decision, the game's ``default()``, computed in the calling process (it takes
a millisecond or so). The pool never raises for a bot's failure.

Start-up does not wait for the compiled Klaverjas kernel (numba: some 20 s to compile
on a fresh clone, about a second to load from its on-disk cache): :meth:`BotPool.start`
builds it in a process of its own in the background, then loads it in every worker;
until then the levels that search with it (:data:`KERNEL_LEVELS`) play
:data:`SIMPLER_LEVEL`, and analyses and puzzle mining wait for it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, TypeVar

from kroeg import metrics
from kroeg.bots.analysis import analyse
from kroeg.bots.base import DEFAULT_BUDGET, Bot
from kroeg.bots.levels import make_bot
from kroeg.games import make_game
from kroeg.games.base import JSON, Action
from kroeg.games.view import View

log = logging.getLogger(__name__)

DEFAULT_GRACE = 0.25
"""Seconds allowed beyond the budget for a decision's trip to the worker and back."""


@lru_cache(maxsize=64)
def _bot(game: str, variant: str, options_json: str, level: str) -> Bot:
    return make_bot(make_game(game, variant, json.loads(options_json)), level)


def decide_now(
    game: str,
    variant: str,
    options: Mapping[str, object],
    view: View,
    legal: Sequence[Action],
    level: str,
    budget: float,
    seed: int | None,
) -> Action:
    """One decision in this process (what a worker runs)."""
    bot = _bot(game, variant, json.dumps(dict(options), sort_keys=True), level)
    action = bot.decide(view, [tuple(a) for a in legal], random.Random(seed), budget)
    return tuple(action)


KERNEL_LEVELS = frozenset({("klaverjassen", "sterk"), ("klaverjassen", "meester")})
"""The (game, level) pairs whose bots search with the compiled kernel
(:mod:`kroeg.bots.klaverjassen.sterk`)."""
SIMPLER_LEVEL = "basis"
"""What those levels play while the kernel is still being built at start-up."""
HOLD_KERNEL_ENV = "KROEG_TEST_HOLD_KERNEL"
"""For tests: the kernel's build waits until the file this names exists, so a test sees
the server as it is while the kernel compiles, for as long as it needs."""


def build_kernel() -> None:
    """Compile the kernel into numba's on-disk cache, or load it from there."""
    hold = os.environ.get(HOLD_KERNEL_ENV)
    while hold and not Path(hold).exists():
        time.sleep(0.05)
    from kroeg.bots.klaverjassen.kernel import warm

    warm()


def _started() -> bool:
    """A worker's start: the bots' modules are imported on the way here."""
    return True


T = TypeVar("T")


def _job_ended(_: object) -> None:
    metrics.BOT_POOL_JOBS.dec()


class BotPool:
    """Worker processes that run bot decisions; use as ``async with BotPool() as pool``."""

    def __init__(self, workers: int | None = None, *, grace: float = DEFAULT_GRACE) -> None:
        self.workers = workers or max(1, (multiprocessing.cpu_count() or 2) - 1)
        self.grace = grace
        self._executor: ProcessPoolExecutor | None = None
        self._builder: BaseProcess | None = None
        self._warming: asyncio.Task[None] | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._executor

    def start(self) -> None:
        """Start every worker and build the kernel, in the background: the server
        serves at once, and the first decisions do not pay for a worker's start."""
        self._warming = asyncio.get_running_loop().create_task(self._warm_up())

    async def _warm_up(self) -> None:
        try:
            await self._start_and_build()
        except Exception:
            log.exception("warming up the bot pool failed: the kernel compiles on first use")

    async def _start_and_build(self) -> None:
        loop = asyncio.get_running_loop()
        pool = self._pool()
        started = [loop.run_in_executor(pool, _started) for _ in range(self.workers)]
        self._builder = multiprocessing.get_context("spawn").Process(
            target=build_kernel, name="kroeg-kernel-build", daemon=True
        )
        self._builder.start()
        await asyncio.to_thread(self._builder.join)
        code = self._builder.exitcode
        await asyncio.gather(*started)
        if code != 0:
            log.error("building the kernel failed (exit %s): it compiles on first use", code)
            return
        await asyncio.gather(
            *(loop.run_in_executor(pool, build_kernel) for _ in range(self.workers))
        )
        log.info("the compiled kernel is ready: %s play at their level", sorted(KERNEL_LEVELS))

    @property
    def warming(self) -> bool:
        """Whether the kernel is still being built (the pool was started, not yet done)."""
        return self._warming is not None and not self._warming.done()

    def level_now(self, game: str, level: str) -> str:
        """The level that plays now: :data:`SIMPLER_LEVEL` for a level that needs the
        kernel while it is being built."""
        return SIMPLER_LEVEL if self.warming and (game, level) in KERNEL_LEVELS else level

    async def kernel_built(self) -> None:
        """Wait for the start-up's build, if any (an analysis or mining in a worker would
        compile the kernel a second time)."""
        if self._warming is not None:
            await asyncio.wait([self._warming])

    async def decide(
        self,
        game: str,
        variant: str,
        options: Mapping[str, object],
        view: View,
        legal: Sequence[Action],
        level: str,
        budget: float = DEFAULT_BUDGET,
        seed: int | None = None,
    ) -> Action:
        """The bot's action for ``view``; the ``huis`` action when the bot overruns or fails.
        While the kernel is being built, a level that needs it plays :data:`SIMPLER_LEVEL`."""
        level = self.level_now(game, level)
        args = (game, variant, dict(options), view, list(legal), level, budget, seed)
        try:
            future = self._submit(decide_now, *args)
            action = await asyncio.wait_for(future, budget + self.grace)
        except TimeoutError:
            log.warning("bot %s for %s overran its budget of %.3f s", level, game, budget)
            return self.fallback(*args[:5], seed)
        except BrokenProcessPool:
            log.exception("the bot pool broke; starting a new one")
            self._executor = None
            return self.fallback(*args[:5], seed)
        except Exception:
            log.exception("bot %s for %s failed", level, game)
            return self.fallback(*args[:5], seed)
        if action not in legal:
            log.error("bot %s for %s chose %r, which is not legal", level, game, action)
            return self.fallback(*args[:5], seed)
        return action

    async def analyse(self, record: JSON) -> JSON | None:
        """A finished game's analysis (:func:`kroeg.bots.analysis.analyse`), in a worker."""
        await self.kernel_built()
        result: JSON | None = await self._submit(analyse, record)
        return result

    async def mine(
        self, record: JSON, seed: int, analysis: JSON | None = None
    ) -> tuple[JSON | None, list[Any]]:
        """A finished game's analysis and puzzles (:func:`kroeg.puzzles.mine.mine_record`),
        in a worker: mining is as heavy as the analysis."""
        from kroeg.puzzles.mine import mine_record

        await self.kernel_built()
        return await self._submit(mine_record, record, seed, analysis)

    def _submit(self, job: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """Run ``job`` in a worker; counted in the pool's queue (kroeg.metrics) until it
        ends, also when its caller stopped waiting for it (a decision past its budget)."""
        future = asyncio.get_running_loop().run_in_executor(self._pool(), job, *args)
        metrics.BOT_POOL_JOBS.inc()
        future.add_done_callback(_job_ended)
        return future

    @staticmethod
    def fallback(
        game: str,
        variant: str,
        options: Mapping[str, object],
        view: View,
        legal: Sequence[Action],
        seed: int | None,
    ) -> Action:
        """The ``huis`` decision, in this process; the first legal action if even that fails."""
        try:
            return decide_now(game, variant, options, view, legal, "huis", DEFAULT_BUDGET, seed)
        except Exception:
            log.exception("the huis fallback for %s failed; playing the first legal action", game)
            return tuple(legal[0])

    def close(self) -> None:
        if self._warming is not None:
            self._warming.cancel()
        if self._builder is not None and self._builder.is_alive():
            self._builder.terminate()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def __aenter__(self) -> BotPool:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        self.close()
