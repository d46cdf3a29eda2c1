"""``Match``: one driver for every game (games/match.py, docs/game-interface.md "The driver")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kroeg.games import make_game
from kroeg.games.base import Action, Deal, Event, RuleError
from kroeg.games.match import (
    OUT,
    HouseAgent,
    Match,
    PolicyAgent,
    RandomDeals,
    RecordedDeals,
)
from kroeg.games.view import View
from kroeg.records import RecordWriter, replay

GAMES = [("toepen", "kroegregels", 4), ("klaverjassen", "nku", 4), ("eurokaarten", "standaard", 6)]


@pytest.mark.parametrize(("name", "variant", "seats"), GAMES)
def test_the_house_plays_a_whole_game_whose_record_replays_to_the_same_end(
    name: str, variant: str, seats: int
) -> None:
    game = make_game(name, variant)
    match = Match.new(
        game, seats, dealer=0, agents=[HouseAgent()] * seats, deals=RandomDeals(random.Random(4))
    )
    writer = RecordWriter(game, seats, dealer=0)
    match.watch(writer.observe)
    match.run()
    assert match.over() and match.pending().over
    out, status = replay(writer.json())
    assert status == 0 and out["over"] is True
    assert out["result"] == game.result_json(match.state)
    assert out["standings"] == game.standings(match.state)


def test_pending_says_a_deal_then_the_seats_the_game_waits_for() -> None:
    game = make_game("klaverjassen", "nku")
    match = Match.new(game, 4, dealer=3, deals=RandomDeals(random.Random(1)))
    assert match.pending().dealer == 3 and match.pending().chance
    seat, deal = match.chance() or (None, None)
    assert seat == 3 and isinstance(deal, Deal) and match.dealt == 1
    pending = match.pending()
    assert not pending.chance and pending.seats == game.to_act(match.state) != frozenset()
    assert match.chance() is None  # nothing of chance is due while a seat is asked


def test_step_tells_every_observer_in_order_and_a_refused_step_tells_none() -> None:
    game = make_game("toepen", "kroegregels")
    match = Match.new(game, 4, dealer=0, deals=RandomDeals(random.Random(2)))
    heard: list[tuple[str, int, Any]] = []
    match.watch(lambda seat, action, events: heard.append(("first", seat, action)))
    match.watch(lambda seat, action, events: heard.append(("second", seat, len(events))))
    match.chance()
    assert [h[0] for h in heard] == ["first", "second"] and heard[0][1] == 0
    heard.clear()
    seat = min(game.to_act(match.state))
    hand_of_another = match.view((seat + 1) % 4).hand
    assert hand_of_another
    with pytest.raises(RuleError):
        match.step(seat, game.parse_action(["play", hand_of_another[0]]))
    assert heard == []


def test_out_takes_a_player_out_of_the_game() -> None:
    game = make_game("eurokaarten", "standaard")
    match = Match.new(game, 6, dealer=0, deals=RandomDeals(random.Random(3)))
    match.chance()
    events: list[Event] = match.step(4, OUT)
    assert any(e.kind == "eliminated" for e in events)
    assert 4 in match.state.out


def test_run_stops_when_a_deal_is_due_after_max_deals() -> None:
    game = make_game("toepen", "klassiek")
    match = Match.new(
        game, 4, dealer=1, agents=[HouseAgent()] * 4, deals=RandomDeals(random.Random(5))
    )
    match.run(max_deals=2)
    assert match.dealt == 2 and match.pending().dealer is not None
    assert len(game.deal_summaries(match.state)) == 2


def test_out_of_turn_chances_go_to_the_agents_and_what_they_choose_is_played() -> None:
    """Toepen kroegregels: a seat may knock while another is to play (RULES.md §2)."""
    game = make_game("toepen", "kroegregels")
    asked: list[int] = []

    class KnockAside(HouseAgent):
        def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
            assert seat not in match.game.to_act(match.state)
            asked.append(seat)
            return ("knock",) if ("knock",) in legal else None

    match = Match.new(
        game,
        4,
        dealer=0,
        agents=[HouseAgent(), HouseAgent(), KnockAside(), HouseAgent()],
        deals=RandomDeals(random.Random(6)),
        asides=True,
    )
    knocks: list[int] = []
    match.watch(lambda seat, action, _: knocks.append(seat) if action == ("knock",) else None)
    match.advance()  # the deal (seat 1 is to play), then the chances
    assert asked and set(asked) == {2}
    assert knocks == [2]


def test_a_policy_agent_decides_from_the_view_and_the_legal_actions() -> None:
    game = make_game("klaverjassen", "nku")
    seen: list[int] = []

    def last(view: View, legal: list[Action]) -> Action:
        seen.append(view.seat)
        return legal[-1]

    match = Match.new(
        game, 4, dealer=3, agents=[PolicyAgent(last)] * 4, deals=RandomDeals(random.Random(7))
    )
    match.advance()  # the deal
    seat = min(game.to_act(match.state))
    legal = match.legal(seat)
    assert match.advance() == (seat, legal[-1])
    assert seen == [seat]


def test_recorded_deals_give_a_record_s_deals_in_order_and_no_more() -> None:
    game = make_game("toepen", "kroegregels")
    first = Match.new(
        game, 4, dealer=2, agents=[HouseAgent()] * 4, deals=RandomDeals(random.Random(8))
    )
    dealt: list[Deal] = []
    first.watch(lambda _, action, __: dealt.append(action) if isinstance(action, Deal) else None)
    first.run(max_deals=3)
    again = Match.new(game, 4, dealer=2, agents=[HouseAgent()] * 4, deals=RecordedDeals(dealt))
    again.run(max_deals=3)
    assert game.deal_summaries(again.state) == game.deal_summaries(first.state)
    with pytest.raises(RuntimeError, match="the record has 3 deals"):
        again.chance()
