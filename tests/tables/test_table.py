"""The table's task on its own (a real SQLite store, fake listeners, a tiny game); its
clocks, driven at given times, are in test_machine.py."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from kroeg.store import Store, open_store, schema
from kroeg.tables import commands as t
from kroeg.tables.config import TableConfig
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.restoring import restore
from kroeg.tables.state import TableSettings, TableState
from kroeg.tables.task import TableTask
from tests.tables.driven import Ear
from tests.tables.fake import SayGame


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await open_store(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    yield s
    await s.close()


async def _table(
    store: Store, variant: str = "rotating", clock: float = 60.0, game_class: type = SayGame
) -> TableTask:
    """A table of the say game; its ``rotating`` variant rotates losers as Toepen
    kroegregels does (RULES.md §2.8), ``plain`` does not."""
    game = "say"
    config = TableConfig(game, variant, {}, 4, clock, False, "huis", True)
    table = TableTask(
        TableState(
            "t1", config, game_class(variant), TableSettings(house_delay=0), created_at=time.time()
        ),
        store,
        House(),
    )
    from kroeg.store import TableRow

    await store.create_table(
        TableRow(
            "t1", game, variant, {}, 4, clock, False, "huis", time.time(), 0, table.seating.json()
        )
    )
    table.start()
    return table


async def _say(table: TableTask, player: str, word: str) -> None:
    await table.ask(t.Act(player, table.version, [word]))


async def test_a_loser_gives_the_seat_to_the_longest_waiting_who_greets(store: Store) -> None:
    """RULES.md §2.8 / seed 000: "De speler die een spel verliest geeft zijn zetel aan de
    toeptafel af aan de langst wachtende. Degene die instapt, stelt zich voor"."""
    table = await _table(store)
    ear = Ear("cor")
    await table.ask(t.Sit("anna", "Anna", 1))
    await table.ask(t.Sit("bram", "Bram", 2))
    await table.ask(t.Start("anna"))
    await table.ask(t.Sit("cor", "Cor", None, listener=ear))
    await table.ask(t.Sit("dirk", "Dirk", None))
    assert [n for _, n in table.waiting] == ["Cor", "Dirk"]
    await _say(table, "anna", "lose")  # seat 1 speaks first (dealer 0)
    await _say(table, "bram", "win")
    # The house said win for seats 3 and 0; Anna lost and gives her seat to Cor, the
    # longest waiting; Dirk, next on the list, takes a seat of the house.
    assert [s.name for s in table.seats] == ["Dirk", "Cor", "Bram", "Ria"]
    assert not table.waiting
    cor, dirk = ear.events("greeting")
    assert cor == {
        "kind": "greeting",
        "to": None,
        "seat": 1,
        "player": "cor",
        "name": "Cor",
        "text": "Hallo allemaal, ik ben Cor!",
    }
    assert dirk["seat"] == 0 and dirk["name"] == "Dirk"
    stand = ear.events("stand")
    assert stand == [{"kind": "stand", "to": None, "seat": 1, "player": "anna", "name": "Anna"}]
    assert ear.events("game_end")[0]["outcomes"] == ["won", "lost", "won", "won"]
    await table.stop()


async def test_nobody_waiting_the_loser_keeps_the_seat(store: Store) -> None:
    table = await _table(store)
    await table.ask(t.Sit("anna", "Anna", 1))
    await table.ask(t.Start("anna"))
    await _say(table, "anna", "lose")
    assert table.seats[1].player == "anna" and not table.running
    await table.stop()


async def test_the_store_keeps_each_seats_place_beside_its_outcome(store: Store) -> None:
    """docs/ratings.md "Ranking": the table stores the game's places (migration 0011), so
    that the ratings and their rebuild read the same order."""
    table = await _table(store, "plain")
    await table.ask(t.Sit("anna", "Anna", 1))
    await table.ask(t.Sit("bram", "Bram", 2))
    await table.ask(t.Start("anna"))
    await _say(table, "anna", "lose")
    await _say(table, "bram", "win")
    [game] = await store.games_of("t1")
    r = schema.results
    async with store.engine.connect() as conn:
        rows = await conn.execute(
            sa.select(r.c.outcome, r.c.place).where(r.c.game_id == game.id).order_by(r.c.seat)
        )
        assert [tuple(row) for row in rows] == [("won", 0), ("lost", 1), ("won", 0), ("won", 0)]
    await table.stop()


