"""The environments pass PettingZoo's own API test and seed test for every game and
variant, and keep the AEC contract on bad input."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from kroeg.env import KroegEnv, env
from kroeg.games.base import InvalidInput
from tests.env.conftest import VARIANTS

DICT_OBSERVATION_WARNINGS = {
    # api_test says these of every environment with an action mask in a dict
    # observation, PettingZoo's own classic games included.
    "Observation space for each agent probably should be gymnasium.spaces.box or"
    " gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
}


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_api_test_passes_for_every_game_and_variant(game: str, variant: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, variant), num_cycles=300)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize("seats", [3, 8])
def test_api_test_passes_at_the_smallest_and_largest_klassiek_table(seats: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env("toepen", "klassiek", seats=seats), num_cycles=300)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_seed_test_passes(game: str, variant: str) -> None:
    seed_test(lambda: env(game, variant), num_cycles=100)


def play(e: KroegEnv, seed: int) -> list[tuple[str, bytes, int | None]]:
    """Every (agent, observation bytes, action) of one game, the first legal index each time."""
    e.reset(seed=seed)
    out: list[tuple[str, bytes, int | None]] = []
    for agent in e.agent_iter():
        observation, _, terminated, truncated, _ = e.last()
        action = None
        if not (terminated or truncated):
            action = int(np.flatnonzero(observation["action_mask"])[0])
        out.append((agent, observation["observation"].tobytes(), action))
        e.step(action)
    return out


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_reset_with_a_seed_replays_the_same_game_and_another_seed_deals_another(
    game: str, variant: str
) -> None:
    first = play(env(game, variant), 7)
    assert play(env(game, variant), 7) == first
    assert play(env(game, variant), 8) != first


def test_reset_without_a_seed_goes_on_from_the_last_seeded_generator() -> None:
    a, b = env("toepen", "klassiek"), env("toepen", "klassiek")
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.observe(a.agent_selection)["observation"].tobytes() == (
        b.observe(b.agent_selection)["observation"].tobytes()
    )


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = env("klaverjassen", "nku")
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    assert e.agent_selection == agent
    after = e.observe(agent)
    assert np.array_equal(after["observation"], before["observation"])
    assert np.array_equal(after["action_mask"], before["action_mask"])


def test_only_the_agent_asked_has_a_mask_and_legal_actions() -> None:
    e = env("toepen", "kroegregels")
    e.reset(seed=2)
    for agent in e.agents:
        mask = e.observe(agent)["action_mask"]
        asked = agent == e.agent_selection
        assert bool(mask.any()) == asked
        assert bool(e.legal_actions(agent)) == asked


def test_bad_arguments_are_refused_with_a_clear_error() -> None:
    with pytest.raises(InvalidInput, match="exactly 4 players"):
        env("toepen", "kroegregels", seats=5)
    with pytest.raises(InvalidInput, match="unknown variant"):
        env("klaverjassen", "rotterdams-ish")
    with pytest.raises(ValueError, match="render_mode"):
        env("eurokaarten", "standaard", render_mode="rgb_array")


def test_default_tables_are_the_usual_ones() -> None:
    assert env("toepen", "kroegregels").possible_agents == [f"seat_{i}" for i in range(4)]
    assert len(env("toepen", "klassiek").possible_agents) == 4
    assert len(env("eurokaarten", "standaard").possible_agents) == 6


def test_render_shows_the_table_as_text() -> None:
    e = env("klaverjassen", "amsterdams", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert text is not None
    assert text.startswith("klaverjassen amsterdams")
    hand = " ".join(e.view(e.agent_selection).hand or [])
    assert f"to act: {e.agent_selection}, hand {hand}" in text
    quiet = env("klaverjassen", "amsterdams")
    quiet.reset(seed=3)
    assert quiet.render() is None


def test_without_the_extra_the_import_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n    import kroeg.env\nexcept ModuleNotFoundError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'kroeg[env]'" in out.stdout
