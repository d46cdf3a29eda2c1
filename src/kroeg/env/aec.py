"""The PettingZoo AEC environment over one game and variant (docs/env.md).

Agents are seats (``seat_0`` ...). The game is a :class:`~kroeg.games.match.Match` whose
steps come from outside, the agents' through :meth:`KroegEnv.step`; chance is the match's:
when a deal is due it deals with a generator seeded by ``reset(seed=...)``. It asks one seat at a
time: of the seats the game waits for, the first one clockwise after the seat that
acted last. A seat acts only when it is asked, so a knock out of turn (Toepen) is made
on the seat's own turn. Observations come from the seat's ``view()`` alone.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from kroeg.env.encoding import Encoding
from kroeg.env.eurokaarten import EurokaartenEncoding
from kroeg.env.klaverjassen import KlaverjassenEncoding
from kroeg.env.layout import Array
from kroeg.env.toepen import ToepenEncoding
from kroeg.games import make_game
from kroeg.games.base import Action, Game
from kroeg.games.match import Match, RandomDeals
from kroeg.games.view import View

ENCODINGS: dict[str, Encoding[Any]] = {
    e.game: e for e in (ToepenEncoding(), KlaverjassenEncoding(), EurokaartenEncoding())
}

RENDER_MODES = ("ansi", "human")
"""``ansi``: :meth:`KroegEnv.render` returns the text; ``human``: it prints it too."""

Observation = dict[str, Any]
"""``{"observation": float32 array, "action_mask": int8 array}``."""


def seat_counts(game: Game[Any]) -> list[int]:
    """The table sizes the game's variant is played at (its traits)."""
    low, high = game.traits.seats
    return list(range(low, high + 1))


def default_seats(game: Game[Any]) -> int:
    """Four when the variant allows four (the usual table), else its smallest table."""
    counts = seat_counts(game)
    return 4 if 4 in counts else counts[0]


def rewards_of(game: Game[Any], s: Any) -> list[float]:
    """The reward of every seat for a finished game: -1 for a seat that lost, +1 for
    the others, 0 for everyone on a draw (a game over with no loser). This is the one
    place that reads the game's result."""
    result = game.result(s)
    losers = result.losers if result is not None else frozenset()
    if not losers:
        return [0.0] * game.seat_count(s)
    return [-1.0 if seat in losers else 1.0 for seat in range(game.seat_count(s))]


class KroegEnv(AECEnv):  # type: ignore[misc]
    """One game of ``game`` ``variant`` at a table of ``seats`` as an AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "kroeg_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        variant: str,
        *,
        seats: int | None = None,
        options: Mapping[str, object] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render_mode {render_mode!r}: expected ansi or human")
        self.game = make_game(game, variant, options)
        self.encoding = ENCODINGS[game]
        self.seats = default_seats(self.game) if seats is None else seats
        self.game.check_seats(self.seats)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{seat}" for seat in range(self.seats)]
        size, count = self.encoding.layout.size, self.encoding.action_count
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (count,), np.int8),
            }
        )
        action_space = spaces.Discrete(count)
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: action_space for agent in self.possible_agents}
        self._seeds = random.Random()
        self.match: Match[Any] | None = None
        self._moves: dict[int, Action] = {}
        self._last_seat = -1

    @property
    def state(self) -> Any:
        """The game's state (None before the first reset and after close)."""
        return None if self.match is None else self.match.state

    @state.setter
    def state(self, s: Any) -> None:
        assert self.match is not None, "reset the environment first"
        self.match.state = s

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # The game ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. The same ``seed`` gives the same first dealer and the same deals;
        without one, the deals go on from the generator of the last seeded reset.
        ``options`` is PettingZoo's and unused: the game's options are the constructor's."""
        if seed is not None:
            self._seeds = random.Random(seed)
        deals = RandomDeals(random.Random(self._seeds.getrandbits(64)))
        self.match = Match.new(self.game, self.seats, seed=self._seeds.getrandbits(64), deals=deals)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._last_seat = -1
        self._advance()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._moves:
            raise ValueError(
                f"action {action!r} is not legal for {agent} now: expected one of"
                f" {sorted(self._moves)} (the observation's action_mask)"
            )
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        assert self.match is not None
        self.match.step(seat, self._moves[int(action)])
        self._last_seat = seat
        self._clear_rewards()
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _advance(self) -> None:
        """Play chance while it is due; then ask the next seat, or end the game."""
        assert self.match is not None
        game, s = self.game, self.match.state
        while self.match.chance() is not None:
            pass
        if game.is_over(s):
            for agent, reward in zip(self.agents, rewards_of(game, s), strict=True):
                self.rewards[agent] = reward
            self.terminations = dict.fromkeys(self.agents, True)
            self._moves = {}
            return
        waiting = game.to_act(s)
        seat = min(waiting, key=lambda p: (p - self._last_seat - 1) % self.seats)
        self.agent_selection = self.possible_agents[seat]
        self._moves = self._legal(seat)

    # What a seat sees ------------------------------------------------------------------

    def view(self, agent: str) -> View:
        """The seat's ``view()``: everything its observation is made of."""
        return self.game.view(self.state, self.possible_agents.index(agent))

    def legal_actions(self, agent: str) -> dict[int, Action]:
        """The seat's legal actions now by index; empty when it is not asked. An index
        that more than one action has (two jokers alike) maps to the first of them."""
        return dict(self._moves) if agent == self.agent_selection else {}

    def _legal(self, seat: int) -> dict[int, Action]:
        moves: dict[int, Action] = {}
        for action in self.game.legal(self.state, seat):
            index = self.encoding.action_index(action, seat, self.seats)
            if index is not None:
                moves.setdefault(index, action)
        return moves

    def observe(self, agent: str) -> Observation:
        mask = np.zeros(self.encoding.action_count, dtype=np.int8)
        if agent == self.agent_selection:
            mask[list(self._moves)] = 1
        observation: Array = self.encoding.observe(self.view(agent))
        return {"observation": observation, "action_mask": mask}

    # Text ------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as text: the spectator's view and the hand of the seat asked."""
        if self.render_mode is None or self.state is None:
            return None
        public = self.game.view(self.state, None).json()
        lines = [
            f"{public['game']} {public['variant']}, deal {public.get('deal_no', '-')},"
            f" phase {public['phase']}, dealer seat_{public['dealer']}",
            "standings: " + json.dumps(public["standings"]),
        ]
        for key in ("trick", "trump", "melds", "discard_top"):
            if public.get(key):
                lines.append(f"{key}: {json.dumps(public[key])}")
        if self.agents and not self.game.is_over(self.state):
            agent = self.agent_selection
            lines.append(f"to act: {agent}, hand {' '.join(self.view(agent).hand or [])}")
        else:
            lines.append("result: " + json.dumps(public["result"]))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self) -> None:
        self.match = None
