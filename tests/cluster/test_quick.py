""" "Speel nu" across processes (issue 31; docs/cluster.md, "Speel nu"): the queue's lines
and answers live in Redis, so two people who join through two processes are seated at one
table, either process tells each where, a person leaves the line through any process,
and a line outlives the process it was joined through. Before, each process had its own
queue: the two were never seated together, and a poll that reached the other process
read ``none``.

Real PostgreSQL and Redis (a missing one fails, tests/cluster/conftest.py): first the
processes' parts in this test process, then two real ``kroeg serve``."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis as sync_redis
from redis.asyncio import Redis

from kroeg.cluster.quick import RedisQuickLines
from kroeg.store import open_store
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.quick import QuickMatch, QuickQueue, Waiting
from kroeg.tables.state import TableSettings
from tests.cluster.conftest import REDIS_URL, started_pair
from tests.server.harness import Server

TOEPEN = ("toepen", "kroegregels")
SHARED_TOEPEN = {"game": "toepen", "variant": "klassiek"}
SHARED_KLAVERJAS = {"game": "klaverjassen", "variant": "amsterdams"}
"""The real processes' lines: their queue is Redis's one ``kroeg:quick``, which any other
cluster test's ``kroeg serve`` on this Redis shares; the lines the client's "Speel nu"
and the other tests use are the first variants, so these are left to this test."""


@pytest.fixture
def key(redis: Redis) -> Iterator[str]:
    """A queue of the test's own in the shared Redis."""
    name = f"kroeg:quick:test:{secrets.token_hex(6)}"
    yield name
    sync_redis.Redis.from_url(REDIS_URL).delete(name)


@pytest.fixture
async def two(pg_url: str, redis: Redis, key: str) -> AsyncIterator[tuple[QuickMatch, QuickMatch]]:
    """Two processes' queues on one store and one Redis value, each with its own lobby."""
    store = await open_store(pg_url)
    lobbies = [Lobby(store, House(), TableSettings(house_delay=0)) for _ in range(2)]
    yield (
        QuickMatch(lobbies[0], lines=RedisQuickLines(redis, 4.0, key)),
        QuickMatch(lobbies[1], lines=RedisQuickLines(redis, 4.0, key)),
    )
    for lobby in lobbies:
        await lobby.stop()
    await store.close()


async def test_four_people_joining_through_two_processes_at_once_fill_one_table(
    two: tuple[QuickMatch, QuickMatch],
) -> None:
    a, b = two
    names = ["Anna", "Bram", "Cor", "Dirk"]
    joins = [
        (a if n % 2 else b).join(f"p{n}", name, None, *TOEPEN, 100.0 + n / 10)
        for n, name in enumerate(names)
    ]
    answers = await asyncio.gather(*joins)
    # The fourth join filled the line, whichever process saw it: one table, made once.
    tables = {**a.lobby.tables, **b.lobby.tables}
    assert len(tables) == 1, answers
    [table] = tables.values()
    assert sorted(s.player for s in table.seats if s.player) == ["p0", "p1", "p2", "p3"]
    assert table.running
    seated = {"state": "seated", "table": table.id}
    for n in range(4):
        asked = a if n < 2 else b  # each asks through either process
        told = await asked.status(f"p{n}", 100.5)
        # Told once: in the answer to the join that filled the line, else when asking.
        assert [x for x in (answers[n], told) if x["state"] == "seated"] == [seated], n


async def test_a_change_made_meanwhile_by_another_process_runs_the_step_again(
    redis: Redis, key: str
) -> None:
    """The optimistic transaction: a write between the step's read and its ``EXEC``
    (another process joining Bram) makes the step run again on the value with Bram, so
    neither change is lost."""
    lines = RedisQuickLines(redis, 4.0, key)
    other = sync_redis.Redis.from_url(REDIS_URL)
    runs: list[int] = []

    def step(queue: QuickQueue) -> int:
        runs.append(len(queue.lines.get(TOEPEN, [])))
        if len(runs) == 1:  # the other process's change lands in the middle of ours
            theirs = QuickQueue(4.0)
            theirs.join(TOEPEN, Waiting("p2", "Bram", None, 100.0))
            other.set(key, json.dumps(theirs.json()))
        queue.join(TOEPEN, Waiting("p1", "Anna", None, 100.5))
        return len(queue.lines[TOEPEN])

    assert await lines.change(step) == 2
    assert runs == [0, 1]
    kept = await lines.change(lambda queue: [w.player for w in queue.lines[TOEPEN]])
    assert kept == ["p2", "p1"]


