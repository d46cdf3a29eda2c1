"""Accounts on the websocket: an account's ``hello`` signs it in under the account's
name (a name in the hello does not rename it); a new guest may not take an account's
name (docs/accounts.md, "Names")."""

from __future__ import annotations

import httpx

from tests.accounts.conftest import fresh_name
from tests.server.harness import Client, Server

PASSWORD = "correct horse battery"


async def test_an_account_keeps_its_name_and_guests_cannot_take_it(server: Server) -> None:
    name = fresh_name("Dirk")
    r = httpx.post(
        f"{server.url}/api/accounts", json={"name": name, "password": PASSWORD}, timeout=20
    )
    account = r.json()
    client = await Client.connect(server, name="Iets Anders", token=account["token"])
    try:
        welcome = next(f for f in client.frames if f["type"] == "welcome")
        assert welcome["player"] == account["id"] and welcome["name"] == name
    finally:
        await client.close()
    stranger = await Client.connect(server, name=None)
    try:
        await stranger.send({"type": "hello", "name": name.upper()})
        refused = await stranger.error()
        assert refused["code"] == "name_taken"
        await stranger.send({"type": "hello", "name": "Gewoon Gast"})
        welcome = await stranger.expect(lambda f: f["type"] == "welcome")
        assert welcome["name"] == "Gewoon Gast"
    finally:
        await stranger.close()
