"""Bot accounts and their API tokens (issue 22, point 1; docs/bots-api.md): an account
becomes a bot for good; only a bot has tokens, stored hashed, listed without the token
and revoked at once; a bot signs in on ``/ws`` with ``Authorization: Bearer`` and is
marked "bot"; a table that forbids bots refuses one; misbehaviour disconnects with a
reason and, repeated, suspends."""

from __future__ import annotations

import json

import websockets

from kroeg.accounts.sessions import token_hash
from kroeg.server.bot_conduct import OFFENCES, STRIKES
from tests.botapi.conftest import account, bot_account, call
from tests.server.harness import Client, Server


async def _bearer_client(server: Server, token: str) -> Client:
    ws = await websockets.connect(
        server.ws_url, additional_headers={"Authorization": f"Bearer {token}"}, compression=None
    )
    return Client(ws)


def test_an_account_becomes_a_bot_for_good(server: Server) -> None:
    _, login = account(server)
    became = call(server, "POST", "/api/me/bot", login)
    assert became.status_code == 200 and became.json()["account"]["kind"] == "bot"
    again = call(server, "POST", "/api/me/bot", login)
    assert again.status_code == 409 and again.json()["detail"]["code"] == "already_bot"
    me = call(server, "GET", "/api/me", login).json()
    assert me["account"]["kind"] == "bot", "marked bot on its own page"


def test_a_guest_and_a_person_get_no_tokens(server: Server) -> None:
    guest = server.post("/api/guests", {"name": "Gast"}).json()["token"]
    refused = call(server, "POST", "/api/me/bot", guest)
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "not_an_account"
    _, login = account(server, "Mens")
    for method in ("GET", "POST"):
        r = call(server, method, "/api/me/tokens", login)
        assert r.status_code == 403 and r.json()["detail"]["code"] == "not_a_bot", r.text
    assert call(server, "POST", "/api/me/tokens", "nonsense").status_code == 401


def test_tokens_are_listed_without_themselves_and_revoked_at_once(server: Server) -> None:
    bot = bot_account(server)
    second = call(server, "POST", "/api/me/tokens", bot.login).json()
    listed = call(server, "GET", "/api/me/tokens", bot.login).json()["tokens"]
    assert {t["id"] for t in listed} == {bot.token_id, second["id"]}
    text = json.dumps(listed)
    assert bot.token not in text and second["token"] not in text
    assert token_hash(bot.token) not in text, "not even the hash is shown"
    assert call(server, "GET", "/api/me", bot.token).status_code == 200, "the token works"
    gone = call(server, "DELETE", f"/api/me/tokens/{bot.token_id}", bot.login)
    assert gone.status_code == 200
    assert call(server, "GET", "/api/me", bot.token).status_code == 401, "revoked at once"
    after = {
        t["id"]: t["revoked"]
        for t in call(server, "GET", "/api/me/tokens", bot.login).json()["tokens"]
    }
    assert after == {bot.token_id: True, second["id"]: False}
    other = bot_account(server)
    stranger = call(server, "DELETE", f"/api/me/tokens/{second['id']}", other.login)
    assert stranger.status_code == 404 and stranger.json()["detail"]["code"] == "unknown_token"


async def test_a_bot_signs_in_with_its_bearer_token_and_sits_marked_bot(server: Server) -> None:
    bot = bot_account(server)
    client = await _bearer_client(server, bot.token)
    await client.send({"type": "hello"})
    welcome = await client.expect(lambda f: f["type"] in ("welcome", "error"))
    assert welcome["type"] == "welcome" and welcome["player"] == bot.player and welcome["bot"]
    assert "token" not in welcome, "the bearer token is not echoed"
    table = server.table("toepen", "kroegregels")
    await client.send({"type": "sit", "table": table, "seat": 1})
    snap = await client.expect(lambda f: f["type"] == "snapshot")
    assert snap["you"] == 1 and snap["seats"][1]["bot"] is True and snap["seats"][0]["bot"] is False
    summary = server.get(f"/api/tables/{table}").json()
    assert summary["players"][1]["bot"] is True and summary["bots_allowed"] is True
    await client.close()


async def test_a_bad_bearer_token_gets_bad_token(server: Server) -> None:
    client = await _bearer_client(server, "not-a-token")
    await client.send({"type": "hello", "name": "Iemand"})
    refused = await client.error()
    assert refused["code"] == "bad_token" and refused["message"]
    await client.close()


async def test_a_table_that_forbids_bots_refuses_one(server: Server) -> None:
    bot = bot_account(server)
    table = server.table("toepen", "kroegregels", bots_allowed=False)
    client = await _bearer_client(server, bot.token)
    await client.send({"type": "hello"})
    await client.expect(lambda f: f["type"] == "welcome")
    await client.send({"type": "sit", "table": table})
    refused = await client.error()
    assert refused["code"] == "bots_not_allowed", refused
    summary = server.get(f"/api/tables/{table}").json()
    assert all(p["house"] for p in summary["players"]), "nothing changed"
    rest = call(server, "POST", f"/api/tables/{table}/sit", bot.token)
    assert rest.status_code == 403 and rest.json()["detail"]["code"] == "bots_not_allowed"
    person = Client.connect  # a person may still sit there
    anna = await person(server, "Anna")
    await anna.send({"type": "sit", "table": table})
    assert (await anna.expect(lambda f: f["type"] in ("snapshot", "error")))["type"] == "snapshot"
    await anna.close()
    await client.close()


async def test_misbehaviour_disconnects_and_repeated_suspends(server: Server) -> None:
    bot = bot_account(server)
    for offence in range(OFFENCES):
        client = await _bearer_client(server, bot.token)
        await client.send({"type": "hello"})
        await client.expect(lambda f: f["type"] == "welcome")
        for _ in range(STRIKES):
            await client.send('{"type": "nonsense"}')
        bye = await client.expect(lambda f: f["type"] == "bye")
        assert bye["reason"] == "misbehaviour" and "refused messages" in bye["message"]
        assert ("suspended" in bye["message"]) == (offence == OFFENCES - 1)
        assert await client.closed == 1008
        await client.close()
    client = await _bearer_client(server, bot.token)
    await client.send({"type": "hello"})
    refused = await client.error()
    assert refused["code"] == "bot_suspended" and refused["message"]
    await client.close()
    person = await Client.connect(server, "Eerlijk")  # a person's bad messages only get errors
    for _ in range(STRIKES + 2):
        await person.send('{"type": "nonsense"}')
    frames = await person.quiet(0.5)
    assert not [f for f in frames if f["type"] == "bye"]
    await person.close()
