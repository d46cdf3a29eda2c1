"""Ownership (docs/cluster.md) with two server processes' parts in one test process, on
a real PostgreSQL and Redis: each table has one owner; a paused owner that lost its lease
is refused at its next write and lets the table go; a dead owner's tables are taken over
from the log, as a restart does, and play on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from redis.asyncio import Redis

from kroeg.cluster.lease import holder
from kroeg.cluster.owner import Owner
from kroeg.store import Store, open_store
from kroeg.tables import commands as t
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.state import TableSettings
from kroeg.tables.task import TableTask

TTL = 1.0  # a lease: long enough that a loaded machine never lets one run out by accident


@dataclass
class Process:
    """What one server process holds for the tables: its store, lobby and owner."""

    store: Store
    lobby: Lobby
    owner: Owner

    async def close(self) -> None:
        await self.owner.stop(release=False)
        await self.lobby.stop()
        await self.store.close()


@pytest.fixture
async def processes(pg_url: str, redis: Redis) -> AsyncIterator[list[Process]]:
    made: list[Process] = []
    for name in ("a", "b"):
        store = await open_store(pg_url)
        lobby = Lobby(store, House(), TableSettings(house_delay=0))
        owner = Owner(redis, store, lobby, process=f"proc-{name}", ttl=TTL, renew_every=TTL / 4)
        made.append(Process(store, lobby, owner))
    yield made
    for process in made:
        await process.close()
    for key in await redis.keys("kroeg:lease:*"):
        if (await redis.get(key)) in (b"proc-a", b"proc-b"):
            await redis.delete(key)


async def _act(table: TableTask, player: str) -> None:
    """The player's first legal action at the current version."""
    seat = table.seat_of(player)
    assert seat is not None and seat in table.game.to_act(table.state)
    action = table.game.action_json(table.game.legal(table.state, seat)[0])
    await table.ask(t.Act(player, table.version, action))


def _views(table: TableTask) -> list[Any]:
    """What every audience sees of the table's game: equal views, equal games."""
    return [table.game.view(table.state, seat) for seat in (None, 0, 1, 2, 3)]


async def _game(lobby: Lobby) -> TableTask:
    """A Toepen table with Anna at seat 0 and the house at the others, its game started
    and waiting for Anna (the house plays at once)."""
    table = await lobby.create("toepen", "kroegregels")
    await table.ask(t.Sit("anna", "Anna", 0))
    await table.ask(t.Start("anna"))
    for _ in range(50):
        if 0 in table.game.to_act(table.state):
            return table
        await asyncio.sleep(0.01)
    raise AssertionError("the game never waited for Anna")


async def test_a_new_table_is_owned_by_its_creator_and_nobody_else_takes_it(
    processes: list[Process], redis: Redis
) -> None:
    a, b = processes
    a.owner.start()
    b.owner.start()
    table = await _game(a.lobby)
    assert table.epoch == 1 and await holder(redis, table.id) == "proc-a"
    await asyncio.sleep(TTL * 2)  # several renewals and scans
    assert table.id in a.lobby.tables and table.id not in b.lobby.tables
    assert await b.owner.scan() == []
    await _act(table, "anna")  # a still writes under its epoch


async def test_a_paused_owner_is_refused_at_its_next_write_and_lets_the_table_go(
    processes: list[Process], redis: Redis
) -> None:
    """As a process stopped with SIGSTOP past its lease: it still holds the table in
    memory when it runs again, but its epoch is no longer the table's."""
    a, b = processes
    a.owner.start()
    table = await _game(a.lobby)
    await _act(table, "anna")
    version = table.version
    await a.owner.stop(release=False)  # "paused": no more renewals
    await asyncio.sleep(TTL * 1.5)
    assert await b.owner.scan() == [table.id]
    taken = b.lobby.tables[table.id]
    assert taken.epoch == 2 and await holder(redis, table.id) == "proc-b"
    assert taken.version == version and _views(taken) == _views(table)

    with pytest.raises(TableError) as refused:  # a runs again and acts on its old copy
        await _act(table, "anna")
    assert refused.value.code == "table_moved"
    assert table.id not in a.lobby.tables, "a let the table go"
    assert table.task is not None and table.task.done()
    running = await b.store.running_game(table.id)
    assert running is not None
    log = await b.store.log(running.id)
    assert log[-1].version == version, "nothing of a's refused write reached the log"
    await _act(taken, "anna")  # b plays on
    assert taken.version > version


async def test_a_lost_lease_stops_the_table_at_the_next_renewal(
    processes: list[Process], redis: Redis
) -> None:
    a, _ = processes
    table = await a.lobby.create("toepen", "kroegregels")
    await redis.set(f"kroeg:lease:{table.id}", "proc-b", px=int(TTL * 1000))  # taken over
    await a.owner.renew()
    for _ in range(100):  # paused, then let go: b holds the lease
        if table.task is not None and table.task.done():
            break
        await asyncio.sleep(0.02)
    assert table.id not in a.lobby.tables and table.id not in a.owner.leases
    assert table.task is not None and table.task.done()


async def test_a_dead_owners_game_is_taken_over_from_the_log_and_plays_on(
    processes: list[Process],
) -> None:
    a, b = processes
    a.owner.start()
    table = await _game(a.lobby)
    await _act(table, "anna")
    acknowledged: dict[str, Any] = {"version": table.version, "views": _views(table)}
    await a.owner.stop(release=False)  # dies: its leases run out
    await a.lobby.stop()
    b.owner.start()
    for _ in range(100):
        if table.id in b.lobby.tables:
            break
        await asyncio.sleep(0.02)
    taken = b.lobby.tables[table.id]
    assert taken.version == acknowledged["version"] and _views(taken) == acknowledged["views"]
    assert 0 in taken.table.deadlines, "Anna's clock runs again at the new owner"
    await _act(taken, "anna")


async def test_a_clean_stop_gives_the_leases_up_for_an_immediate_takeover(
    processes: list[Process], redis: Redis
) -> None:
    a, b = processes
    table = await a.lobby.create("toepen", "kroegregels")
    await a.owner.stop(release=True)
    assert await holder(redis, table.id) is None and table.id not in a.lobby.tables
    assert await b.owner.scan() == [table.id]
