"""An observation shows nothing of the cards the seat does not see: with the same public
history and other hidden hands for the other seats, it is the same array."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from kroeg.env import KroegEnv, env
from kroeg.env.aec import ENCODINGS
from kroeg.env.agents import RandomAgent
from kroeg.games.base import Action, Deal, InvalidInput, RuleError
from tests.env.conftest import VARIANTS

Step = tuple[int, Action | Deal]


def record(e: KroegEnv, seed: int, decisions: int) -> tuple[Any, list[Step]]:
    """A copy of the game's first state and the engine steps (deals and actions) of
    ``decisions`` random decisions after it."""
    steps: list[Step] = []
    starts: list[Any] = []
    game = e.game
    apply, new_state = game.apply, game.new_state

    def recording_apply(s: Any, seat: int, action: Action | Deal) -> Any:
        events = apply(s, seat, action)
        steps.append((seat, action))
        return events

    def recording_new_state(*args: Any, **kwargs: Any) -> Any:
        s = new_state(*args, **kwargs)
        starts.append(game.copy(s))
        return s

    game.apply = recording_apply  # type: ignore[method-assign]
    game.new_state = recording_new_state  # type: ignore[method-assign]
    agent = RandomAgent(seed)
    e.reset(seed=seed)
    for _ in range(decisions):
        observation, _, terminated, _, _ = e.last()
        if terminated:
            break
        e.step(agent.act(observation))
    game.apply, game.new_state = apply, new_state  # type: ignore[method-assign]
    return starts[0], steps


def rehide(steps: list[Step], you: int, rng: random.Random) -> list[Step]:
    """The same steps with the last deal's hands of the other seats dealt anew: each
    keeps the cards its own later actions name, the rest are shuffled among them."""
    last = max(i for i, (_, step) in enumerate(steps) if isinstance(step, Deal))
    dealer, deal = steps[last]
    assert isinstance(deal, Deal)
    named: dict[int, set[int]] = {}
    for seat, action in steps[last + 1 :]:
        named.setdefault(seat, set()).update(cards_named(action))
    others = [p for p in range(len(deal.hands)) if p != you]
    pool = [c for p in others for c in deal.hands[p] if c not in named.get(p, set())]
    rng.shuffle(pool)
    hands = list(deal.hands)
    for p in others:
        kept = [c for c in deal.hands[p] if c in named.get(p, set())]
        free = len(deal.hands[p]) - len(kept)
        hands[p] = tuple(kept + pool[:free])
        del pool[:free]
    new = Deal(tuple(hands), deal.stock, deal.upcard)
    return [*steps[:last], (dealer, new), *steps[last + 1 :]]


def cards_named(action: Action | Deal) -> set[int]:
    out: set[int] = set()
    if isinstance(action, Deal):
        return out
    for part in action[1:]:
        if isinstance(part, int) and not isinstance(part, bool):
            out.add(part)
        elif isinstance(part, tuple):
            out.update(c for c, _ in part)
    return out


def replay(e: KroegEnv, start: Any, steps: list[Step]) -> Any:
    """A copy of ``start`` with ``steps`` applied."""
    s = e.game.copy(start)
    for seat, action in steps:
        e.game.apply(s, seat, action)
    return s


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_observations_do_not_change_when_other_seats_hold_other_hidden_cards(
    game: str, variant: str
) -> None:
    compared = 0
    for seed in range(12):
        e = env(game, variant)
        start, steps = record(e, seed, decisions=3 + 4 * seed)
        if e.game.is_over(e.state) or e.game.pending_deal(e.state) is not None:
            continue
        agent = e.agent_selection
        you = e.possible_agents.index(agent)
        mine = e.observe(agent)
        rng = random.Random(seed)
        for _ in range(30):
            try:
                other = replay(e, start, rehide(steps, you, rng))
            except (RuleError, InvalidInput):
                continue  # a rule the other cards break (following suit): deal again
            if e.game.view(other, you) != e.view(agent):
                continue  # the other cards showed themselves (a laundry turned up)
            seats = range(e.seats)
            hidden_changed = any(
                e.game.view(other, p).hand != e.view(f"seat_{p}").hand for p in seats if p != you
            )
            if not hidden_changed:
                continue
            twin = env(game, variant)
            twin.reset(seed=seed)
            twin.state = other
            theirs = twin.observe(agent)
            assert np.array_equal(theirs["observation"], mine["observation"])
            encoding = ENCODINGS[game]
            legal = {encoding.action_index(a, you, e.seats) for a in e.game.legal(other, you)}
            assert legal - {None} == set(e.legal_actions(agent))
            compared += 1
            break
    assert compared >= 6, f"only {compared} positions had other hidden hands to compare"
