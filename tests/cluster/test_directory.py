"""The lobby and presence across processes (docs/cluster.md, "Lobby and presence"), with
two processes' lobbies and directories in the test process on one PostgreSQL and Redis:
a public table owned by one process is listed by the other, with who sits there; a
private one by neither; a player connected to one process is online for the other, and
offline once they left, or once their process stopped publishing for its time. (How
``GET /api/tables`` and ``GET /api/me/following`` put these together is the one
process's, tested in tests/server.)"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest
from redis.asyncio import Redis

from kroeg.cluster.directory import FULL_EVERY, LOBBY, Directory
from kroeg.store import Store, open_store
from kroeg.tables import commands as t
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.state import TableSettings

TTL = 0.5
"""Seconds a process's presence lasts unless it publishes again."""


@dataclass
class Process:
    store: Store
    lobby: Lobby
    directory: Directory
    connected: set[str] = field(default_factory=set)
    """The players with a connection to this process."""


@pytest.fixture
async def processes(pg_url: str, redis: Redis) -> AsyncIterator[list[Process]]:
    made = []
    for _ in ("a", "b"):
        store = await open_store(pg_url)
        lobby = Lobby(store, House(), TableSettings(house_delay=0))
        connected: set[str] = set()
        name = f"test-directory-{secrets.token_hex(4)}"
        directory = Directory(redis, store, lobby, name, connected.copy, ttl=TTL)
        made.append(Process(store, lobby, directory, connected))
    yield made
    tables = [table_id for process in made for table_id in process.lobby.tables]
    if tables:
        await redis.hdel(LOBBY, *tables)
    for process in made:
        await process.directory.withdraw()
        await process.lobby.stop()
        await process.store.close()


async def test_a_public_table_is_listed_by_the_other_process_a_private_one_by_none(
    processes: list[Process],
) -> None:
    a, b = processes
    table = await a.lobby.create("toepen", "kroegregels")
    hidden = await a.lobby.create("toepen", "kroegregels", private=True)
    await table.ask(t.Sit("anna", "Anna", 0))
    assert [t["id"] for t in await b.directory.listed()] == [], "not before a publishes"

    await a.directory.publish()
    [shown] = await b.directory.listed()
    assert shown["id"] == table.id and shown["game"] == "toepen"
    assert shown["players"][0]["player"] == "anna" and shown["players"][0]["name"] == "Anna"
    assert hidden.id not in {t["id"] for t in await a.directory.listed()}

    await table.ask(t.Sit("bram", "Bram", 1))  # else her table, left to the house, goes
    await table.ask(t.Stand("anna"))  # b sees the change at a's next publish
    await a.directory.publish()
    [shown] = await b.directory.listed()
    assert shown["players"][0]["player"] is None


async def test_a_table_is_sent_again_when_its_lobby_face_changes_and_at_every_full_publish(
    processes: list[Process], redis: Redis
) -> None:
    a, b = processes
    table = await a.lobby.create("toepen", "kroegregels")
    await table.ask(t.Sit("anna", "Anna", 0))
    await a.directory.publish()  # the first publish sends every table
    assert [t["id"] for t in await b.directory.listed()] == [table.id]

    await redis.hdel(LOBBY, table.id)  # as a Redis that came back empty
    await a.directory.publish()
    assert await b.directory.listed() == [], "unchanged: not sent again"
    await table.ask(t.Sit("bram", "Bram", 1))
    await a.directory.publish()
    [shown] = await b.directory.listed()
    assert [p["player"] for p in shown["players"][:2]] == ["anna", "bram"], "changed: sent"

    await redis.hdel(LOBBY, table.id)
    for _ in range(FULL_EVERY - 3):  # publishes 3 … FULL_EVERY - 1 send what changed
        await a.directory.publish()
    assert await b.directory.listed() == []
    await a.directory.publish()  # the FULL_EVERY-th sends every table again
    assert [t["id"] for t in await b.directory.listed()] == [table.id]


async def test_a_player_connected_to_one_process_is_online_for_the_other(
    processes: list[Process],
) -> None:
    a, b = processes
    a.connected.add("anna")
    await a.directory.publish()
    await b.directory.publish()
    assert "anna" in await b.directory.online()

    a.connected.discard("anna")  # her last connection closed
    await a.directory.publish()
    assert "anna" not in await b.directory.online()

    a.connected.add("anna")
    await a.directory.publish()
    assert "anna" in await b.directory.online()
    await asyncio.sleep(TTL * 1.2)  # a died: it publishes no more
    assert "anna" not in await b.directory.online(), "gone with her process"

    a.connected.add("anna")
    await a.directory.publish()
    await a.directory.withdraw()  # a clean stop: at once
    assert "anna" not in await b.directory.online()