async def test_redis_away_is_a_refusal_to_try_again() -> None:
    gone = Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.5)
    try:
        with pytest.raises(TableError) as refused:
            await RedisQuickLines(gone, 4.0).change(lambda queue: queue.cancel("p1"))
        assert refused.value.code == "queue_unreachable"
        assert refused.value.params == {"retry_after": 1}
    finally:
        await gone.aclose()


QUEUE_SECONDS = 2.0


@pytest.fixture
def pair_with_queue(pg_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two real ``kroeg serve`` on one PostgreSQL and Redis, a 2 s window; this test's
    lines of the queue they share emptied before and after."""
    asyncio.run(_empty_lines())
    try:
        with started_pair(pg_url, tmp_path, KROEG_QUEUE_SECONDS=str(QUEUE_SECONDS)) as pair:
            yield pair
    finally:
        asyncio.run(_empty_lines())


async def _empty_lines() -> None:
    """Nobody left in this test's lines (say, from a run that was stopped)."""
    client = Redis.from_url(REDIS_URL)
    lines = [(line["game"], line["variant"]) for line in (SHARED_TOEPEN, SHARED_KLAVERJAS)]
    try:
        await RedisQuickLines(client, QUEUE_SECONDS).change(
            lambda queue: [queue.lines.pop(line, None) for line in lines]
        )
    finally:
        await client.aclose()


def _guest(server: Server, name: str) -> str:
    r = server.post("/api/guests", {"name": name})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def _quick(server: Server, method: str, token: str, body: Any = None) -> Any:
    r = httpx.request(
        method,
        f"{server.url}/api/quick",
        json=body,
        headers={"authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert r.status_code == 200, r.text
    return r.json()


def _until_seated(servers: list[Server], token: str, limit: float = 15.0) -> str:
    """Poll as a waiting client does, each poll through the next process; the table."""
    deadline = time.monotonic() + limit
    n = 0
    while time.monotonic() < deadline:
        told = _quick(servers[n % len(servers)], "GET", token)
        n += 1
        if told["state"] == "seated":
            return str(told["table"])
        assert told["state"] == "waiting", told
        time.sleep(0.25)
    raise AssertionError("not seated in time")


def test_two_real_processes_share_the_line_its_answers_its_cancel_and_outlive_one(
    pair_with_queue: tuple[Server, Server],
) -> None:
    a, b = pair_with_queue
    anna, bram, cor = _guest(a, "Anna"), _guest(b, "Bram"), _guest(a, "Cor")
    game = SHARED_TOEPEN
    assert _quick(a, "POST", anna, game)["waiting"] == 1
    assert _quick(b, "POST", bram, game)["waiting"] == 2  # Anna's line, through the other
    assert _quick(a, "GET", bram)["waiting"] == 2  # Bram asks through a: he waits there too

    table = _until_seated([b, a], anna)
    assert _until_seated([a, b], bram) == table  # seated together, told through either
    for server in (a, b):
        seats = server.get(f"/api/tables/{table}").json()["players"]
        assert [p["name"] if p else None for p in seats][:2] == ["Anna", "Bram"]
        assert _quick(server, "GET", anna) == {"state": "none"}  # told once

    assert _quick(a, "POST", cor, game)["state"] == "waiting"
    assert _quick(b, "DELETE", cor) == {"cancelled": True}  # left through the other process
    assert _quick(a, "GET", cor) == {"state": "none"}
    time.sleep(QUEUE_SECONDS + 0.5)
    assert _quick(b, "GET", cor) == {"state": "none"}  # and never seated

    # Decision (docs/cluster.md, "Speel nu"): the line is in Redis, so a person who
    # joined through a process that then dies still waits, and the process their next
    # poll reaches seats them when the window is over.
    dirk = _guest(a, "Dirk")
    assert _quick(a, "POST", dirk, SHARED_KLAVERJAS)["waiting"] == 1
    a.kill()
    table = _until_seated([b], dirk)
    assert b.get(f"/api/tables/{table}").json()["players"][0]["name"] == "Dirk"
