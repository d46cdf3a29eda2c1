"""Follows, blocks and invitations against misuse (issue 19 point 5, docs/accounts.md):
a follow or block of an unknown player changes nothing; an invite from a stranger or a
blocked player never arrives; a blocked player's chat never reaches the blocker, after a
reconnect neither; and no endpoint shows anyone whom another player blocks, or their
sessions."""

from __future__ import annotations

import re
import secrets

import httpx

from tests.security.helpers import finished_game, get
from tests.server.harness import Client, Server


async def _member(server: Server, prefix: str) -> tuple[Client, str]:
    name = f"{prefix}{secrets.token_hex(3)}"
    client = await Client.connect(server, name)
    r = server.post("/api/accounts", {"name": name, "password": "geheim-wachtwoord"}, client.token)
    assert r.status_code == 200, r.text
    client.token = r.json()["token"]
    return client, name


def _call(server: Server, method: str, path: str, token: str) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"}
    return httpx.request(method, f"{server.url}{path}", headers=headers, timeout=10)


async def test_follow_or_block_of_an_unknown_player_changes_nothing(any_server: Server) -> None:
    anna, _ = await _member(any_server, "Anna")
    for method in ("PUT", "DELETE"):
        for what in ("follow", "block"):
            r = _call(
                any_server, method, f"/api/players/niemand{secrets.token_hex(2)}/{what}", anna.token
            )
            assert r.status_code == 404
            assert r.json()["detail"]["code"] == "unknown_player"
            assert "niemand" in r.json()["detail"]["message"]
    assert get(any_server, "/api/me/following", anna.token).json() == {"following": []}
    await anna.close()


async def test_an_invite_from_a_stranger_or_a_blocked_player_never_arrives(
    any_server: Server,
) -> None:
    (anna, _), (bram, b), (xander, x) = [await _member(any_server, n) for n in ("A", "B", "X")]
    table = any_server.table("toepen", "kroegregels")
    for client, seat in ((anna, 0), (xander, 1)):
        await client.send({"type": "sit", "table": table, "seat": seat})
        snapshot = await client.expect(lambda f: f["type"] == "snapshot")
        assert snapshot["you"] == seat
    await anna.send({"type": "invite", "table": table, "name": b})
    assert (await anna.error())["code"] == "not_following"
    assert _call(any_server, "PUT", f"/api/players/{b}/follow", xander.token).status_code == 200
    assert _call(any_server, "PUT", f"/api/players/{x}/block", bram.token).status_code == 200
    await xander.send({"type": "invite", "table": table, "name": b})
    assert (await xander.error())["code"] == "not_following"  # the block ended the follow
    again = _call(any_server, "PUT", f"/api/players/{b}/follow", xander.token)
    assert again.status_code == 403 and again.json()["detail"]["code"] == "follow_refused"
    # Not at the table: no invite either, even to someone who follows back.
    await anna.send({"type": "invite", "table": any_server.table("toepen", "klassiek"), "name": x})
    assert (await anna.error())["code"] == "not_seated"
    await bram.quiet(0.3)
    assert not [f for f in bram.frames if f["type"] == "invite"]
    for client in (anna, bram, xander):
        await client.close()


async def test_a_blocked_players_chat_never_reaches_the_blocker_after_a_reconnect(
    any_server: Server,
) -> None:
    (bram, _), (xander, x) = await _member(any_server, "B"), await _member(any_server, "X")
    assert _call(any_server, "PUT", f"/api/players/{x}/block", bram.token).status_code == 200
    await bram.close()
    bram = await Client.connect(any_server, None, token=bram.token)  # the blocks come along
    table = any_server.table("toepen", "kroegregels")
    for client in (bram, xander):
        await client.send({"type": "watch", "table": table})
        await client.expect(lambda f: f["type"] == "snapshot")
    await xander.send({"type": "chat", "table": table, "text": "hoor je me?"})
    await xander.send({"type": "chat", "table": table, "preset": "proost"})
    await xander.expect(lambda f: f["type"] == "chat" and f.get("preset") == "proost")
    await bram.send({"type": "chat", "table": table, "text": "stil hier"})
    await bram.expect(lambda f: f["type"] == "chat" and f["text"] == "stil hier")
    assert not [f for f in bram.frames if f["type"] == "chat" and f["player"] == xander.player]
    await bram.close()
    await xander.close()


async def test_no_endpoint_shows_whom_another_player_blocks_or_their_sessions(
    any_server: Server,
) -> None:
    """Every GET route of the OpenAPI document, its path filled with Bram's name and one of
    his games, read by Anna who follows him: nothing names Xander (whom Bram blocks), nor
    any token or session of Bram's."""
    (anna, _), (bram, b), (xander, x) = [await _member(any_server, n) for n in ("A", "B", "X")]
    assert _call(any_server, "PUT", f"/api/players/{x}/block", bram.token).status_code == 200
    assert _call(any_server, "PUT", f"/api/players/{b}/follow", anna.token).status_code == 200
    table = any_server.table("toepen", "kroegregels", options={"max_points": 3}, rated=True)
    game_id = (await finished_game(any_server, table, bram))["game_id"]
    values = {"name": b, "game": "toepen", "table_id": table, "game_id": str(game_id)}
    paths = any_server.get("/openapi.json").json()["paths"]
    secrets_of_bram = {x, xander.player, bram.token}
    checked = 0
    for path, operations in paths.items():
        if "get" not in operations or not path.startswith("/api/"):
            continue
        filled = re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), "x"), path)
        for token in (anna.token, None):
            r = get(any_server, filled, token)
            checked += 1
            assert r.status_code < 500, (filled, r.text)
            for secret in secrets_of_bram:
                assert secret not in r.text, (filled, secret)
    assert checked >= 10
    for client in (anna, bram, xander):
        await client.close()
