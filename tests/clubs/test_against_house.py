"""Duplicate against the house (issue 29 point 5; docs/clubs.md, "Duplicate tegen het
huis"): the percentage rule on hand-made results, and ``meester``'s line of a fixed board
checked against a match played here with the same cards, seats and generators."""

from __future__ import annotations

import random

from kroeg.bots.base import BotAgent
from kroeg.bots.levels import make_bot
from kroeg.clubs.against_house import (
    BUDGET,
    SAMPLES,
    Compared,
    board_percent,
    compare,
    meester_scores,
    set_percent,
)
from kroeg.clubs.boards import deal_boards
from kroeg.games import make_game
from kroeg.games.match import Match, RecordedDeals

SECRET = bytes(range(32))


def test_a_board_is_won_tied_or_lost_against_the_house() -> None:
    assert board_percent(92, 70) == 100.0
    assert board_percent(70, 70) == 50.0
    assert board_percent(0, 162) == 0.0


def test_the_set_percentage_is_the_average_of_its_boards() -> None:
    boards = [Compared(1, 100, 80), Compared(2, 50, 50), Compared(3, 0, 182), Compared(4, 91, 71)]
    assert [b.difference for b in boards] == [20, 0, -182, 20]
    # 100 + 50 + 0 + 100 over four boards
    assert set_percent(boards) == 62.5
    assert set_percent([]) is None


def test_the_person_is_compared_on_their_own_team_side() -> None:
    played = [[100, 62], [0, 182], [81, 81]]
    lines = {1: [90, 72], 2: [20, 142]}  # board 3 has no line yet: not compared
    ns = compare(0, played, lines)
    assert [(b.board, b.mine, b.house, b.percent) for b in ns] == [
        (1, 100, 90, 100.0),
        (2, 0, 20, 0.0),
    ]
    ew = compare(3, played, lines)
    assert [(b.mine, b.house, b.percent) for b in ew] == [(62, 72, 0.0), (182, 142, 100.0)]


def test_meesters_line_is_the_board_played_by_meester_in_every_seat() -> None:
    board = deal_boards(4, SECRET).board(2)
    got = meester_scores(board, "nku", {"game_length": "4_deals"})
    assert meester_scores(board, "nku", {"game_length": "4_deals"}) == got, "repeatable"

    game = make_game("klaverjassen", "nku", {"game_length": "4_deals"})
    bot = make_bot(game, "meester", max_samples=SAMPLES)
    agents = [
        BotAgent(bot, random.Random(f"house-duplicate/2/{seat}"), BUDGET) for seat in range(4)
    ]
    match = Match.new(game, 4, dealer=1, agents=agents, deals=RecordedDeals([board.deal]))
    match.run(max_deals=1)
    summary = game.deal_summaries(match.state)[0]
    assert board.dealer == 1
    assert tuple(summary["score"]) == got
    ns, ew = got
    # the deal's 162 card points (and any roem) went to the two teams, none lost
    assert ns >= 0 and ew >= 0 and ns + ew >= 162
