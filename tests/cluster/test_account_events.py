"""Account events across two real ``kroeg serve`` processes on PostgreSQL and Redis
(docs/cluster.md, "Account events"): what a request to one process does to an account
reaches the sockets and tables of the other. Before, each acted only on the process that
served the request: a socket on the other stayed signed in, heard the blocked player's
chat and sat as a person after its account became a bot."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import httpx
import pytest

from tests.botapi.conftest import account, call
from tests.cluster.conftest import started_pair
from tests.server.harness import Client, Frame, Server
from tests.server.test_players import _member, _put
from tests.store.databases import postgres_database

LOGGED_OUT = 4001
"""The close code docs/accounts.md gives a socket whose sessions were logged out."""


@pytest.fixture(scope="module")
def pair(
    pg_template: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Server, Server]]:
    """One pair for the module: neither test stops a process, and each makes its own
    accounts and tables (a pair's start-up was 10-13 s of each test)."""
    logs = tmp_path_factory.mktemp("account-events")
    with postgres_database(template=pg_template) as url, started_pair(url, logs) as servers:
        yield servers


def _snapshot_of(table: str) -> Callable[[Frame], bool]:
    return lambda f: f["type"] == "snapshot" and f["table"] == table


def _chat(text: str) -> Callable[[Frame], bool]:
    return lambda f: f["type"] == "chat" and f["text"] == text


def _chats_of(client: Client, player: str) -> list[str]:
    return [f["text"] for f in client.frames if f["type"] == "chat" and f["player"] == player]


async def test_a_block_logout_and_deletion_through_one_process_reach_the_other(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    anna, _ = await _member(b, "Anna")
    bram, bram_name = await _member(a, "Bram")
    # One table each process owns; both watch both (each follows one of them elsewhere).
    tables = [a.table("toepen", "kroegregels"), b.table("toepen", "kroegregels")]
    for client in (anna, bram):
        for table in tables:
            await client.send({"type": "watch", "table": table})
            await client.expect(_snapshot_of(table))

    # Anna (her socket on b) blocks Bram through a: his chat no longer reaches her, at
    # the table a owns (its listener for her socket) as at the one b owns (her socket).
    assert _put(a, f"/api/players/{bram_name}/block", anna.token).json()["blocked"] is True
    for n, table in enumerate(tables):
        said, marker = f"hoor je me {n}?", f"stil hier {n}"
        await bram.send({"type": "chat", "table": table, "text": said})
        await bram.expect(_chat(said))
        # Her own line, said after his at the same table, comes to her after his would.
        await anna.send({"type": "chat", "table": table, "text": marker})
        await anna.expect(_chat(marker))
    assert _chats_of(anna, bram.player) == []
    await bram.expect(_chat("stil hier 1"))
    assert _chats_of(bram, anna.player) == ["stil hier 0", "stil hier 1"]  # one way only

    # Log out everywhere through a: her socket on b closes within a second.
    out = httpx.delete(f"{a.url}/api/sessions", headers={"authorization": f"Bearer {anna.token}"})
    assert out.status_code == 200, out.text
    assert await asyncio.wait_for(anna.closed, 1.0) == LOGGED_OUT

    # Bram deletes his account through a: his socket on b closes within a second.
    bram_on_b = await Client.connect(b, name=None, token=bram.token)
    gone = call(a, "DELETE", "/api/accounts/me", bram.token, {"name": bram_name})
    assert gone.status_code == 200, gone.text
    assert await asyncio.wait_for(bram_on_b.closed, 1.0) == LOGGED_OUT
    assert await asyncio.wait_for(bram.closed, 1.0) == LOGGED_OUT  # and his socket on a
    for client in (anna, bram, bram_on_b):
        await client.close()


async def test_an_account_made_a_bot_through_one_process_is_a_bot_on_the_other(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    _, login = account(b)
    client = await Client.connect(b, name=None, token=login)  # its socket on b
    here = b.table("toepen", "kroegregels")
    await client.send({"type": "sit", "table": here, "seat": 1})
    assert (await client.expect(lambda f: f["type"] == "snapshot"))["seats"][1]["bot"] is False

    assert call(a, "POST", "/api/me/bot", login).status_code == 200
    # Its seat at b's table is a bot's at once, for everyone there.
    marked = await client.expect(lambda f: f["type"] == "snapshot" and f["table"] == here)
    assert marked["seats"][1]["bot"] is True
    assert b.get(f"/api/tables/{here}").json()["players"][1]["bot"] is True
    # And its socket sits as a bot: not where bots may not, at b's table or a's.
    for server in (b, a):
        forbidding = server.table("toepen", "kroegregels", bots_allowed=False)
        await client.send({"type": "sit", "table": forbidding})
        refused = await client.error()
        assert refused["code"] == "bots_not_allowed", refused
        assert all(p["house"] for p in server.get(f"/api/tables/{forbidding}").json()["players"])
    await client.close()
