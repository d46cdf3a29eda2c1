"""A Redis restart during play with a real ``kroeg serve`` (issue 20; docs/cluster.md,
"Redis away"): PostgreSQL and a private redis-server, stopped for some three leases while
Anna plays and started again empty. The table pauses (her acts refused with
``table_paused``, a retryable refusal), then continues under a new epoch from its log
through the same connection: every acknowledged action is in the log in order, and she is
never sent a version twice or one older than she had."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from kroeg.store import open_store
from tests.cluster.private_redis import PrivateRedis
from tests.cluster.test_processes import _my_turn, _versions
from tests.server.harness import Client, Server
from tests.support import LONG

pytestmark = pytest.mark.skipif(not LONG, reason="a real server and Redis restart: KROEG_LONG=1")

TTL = 1.0
PACE = 0.3
"""Seconds between two of Anna's acts: a person's pace (flat out, the game would end
before Redis is back)."""


async def _act(client: Client, table: str) -> str:
    """Anna's first legal action at her turn: ``accepted``, or the refusal's code."""
    state = await _my_turn(client, table, 0)
    version: int = state["version"]
    await client.send(
        {"type": "act", "table": table, "version": version, "action": state["legal"][0]}
    )
    reply = await client.expect(
        lambda f: (
            f.get("table") == table
            and (f.get("type") == "error" or (f.get("type") == "event" and f["version"] > version))
        )
    )
    return "accepted" if reply["type"] == "event" else str(reply["code"])


async def test_a_redis_restart_pauses_the_table_and_it_continues(
    pg_url: str, private_redis: PrivateRedis, tmp_path: Path
) -> None:
    env = {"KROEG_REDIS_URL": private_redis.url, "KROEG_LEASE_TTL": str(TTL)}
    server = Server(pg_url, tmp_path / "server.log", PYTHONUNBUFFERED="1", **env).start()
    try:
        table = server.table("toepen", "kroegregels")
        anna = await Client.connect(server, "Anna")
        await anna.send({"type": "sit", "table": table, "seat": 0})
        await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
        await anna.send({"type": "start", "table": table})
        assert await _act(anna, table) == "accepted"

        private_redis.stop()
        loop = asyncio.get_running_loop()
        stopped = loop.time()
        answers = []
        while loop.time() < stopped + 3 * TTL:  # Anna plays on while Redis is away
            answers.append(await _act(anna, table))
            await asyncio.sleep(PACE)
        assert "table_paused" in answers, answers
        paused_from = answers.index("table_paused")
        assert set(answers[paused_from:]) == {"table_paused"}, "paused until Redis is back"

        private_redis.start()  # empty
        again = loop.time()
        while (answer := await _act(anna, table)) != "accepted":
            assert answer == "table_paused", answer
            assert loop.time() < again + 10 * TTL, "the table continued once Redis was back"
            await asyncio.sleep(PACE)
        assert await _act(anna, table) == "accepted"
    finally:
        server.kill()

    events = _versions(anna, table)
    assert events == sorted(set(events)), "no version repeated or going backwards"
    store = await open_store(pg_url)
    try:
        running = await store.running_game(table)
        games = [running] if running is not None else await store.games_of(table)
        logged = [e.version for g in games for e in await store.log(g.id)]
    finally:
        await store.close()
    assert logged == sorted(set(logged))
    acted = [
        f["version"]
        for f in anna.frames
        if f.get("type") == "event"
        and f.get("table") == table
        and any(e["kind"] == "action" for e in f["events"])
    ]
    assert set(acted) <= set(logged), "every acknowledged action is in the log"
    db = await asyncpg.connect(pg_url.replace("+asyncpg", ""))
    try:
        epoch = await db.fetchval("SELECT owner_epoch FROM tables WHERE id = $1", table)
    finally:
        await db.close()
    assert epoch >= 2, "continued under a new epoch"