async def test_waiting_people_take_house_seats_between_games(store: Store) -> None:
    table = await _table(store, "plain")
    await table.ask(t.Sit("anna", "Anna", 0))
    await table.ask(t.Start("anna"))
    await table.ask(t.Sit("bram", "Bram", None))
    await _say(table, "anna", "lose")
    assert [s.name for s in table.seats][:2] == ["Anna", "Bram"]  # no rotation here
    assert not table.waiting
    await table.stop()


async def test_stand_is_refused_during_a_game_and_leave_loses(store: Store) -> None:
    table = await _table(store)
    ear = Ear(None)
    await table.ask(t.Watch(ear))
    await table.ask(t.Sit("anna", "Anna", 1))
    await table.ask(t.Start("anna"))
    with pytest.raises(TableError) as refused:
        await table.ask(t.Stand("anna"))
    assert refused.value.code == "game_running"
    version = table.version
    await table.ask(t.Leave("anna"))
    assert ear.events("out")[0]["reason"] == "left"
    assert ear.events("game_end")[0]["outcomes"][1] == "left"
    assert table.version > version and table.seats[1].player is None
    with pytest.raises(TableError) as refused:
        await table.ask(t.Act("anna", table.version, ["win"]))
    assert refused.value.code == "no_game"
    await table.stop()


async def _refused_then_taken(table: TableTask, version: int, said: list[str | None]) -> None:
    """Anna's word fails inside the server: refused as ``internal``, the table exactly as
    it was; said again, it is taken."""
    with pytest.raises(TableError) as failed:
        await _say(table, "anna", "lose")
    assert failed.value.code == "internal"
    assert table.version == version and table.state.said == said
    await _say(table, "anna", "lose")
    assert table.state.said[1] == "lose"
    await table.stop()


