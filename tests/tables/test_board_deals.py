"""A duplicate round's tables deal the night's boards (issue 29 point 2; docs/clubs.md,
"Duplicate Klaverjassen"): two tables given the same round secret deal the same deals,
and those are the board set's boards, each first dealt by seat 0, whatever the tables'
own generators; they take no contribution, also after a restart; each record verifies
as any fair record."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kroeg.clubs.boards import deal_boards, round_secret
from kroeg.fair_records import verify
from kroeg.games import make_game
from kroeg.games.base import Deal
from kroeg.tables import commands as t
from kroeg.tables.config import TableConfig
from kroeg.tables.errors import TableError
from kroeg.tables.records import game_record
from kroeg.tables.restoring import restore
from kroeg.tables.state import TableSettings, TableState
from tests.tables.driven import START, Driven
from tests.tables.test_fair_deals import Ear

SECRET = bytes(range(32))
OPTIONS: dict[str, Any] = {"game_length": "4_deals"}


def _board_table(table_id: str, seed: int, boards: bytes | None) -> tuple[Driven, Ear]:
    config = TableConfig("klaverjassen", "nku", OPTIONS, 4, 60.0, True, "huis", False)
    made = make_game("klaverjassen", "nku", OPTIONS)
    settings = TableSettings(house_delay=0, deal_pause=0.03)
    state = TableState(table_id, config, made, settings, created_at=START, rng=random.Random(seed))
    state.boards = boards
    table = Driven(state)
    ear = Ear("anna")
    table.do(t.Sit("anna", "Anna", 0, listener=ear))
    table.do(t.Start("anna"))
    return table, ear


def _contribute(table: Driven, ear: Ear) -> str | None:
    """Anna's client sends a contribution to the next deal; the refusal's code, if any."""
    deal = ear.events("commitment")[-1][1]["deal"]
    try:
        table.do(t.Contribute("anna", deal, "ab" * 32))
    except TableError as e:
        return e.code
    return None


def _play(table: Driven, ear: Ear, *, deals: int = 99) -> None:
    game = table.table.game
    for _ in range(5000):
        if not table.table.running or len(ear.events("fair_deal")) >= deals:
            return
        if 0 not in game.to_act(table.table.state):
            table.wait(0.01)
            continue
        table.act("anna", game.action_json(game.default(table.table.state, 0)))
    raise AssertionError("the game did not end")


def _record(table: Driven) -> dict[str, Any]:
    _, game, entries = table.stored()
    return game_record(game, entries)


def test_two_tables_of_a_round_deal_the_same_boards_those_of_the_set() -> None:
    boards = deal_boards(8, SECRET, per_round=4)
    played = []
    for table_id, seed in (("t1", 1), ("t2", 2)):
        table, ear = _board_table(table_id, seed, round_secret(SECRET, 2))
        assert _contribute(table, ear) == "no_fair_deal"
        _play(table, ear)
        assert not table.table.running
        record = _record(table)
        assert verify(record)[1] == 0
        assert record["dealer"] == 0
        played.append([Deal.from_json(d) for d in record["deals"]])
    assert played[0] == played[1], "both tables dealt the same cards"
    assert played[0] == [b.deal for b in boards.boards[4:8]], "round 2's boards 5 to 8"


def test_a_table_without_boards_deals_its_own_cards() -> None:
    dealt = []
    for table_id, seed in (("t1", 1), ("t2", 2)):
        table, ear = _board_table(table_id, seed, None)
        _play(table, ear, deals=1)
        dealt.append(_record(table)["deals"][0])
    assert dealt[0] != dealt[1]


@pytest.mark.parametrize("given_again", [True, False])
def test_after_a_restart_the_board_table_takes_no_contribution_once_the_night_says_so(
    given_again: bool,
) -> None:
    secret = round_secret(SECRET, 1)
    table, ear = _board_table("t1", 1, secret)
    _play(table, ear, deals=1)
    row, running, entries = table.stored()
    config, game, settings = table.table.config, table.table.game, table.table.settings
    again = Driven(TableState("t1", config, game, settings, created_at=START))
    again.commits, again.now = list(table.commits), table.now
    if given_again:
        again.table.boards = secret
    restore(again.table, row, running, entries, now=again.now, restarted=True)
    assert again.table.fair.boards is given_again
    ear2 = Ear("anna")
    again.do(t.Watch(ear2))
    if not given_again:
        return
    with pytest.raises(TableError) as e:
        again.do(t.Contribute("anna", again.table.fair.next_deal, "ab" * 32))
    assert e.value.code == "no_fair_deal"
    _play(again, ear2)
    dealt = [Deal.from_json(d) for d in _record(again)["deals"]]
    assert dealt == [b.deal for b in deal_boards(4, SECRET).boards]
