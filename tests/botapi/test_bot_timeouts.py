"""A bot's time-outs count as misbehaviour (issue 22 point 1: "A bot that misbehaves
(malformed messages, illegal actions in a row, time-outs) is disconnected with a reason
and, after repeated offences, suspended"; docs/bots-api.md, "Misbehaviour"): three
clocks run out within ten minutes, at any of its tables, and the bot gets ``bye
misbehaviour``; a person's time-outs keep the table's rule only."""

from __future__ import annotations

from collections.abc import Callable

from kroeg.server.bot_conduct import TIMEOUT_WINDOW, TIMEOUTS, Conduct
from tests.botapi.conftest import bot_account
from tests.botapi.test_bot_accounts import _bearer_client
from tests.server.harness import Client, Frame, Server

CLOCK = 0.3
"""Seconds on the clock: short, so the time-outs come within a second or two."""


def test_timeouts_count_within_their_window_and_then_start_again() -> None:
    conduct = Conduct()
    assert [conduct.timeout("b", now=t) for t in (0.0, 1.0)] == [False, False]
    assert conduct.timeout("b", now=2.0) is True  # the third within the window
    assert conduct.timeout("b", now=3.0) is False, "counted again from nothing"
    # Spread wider than the window: never too many.
    spread = Conduct()
    times = [i * (TIMEOUT_WINDOW / (TIMEOUTS - 1) + 1) for i in range(3 * TIMEOUTS)]
    assert not any(spread.timeout("b", now=t) for t in times)
    assert not conduct.timeout("other", now=3.0), "each bot its own count"


def _timeouts(client: Client) -> int:
    """The time-outs of its seat the client was told of, at all its tables."""
    return sum(
        1
        for f in client.frames
        if f["type"] == "event"
        for e in f.get("events", [])
        if e["kind"] == "timeout" and e["seat"] == 0
    )


def is_snapshot_of(table: str) -> Callable[[Frame], bool]:
    return lambda f: f["type"] == "snapshot" and f["table"] == table


async def _sit_and_start(server: Server, client: Client, tables: int) -> None:
    """Sit at ``tables`` fresh Toepen tables with a short clock, start each, never act."""
    for _ in range(tables):
        table = server.table("toepen", "kroegregels", clock_seconds=CLOCK)
        await client.send({"type": "sit", "table": table, "seat": 0})
        await client.expect(is_snapshot_of(table))
        await client.send({"type": "start", "table": table})


async def test_a_bot_whose_clock_runs_out_three_times_is_disconnected(server: Server) -> None:
    bot = bot_account(server)
    client = await _bearer_client(server, bot.token)
    await client.send({"type": "hello"})
    await client.expect(lambda f: f["type"] == "welcome")
    await _sit_and_start(server, client, 2)  # two in a row at one table take the seat out
    bye = await client.expect(lambda f: f["type"] == "bye", timeout=20)
    assert bye["reason"] == "misbehaviour"
    assert bye["message"] == f"disconnected: {TIMEOUTS} time-outs within {TIMEOUT_WINDOW:g} seconds"
    assert await client.closed == 1008
    # Told of the first two; the third's frame would come after the bye, which closes.
    assert _timeouts(client) == TIMEOUTS - 1
    await client.close()


async def test_a_persons_timeouts_do_not_disconnect(server: Server) -> None:
    person = await Client.connect(server, "Traag")
    await _sit_and_start(server, person, 2)
    await person.quiet(3 * CLOCK * TIMEOUTS + 1.0)
    assert not [f for f in person.frames if f["type"] == "bye"]
    assert _timeouts(person) >= TIMEOUTS, "its clocks did run out, as often"
    await person.close()
