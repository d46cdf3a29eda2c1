"""Clocks, timeouts, leaving and disconnecting over the wire (issue 5 item 3; RULES.md
§7.8; seed 003: "Laat je die één keer verlopen, dan speelt het huis die beurt voor je.
Laat je twee beurten op rij verlopen, dan is de partij voor jou voorbij. Ga je van tafel
tijdens een partij, dan verlies je die partij."). The clocks' own timing, the second
timeout and a move resetting the count are the machine's, at given times
(tests/tables/test_machine.py)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from kroeg.records import replay
from tests.server.harness import Client, Frame, Server, game_over, is_state


def _events(frame: Frame, kind: str) -> list[Frame]:
    return [e for e in frame.get("events", []) if e["kind"] == kind]


def _waits_for(table: str, seat: int) -> Callable[[Frame], bool]:
    return lambda f: bool(
        is_state(table)(f) and f.get("running") and seat in (f.get("to_act") or [])
    )


def _has(table: str, kind: str) -> Callable[[Frame], bool]:
    return lambda f: bool(is_state(table)(f) and f["type"] == "event" and _events(f, kind))


async def _settled(client: Client, table: str, frame: Frame) -> Frame:
    """The frame itself when it carries the state, else the next one that does (a run of
    house moves is sent at once, its state only on the newest frame)."""
    if frame.get("seats") is not None:
        return frame
    return await client.expect(lambda f: is_state(table)(f) and f.get("seats") is not None)


async def _seat_and_start(
    server: Server, game: str, variant: str, **fields: object
) -> tuple[Client, str]:
    table = server.table(game, variant, **fields)
    client = await Client.connect(server, "Anna")
    await client.send({"type": "sit", "table": table, "seat": 0})
    await client.send({"type": "start", "table": table})
    return client, table


async def test_leave_during_a_game_puts_the_player_out_at_once_and_loses(server: Server) -> None:
    client, table = await _seat_and_start(
        server, "klaverjassen", "nku", options={"game_length": "8_deals"}
    )
    watcher = await Client.connect(server, "Bram")
    await watcher.send({"type": "watch", "table": table})
    await client.expect(_waits_for(table, 0))
    await client.send({"type": "leave", "table": table})
    left = await watcher.expect(_has(table, "out"))
    out = _events(left, "out")[0]
    assert out == {
        "kind": "out",
        "to": None,
        "seat": 0,
        "reason": "left",
        "player": client.player,
        "name": "Anna",
    }
    await watcher.expect(game_over, timeout=60)
    end = next(e for f in watcher.frames if f["type"] == "event" for e in _events(f, "game_end"))
    assert end["outcomes"][0] == "left"
    await client.close()
    await watcher.close()


async def test_a_disconnect_is_not_leaving_the_seat_waits_on_its_clock(
    sqlite_server: Server,
) -> None:
    client, table = await _seat_and_start(sqlite_server, "toepen", "klassiek", clock_seconds=0.8)
    watcher = await Client.connect(sqlite_server, "Bram")
    await watcher.send({"type": "watch", "table": table})
    await watcher.expect(lambda f: f["type"] == "snapshot")
    await client.expect(_waits_for(table, 0))
    await client.close()
    away = await watcher.expect(lambda f: f["type"] == "presence")
    assert away == {"type": "presence", "table": table, "seat": 0, "away": True}
    summary = sqlite_server.get(f"/api/tables/{table}").json()
    assert not summary["players"][0]["house"] and summary["players"][0]["name"] == "Anna"
    started = time.monotonic()
    timed_out = await watcher.expect(_has(table, "timeout"), timeout=10)
    assert time.monotonic() - started > 0.2
    after = await _settled(watcher, table, timed_out)
    assert after["seats"][0]["away"] and after["seats"][0]["player"] == client.player
    back = await Client.connect(sqlite_server, name=None, token=client.token)
    await back.send({"type": "watch", "table": table})
    assert (await back.expect(lambda f: f["type"] == "snapshot"))["you"] == 0
    present = await watcher.expect(lambda f: f["type"] == "presence")
    assert present["away"] is False
    await back.close()
    await watcher.close()


async def test_eurokaarten_house_plays_the_whole_turn_then_puts_the_player_out(
    sqlite_server: Server,
) -> None:
    """RULES.md §7.8: one expiry, the house plays that turn; two in a row, out of the partij."""
    client, table = await _seat_and_start(
        sqlite_server, "eurokaarten", "standaard", clock_seconds=0.4
    )
    first = await client.expect(_has(table, "timeout"), timeout=10)
    actions, frame = [], first
    while True:
        actions += _events(frame, "action")
        ended = frame.get("to_act") is not None and 0 not in frame["to_act"]
        if ended or any(e["seat"] != 0 for e in actions):
            break
        frame = await client.expect(is_state(table))
    turn = list(itertools.takewhile(lambda e: e["seat"] == 0, actions))
    assert turn and all(e["by"] == "timeout" for e in turn)
    assert turn[-1]["action"][0] == "discard" or len(turn) < len(actions)  # the turn ended
    second = await client.expect(_has(table, "out"), timeout=20)
    assert _events(second, "out")[0]["reason"] == "timeouts"
    rest = await client.quiet(1.0)
    assert all(0 not in (f.get("to_act") or []) for f in rest if is_state(table)(f))
    # The exported record holds the elimination as [seat, "out"] and replays to the same
    # standings (RECORDS.md).
    last = await client.expect(game_over, timeout=60) if not any(map(game_over, rest)) else None
    last = last or next(f for f in reversed(rest) if game_over(f))
    record = sqlite_server.get(f"/api/games/{last['game_id']}/record").json()
    assert [0, "out"] in [a for d in record["deals"] for a in d["actions"]]
    replayed, status = replay(record)
    assert status == 0, replayed
    assert replayed["standings"] == last["view"]["standings"]
    assert replayed["result"] == last["view"]["result"]
    await client.close()
