"""The quotas of the trust issue, item 6 (docs/security.md, "Quotas"): clubs and nights one
account may create a day, corrections of one sheet a minute, chat per player and per
address a minute. Each refusal is 429 ``quota_exceeded`` with ``Retry-After`` (REST) or an
``error`` frame (chat), and changes nothing. The server here has quotas low enough to
reach; the defaults (kroeg.server.settings) are ten times what a real club needs."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.security.clients import connect
from tests.server.clubs_support import account, call, ok, refused
from tests.server.harness import Client, Server, serving

QUOTAS = {
    "KROEG_CLUBS_PER_DAY": "2",
    "KROEG_NIGHTS_PER_DAY": "2",
    "KROEG_CORRECTIONS_PER_MINUTE": "3",
    "KROEG_CHAT_PER_PLAYER": "3",
    "KROEG_CHAT_PER_ADDRESS": "5",
}

NIGHT = {"game": "klaverjassen", "variant": "nku", "rounds": 1, "deals_per_round": 4, "mode": "bar"}


@pytest.fixture(scope="module")
def quota_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    with serving("sqlite", tmp_path_factory.mktemp("server-quotas"), request, **QUOTAS) as server:
        yield server


def _name() -> str:
    return f"Org{uuid.uuid4().hex[:8]}"


def _retry_after(r: Any, most: int) -> None:
    assert 1 <= int(r.headers["retry-after"]) <= most, r.headers
    assert r.json()["detail"]["retry_after"] == int(r.headers["retry-after"])


def test_clubs_per_account_a_day(quota_server: Server) -> None:
    org = account(quota_server, _name())
    for i in range(2):
        ok(call(quota_server, "POST", "/api/clubs", {"name": f"Club {i}"}, org))
    r = call(quota_server, "POST", "/api/clubs", {"name": "Club 3"}, org)
    refused(r, 429, "quota_exceeded")
    _retry_after(r, 86400)
    assert len(ok(call(quota_server, "GET", "/api/clubs", None, org))["clubs"]) == 2
    other = account(quota_server, _name())  # the quota is the account's, not everyone's
    ok(call(quota_server, "POST", "/api/clubs", {"name": "Club 4"}, other))


def test_nights_per_account_a_day(quota_server: Server) -> None:
    org = account(quota_server, _name())
    club = ok(call(quota_server, "POST", "/api/clubs", {"name": "De Hoek"}, org))
    for _ in range(2):
        ok(call(quota_server, "POST", f"/api/clubs/{club['id']}/nights", NIGHT, org))
    r = call(quota_server, "POST", f"/api/clubs/{club['id']}/nights", NIGHT, org)
    refused(r, 429, "quota_exceeded")
    _retry_after(r, 86400)
    assert len(ok(call(quota_server, "GET", f"/api/clubs/{club['id']}"))["nights"]) == 2


def test_corrections_per_sheet_a_minute(quota_server: Server) -> None:
    org = account(quota_server, _name())
    club = ok(call(quota_server, "POST", "/api/clubs", {"name": "De Hoek"}, org))
    members = [
        ok(call(quota_server, "POST", f"/api/clubs/{club['id']}/members", {"guest": f"S{i}"}, org))
        for i in range(4)
    ]
    night = ok(call(quota_server, "POST", f"/api/clubs/{club['id']}/nights", NIGHT, org))
    base = f"/api/clubs/nights/{night['id']}"
    for m in members:
        ok(call(quota_server, "POST", f"{base}/players", {"member": m["id"]}, org))
    ok(call(quota_server, "POST", f"{base}/open", None, org))
    ok(call(quota_server, "POST", f"{base}/rounds/start", None, org))
    token = ok(call(quota_server, "GET", f"{base}/links", None, org))["tables"][0]["token"]
    sheet_url = f"/api/clubs/sheets/{token}"
    entry = uuid.uuid4().hex
    made = {"played": 0, "points": [100, 62], "roem": [20, 0]}
    entry_body = {"id": entry, "deal": 1, "line": made}
    ok(call(quota_server, "POST", f"{sheet_url}/entries", entry_body))
    for points in ([110, 52], [120, 42], [100, 62]):  # the entry itself is no correction
        body = {"change": uuid.uuid4().hex, "line": {**made, "points": points}}
        ok(call(quota_server, "POST", f"{sheet_url}/entries/{entry}", body))
    before = ok(call(quota_server, "GET", sheet_url))
    body = {"change": uuid.uuid4().hex, "line": {**made, "points": [130, 32]}}
    r = call(quota_server, "POST", f"{sheet_url}/entries/{entry}", body)
    refused(r, 429, "quota_exceeded")
    _retry_after(r, 60)
    assert ok(call(quota_server, "GET", sheet_url)) == before


async def _chat(client: Client, table: str, n: int) -> dict[str, Any]:
    """Send a chat line; the answer: its own chat frame or an error."""
    await client.send({"type": "chat", "table": table, "text": f"regel {n}"})
    frame: dict[str, Any] = await client.expect(
        lambda f: (f["type"] == "chat" and f.get("text") == f"regel {n}") or f["type"] == "error"
    )
    return frame


async def test_chat_per_player_a_minute_over_all_its_connections(
    quota_server: Server, source: str
) -> None:
    """Each connection stays under its own flood limit (5 in 10 s); the player's quota
    (3 a minute here) counts them together."""
    table = quota_server.table("toepen", "kroegregels")
    first = await connect(quota_server, source, name="Kletser")
    second = await connect(quota_server, source, token=first.token)
    listener = await connect(quota_server, "127.0.0.1", name="Luisteraar")
    for client in (first, second, listener):
        await client.send({"type": "watch", "table": table})
        await client.expect(lambda f: f["type"] == "snapshot")
    assert (await _chat(first, table, 1))["type"] == "chat"
    assert (await _chat(first, table, 2))["type"] == "chat"
    assert (await _chat(second, table, 3))["type"] == "chat"
    refusal = await _chat(second, table, 4)
    assert refusal["code"] == "quota_exceeded" and 1 <= refusal["retry_after"] <= 60, refusal
    await listener.send({"type": "ping"})
    await listener.expect(lambda f: f["type"] == "pong")
    heard = [f["text"] for f in listener.frames if f["type"] == "chat"]
    assert heard == ["regel 1", "regel 2", "regel 3"]  # the refused line went nowhere


async def test_chat_per_address_a_minute_over_all_its_players(
    quota_server: Server, source: str
) -> None:
    table = quota_server.table("toepen", "kroegregels")
    players = [await connect(quota_server, source, name=f"Gast{i}") for i in range(3)]
    for client in players:
        await client.send({"type": "watch", "table": table})
        await client.expect(lambda f: f["type"] == "snapshot")
    answers = []
    for n in range(6):  # two each: no player over its own quota of 3
        answers.append(await _chat(players[n // 2], table, n))
    assert [a["type"] for a in answers] == ["chat"] * 5 + ["error"]
    assert answers[-1]["code"] == "quota_exceeded"
    other = await connect(quota_server, "127.0.0.1", name="Elders")  # another address
    await other.send({"type": "watch", "table": table})
    await other.expect(lambda f: f["type"] == "snapshot")
    assert (await _chat(other, table, 9))["type"] == "chat"
