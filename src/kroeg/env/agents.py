"""Agents for the environments: a random one and the house's ``sterk`` bot.

Both answer an index of the action space. The ``sterk`` agent is the house bot of
:mod:`kroeg.bots` and sees what a bot at a live table sees: its seat's ``view()`` and
its legal actions (those the action space has), never the state.
"""

from __future__ import annotations

import random

import numpy as np

from kroeg.bots.levels import make_bot
from kroeg.env.aec import KroegEnv, Observation


class RandomAgent:
    """A uniformly random legal action, from the observation's action mask alone."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> int:
        legal = np.flatnonzero(observation["action_mask"])
        if not len(legal):
            raise ValueError("the action mask allows no action: this agent is not asked now")
        return int(legal[self.rng.randrange(len(legal))])


class SterkAgent:
    """The house's ``sterk`` bot for one seat of ``env``, searching within ``budget``
    seconds per decision, or over ``max_samples`` deals (repeatable runs)."""

    def __init__(
        self,
        env: KroegEnv,
        agent: str,
        *,
        seed: int | None = None,
        budget: float = 0.3,
        max_samples: int | None = None,
    ) -> None:
        self.env = env
        self.agent = agent
        self.bot = make_bot(env.game, "sterk", max_samples=max_samples)
        self.rng = random.Random(seed)
        self.budget = budget

    def act(self, observation: Observation | None = None) -> int:
        """The bot's choice for its seat now (the observation is not needed: the bot
        reads the seat's view, which the observation is made of)."""
        moves = self.env.legal_actions(self.agent)
        if not moves:
            raise ValueError(f"{self.agent} is not asked to act now")
        indices = {action: index for index, action in moves.items()}
        choice = self.bot.decide(self.env.view(self.agent), list(indices), self.rng, self.budget)
        return indices[choice]
