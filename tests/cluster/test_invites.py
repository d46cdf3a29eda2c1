"""Invites across two real ``kroeg serve`` processes (docs/cluster.md, "Invites"): an
invite reaches the invitee on the other process, from a table owned by either; one to a
player gone from every process is refused as ``not_online``; who follows whom sees the
other process's presence and table."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx

from tests.server.harness import Server
from tests.server.test_players import _member, _put


async def _until(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Poll ``check`` until it returns something true (the other process publishes its
    lobby and presence every fifth of a lease)."""
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


async def test_an_invite_reaches_the_invitee_on_the_other_process(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    anna, anna_name = await _member(a, "Anna")
    bram, bram_name = await _member(b, "Bram")
    table = a.table("toepen", "kroegregels")
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)

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
