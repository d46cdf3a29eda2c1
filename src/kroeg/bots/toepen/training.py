"""Self-play training of the Toepen knock policy: Monte Carlo counterfactual regret minimisation.

The game is the engine's own (every rule from :mod:`kroeg.games.toepen`), whole games
of four seats in kroegregels and klassiek. Cards, armoede and the three-of-a-kind
exchange are played by ``basis``; every knock, answer, voluntary fold, laundry claim
and challenge, on turn and out of turn (:meth:`kroeg.games.match.Match.offer_asides`),
is a decision of the abstraction (:mod:`.policy`), drawn from the current strategy:
regret matching on the accumulated regrets of its information set.

Each deal is one iteration. One seat is the *traverser*; among its decisions in the
deal one is picked uniformly (reservoir sampling), and from the state just before it
every action is played out to the end of the deal with the same random numbers
(external sampling at that node; chance and the other seats sampled on-policy). The
value of an action is minus the traverser's penalty points in the deal; its regret
grows by the value less the strategy's mean value. Every decision of every seat adds
its current strategy to the average strategy, which is what ships (the average, not
the last iterate, is what CFR's guarantees are about).

A seat's draw at an information set holds for the rest of the deal (a seat that
passed at a knock chance passes at the same information set after the next event
too); the bot does the same by drawing from a hash of its own cards and the deal
(:func:`.policy.hashed_pick`), so the out-of-turn chances after every event do not
turn a small knock probability into a certain knock.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kroeg.games import make_game
from kroeg.games.base import Action
from kroeg.games.match import Match, RandomDeals
from kroeg.games.toepen.game import Toepen
from kroeg.games.toepen.state import ToepenState
from kroeg.games.toepen.view import ToepenView

from . import basis
from .knowledge import read_view
from .policy import POLICY_VERBS, Decision, decide

VARIANTS = ("kroegregels", "klassiek")
SEATS = 4


@dataclass(slots=True)
class Tables:
    """The regrets and the average strategy of every information set met."""

    regret: dict[str, list[float]] = field(default_factory=dict)
    average: dict[str, list[float]] = field(default_factory=dict)
    visits: dict[str, int] = field(default_factory=dict)

    def strategy(self, d: Decision) -> list[float]:
        """Regret matching: positive regrets normalised, else uniform."""
        n = len(d.labels)
        regrets = self.regret.get(d.key)
        if regrets is None:
            return [1.0 / n] * n
        positive = [max(0.0, r) for r in regrets]
        total = sum(positive)
        return [p / total for p in positive] if total > 0 else [1.0 / n] * n

    def add_average(self, d: Decision, strategy: list[float]) -> None:
        average = self.average.setdefault(d.key, [0.0] * len(d.labels))
        for i, p in enumerate(strategy):
            average[i] += p
        self.visits[d.key] = self.visits.get(d.key, 0) + 1

    def shipped(self, min_visits: int) -> dict[str, list[float]]:
        """The normalised average strategy of every information set met often enough
        that learned something, rounded to three decimals (small, and stable across
        machines). One whose average is still the uniform start learned nothing (never
        branched, or its regrets never turned positive): the rule decides there."""
        out = {}
        for key in sorted(self.average):
            if self.visits[key] < min_visits:
                continue
            total = sum(self.average[key])
            probabilities = [round(p / total, 3) for p in self.average[key]]
            uniform = round(1 / len(probabilities), 3)
            if all(p == uniform for p in probabilities):
                continue
            out[key] = probabilities
        return out


Chooser = Callable[[int, Decision, list[float]], int]
"""Which label a seat takes at a decision, given the current strategy."""


def _draw(probabilities: list[float], rng: random.Random) -> int:
    x = rng.random()
    for i, p in enumerate(probabilities):
        x -= p
        if x < 0:
            return i
    return len(probabilities) - 1


class Trainer:
    """Outcome of :meth:`train`: :attr:`tables`."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.tables = Tables()
        self.games: list[Toepen] = [make_game("toepen", v) for v in VARIANTS]  # type: ignore[misc]
        self.deals = 0

    def train(self, deals: int) -> None:
        """Play whole games, alternating the variants, until ``deals`` deals are done."""
        g = 0
        while self.deals < deals:
            game = self.games[g % len(self.games)]
            self._game(game, deals)
            g += 1

    def _game(self, game: Toepen, limit: int) -> None:
        s = game.new_state(SEATS, dealer=self.rng.randrange(SEATS))
        match = Match(game, s, deals=RandomDeals(self.rng))
        while not game.is_over(s) and self.deals < limit:
            if match.chance() is None:
                raise RuntimeError("a deal did not end")  # _deal always plays to the end
            self._deal(game, s)
            self.deals += 1

    def _deal(self, game: Toepen, s: ToepenState) -> None:
        """One iteration: the deal played on ``s`` to its end, one traverser node branched."""
        traverser = self.rng.randrange(SEATS)
        tables = self.tables
        memo: list[dict[str, int]] = [{} for _ in range(SEATS)]
        seen_nodes = 0
        branch: tuple[ToepenState, list[dict[str, int]], Decision, list[float], int] | None = None
        deals_before = len(game.deal_summaries(s))

        def choose(seat: int, d: Decision, strategy: list[float]) -> int:
            nonlocal seen_nodes, branch
            tables.add_average(d, strategy)
            if seat == traverser:
                seen_nodes += 1
                if self.rng.randrange(seen_nodes) == 0:
                    branch = (game.copy(s), [dict(m) for m in memo], d, strategy, seat)
            return _draw(strategy, self.rng)

        _play_deal(game, s, memo, tables, choose)
        if branch is None:
            return
        state, memos, d, strategy, seat = branch
        rollout_seed = self.rng.randrange(2**62)
        values = []
        for label in range(len(d.labels)):
            rng = random.Random(rollout_seed)
            s2 = game.copy(state)
            memos2 = [dict(m) for m in memos]
            memos2[seat][d.key] = label

            def on_policy(
                _: int, __: Decision, strategy: list[float], rng: random.Random = rng
            ) -> int:
                return _draw(strategy, rng)

            _play_deal(game, s2, memos2, tables, on_policy)
            values.append(-float(game.deal_summaries(s2)[deals_before]["penalties"][seat]))
        mean = sum(p * v for p, v in zip(strategy, values, strict=True))
        regrets = tables.regret.setdefault(d.key, [0.0] * len(d.labels))
        for i, v in enumerate(values):
            regrets[i] += v - mean


