"""The bot interface and what every game gives the bots (:class:`GameKit`).

A bot decides from a view, never from a state. Many decisions still need a state to
simulate with, so each game provides a *determiniser*: :meth:`GameKit.sample` builds
an engine state that shows exactly the given view (``game.view(state, seat) ==
view``), with every card the view hides dealt at random among the places it could
be, consistent with what the view proves (a player who failed to follow suit has no
card of it, a card taken from the discard pile is in that hand, ...). Search runs on
many such samples ("determinised" or perfect-information Monte Carlo search).
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from kroeg.games.base import Action, Game
from kroeg.games.match import Match
from kroeg.games.view import View

DEFAULT_BUDGET = 0.3
"""Seconds per decision on one core (issue 7: 300 ms)."""


class BotError(RuntimeError):
    """A bot was asked to decide where it cannot (no legal action, a view of another game)."""


class Bot(ABC):
    """One player level for one game; stateless between decisions."""

    level: ClassVar[str]

    def __init__(self, game: Game[Any], kit: GameKit[Any]) -> None:
        self.game = game
        self.kit = kit

    def decide(
        self, view: View, legal: Sequence[Action], rng: random.Random, budget: float
    ) -> Action:
        """One of ``legal``, decided from ``view`` within about ``budget`` seconds."""
        if not legal:
            raise BotError(f"seat {view.you} has no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self.choose(view, list(legal), rng, Deadline(budget))

    @abstractmethod
    def choose(
        self, view: View, legal: list[Action], rng: random.Random, deadline: Deadline
    ) -> Action:
        """The decision itself, with at least two legal actions to choose from."""

    def aside(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        """An out-of-turn action of ``legal`` (the game does not wait for the seat), or
        None at once when the bot has nothing to do (:mod:`kroeg.bots.asides`)."""
        if not legal:
            return None
        action = self.kit.aside(self.level, view, list(legal), rng)
        return action if action in legal else None


class BotAgent:
    """A bot at a seat of a :class:`~kroeg.games.match.Match`: it decides from the seat's
    view and legal actions alone, with its own generator and ``budget`` seconds."""

    def __init__(self, bot: Bot, rng: random.Random, budget: float = DEFAULT_BUDGET) -> None:
        self.bot = bot
        self.rng = rng
        self.budget = budget

    def act(self, match: Match[Any], seat: int) -> Action:
        return self.bot.decide(match.view(seat), match.legal(seat), self.rng, self.budget)

    def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
        return self.bot.aside(match.view(seat), legal, self.rng)


class Deadline:
    """A point in time a decision must be made by (``time.perf_counter`` based)."""

    SAFETY = 0.9
    """The share of the budget a bot plans to use: the rest covers reading the view,
    a last sample and the answer's way back."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.perf_counter() + seconds * self.SAFETY

    def passed(self) -> bool:
        return time.perf_counter() >= self.at

    def left(self) -> float:
        return self.at - time.perf_counter()


ViewT = TypeVar("ViewT", bound=View)
"""The view class of the kit's game (``KlaverjasView``, ...)."""


class GameKit(ABC, Generic[ViewT]):
    """Everything game-specific the bots need: the determiniser and the players; the
    methods read the view of the kit's game (``ViewT``)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    @abstractmethod
    def sample(self, view: ViewT, rng: random.Random) -> Any:
        """A determinisation: the hidden cards of ``view`` dealt at random, consistent
        with everything the view shows (the game's own representation)."""

    def state(self, view: ViewT, rng: random.Random) -> Any:
        """An engine state whose view for ``view``'s seat equals ``view``, hidden cards
        dealt as :meth:`sample` deals them (games whose ``huis`` needs a state)."""
        raise NotImplementedError(f"{self.game.name}: no engine state is built from a view")

    def huis(self, view: ViewT, legal: list[Action], rng: random.Random) -> Action:
        """The game's ``default()``. It decides only from what the view shows (an engine
        promise), so it may be asked on any state that shows the view: a sampled one."""
        action: Action = self.game.default(self.state(view, rng), view.seat)
        return action

    def aside(
        self, level: str, view: ViewT, legal: list[Action], rng: random.Random
    ) -> Action | None:
        """The out-of-turn action of a bot of ``level``, or None (the default: games
        whose seats act only when the game waits for them)."""
        return None

    @abstractmethod
    def basis(self, view: ViewT, legal: list[Action], rng: random.Random) -> Action:
        """The rule-based decision (level ``basis``)."""

    @abstractmethod
    def sterk(
        self,
        view: ViewT,
        legal: list[Action],
        rng: random.Random,
        deadline: Deadline,
        max_samples: int | None,
    ) -> Action:
        """The search decision (level ``sterk``): best so far when the deadline passes,
        or after ``max_samples`` determinisations when given (repeatable runs)."""
