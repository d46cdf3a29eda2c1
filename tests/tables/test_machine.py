"""The table machine at times the test gives (no loop, no store, no sleeping): clocks and
timeouts, taking a player out, the pause after a deal (issue 18, point 1) and the
progress a club round hears (docs/clubs.md, "Online rounds")."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from kroeg.games import make_game
from kroeg.tables import commands as c
from kroeg.tables.config import TableConfig
from kroeg.tables.errors import TableError
from kroeg.tables.restoring import restore
from kroeg.tables.state import TableSettings, TableState
from tests.tables.driven import START, Driven, Ear, say_table
from tests.tables.fake import SayGame


def test_a_person_gets_a_clock_the_house_none_and_the_house_plays_when_it_runs_out() -> None:
    table = Driven(say_table(clock=0.2))
    ear = Ear(None)
    table.do(c.Watch(ear))
    table.do(c.Sit("anna", "Anna", 2))
    table.do(c.Start("anna"))
    clocks = [f for f in ear.frames if f["type"] == "clock"]
    assert [c["seat"] for c in clocks] == [2]  # seat 1 (house) spoke at once
    assert (
        clocks[0]["deadline"] == pytest.approx(START + 0.2) and table.alarm == clocks[0]["deadline"]
    )
    table.wait(0.19)
    assert ear.events("timeout") == [] and table.table.state.said[2] is None
    table.wait(0.02)
    assert ear.events("timeout")[0]["seat"] == 2
    assert table.table.state.said[2] == "win"  # the house's default for her


class TimeoutSayGame(SayGame):
    """The say game whose timed-out player says ``lose`` (its house says ``win``)."""

    def timeout_action(self, s: Any, seat: int) -> tuple[str]:
        return ("lose",)


def test_a_timed_out_person_gets_the_games_timeout_action_not_the_house_default() -> None:
    """RULES.md §2.7: what the house plays for a person whose clock ran out is the game's
    one timeout rule (``Game.timeout_action``; Toepen: pass on a knock), not the house's
    own choice for its seats (``default()``)."""
    table = Driven(say_table(clock=0.2, game_class=TimeoutSayGame))
    ear = Ear(None)
    table.do(c.Watch(ear))
    table.do(c.Sit("anna", "Anna", 2))
    table.do(c.Start("anna"))
    table.wait(0.5)
    assert ear.events("timeout")[0]["seat"] == 2
    assert table.table.state.said[1] == "win" and table.table.state.said[2] == "lose"
    assert [a["by"] for a in ear.events("action") if a["seat"] == 2] == ["timeout"]


@pytest.mark.parametrize(("minimum", "left"), [(5.0, 10.0), (15.0, 15.0), (100.0, 60.0)])
def test_after_a_restart_the_clock_runs_on_from_its_start_but_shows_at_least_the_minimum(
    minimum: float, left: float
) -> None:
    """docs/operations.md, "Restarts and crashes": Bram's 60-second clock started at the
    last logged step; back 50 seconds later he has the 10 left, raised to at least
    ``restart_min_clock`` (at most the table's clock); the house's seats have none."""
    table = Driven(say_table("plain"))
    table.do(c.Sit("anna", "Anna", 2))
    table.do(c.Sit("bram", "Bram", 3))
    table.do(c.Start("anna"))
    table.act("anna", ["lose"])  # Bram (3) waits now, his clock started at START
    assert table.table.deadlines == {3: START + 60.0}
    row, game, entries = table.stored()
    again = say_table("plain", restart_min_clock=minimum)
    restore(again, row, game, entries, now=START + 50.0, restarted=True)
    assert again.deadlines == {3: START + 50.0 + left}
    assert again.state.said == table.table.state.said and again.version == table.table.version
    ear = Ear("bram")
    resumed = Driven(again)
    resumed.now = START + 50.0
    resumed.do(c.Begin())
    resumed.do(c.Watch(ear))
    assert resumed.alarm == START + 50.0 + left
    resumed.wait(left - 0.01)
    assert ear.events("timeout") == []
    resumed.wait(0.02)
    assert ear.events("timeout")[0]["seat"] == 3


def _toepen(pause: float = 0.0, max_points: int = 10, clock: float = 60.0) -> Driven:
    options = {"max_points": max_points}
    config = TableConfig("toepen", "kroegregels", options, 4, clock, False, "huis", True)
    game = make_game("toepen", "kroegregels", options)
    settings = TableSettings(house_delay=0, deal_pause=pause)
    return Driven(TableState("t1", config, game, settings, created_at=START))


def _anna_plays(table: Driven) -> None:
    """Anna (seat 0) plays the house's default."""
    game, state = table.table.game, table.table.state
    table.act("anna", game.action_json(game.default(state, 0)))


def _waits_for_anna(table: Driven) -> None:
    """Let the house play (and any pause pass) until the game waits for Anna (seat 0)."""
    while 0 not in table.table.game.to_act(table.table.state):
        table.wait(0.1)


def test_every_decision_has_a_clock_and_the_second_timeout_puts_the_player_out() -> None:
    """Seed 003: "Laat je die één keer verlopen, dan speelt het huis die beurt voor je.
    Laat je twee beurten op rij verlopen, dan is de partij voor jou voorbij"."""
    table = _toepen(clock=0.4)
    ear = Ear("anna")
    table.do(c.Sit("anna", "Anna", 0, listener=ear))
    table.do(c.Start("anna"))
    _waits_for_anna(table)
    [clock] = [f for f in ear.frames if f["type"] == "clock" and f["seat"] == 0]
    assert clock["deadline"] - clock["now"] == pytest.approx(0.4)
    table.wait(0.39)
    assert ear.events("timeout") == []
    table.wait(0.02)
    [first] = ear.events("timeout")
    assert first == {"kind": "timeout", "to": None, "seat": 0, "timeouts": 1}
    [played] = [e for e in ear.events("action") if e["seat"] == 0]
    assert played["by"] == "timeout"
    _waits_for_anna(table)
    table.wait(0.4)
    assert [e["timeouts"] for e in ear.events("timeout")] == [1, 2]
    [out] = ear.events("out")
    assert out["seat"] == 0 and out["reason"] == "timeouts" and out["player"] == "anna"
    after = next(f for f in reversed(ear.frames) if f.get("seats") is not None)
    assert after["seats"][0]["house"] and after["seats"][0]["out"]
    assert after["view"]["you"] is None  # a spectator now: no hand
    assert not table.table.running, "the house played everyone's seat to the end"
    assert ear.events("game_end")[0]["outcomes"][0] == "left"
    stored = [change.seating for change in table.commits if change.seating is not None]
    assert stored[-1] is not None and stored[-1]["seats"][0] is None, "the seat is stored free"


def test_a_move_of_your_own_resets_the_count() -> None:
    config = TableConfig("klaverjassen", "nku", {}, 4, 1.5, False, "huis", True)
    game = make_game("klaverjassen", "nku", {})
    state = TableState("t1", config, game, TableSettings(house_delay=0), created_at=START)
    table = Driven(state)
    ear = Ear("anna")
    table.do(c.Sit("anna", "Anna", 0, listener=ear))
    table.do(c.Start("anna"))
    _waits_for_anna(table)
    table.wait(1.5)
    assert [e["timeouts"] for e in ear.events("timeout")] == [1]
    _waits_for_anna(table)
    table.act("anna", game.action_json(game.legal(table.table.state, 0)[0]))
    assert [e["by"] for e in ear.events("action") if e["seat"] == 0][-1] == "player"
    assert table.table.seats[0].timeouts == 0
    _waits_for_anna(table)
    table.wait(1.5)
    assert [e["timeouts"] for e in ear.events("timeout")] == [1, 1] and not ear.events("out")


def _play_until(table: Driven, ear: Ear, kind: str) -> None:
    """Anna (seat 0) plays the house's default until an event of ``kind`` has come; she
    waits out the pauses after a deal's end."""
    table.do(c.Sit("anna", "Anna", 0, listener=ear))
    table.do(c.Start("anna"))
    for _ in range(2000):
        if kind in ear.kinds():
            return
        if table.table.running and 0 not in table.table.game.to_act(table.table.state):
            table.wait(0.02)  # the pause after a deal
            continue
        _anna_plays(table)
    raise AssertionError(f"no {kind} in 2000 steps")


def test_the_next_deal_waits_for_the_pause() -> None:
    table = _toepen(pause=0.4)
    ear = Ear("anna")
    _play_until(table, ear, "deal_end")
    assert table.table.running
    kinds = ear.kinds()
    assert kinds.count("deal") == 1, "the second deal is not dealt during the pause"
    assert table.table.game.pending_deal(table.table.state) is not None
    assert table.table.deadlines == {}, "no clock runs during the pause"
    assert table.alarm == pytest.approx(table.table.clocks.deal_due)
    table.wait(0.39)
    assert ear.kinds().count("deal") == 1, "still the pause"
    table.wait(0.02)
    assert ear.kinds().count("deal") == 2, "the next deal comes once the pause is over"
    assert table.table.game.pending_deal(table.table.state) is None


def test_without_a_pause_the_next_deal_follows_at_once() -> None:
    table = _toepen(pause=0)
    ear = Ear("anna")
    _play_until(table, ear, "deal_end")
    kinds = ear.kinds()
    last_deal = max(i for i, kind in enumerate(kinds) if kind == "deal")
    assert kinds.count("deal") == 2 and kinds.index("deal_end") < last_deal


def test_a_game_that_ends_leaves_no_pause_due() -> None:
    """The last deal's end starts no deal: the pause must not stay due (a table whose
    pause stayed due woke at once for ever and starved the server)."""
    table = _toepen(pause=0.05, max_points=3)
    ear = Ear("anna")
    _play_until(table, ear, "game_end")
    table.wait(0.2)
    assert not table.table.running and table.table.clocks.deal_due is None
    assert table.alarm is None, "nothing is due: the alarm is off"
    assert table.do(c.Summary())["running"] is False, "the table still answers"


def test_progress_is_told_after_each_deal_end_and_each_take_out_once_committed() -> None:
    """A club round's hook (``TableTask.on_progress``) hears each deal's end and who was
    taken out, after the commit that stores it. The house waits a moment before each
    move, as in play: each of its moves is committed on its own."""
    config = TableConfig(
        "klaverjassen", "nku", {"game_length": "4_deals"}, 4, 60.0, True, "huis", True
    )
    game = make_game("klaverjassen", "nku", {"game_length": "4_deals"})
    state = TableState("t1", config, game, TableSettings(house_delay=0.001), created_at=START)
    heard: list[tuple[int, list[int], bool]] = []

    def on_progress(t: TableState) -> None:
        stored = t.staged is None  # nothing left uncommitted
        heard.append((len(t.game.deal_summaries(t.state)), sorted(t.seating.left), stored))

    table = Driven(state, on_progress=on_progress)
    table.do(c.Sit("p1", "Anna", 0))
    table.do(c.Start("p1"))
    assert heard == []  # nothing ended yet: the game waits for Anna
    table.do(c.Leave("p1"))  # the house plays her seat to the end
    table.wait(60.0)
    assert not table.table.running
    assert heard[0] == (0, [0], True)  # taken out, before any deal ended
    assert [deals for deals, _, _ in heard[1:]] == [1, 2, 3, 4]  # then each deal's end
    assert all(left == [0] and stored for _, left, stored in heard)
    commits = table.progress
    assert all(a < b for a, b in itertools.pairwise(commits)), "one commit each"


def test_a_paused_table_refuses_writes_runs_no_clock_and_plays_on_when_regained() -> None:
    """docs/cluster.md, "Redis away": nothing is written and no clock runs until the
    lease is this process's again; then the decision waited for gets a fresh clock."""
    table = Driven(say_table(clock=10.0))
    table.do(c.Sit("anna", "Anna", 2))
    table.do(c.Start("anna"))
    assert list(table.table.deadlines) == [2]
    table.do(c.Pause())
    assert table.table.deadlines == {} and table.alarm is None
    committed = len(table.commits)
    with pytest.raises(TableError) as refused:
        table.act("anna", ["win"])
    assert refused.value.code == "table_paused"
    table.wait(60.0)
    assert len(table.commits) == committed and table.table.state.said == [None, "win", None, None]
    table.do(c.Regained(before=table.table.version, fresh=True))
    assert table.table.deadlines == {2: pytest.approx(table.now + 10.0)}
    table.act("anna", ["win"])
    assert table.table.state.said[2] == "win"
    assert len(table.commits) > committed, "written again"


def test_the_same_commands_at_the_same_times_give_the_same_table() -> None:
    """The machine is deterministic: given its random generator's seed, the same commands
    at the same times give the same frames and the same commits."""

    def run() -> tuple[list[dict[str, Any]], list[Any]]:
        options = {"max_points": 3}
        config = TableConfig("toepen", "kroegregels", options, 4, 5.0, False, "huis", True)
        game = make_game("toepen", "kroegregels", options)
        settings = TableSettings(house_delay=0.8, deal_pause=2.0)
        rng = random.Random(5)
        table = Driven(TableState("t1", config, game, settings, created_at=START, rng=rng))
        ear = Ear("anna")
        table.do(c.Sit("anna", "Anna", 0, listener=ear))
        table.do(c.Start("anna"))
        table.wait(600.0)  # the house plays, Anna's clock runs out twice: she is out
        assert not table.table.running
        return ear.frames, table.commits

    first, again = run(), run()
    assert first == again and len(first[0]) > 50