def _play_deal(
    game: Toepen,
    s: ToepenState,
    memo: list[dict[str, int]],
    tables: Tables,
    choose: Chooser,
) -> None:
    """Play ``s`` to the end of its deal: decisions of the abstraction by ``choose``
    (once per seat and information set), everything else by ``basis``."""
    agent = SelfPlay(bool(game.option_values["white_laundry"]), memo, tables, choose)
    match = Match(game, s, agents=[agent] * SEATS, asides=True)
    match.offer_asides()
    while game.pending_deal(s) is None and not game.is_over(s):
        match.advance()


class SelfPlay:
    """Every seat's agent in self-play: the abstraction's decisions drawn by ``choose``
    (once per seat and information set, remembered in ``memo``), the rest by ``basis``."""

    def __init__(
        self, white: bool, memo: list[dict[str, int]], tables: Tables, choose: Chooser
    ) -> None:
        self.white = white
        self.memo = memo
        self.tables = tables
        self.choose = choose

    def act(self, match: Match[ToepenState], seat: int) -> Action:
        action = self._decide(match, seat, match.legal(seat), on_turn=True)
        return action if action is not None else match.game.default(match.state, seat)

    def aside(self, match: Match[ToepenState], seat: int, legal: list[Action]) -> Action | None:
        return self._decide(match, seat, legal, on_turn=False)

    def _decide(
        self, match: Match[ToepenState], seat: int, legal: list[Action], on_turn: bool
    ) -> Action | None:
        view = ToepenView.of(match.view(seat))
        seen = read_view(view)
        memo = self.memo[seat]

        def pick(d: Decision) -> int:
            if d.key not in memo:
                memo[d.key] = self.choose(seat, d, self.tables.strategy(d))
            return memo[d.key]

        action = decide(view, seen, legal, pick)
        if action is not None or not on_turn:
            return action
        if any(a[0] == "look" for a in legal):
            return basis.choose(seen, legal, self.white)
        rest = [a for a in legal if a[0] not in POLICY_VERBS] or legal
        return basis.choose(seen, rest, self.white)


def train(deals: int, seed: int) -> Tables:
    """The tables after ``deals`` deals of self-play from ``seed``."""
    trainer = Trainer(seed)
    trainer.train(deals)
    return trainer.tables


def summary(tables: Tables) -> dict[str, Any]:
    """A few figures of a training run (information sets met, shipped)."""
    return {"information_sets": len(tables.average), "visits": sum(tables.visits.values())}
