"""The bot levels and :func:`make_bot`, the one way to get a bot."""

from __future__ import annotations

import importlib
import random
from typing import Any

from kroeg.bots.base import Bot, BotError, Deadline, GameKit
from kroeg.games.base import Action, Game
from kroeg.games.view import View

LEVELS = ("random", "bluffer", "huis", "basis", "sterk", "meester")
"""From weakest to strongest; ``random`` and ``bluffer`` are only baselines for the arena."""

BLUFF_RATE = 0.3
"""How often :class:`BluffBot` knocks when it may, whatever its hand."""

HOUSE_LEVELS = ("huis", "basis", "sterk", "meester")
"""The levels a table's house may play at."""

MEESTER_SAMPLES = 4
"""``meester`` is ``sterk`` with more budget: this many times ``sterk``'s sample cap
(repeatable runs, the arena) and the table's longer thinking time
(:data:`kroeg.tables.house.MEESTER_BUDGET`)."""


class RandomBot(Bot):
    """A uniformly random legal action."""

    level = "random"

    def choose(
        self, view: View, legal: list[Action], rng: random.Random, deadline: Deadline
    ) -> Action:
        return rng.choice(legal)


class BluffBot(Bot):
    """An arena baseline: knocks at :data:`BLUFF_RATE` of the decisions on its turn
    where a knock is legal, whatever its hand; otherwise it plays as ``basis``. It never
    knocks out of turn (it would knock at almost every chance)."""

    level = "bluffer"

    def choose(
        self, view: View, legal: list[Action], rng: random.Random, deadline: Deadline
    ) -> Action:
        knock = next((a for a in legal if a[0] == "knock"), None)
        if knock is not None and rng.random() < BLUFF_RATE:
            return knock
        return self.kit.basis(view, legal, rng)


class HuisBot(Bot):
    """The game's ``default()``: what the house plays for its own seats."""

    level = "huis"

    def choose(
        self, view: View, legal: list[Action], rng: random.Random, deadline: Deadline
    ) -> Action:
        return self.kit.huis(view, legal, rng)


class BasisBot(Bot):
    """The rule-based player of the game's kit."""

    level = "basis"

    def choose(
        self, view: View, legal: list[Action], rng: random.Random, deadline: Deadline
    ) -> Action:
        return self.kit.basis(view, legal, rng)


class SterkBot(Bot):
    """Determinised search; ``max_samples`` caps the work so a run can be repeated exactly."""

    level = "sterk"

    def __init__(self, game: Game[Any], kit: GameKit[Any], max_samples: int | None = None) -> None:
        super().__init__(game, kit)
        self.max_samples = max_samples

    def choose(
        self, view: View, legal: list[Action], rng: random.Random, deadline: Deadline
    ) -> Action:
        return self.kit.sterk(view, legal, rng, deadline, self.max_samples)


class MeesterBot(SterkBot):
    """``sterk`` with more budget, for players who want a hard table."""

    level = "meester"

    def __init__(self, game: Game[Any], kit: GameKit[Any], max_samples: int | None = None) -> None:
        super().__init__(game, kit, None if max_samples is None else max_samples * MEESTER_SAMPLES)


_BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "bluffer": BluffBot,
    "huis": HuisBot,
    "basis": BasisBot,
    "sterk": SterkBot,
    "meester": MeesterBot,
}


def make_kit(game: Game[Any]) -> GameKit[Any]:
    """The bots' kit of a game (``kroeg.bots.<game>.Kit``)."""
    module = importlib.import_module(f"kroeg.bots.{game.name}")
    kit: GameKit[Any] = module.Kit(game)
    return kit


def make_bot(game: Game[Any], level: str, *, max_samples: int | None = None) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`) for ``game``."""
    if level not in _BOTS:
        raise BotError(f"unknown bot level {level!r}: expected one of {', '.join(LEVELS)}")
    kit = make_kit(game)
    if level in ("sterk", "meester"):
        return _BOTS[level](game, kit, max_samples)  # type: ignore[call-arg]
    return _BOTS[level](game, kit)
