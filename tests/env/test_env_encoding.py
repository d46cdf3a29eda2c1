"""The action space and the observation layout of docs/env.md, checked by hand."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

from kroeg.cards import parse_card
from kroeg.env import KroegEnv, env
from kroeg.env.aec import ENCODINGS
from kroeg.env.agents import RandomAgent
from kroeg.env.eurokaarten import EurokaartenEncoding, meld_table
from kroeg.env.klaverjassen import KlaverjassenEncoding
from kroeg.env.toepen import ToepenEncoding
from kroeg.games.base import Action
from tests.env.conftest import VARIANTS
from tests.support import LONG

DOC = Path(__file__).resolve().parents[2] / "docs" / "env.md"


def test_toepen_actions_are_numbered_as_the_doc_says() -> None:
    e = ToepenEncoding()
    assert e.action_count == 87
    # piket order: klaveren 7 8 9 T J Q K A (0-7), ruiten (8-15), harten, schoppen
    assert e.action_index(("play", parse_card("7c")), 0, 4) == 0
    assert e.action_index(("play", parse_card("Th")), 0, 4) == 19
    assert e.action_index(("exchange", parse_card("As")), 0, 4) == 32 + 31
    # seats are relative to the actor: seat 3 challenges seat 1, two to its left at 4 seats
    assert e.action_index(("challenge", 1), 3, 4) == 64 + 2
    assert e.action_index(("revoke", 0), 0, 5) == 72
    assert e.action_index(("knock",), 0, 4) == 80
    assert e.action_index(("late",), 0, 4) == 86


def test_klaverjassen_actions_are_numbered_as_the_doc_says() -> None:
    e = KlaverjassenEncoding()
    assert e.action_count == 45
    assert e.action_index(("play", parse_card("Jd")), 1, 4) == 12
    assert e.action_index(("bid", 2), 0, 4) == 34  # harten
    assert e.action_index(("pass",), 0, 4) == 36
    assert e.action_index(("superkraak",), 0, 4) == 40
    assert e.action_index(("verzaakt", 0), 1, 4) == 41 + 3


def test_eurokaarten_actions_are_numbered_as_the_doc_says() -> None:
    e = EurokaartenEncoding()
    table = meld_table()
    assert len(table) == 20115
    assert e.action_count == 3 + 52 + 20115 + 18 * 104 + 18 * 52
    assert e.action_index(("open",), 0, 6) == 0
    assert e.action_index(("draw", "discard"), 0, 6) == 2
    assert e.action_index(("discard", parse_card("Kh")), 0, 6) == 3 + 37
    four_d, four_h, four_s = (parse_card(t) for t in ("4d", "4h", "4s"))
    x1, x2 = parse_card("X1"), parse_card("X2")
    # a set of fours shown by 4h, 4s and a joker for 4d; X1 or X2 is the same action
    laid = ((four_h, None), (four_s, None), (x1, four_d))
    index = e.action_index(("meld", laid), 0, 6)
    assert index is not None
    shown = 1 << four_d | 1 << four_h | 1 << four_s
    assert table[index - 55] == (shown, 1 << four_d)
    assert e.action_index(("meld", ((x2, four_d), *laid[:2])), 0, 6) == index
    five_h = parse_card("5h")
    layoff = 3 + 52 + 20115
    assert e.action_index(("layoff", 2, ((five_h, None),)), 0, 6) == layoff + 208 + 29
    assert e.action_index(("layoff", 2, ((x2, five_h),)), 0, 6) == layoff + 208 + 52 + 29
    assert e.action_index(("layoff", 2, ((five_h, None), (x1, 30))), 0, 6) is None
    assert e.action_index(("swap", 17, five_h), 0, 6) == layoff + 18 * 104 + 17 * 52 + 29


def test_the_meld_table_holds_each_meld_once_and_only_melds() -> None:
    table = meld_table()
    assert len(set(table)) == len(table)
    for shown, jokers in table:
        assert jokers & ~shown == 0
        assert 0 <= jokers.bit_count() <= 2 < shown.bit_count() <= 13
        assert jokers.bit_count() < shown.bit_count()


def random_asks(e: KroegEnv, seed: int, games: int) -> list[tuple[np.ndarray, list[Action], int]]:
    """For every decision of some random games: the mask, the engine's legal actions
    of the seat asked and that seat."""
    out = []
    agent_rng = RandomAgent(seed)
    e.reset(seed=seed)
    for _ in range(games):
        for agent in e.agent_iter():
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            seat = e.possible_agents.index(agent)
            legal = e.game.legal(e.state, seat)
            out.append((observation["action_mask"], legal, seat))
            e.step(agent_rng.act(observation))
        e.reset()
    return out


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_the_mask_is_exactly_the_legal_actions_of_the_seat_asked(game: str, variant: str) -> None:
    e = env(game, variant)
    encoding = ENCODINGS[game]
    for mask, legal, seat in random_asks(e, 11, 3):
        indices = {encoding.action_index(a, seat, e.seats) for a in legal} - {None}
        assert set(np.flatnonzero(mask)) == indices
        assert indices, "a seat asked to act has an action in the space"
        plain = [a for a in legal if not (a[0] == "meld" or (a[0] == "layoff"))]
        assert len({encoding.action_index(a, seat, e.seats) for a in plain}) == len(plain)


def test_eurokaarten_leaves_no_seat_without_an_action_over_many_games() -> None:
    """Lay-offs of several cards are outside the space: every decision of many random
    games (twenty; 500 with KROEG_LONG=1) still has an action in it."""
    e = env("eurokaarten", "standaard")
    asks = random_asks(e, 12, 500 if LONG else 20)
    assert all(mask.any() for mask, _, _ in asks)
    assert any(len(a[2]) > 1 for _, legal, _ in asks for a in legal if a[0] == "layoff")


def test_the_hand_field_holds_the_seats_hand_and_seats_are_relative() -> None:
    e = env("toepen", "klassiek", seats=5)
    e.reset(seed=4)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    view = e.view(agent)
    observation = e.observe(agent)["observation"]
    fields = ToepenEncoding.layout.fields
    start, size = fields["hand"]
    piket = [f"{r}{s}" for s in "cdhs" for r in "789TJQKA"]
    assert [piket[i] for i in np.flatnonzero(observation[start : start + size])] == sorted(
        view.hand or [], key=piket.index
    )
    start, _ = fields["to_act"]
    assert observation[start] == 1.0  # the seat asked is offset 0 of its own observation
    start, _ = fields["dealer"]
    assert observation[start + (view.dealer - seat) % 5] == 1.0
    start, _ = fields["seated"]
    assert list(observation[start : start + 8]) == [1.0] * 5 + [0.0] * 3


def test_the_doc_lists_every_field_with_its_size() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for game, encoding in ENCODINGS.items():
        section = doc.split(f"### {game.capitalize()}", 1)[1].split("\n### ", 1)[0]
        listed = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \|", section, re.MULTILINE)
        fields = [(name, str(size), str(at)) for name, (at, size) in encoding.layout.fields.items()]
        assert listed == fields, game
        assert f"{encoding.layout.size} values" in section
        assert f"{encoding.action_count} actions" in section


def test_rewards_follow_the_result() -> None:
    """Toepen: the losers -1, the others +1; Klaverjassen: the winning team +1 (RULES.md
    §1.1, §6.7)."""
    for game, variant in (("toepen", "kroegregels"), ("klaverjassen", "nku")):
        e = env(game, variant)
        e.reset(seed=21)
        rng = random.Random(2)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            observation, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
        result = e.game.view(e.state, None).json()["result"]
        if game == "toepen":
            expected = {f"seat_{p}": -1.0 if p in result["losers"] else 1.0 for p in range(4)}
        else:
            expected = {f"seat_{p}": 1.0 if p % 2 == result["winner"] else -1.0 for p in range(4)}
        assert totals == expected
