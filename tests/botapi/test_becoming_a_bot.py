"""An open socket sees its account become a bot at once (docs/bots-api.md, "A bot
account"): before, a socket opened while the account was a person's kept sitting as a
person, at tables that allow no bots too. Within one process; other processes' sockets
in tests/cluster/test_account_events.py."""

from __future__ import annotations

from kroeg.server.bot_conduct import STRIKES
from tests.botapi.conftest import account, call
from tests.server.harness import Client, Server


async def test_an_open_socket_sits_as_a_bot_once_its_account_is_one(server: Server) -> None:
    _, login = account(server)
    client = await Client.connect(server, name=None, token=login)
    allowed = server.table("toepen", "kroegregels")
    await client.send({"type": "sit", "table": allowed, "seat": 1})
    snap = await client.expect(lambda f: f["type"] == "snapshot")
    assert snap["seats"][1]["bot"] is False
    assert call(server, "POST", "/api/me/bot", login).status_code == 200
    # Its seat is marked at once, for everyone at the table.
    marked = await client.expect(lambda f: f["type"] == "snapshot")
    assert marked["seats"][1]["bot"] is True
    assert server.get(f"/api/tables/{allowed}").json()["players"][1]["bot"] is True
    # And the same socket may not sit where bots may not.
    forbidding = server.table("toepen", "kroegregels", bots_allowed=False)
    await client.send({"type": "sit", "table": forbidding})
    refused = await client.error()
    assert refused["code"] == "bots_not_allowed", refused
    summary = server.get(f"/api/tables/{forbidding}").json()
    assert all(p["house"] for p in summary["players"]), "nothing changed"
    # Its refusals count as a bot's (docs/bots-api.md, "Misbehaviour").
    for _ in range(STRIKES):
        await client.send("not json")
    bye = await client.expect(lambda f: f["type"] == "bye")
    assert bye["reason"] == "misbehaviour"
    await client.close()


async def test_no_bot_is_made_of_a_player_seated_where_bots_may_not_sit(server: Server) -> None:
    _, login = account(server)
    client = await Client.connect(server, name=None, token=login)
    forbidding = server.table("toepen", "kroegregels", bots_allowed=False)
    await client.send({"type": "sit", "table": forbidding, "seat": 0})
    await client.expect(lambda f: f["type"] == "snapshot")
    refused = call(server, "POST", "/api/me/bot", login)
    assert refused.status_code == 403, refused.text
    assert refused.json()["detail"]["code"] == "bots_not_allowed"
    assert refused.json()["detail"]["table"] == forbidding
    assert call(server, "GET", "/api/me", login).json()["account"]["kind"] == "person"
    await client.send({"type": "leave", "table": forbidding})
    await client.expect(lambda f: f["type"] in ("seats", "snapshot", "event", "left"), timeout=5)
    assert call(server, "POST", "/api/me/bot", login).status_code == 200
    await client.close()
