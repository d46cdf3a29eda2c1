"""Reconnects, ``kill -9`` and SIGTERM (issue 5 items 7 and 10): nothing acknowledged is
lost, the game continues at the same version, the pending decision keeps its clock
(tests/security/test_restarts.py checks what is left of it)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from kroeg.records import replay
from tests.server.harness import Client, Frame, Server, autoplay, is_state, log_path
from tests.store.databases import BACKENDS, database

HISTORY = "16"


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database(request.param, tmp_path) as url:
        yield url


def _server(request: pytest.FixtureRequest, url: str) -> Server:
    return Server(url, log_path(request), KROEG_HISTORY=HISTORY).start()


def _own_actions(client: Client, table: str) -> list[list[object]]:
    """The client's own actions the server acknowledged (its events announce them)."""
    return [
        e["action"]
        for f in client.frames
        if f["type"] == "event" and f.get("table") == table
        for e in f["events"]
        if e["kind"] == "action" and e["by"] == "player"
    ]


def _versions(frames: list[Frame], table: str) -> list[int]:
    return [f["version"] for f in frames if is_state(table)(f)]


async def _clock_after(client: Client, frame: Frame, *, seat: int) -> Frame:
    """The clock the table started for ``seat`` after ``frame`` (it follows the frame)."""
    later = client.frames[next(i for i, f in enumerate(client.frames) if f is frame) + 1 :]
    clocks = [f for f in later if f["type"] == "clock" and f["seat"] == seat]
    if clocks:
        return clocks[0]
    return await client.expect(lambda f: f["type"] == "clock" and f["seat"] == seat)


async def test_resume_gets_the_missed_events_or_a_snapshot_when_too_old(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with database("sqlite", tmp_path) as url:
        server = _server(request, url)
        try:
            table = server.table("klaverjassen", "nku")
            bram = await Client.connect(server, "Bram")
            await bram.send({"type": "sit", "table": table, "seat": 1})
            await bram.send({"type": "start", "table": table})
            anna = await Client.connect(server, "Anna")
            await anna.send({"type": "watch", "table": table})
            seen = (await anna.expect(lambda f: f["type"] == "snapshot"))["version"]
            await anna.close()
            rng = random.Random(5)
            await autoplay(bram, table, rng, seat=1, until=lambda f: f["version"] >= seen + 3)
            anna = await Client.connect(server, name=None, token=anna.token)
            await anna.send({"type": "resume", "table": table, "version": seen})
            missed = [await anna.expect(is_state(table))]
            while missed[-1]["view"] is None:  # only the newest carries the current state
                missed.append(await anna.expect(is_state(table)))
            now = missed[-1]["version"]
            assert now >= seen + 3
            assert [f["version"] for f in missed] == list(range(seen + 1, now + 1))
            assert all(f["type"] == "event" and f["events"] for f in missed)
            seen = now
            await anna.close()
            await autoplay(bram, table, rng, seat=1, until=lambda f: f["version"] > seen + 40)
            anna = await Client.connect(server, name=None, token=anna.token)
            await anna.send({"type": "resume", "table": table, "version": seen})
            snapshot = await anna.expect(is_state(table))
            assert snapshot["type"] == "snapshot" and snapshot["version"] > seen + 40
            await anna.close()
            await bram.close()
        finally:
            server.stop()


async def test_kill_9_and_sigterm_lose_nothing_and_the_game_goes_on(
    request: pytest.FixtureRequest, db_url: str
) -> None:
    server = _server(request, db_url)
    try:
        table = server.table("toepen", "kroegregels", clock_seconds=30)
        anna = await Client.connect(server, "Anna")
        await anna.send({"type": "sit", "table": table, "seat": 2})
        await anna.send({"type": "start", "table": table})
        rng = random.Random(7)
        waiting = await autoplay(
            anna,
            table,
            rng,
            seat=2,
            until=lambda f: len(_own_actions(anna, table)) >= 4 and 2 in f["to_act"],
        )
        acknowledged = _own_actions(anna, table)
        seen = waiting["version"]
        started = await _clock_after(anna, waiting, seat=2)

        server.kill()
        server = _server(request, db_url)
        anna = await Client.connect(server, name=None, token=anna.token)
        await anna.send({"type": "resume", "table": table, "version": seen})
        snapshot = await anna.expect(is_state(table))
        assert snapshot["type"] == "snapshot" and snapshot["version"] == seen
        assert snapshot["view"]["hand"] == waiting["view"]["hand"]
        assert snapshot["legal"] == waiting["legal"] and snapshot["to_act"] == waiting["to_act"]
        [clock] = snapshot["clocks"]
        assert clock["seat"] == 2
        # What was left of the clock, or the minimum of 15 s (docs/operations.md).
        kept = clock["deadline"] == pytest.approx(started["deadline"], abs=1)
        assert kept or 0 < clock["deadline"] - snapshot["now"] <= 15.5
        assert snapshot["running"] and snapshot["you"] == 2

        await autoplay(
            anna, table, rng, seat=2, until=lambda f: f["version"] > seen + 5 and 2 in f["to_act"]
        )
        acknowledged += _own_actions(anna, table)
        seen = _versions(anna.frames, table)[-1]
        server.terminate()
        bye = await anna.expect(lambda f: f["type"] == "bye")
        assert bye["reason"] == "restart"
        assert await anna.closed == 1012

        server = _server(request, db_url)
        anna = await Client.connect(server, name=None, token=anna.token)
        await anna.send({"type": "resume", "table": table, "version": seen})
        snapshot = await anna.expect(is_state(table))
        assert snapshot["version"] == seen
        last = await autoplay(anna, table, rng, seat=2)
        record = server.get(f"/api/games/{last['game_id']}/record").json()
        acknowledged += _own_actions(anna, table)
        mine = [a[1:] for d in record["deals"] for a in d["actions"] if a[0] == 2]
        assert mine == acknowledged  # every acknowledged action once, in order, nothing else
        replayed, code = replay(record)
        assert code == 0 and replayed["result"] == last["view"]["result"]
        await anna.close()
    finally:
        server.stop()
