"""Restarts remember everything a table knew (issue 17, Build 5; docs/operations.md,
"Restarts"): with ``kill -9`` of a real server, a seat's timeouts in a row and what was
left of its clock survive, and a table whose log no longer replays is reported broken
instead of silently disappearing."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from kroeg.store import open_store, schema
from tests.server.harness import Client, Frame, Server, is_state, log_path
from tests.store.databases import BACKENDS, database


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database(request.param, tmp_path) as url:
        yield url


def _server(request: pytest.FixtureRequest, url: str, minimum: float = 5) -> Server:
    return Server(url, log_path(request), KROEG_RESTART_MIN_CLOCK=str(minimum)).start()


def _events(frame: Frame, kind: str) -> list[Frame]:
    return [e for e in frame.get("events") or [] if e["kind"] == kind]


async def _seated(server: Server, table: str, name: str) -> Client:
    client = await Client.connect(server, name)
    await client.send({"type": "sit", "table": table, "seat": 0})
    await client.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
    await client.send({"type": "start", "table": table})
    return client


async def _resumed(server: Server, token: str, table: str) -> tuple[Client, Frame]:
    client = await Client.connect(server, name=None, token=token)
    await client.send({"type": "watch", "table": table})
    return client, await client.expect(is_state(table))


async def test_a_seats_timeouts_in_a_row_survive_kill_9(
    request: pytest.FixtureRequest, db_url: str
) -> None:
    # Clocks long enough for a loaded machine to restart and reconnect within one (a
    # restart takes 1-3 s under CI's load; the resumed clock gives at least 7).
    server = _server(request, db_url, minimum=7)
    try:
        table = server.table("toepen", "kroegregels", clock_seconds=7)
        anna = await _seated(server, table, "Anna")
        first = await anna.expect(lambda f: bool(_events(f, "timeout")), timeout=30)
        assert _events(first, "timeout")[0] == {
            "kind": "timeout",
            "to": None,
            "seat": 0,
            "timeouts": 1,
        }
        server.kill()  # with the next clock of seat 0 running
        server = _server(request, db_url, minimum=7)
        anna, snapshot = await _resumed(server, anna.token, table)
        assert snapshot["seats"][0]["player"] == anna.player
        assert snapshot["seats"][0]["timeouts"] == 1
        # The next expiry is the second in a row: out of the game (RULES.md §0, clocks).
        second = await anna.expect(lambda f: bool(_events(f, "out") or _events(f, "timeout")), 30)
        assert _events(second, "out") and _events(second, "out")[0]["reason"] == "timeouts"
        await anna.close()
    finally:
        server.stop()


async def test_a_clock_keeps_what_was_left_of_it_at_least_the_minimum(
    request: pytest.FixtureRequest, db_url: str
) -> None:
    server = _server(request, db_url, minimum=3)
    try:
        long = server.table("toepen", "kroegregels", clock_seconds=60)
        short = server.table("toepen", "kroegregels", clock_seconds=5)
        anna, bram = await _seated(server, long, "Anna"), await _seated(server, short, "Bram")
        clocks = []
        for client in (anna, bram):
            clock = await client.expect(lambda f: f["type"] == "clock" and f["seat"] == 0)
            clocks.append(clock["deadline"])
        await asyncio.sleep(3.5)
        server.kill()
        server = _server(request, db_url, minimum=3)
        anna, at_long = await _resumed(server, anna.token, long)
        bram, at_short = await _resumed(server, bram.token, short)
        [kept] = at_long["clocks"]
        assert kept["seat"] == 0 and kept["deadline"] == pytest.approx(clocks[0], abs=0.5)
        assert kept["deadline"] - at_long["now"] < 60 - 3  # not a fresh clock
        # 1.5 seconds were left before the kill, less than the minimum of 3: three.
        [floor] = at_short["clocks"]
        assert floor["deadline"] > clocks[1] + 1
        assert 0 < floor["deadline"] - at_short["now"] <= 3.0
        await anna.close()
        await bram.close()
    finally:
        server.stop()


async def _break_the_log(url: str, table: str) -> None:
    """Make the table's running game's log unreplayable: its last action becomes a card
    the player does not hold (as if the rules had changed under it)."""
    store = await open_store(url)
    try:
        running = await store.running_game(table)
        assert running is not None
        g = schema.game_log
        async with store.engine.begin() as conn:
            seq, entries = (
                await conn.execute(
                    sa.select(g.c.seq, g.c.entries)
                    .where(g.c.game_id == running.id)
                    .order_by(g.c.seq.desc())
                    .limit(1)
                )
            ).one()
            entries = json.loads(json.dumps(entries))
            entries.append([entries[-1][0] + 1, 0, "act", ["play", "X9"], "player", time.time()])
            await conn.execute(
                sa.update(g)
                .where(g.c.game_id == running.id, g.c.seq == seq)
                .values(entries=entries)
            )
    finally:
        await store.close()


async def test_a_table_that_no_longer_replays_is_reported_broken(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with database("sqlite", tmp_path) as url:
        server = _server(request, url)
        try:
            broken = server.table("toepen", "kroegregels", clock_seconds=60)
            hidden = server.table("toepen", "kroegregels", clock_seconds=60, private=True)
            fine = server.table("toepen", "klassiek")
            anna = await _seated(server, broken, "Anna")
            bram = await _seated(server, hidden, "Bram")
            await anna.expect(lambda f: f["type"] == "clock")
            await bram.expect(lambda f: f["type"] == "clock")
            server.kill()
            await _break_the_log(url, broken)
            await _break_the_log(url, hidden)
            server = _server(request, url)
            health = server.get("/api/health").json()
            assert health["status"] == "degraded"
            assert sorted((b["id"] or "", b["private"]) for b in health["broken"]) == [
                ("", True),
                (broken, False),
            ]
            assert hidden not in json.dumps(health)  # an invite stays a secret
            lobby = server.get("/api/tables").json()
            assert [b["id"] for b in lobby["broken"]] == [broken]
            assert [t["id"] for t in lobby["tables"]] == [fine]
            r = server.get(f"/api/tables/{broken}")
            assert r.status_code == 409 and r.json()["detail"]["code"] == "table_broken"
            anna = await Client.connect(server, name=None, token=anna.token)
            await anna.send({"type": "watch", "table": broken})
            error = await anna.error()
            assert error["code"] == "table_broken" and error["table"] == broken
            await anna.close()
        finally:
            server.stop()
