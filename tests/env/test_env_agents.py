"""The random and the ``sterk`` agents play whole games through the environment."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from kroeg.env import env
from kroeg.env.agents import RandomAgent, SterkAgent
from kroeg.games.base import Action
from kroeg.games.view import View


@pytest.mark.parametrize(
    ("game", "variant"),
    [("toepen", "klassiek"), ("klaverjassen", "nku"), ("eurokaarten", "standaard")],
)
def test_a_sterk_agent_plays_a_whole_game_against_random_agents(game: str, variant: str) -> None:
    e = env(game, variant)
    e.reset(seed=9)
    sterk = SterkAgent(e, "seat_0", seed=1, max_samples=2)
    others = RandomAgent(seed=2)
    views: list[View] = []
    decide = sterk.bot.decide

    def spy(view: View, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        views.append(view)
        assert view == e.view("seat_0")  # its seat's view, nothing more
        assert list(legal) == list(e.legal_actions("seat_0").values())
        return decide(view, legal, rng, budget)

    sterk.bot.decide = spy  # type: ignore[method-assign]
    for agent in e.agent_iter():
        observation, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        action = sterk.act(observation) if agent == "seat_0" else others.act(observation)
        assert observation["action_mask"][action] == 1
        e.step(action)
    assert e.game.is_over(e.state)
    assert views


def test_the_sterk_agent_repeats_its_choice_with_the_same_seed_and_samples() -> None:
    choices = []
    for _ in range(2):
        e = env("toepen", "kroegregels")
        e.reset(seed=4)
        choices.append(SterkAgent(e, e.agent_selection, seed=3, max_samples=3).act())
    assert choices[0] == choices[1]


def test_agents_refuse_to_act_for_a_seat_that_is_not_asked() -> None:
    e = env("klaverjassen", "amsterdams")
    e.reset(seed=1)
    waiting = next(a for a in e.agents if a != e.agent_selection)
    with pytest.raises(ValueError, match="not asked"):
        SterkAgent(e, waiting, max_samples=1).act()
    with pytest.raises(ValueError, match="not asked"):
        RandomAgent().act(e.observe(waiting))


def test_the_random_agent_picks_every_legal_index_and_nothing_else() -> None:
    mask = np.zeros(10, dtype=np.int8)
    mask[[2, 5, 7]] = 1
    agent = RandomAgent(seed=0)
    picks = {agent.act({"observation": np.zeros(1), "action_mask": mask}) for _ in range(200)}
    assert picks == {2, 5, 7}
