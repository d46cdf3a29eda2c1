"""The per-audience fan-out over the table's channel (issue 20, point 3; docs/cluster.md,
"Fan-out"): the owner publishes each version once per audience of its remote listeners;
the other process hands each of its connections its own audience's frame, a seat's only
to that seat's player; a spectator there never gets a seat's frame; the channel is
heard while, and only while, a connection there follows the table; a forwarded move's
refusal comes back to its connection.

Both processes' parts run in this test process, on a real PostgreSQL and Redis
(the fixture of tests/cluster/test_lossy_fanout.py)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from redis.asyncio import Redis

from kroeg.cluster.routing import CHANNEL, Router
from kroeg.tables import protocol as m
from kroeg.tables.errors import TableError
from kroeg.tables.lobby import Lobby
from tests.cluster.conftest import REDIS_URL
from tests.cluster.test_lossy_fanout import Seen, owner_and_router
from tests.cluster.test_ownership import _game

__all__ = ["owner_and_router"]  # the fixture, used by name


class Spectator(Seen):
    player: str | None = "bob"
    name: str | None = "Bob"


def _events(frames: list[dict[str, Any]], table: str) -> dict[int, dict[str, Any]]:
    return {f["version"]: f for f in frames if f.get("type") == "event" and f["table"] == table}


async def _forward_again_while_moving(router: Router, sink: Seen, message: m.Act) -> None:
    """``table_moving`` asks the client to try again (docs/protocol.md), as the browser
    does: seen once in a loaded full run, the owner's lobby between two of its states."""
    for _ in range(20):
        try:
            await router.forward(message, sink)
            return
        except TableError as e:
            if e.code != "table_moving":
                raise
            await asyncio.sleep(0.05)
    await router.forward(message, sink)


async def test_each_audience_gets_its_own_frame_and_a_spectator_never_a_seats(
    owner_and_router: tuple[Lobby, Router], redis: Redis
) -> None:
    lobby, router = owner_and_router
    table = await _game(lobby)  # owned by the other process; Anna at seat 0, her turn
    channel = CHANNEL + table.id
    tapping = Redis.from_url(REDIS_URL)  # any Redis client: the operator's side
    tap = tapping.pubsub()
    await tap.subscribe(channel)
    anna, bob = Seen(), Spectator()
    assert (await router.forward(m.Watch(table=table.id), anna))[1] is True
    assert (await router.forward(m.Watch(table=table.id), bob))[1] is True
    assert (await redis.pubsub_numsub(channel))[0][1] == 2  # the tap and this process

    for _ in range(4):  # Anna plays through this process; the house answers at once
        async with asyncio.timeout(10):
            while 0 not in table.game.to_act(table.state) and table.running:
                await asyncio.sleep(0.01)
        if not table.running:
            break
        action = table.game.action_json(table.game.legal(table.state, 0)[0])
        await _forward_again_while_moving(
            router, anna, m.Act(table=table.id, version=table.version, action=action)
        )
    async with asyncio.timeout(10):
        while max(_events(anna.frames, table.id), default=0) < table.version:
            await asyncio.sleep(0.01)
        while max(_events(bob.frames, table.id), default=0) < table.version:
            await asyncio.sleep(0.01)

    published: dict[tuple[int, int | None], dict[str, Any]] = {}
    while (message := await tap.get_message(timeout=0.5)) is not None:
        if message["type"] != "message":
            continue  # the subscription's confirmation
        for version, _seated, frames in json.loads(message["data"]):
            for audience, frame in frames:
                if version is not None:
                    published[(version, audience)] = frame
    await tap.aclose()
    await tapping.aclose()
    versions = {v for v, _ in published}
    assert versions and {a for _, a in published} == {0, None}, "one frame per audience"

    to_anna, to_bob = _events(anna.frames, table.id), _events(bob.frames, table.id)
    for version in versions:
        assert to_anna[version] == published[(version, 0)], "Anna's frame is her seat's"
        assert to_bob[version] == published[(version, None)], "Bob's is the spectators'"
    private = [
        e for f in to_anna.values() for e in f["events"] if e["to"] == 0
    ]  # her hand, dealt in this game
    seat_frames = [f for f in to_bob.values() if f["legal"] or any(e["to"] for e in f["events"])]
    assert seat_frames == [] and all(
        e["to"] is None for f in to_bob.values() for e in f["events"]
    ), "no private event and no legal actions ever reach the spectator"
    assert all(f["type"] != "snapshot" or f["you"] is None for f in bob.frames)
    assert private or any(f["legal"] for f in to_anna.values()), "Anna got what was hers"

    stale = m.Act(table=table.id, version=table.version - 1, action=["play", "7h"])
    router.tell(anna, stale)  # a move nobody waits for: its refusal comes back
    async with asyncio.timeout(10):
        while not [f for f in anna.frames if f.get("code") == "stale_version"]:
            await asyncio.sleep(0.01)

    await router.gone(anna, table.id)
    assert table.id in router.watching, "Bob still follows: still subscribed"
    await router.gone(bob, table.id)
    assert router.watching == {}
    async with asyncio.timeout(5):
        while (await redis.pubsub_numsub(channel))[0][1] != 0:
            await asyncio.sleep(0.02)  # the last watcher gone: nobody hears the channel