async def test_a_failed_commit_changes_nothing_and_the_table_goes_on(store: Store) -> None:
    table = await _table(store)
    await table.ask(t.Sit("anna", "Anna", 1))
    await table.ask(t.Start("anna"))
    version, said = table.version, list(table.state.said)
    real_write = store.write
    calls = 0

    async def failing_write(change: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OSError("disk full")
        return await real_write(change)

    store.write = failing_write  # type: ignore[method-assign]
    await _refused_then_taken(table, version, said)


async def test_a_failure_in_the_middle_of_a_step_reloads_the_committed_state(
    store: Store,
) -> None:
    """A step that fails half-way (a bug, not a RuleError) leaves nothing of itself behind:
    the table reloads what the store committed (docs/protocol.md: an error changes nothing)."""
    table = await _table(store)
    await table.ask(t.Sit("anna", "Anna", 1))
    await table.ask(t.Start("anna"))
    version, said = table.version, list(table.state.said)
    game = table.game
    real_apply = game.apply

    failures = 1

    def broken_apply(s: Any, seat: int, action: Any) -> Any:
        nonlocal failures
        if failures and seat == 1:
            failures -= 1
            s.said[seat] = "half"  # changed in place, then it fails
            raise ValueError("a bug")
        return real_apply(s, seat, action)

    game.apply = broken_apply  # type: ignore[method-assign]
    await _refused_then_taken(table, version, said)


async def test_while_the_store_can_be_neither_written_nor_read_the_table_refuses_all(
    store: Store,
) -> None:
    """A failed write whose reload fails too: the table's memory may be ahead of the store,
    so it refuses everything (``store_unavailable``) until it can reload; acting on it would
    leave a gap in the log that no restart could replay (docs/operations.md)."""
    table = await _table(store)
    await table.ask(t.Sit("anna", "Anna", 1))
    await table.ask(t.Start("anna"))
    version, said = table.version, list(table.state.said)
    assert table.table.game_id is not None
    real_write, real_table = store.write, store.table
    down = True

    async def write(change: Any) -> Any:
        if down:
            raise OSError("the database is gone")
        return await real_write(change)

    async def read(table_id: str) -> Any:
        if down:
            raise OSError("the database is gone")
        return await real_table(table_id)

    store.write = write  # type: ignore[method-assign]
    store.table = read  # type: ignore[method-assign]
    with pytest.raises(TableError) as failed:
        await table.ask(t.Act("anna", version, ["lose"]))
    assert failed.value.code == "internal"
    with pytest.raises(TableError) as refused:
        await table.ask(t.Act("anna", version, ["lose"]))
    assert refused.value.code == "store_unavailable"
    down = False
    await table.ask(t.Act("anna", version, ["lose"]))  # reloaded: the committed version
    assert table.state.said[1] == "lose" and said[1] is None
    log = await store.log(table.table.game_id)
    assert [e.seq for e in log] == list(range(len(log)))
    assert [e.version for e in log] == sorted(e.version for e in log)
    await table.stop()


async def test_a_restored_table_has_the_same_version_seats_and_state(store: Store) -> None:
    table = await _table(store)
    await table.ask(t.Sit("anna", "Anna", 2))
    await table.ask(t.Sit("bram", "Bram", 3))
    await table.ask(t.Start("anna"))
    await _say(table, "anna", "lose")  # after the house for seat 1; Bram (3) is next
    await table.stop()
    row = await store.table("t1")
    assert row is not None
    running = await store.running_game("t1")
    entries = await store.log(running.id) if running else []
    again = TableTask(
        TableState(
            "t1", table.config, SayGame("plain"), TableSettings(house_delay=0), created_at=0
        ),
        store,
        House(),
    )
    restore(again.table, row, running, entries, now=time.time())
    assert again.version == table.version
    assert [s.player for s in again.seats] == [s.player for s in table.seats]
    assert again.state.said == table.state.said == [None, "win", "lose", None]
    assert again.state.hands == table.state.hands


async def test_a_told_move_is_played_without_a_reply_and_its_refusal_goes_to_the_callback(
    store: Store,
) -> None:
    table = await _table(store)
    ear = Ear(None)
    await table.ask(t.Watch(ear))
    await table.ask(t.Sit("anna", "Anna", 2))
    await table.ask(t.Sit("bram", "Bram", 3))  # the game then waits for Bram after Anna
    await table.ask(t.Start("anna"))
    errors: list[BaseException] = []
    version = table.version
    table.tell(t.Act("anna", version, ["win"]), errors.append)
    table.tell(t.Act("anna", version, ["lose"]), errors.append)  # now a stale version
    await table.ask(t.Summary())  # answered after both: the inbox is in order
    assert table.state.said[2] == "win" and table.running
    assert [a["action"] for a in ear.events("action") if a["seat"] == 2] == [["win"]]
    [stale] = errors
    assert isinstance(stale, TableError) and stale.code == "stale_version"
    await table.stop()
    with pytest.raises(TableError) as closed:
        table.tell(t.Act("anna", table.version, ["win"]), errors.append)
    assert closed.value.code == "server_restarting"
    assert len(errors) == 1


async def test_after_a_restart_a_waiting_person_keeps_the_deadline_or_gets_the_minimum(
    store: Store,
) -> None:
    """docs/operations.md, "Restarts and crashes": the deadline is kept (the downtime
    counts), but the clock shows at least ``restart_min_clock``."""
    table = await _table(store)
    await table.ask(t.Sit("anna", "Anna", 2))
    await table.ask(t.Sit("bram", "Bram", 3))
    await table.ask(t.Start("anna"))
    await _say(table, "anna", "lose")  # Bram (3) waits now, with a 60-second clock
    deadline = table.table.deadlines[3]
    await table.stop()
    row = await store.table("t1")
    running = await store.running_game("t1")
    assert row is not None and running is not None
    entries = await store.log(running.id)
    for minimum, expected in ((15.0, deadline), (100.0, time.time() + 60.0)):
        settings = TableSettings(house_delay=0, restart_min_clock=minimum)
        again = TableTask(
            TableState("t1", table.config, SayGame("plain"), settings, created_at=0), store, House()
        )
        restore(again.table, row, running, entries, now=time.time(), restarted=True)
        assert list(again.table.deadlines) == [3]  # a person's; the house has none
        assert again.table.deadlines[3] == pytest.approx(expected, abs=0.2)


async def test_chat_from_a_blocked_player_never_reaches_who_blocked_them(store: Store) -> None:
    """Issue 19 point 6: "Chat text from a blocked player never reaches you"; the others
    at the table still read it, and the blocker's own chat reaches the blocked."""
    table = await _table(store)
    anna, bram, cor = Ear("anna"), Ear("bram", blocked=frozenset({"anna"})), Ear("cor")
    for ear in (anna, bram, cor):
        await table.ask(t.Watch(ear))
    await table.ask(t.Chat("anna", "Anna", None, "hallo allemaal"))
    await table.ask(t.Chat("bram", "Bram", None, "goedenavond"))

    def chats(ear: Ear) -> list[str]:
        return [f["text"] for f in ear.frames if f["type"] == "chat"]

    assert chats(anna) == chats(cor) == ["hallo allemaal", "goedenavond"]
    assert chats(bram) == ["goedenavond"]
    assert not any("hallo allemaal" in json.dumps(f) for f in bram.frames)
    await table.stop()


async def test_more_time_doubles_the_seat_s_clock_and_the_table_is_told(store: Store) -> None:
    """WCAG 2.2.1 (docs/accessibility.md, "Meer bedenktijd"): Anna's seat gets twice the
    table's 60 s, a running clock 60 s more; everyone hears it as an event; the seating
    keeps it (a restart too); someone without a seat is refused and nothing changes."""
    table = await _table(store)
    ear = Ear(None)
    await table.ask(t.Watch(ear))
    await table.ask(t.Sit("anna", "Anna", 2))
    await table.ask(t.Sit("bram", "Bram", 3))
    with pytest.raises(TableError) as refused:
        await table.ask(t.MoreTime("carla", True))
    assert refused.value.code == "not_seated" and table.seating.more_time == set()
    await table.ask(t.MoreTime("anna", True))
    await table.ask(t.MoreTime("anna", True))  # asked again: nothing new
    [told] = ear.events("more_time")
    assert told == {"kind": "more_time", "to": None, "seat": 2, "player": "anna"} | {
        "name": "Anna",
        "on": True,
    }
    await table.ask(t.Start("anna"))
    [anna_clock] = [f for f in ear.frames if f["type"] == "clock" and f["seat"] == 2]
    assert anna_clock["seconds"] == 120.0
    assert anna_clock["deadline"] - anna_clock["now"] == pytest.approx(120.0, abs=1.0)
    await _say(table, "anna", "lose")  # Bram (3) waits now, on the table's 60 s
    bram_deadline = table.table.deadlines[3]
    [bram_clock] = [f for f in ear.frames if f["type"] == "clock" and f["seat"] == 3]
    assert bram_clock["seconds"] == 60.0
    await table.ask(t.MoreTime("bram", True))  # while his clock runs: 60 s more
    assert table.table.deadlines[3] == pytest.approx(bram_deadline + 60.0)
    assert [f["deadline"] for f in ear.frames if f["type"] == "clock" and f["seat"] == 3][
        -1
    ] == pytest.approx(bram_deadline + 60.0)
    await table.ask(t.MoreTime("anna", False))
    assert ear.events("more_time")[-1]["on"] is False
    await table.stop()
    row = await store.table("t1")
    assert row is not None and row.seating["more_time"] == ["bram"]
