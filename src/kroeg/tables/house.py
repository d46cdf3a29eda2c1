"""The house: every choice made for a seat nobody plays, or for a player whose clock ran out.

This is the one boundary between a table and its house players. A table asks
:meth:`House.choose` with a :class:`HouseRequest` (what the seat may see and do, never
the state) and applies the answer; a choice that is not legal is replaced by the
request's ``fallback``, the game's ``default()`` that the table worked out beforehand.
The bots plug in here (a process pool running the table's house level with the
fallback on overrun); until then the house plays the fallback.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kroeg.games.base import JSON, Action
from kroeg.games.view import View

if TYPE_CHECKING:
    from kroeg.bots.pool import BotPool

HOUSE_NAMES = ("Kees", "Truus", "Henk", "Ria", "Joop", "Greet", "Sjaak", "Bep")
"""The house's regulars ("vaste gasten van het huis", seed 003), one per seat."""

HOUSE_LEVELS = ("huis", "basis", "sterk", "meester")
"""The levels a table's house may play at (weakest first); ``huis`` is ``default()``."""

DEFAULT_BUDGET = 0.3
"""Seconds the house may think about one decision."""

MEESTER_BUDGET = 1.0
"""Seconds a ``meester`` may think: "more budget", for players who want a hard table."""


def budget_of(level: str) -> float:
    """Seconds the house thinks about one decision at ``level``."""
    return MEESTER_BUDGET if level == "meester" else DEFAULT_BUDGET


@dataclass(frozen=True, slots=True)
class HouseRequest:
    """One decision for the house: everything it may know about the seat, and a fallback."""

    game: str
    variant: str
    options: Mapping[str, object]
    seat: int
    view: View
    legal: tuple[Action, ...]
    level: str
    budget: float
    fallback: Action
    """``game.default(state, seat)``: legal, and played when the house does not decide.
    (A person whose clock ran out gets ``game.timeout_action``, which the table plays
    without asking the house.)"""
    timeout: bool
    """Whether the house plays for a person whose clock ran out (rather than its own seat)."""


class House:
    """The house players. This one plays the fallback, the game's ``default()``."""

    quick = True
    """Whether a choice takes no noticeable time (the table then commits a run of house
    moves at once; a slow house gets the table's news sent before it thinks)."""

    def decides(self, level: str, *, timeout: bool) -> bool:
        """Whether :meth:`choose` may pick anything but the fallback (else the table plays
        the fallback without building a request)."""
        return False

    async def choose(self, request: HouseRequest) -> Action:
        return request.fallback

    def aside(self, request: HouseRequest) -> Action | None:
        """An out-of-turn action for a house seat the game does not wait for (a Toepen
        knock after any event, a laundry challenge, a revoke call), or None. Answered
        in-process and at once: the table asks after every event, so this must cost
        next to nothing (:meth:`kroeg.bots.base.Bot.aside`). This house never acts."""
        return None

    def has_asides(self, level: str) -> bool:
        """Whether :meth:`aside` may answer anything at ``level`` (else the table does
        not build requests for it)."""
        return False

    async def analyse(self, record: JSON) -> JSON | None:
        """A finished game's analysis from its record (:func:`kroeg.bots.analysis.analyse`;
        None for a game without an analyser), here in a thread off the event loop."""
        from kroeg.bots.analysis import analyse

        return await asyncio.to_thread(analyse, record)

    mines = False
    """Whether :meth:`mine` mines finished games for puzzles (only in the bot pool)."""

    async def mine(
        self, record: JSON, seed: int, analysis: JSON | None = None
    ) -> tuple[JSON | None, list[Any]]:
        """A finished game's analysis and puzzles (docs/puzzles.md): none here."""
        return None, []

    async def close(self) -> None:
        """Release what the house holds (worker processes)."""


def house_name(seat: int) -> str:
    return HOUSE_NAMES[seat % len(HOUSE_NAMES)]


class BotHouse(House):
    """The bots at the table's house level, thinking in worker processes
    (:class:`kroeg.bots.pool.BotPool`: on overrun or failure it answers the ``huis``
    decision). A player's timed-out decision, and the ``huis`` level, get the fallback."""

    quick = False

    def __init__(self, pool: BotPool) -> None:
        self.pool = pool
        self.rng = secrets.SystemRandom()

    def decides(self, level: str, *, timeout: bool) -> bool:
        return not timeout and level != "huis"

    async def choose(self, request: HouseRequest) -> Action:
        if not self.decides(request.level, timeout=request.timeout):
            return request.fallback
        return await self.pool.decide(
            request.game,
            request.variant,
            request.options,
            request.view,
            request.legal,
            request.level,
            request.budget,
            self.rng.randrange(2**62),
        )

    def has_asides(self, level: str) -> bool:
        return level != "huis"

    def aside(self, request: HouseRequest) -> Action | None:
        if not self.has_asides(request.level):
            return None
        from kroeg.bots.asides import house_aside

        return house_aside(
            request.game,
            request.variant,
            request.options,
            request.level,
            request.view,
            request.legal,
            self.rng.randrange(2**62),
        )

    async def analyse(self, record: JSON) -> JSON | None:
        """In the bot pool: the analysis is as heavy as the bots' thinking."""
        return await self.pool.analyse(record)

    mines = True

    async def mine(
        self, record: JSON, seed: int, analysis: JSON | None = None
    ) -> tuple[JSON | None, list[Any]]:
        return await self.pool.mine(record, seed, analysis)

    async def close(self) -> None:
        self.pool.close()


async def start_bot_house() -> House:
    """The bot house with its workers starting (in the background: docs/performance.md)."""
    from kroeg.bots.pool import BotPool

    pool = BotPool()
    pool.start()
    return BotHouse(pool)
