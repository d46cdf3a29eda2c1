"""Two real ``kroeg serve`` processes on one PostgreSQL and Redis (docs/cluster.md): a
table created on one is played through connections on both; the owner is killed with
SIGKILL and the other process takes the table over from the log, resumes the
connections that followed it there, and accepts their next act; no acknowledged event
is lost (every event a client received is in the log, in order)."""

from __future__ import annotations

import asyncio
from typing import Any

from kroeg.store import open_store
from tests.server.harness import Client, Server


def _state(client: Client, table: str) -> dict[str, Any]:
    """The newest frame of the table that carries its state (a snapshot, or a full event)."""
    for frame in reversed(client.frames):
        if frame.get("table") == table and frame.get("legal") is not None:
            return frame
    raise AssertionError("no state frame yet")


async def _my_turn(client: Client, table: str, seat: int, timeout: float = 10.0) -> dict[str, Any]:
    """Wait until the table waits for ``seat``; the frame that says so."""
    async with asyncio.timeout(timeout):
        while True:
            try:
                state = _state(client, table)
            except AssertionError:
                state = None
            if state is not None and seat in (state.get("to_act") or []) and state["legal"]:
                return state
            await client.inbox.get()


def _versions(client: Client, table: str) -> list[int]:
    return [
        f["version"] for f in client.frames if f.get("type") == "event" and f.get("table") == table
    ]


async def _try_act(client: Client, table: str, seat: int) -> bool:
    """Act when it is ``seat``'s turn; whether the table accepted it (a newer event came)."""
    state = await _my_turn(client, table, seat)
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
    accepted: bool = reply["type"] == "event"
    return accepted


async def _act(client: Client, table: str, seat: int) -> int:
    state = await _my_turn(client, table, seat)
    version: int = state["version"]
    await client.send(
        {"type": "act", "table": table, "version": version, "action": state["legal"][0]}
    )
    await client.expect(
        lambda f: (
            f.get("table") == table
            and (f.get("type") == "error" or (f.get("type") == "event" and f["version"] > version))
        )
    )
    return version


async def test_a_table_is_played_from_both_processes_and_survives_its_owners_kill(
    pair: tuple[Server, Server], pg_url: str
) -> None:
    a, b = pair
    table = a.table("toepen", "kroegregels")  # created on a: a owns it
    anna = await Client.connect(a, "Anna")
    bea = await Client.connect(b, "Bea")  # on the process that does not own it
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
    await bea.send({"type": "sit", "table": table, "seat": 2})
    await bea.expect(lambda f: f["type"] == "snapshot" and f["you"] == 2)
    await anna.send({"type": "start", "table": table})
    for _ in range(2):  # a few rounds of acts from both processes
        for client, seat in ((anna, 0), (bea, 2)):
            try:
                await asyncio.wait_for(_my_turn(client, table, seat), 3)
            except TimeoutError:
                continue
            await _act(client, table, seat)
    seen_by_bea = _versions(bea, table)
    assert seen_by_bea == sorted(seen_by_bea) and len(seen_by_bea) >= 3
    assert not [f for f in bea.frames if f["type"] == "error"], "Bea's forwarded acts were accepted"

    a.kill()  # SIGKILL: the owner is gone without a word
    last = max(_versions(anna, table))
    anna_again = await Client.connect(b, token=anna.token, name=None)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 15
    while loop.time() < deadline:  # until b has taken the table over from the log
        await anna_again.send({"type": "resume", "table": table, "version": last})
        answer = await anna_again.expect(lambda f: f.get("table") == table)
        if answer["type"] != "error":
            break
        assert answer["code"] in ("table_moving", "table_unreachable"), answer
        await asyncio.sleep(0.2)
    # Bea's process resumed her there by itself; whoever's turn it is acts at the new owner.
    accepted = False
    while loop.time() < deadline and not accepted:
        for client, seat in ((anna_again, 0), (bea, 2)):
            try:
                accepted = accepted or await asyncio.wait_for(_try_act(client, table, seat), 1)
            except TimeoutError:
                continue
    assert accepted, "the new owner accepted an act"
    newest = max(_versions(anna_again, table))
    for _ in range(50):  # Bea, resumed at the new owner by her process, follows on
        if max(_versions(bea, table)) >= newest:
            break
        await asyncio.sleep(0.1)
    assert max(_versions(bea, table)) >= newest, (newest, _versions(bea, table)[-5:])
    seen_by_bea = _versions(bea, table)
    assert seen_by_bea == sorted(seen_by_bea), "in order, each version once"

    store = await open_store(pg_url)
    try:
        running = await store.running_game(table)
        games = [running] if running is not None else []
        if not games:
            games = await store.games_of(table)
        logged = {e.version for g in games for e in await store.log(g.id)}
    finally:
        await store.close()
    for client in (anna, bea):
        for frame in client.frames:
            if frame.get("type") == "event" and frame.get("table") == table:
                acted = [e for e in frame["events"] if e["kind"] == "action"]
                if acted:
                    assert frame["version"] in logged, "an acknowledged action is in the log"
    for client in (anna, bea, anna_again):
        await client.close()
