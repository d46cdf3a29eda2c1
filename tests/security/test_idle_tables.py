"""Idle tables close (issue 17): a table that no connection follows (nobody seated,
waiting or watching is connected) for ``KROEG_IDLE_CLOSE`` seconds leaves the lobby,
keeps its games in the history, and is not restored at the next start. Before, tables
were permanent: 8,787 flooded tables made the start 1.2 s → 12.7 s and the lobby list
4.8 MB."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Client, Server, autoplay, game_over, is_state, log_path
from tests.store.databases import database

IDLE = 1.0


@pytest.fixture
def idle_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    with database("sqlite", tmp_path) as url:
        server = Server(url, log_path(request), KROEG_IDLE_CLOSE=str(IDLE)).start()
        try:
            yield server
        finally:
            server.stop()


def _listed(server: Server) -> set[str]:
    return {t["id"] for t in server.get("/api/tables").json()["tables"]}


def _wait_closed(server: Server, table: str, within: float) -> None:
    started = time.monotonic()
    while time.monotonic() - started < within:
        if server.get(f"/api/tables/{table}").status_code == 404:
            return
        time.sleep(0.1)
    raise AssertionError(f"table {table} did not close within {within} s")


def test_an_idle_table_closes_keeps_its_games_and_is_not_restored(idle_server: Server) -> None:
    table = idle_server.table("toepen", "kroegregels")

    async def play_and_go() -> int:
        client = await Client.connect(idle_server)
        await client.send({"type": "sit", "table": table})
        await client.expect(is_state(table))
        await client.send({"type": "start", "table": table})
        last = await autoplay(client, table, random.Random(3), seat=0, until=game_over)
        await client.close()
        game_id: int = last["game_id"]
        return game_id

    game_id = asyncio.run(play_and_go())
    assert table in _listed(idle_server)
    _wait_closed(idle_server, table, 10 * IDLE)
    assert table not in _listed(idle_server)
    games = idle_server.get(f"/api/tables/{table}/games").json()["games"]
    assert [g["id"] for g in games] == [game_id] and games[0]["finished"] is not None
    idle_server.kill()
    idle_server.start()
    assert idle_server.get(f"/api/tables/{table}").status_code == 404
    assert table not in _listed(idle_server)
    assert idle_server.get("/api/health").json()["tables"] == 0


def test_a_table_someone_follows_stays_open(idle_server: Server) -> None:
    """Watching or seated with a connection keeps a table open; a seat whose player has
    no connection does not (a guest could sit down and go, and keep the table for good)."""
    token = idle_server.host_token()
    watched = seated = ""

    async def follow_a_while() -> None:
        nonlocal watched, seated
        # Connected first, and each table followed as soon as it exists: on a slow
        # machine a table made before the connections could already have idled out.
        spectator = await Client.connect(idle_server, name="Kijker")
        player = await Client.connect(idle_server, name="Speler")
        watched = idle_server.table("toepen", "kroegregels")
        await spectator.send({"type": "watch", "table": watched})
        seated = idle_server.table("toepen", "kroegregels")
        await player.send({"type": "sit", "table": seated})
        gone = idle_server.table("toepen", "kroegregels")
        assert idle_server.post(f"/api/tables/{gone}/sit", {}, token=token).status_code == 200
        await spectator.expect(is_state(watched))
        await player.expect(is_state(seated))
        await asyncio.sleep(4 * IDLE)
        assert idle_server.get(f"/api/tables/{watched}").status_code == 200
        assert idle_server.get(f"/api/tables/{seated}").status_code == 200
        assert idle_server.get(f"/api/tables/{gone}").status_code == 404
        await spectator.close()
        await player.close()

    asyncio.run(follow_a_while())
    _wait_closed(idle_server, watched, 10 * IDLE)  # once nobody follows them, they close
    _wait_closed(idle_server, seated, 10 * IDLE)
