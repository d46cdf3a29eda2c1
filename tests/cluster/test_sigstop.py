"""Fencing with real signals (issue 20, "the fencing test"; docs/cluster.md, "Epochs"):
the owner of a table is stopped with SIGSTOP past its lease, the other ``kroeg serve``
process takes the table over, and the first is continued with SIGCONT with an act
waiting in its socket. Whichever it notices first (its write refused under the old
epoch, or its lease gone at the next renewal) it lets the table go: the act is refused
with ``table_moved`` or carried to the new owner, never applied to the stale copy; the
player goes on through the same connection, and every action a client was shown is in
the log.

Under ``KROEG_LONG=1``: two server start-ups and a takeover take some ten seconds, and the
quick suite proves the same property in one process (test_ownership.py, the paused owner).
"""

from __future__ import annotations

import asyncio
import signal

import pytest
from redis.asyncio import Redis

from kroeg.cluster.lease import lease_key
from kroeg.store import open_store
from tests.cluster.test_processes import _act, _my_turn, _try_act, _versions
from tests.server.harness import Client, Server
from tests.support import LONG

pytestmark = pytest.mark.skipif(not LONG, reason="real SIGSTOP/SIGCONT runs under KROEG_LONG=1")

MOVED = ("table_moved", "table_moving", "table_unreachable")
"""The refusals a client may get while its table changes owner (docs/protocol.md)."""


async def test_a_stopped_owner_continued_after_a_takeover_lets_the_table_go(
    pair: tuple[Server, Server], pg_url: str, redis: Redis
) -> None:
    a, b = pair
    assert a.process is not None
    table = a.table("toepen", "kroegregels")  # created on a: a owns it
    anna = await Client.connect(a, "Anna")
    bea = await Client.connect(b, "Bea")
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
    await bea.send({"type": "sit", "table": table, "seat": 2})
    await bea.expect(lambda f: f["type"] == "snapshot" and f["you"] == 2)
    await anna.send({"type": "start", "table": table})
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while True:  # play until it is Anna's turn (Bea's acts are forwarded to a)
        assert loop.time() < deadline, "Anna's turn came"
        try:
            state = await asyncio.wait_for(_my_turn(anna, table, 0), 1)
            break
        except TimeoutError:
            if await _my_turn_now(bea, table, 2):
                await _act(bea, table, 2)
    owner = await redis.get(lease_key(table))

    a.process.send_signal(signal.SIGSTOP)
    try:
        snapshots = sum(1 for f in bea.frames if f["type"] == "snapshot")
        async with asyncio.timeout(20):  # b takes the lease, claims and rebuilds the table
            while await redis.get(lease_key(table)) in (owner, None):
                await asyncio.sleep(0.1)
            await bea.expect(lambda f: f["type"] == "snapshot")  # resumed at b, the new owner
        assert sum(1 for f in bea.frames if f["type"] == "snapshot") > snapshots
        # An act for the stopped owner waits in its socket.
        await anna.send(
            {
                "type": "act",
                "table": table,
                "version": state["version"],
                "action": state["legal"][0],
            }
        )
    finally:
        a.process.send_signal(signal.SIGCONT)

    answer = await anna.expect(
        lambda f: f.get("table") == table and f["type"] in ("error", "event")
    )
    if answer["type"] == "error":  # refused by the stale copy, which then let go
        assert answer["code"] in MOVED, answer
    # a no longer owns the table: through it, Anna follows b's table and plays on.
    accepted = answer["type"] == "event"
    deadline = loop.time() + 20
    while not accepted:
        assert loop.time() < deadline, "an act through a was accepted by b"
        await anna.send({"type": "resume", "table": table, "version": max(_versions(anna, table))})
        try:
            accepted = await asyncio.wait_for(_try_act(anna, table, 0), 2)
        except TimeoutError:
            if await _my_turn_now(bea, table, 2):
                await _act(bea, table, 2)
    async with asyncio.timeout(10):  # a said so in its log
        while f"table {table}" not in a.log.read_text() or "letting it go" not in a.log.read_text():
            await asyncio.sleep(0.1)

    store = await open_store(pg_url)
    try:
        running = await store.running_game(table)
        assert running is not None
        logged = {e.version for e in await store.log(running.id)}
    finally:
        await store.close()
    for client in (anna, bea):
        for frame in client.frames:
            shown = frame.get("type") == "event" and frame.get("table") == table
            if shown and any(e["kind"] == "action" for e in frame["events"]):
                assert frame["version"] in logged, "every action shown is in the log"
        seen = _versions(client, table)
        assert seen == sorted(seen), "versions only go forward"
    for client in (anna, bea):
        await client.close()


async def _my_turn_now(client: Client, table: str, seat: int) -> bool:
    try:
        await asyncio.wait_for(_my_turn(client, table, seat), 0.5)
    except TimeoutError:
        return False
    return True
