"""The account events' bus itself (kroeg.accounts.events, kroeg.cluster.account_events):
on one real Redis, an event published by one process is heard once by every process,
its publisher included (before ``publish`` returns); a failing handler does not keep the
others from hearing it. Two processes' buses are made in the test process."""

from __future__ import annotations

import asyncio

import pytest
from redis.asyncio import Redis

from kroeg.accounts.events import (
    AccountChanged,
    AccountEvent,
    BlocksChanged,
    Invited,
    LocalAccountEvents,
    SessionsRevoked,
)
from kroeg.cluster.account_events import RedisAccountEvents


class Heard:
    def __init__(self) -> None:
        self.events: list[AccountEvent] = []
        self.arrived = asyncio.Event()

    async def __call__(self, event: AccountEvent) -> None:
        self.events.append(event)
        self.arrived.set()


async def _failing(event: AccountEvent) -> None:
    raise RuntimeError("a handler that fails")


async def test_an_event_is_heard_once_by_every_process_and_at_once_by_its_publisher(
    redis: Redis,
) -> None:
    a, b = RedisAccountEvents(redis, "bus-test-a"), RedisAccountEvents(redis, "bus-test-b")
    heard_a, heard_b = Heard(), Heard()
    a.subscribe(heard_a)
    b.subscribe(_failing)  # logged; the next handler still hears the event
    b.subscribe(heard_b)
    await a.start()
    await b.start()
    try:
        events: list[AccountEvent] = [
            SessionsRevoked("p1"),
            BlocksChanged("p1", ["p2", "p3"]),
            AccountChanged("p1", "Anna", "bot"),
            Invited("p2", {"type": "invite", "table": "t1", "from": "Anna"}),
        ]
        for event in events:
            await a.publish(event)
            assert heard_a.events[-1] == event  # its own process acted before the answer
        async with asyncio.timeout(5):
            while len(heard_b.events) < len(events):
                heard_b.arrived.clear()
                await heard_b.arrived.wait()
        assert heard_b.events == events  # in order, each once, as sent
        await b.publish(SessionsRevoked("p9"))
        async with asyncio.timeout(5):
            while len(heard_a.events) < len(events) + 1:
                heard_a.arrived.clear()
                await heard_a.arrived.wait()
        assert heard_a.events == [*events, SessionsRevoked("p9")]
        # One more from a: the channel keeps order, so b's own p9 would have come back
        # before it.
        await a.publish(SessionsRevoked("p10"))
        async with asyncio.timeout(5):
            while heard_b.events[-1] != SessionsRevoked("p10"):
                heard_b.arrived.clear()
                await heard_b.arrived.wait()
        assert heard_b.events == [*events, SessionsRevoked("p9"), SessionsRevoked("p10")]
    finally:
        await a.stop()
        await b.stop()


async def test_one_process_hears_its_own_events_and_a_failing_handler_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bus = LocalAccountEvents()
    heard = Heard()
    bus.subscribe(_failing)
    bus.subscribe(heard)
    await bus.publish(SessionsRevoked("p1"))
    assert heard.events == [SessionsRevoked("p1")]
    assert "an account event's handler failed" in caplog.text
