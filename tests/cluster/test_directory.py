"""The lobby and presence across two real ``kroeg serve`` processes (docs/cluster.md,
"Lobby and presence"): a public table owned by one process is listed by the other, with
who sits there; a private one by neither; a player connected to one process is online
(and at their table) for a follower who asks the other, and offline soon after leaving;
an invite reaches the invitee on the other process, from a table owned by either, and
one to a player gone from every process is refused (docs/cluster.md, "Invites")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx

from tests.server.harness import Server
from tests.server.test_players import _member, _put


async def _until(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Poll ``check`` until it returns something true (the other process publishes its
    lobby every fifth of a lease)."""
    async with asyncio.timeout(timeout):
        while not (found := check()):
            await asyncio.sleep(0.1)
    return found


def _following(server: Server, token: str) -> list[dict[str, Any]]:
    r = httpx.get(
        f"{server.url}/api/me/following", headers={"authorization": f"Bearer {token}"}, timeout=10
    )
    assert r.status_code == 200, r.text
    following: list[dict[str, Any]] = r.json()["following"]
    return following


async def test_the_lobby_and_presence_are_the_clusters_not_one_processes(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    anna, anna_name = await _member(a, "Anna")
    bram, bram_name = await _member(b, "Bram")
    table = a.table("toepen", "kroegregels")
    hidden = a.table("toepen", "kroegregels", private=True)
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)

    def listed_on_b() -> list[dict[str, Any]]:
        tables: list[dict[str, Any]] = b.get("/api/tables").json()["tables"]
        return [t for t in tables if t["id"] == table and t["players"][0]["player"] == anna.player]

    [shown] = await _until(listed_on_b)
    assert shown["players"][0]["name"] == anna_name and shown["game"] == "toepen"
    assert hidden not in {t["id"] for t in b.get("/api/tables").json()["tables"]}
    assert hidden not in {t["id"] for t in a.get("/api/tables").json()["tables"]}

    assert _put(b, f"/api/players/{anna_name}/follow", bram.token).status_code == 200
    where = {"id": table, "game": "toepen", "variant": "kroegregels"}
    await _until(
        lambda: _following(b, bram.token) == [{"name": anna_name, "online": True, "table": where}]
    )

    assert _put(a, f"/api/players/{bram_name}/follow", anna.token).status_code == 200
    await anna.send({"type": "invite", "table": table, "name": bram_name})  # to b
    invite = await bram.expect(lambda f: f["type"] == "invite")
    assert invite["table"] == table and invite["from"] == anna_name
    assert invite["game"] == "toepen" and invite["variant"] == "kroegregels"
    assert (await anna.expect(lambda f: f["type"] == "invite_sent"))["to"] == bram_name
    await bram.send({"type": "invite", "table": table, "name": anna_name})
    assert (await bram.error())["code"] == "not_seated"  # read from a table owned by a
    await bram.send({"type": "sit", "table": table, "seat": 1})  # forwarded to a
    await bram.expect(lambda f: f["type"] == "snapshot" and f["you"] == 1)
    await bram.send({"type": "invite", "table": table, "name": anna_name})  # to a
    assert (await anna.expect(lambda f: f["type"] == "invite"))["from"] == bram_name
    assert (await bram.expect(lambda f: f["type"] == "invite_sent"))["to"] == anna_name

    await anna.close()
    await _until(
        lambda: _following(b, bram.token) == [{"name": anna_name, "online": False, "table": None}]
    )
    await bram.send({"type": "invite", "table": table, "name": anna_name})
    assert (await bram.error())["code"] == "not_online"
    await bram.close()
