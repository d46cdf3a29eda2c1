"""The one session mechanism (issue 17, Build 3; docs/security.md, "Sessions and
origins"): a token is a session that expires unless used, can be revoked, is stored only
as its hash, and an old signed token becomes a session on first use."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
import websockets

from kroeg.accounts.sessions import Tokens
from kroeg.store import open_store, schema
from tests.security.helpers import get, guest
from tests.server.harness import Server, log_path
from tests.store.databases import BACKENDS, database

LIFE = 2.0
"""Seconds a session lives unused, in the server below (``KROEG_SESSION_DAYS``)."""


@pytest.fixture(scope="module", params=BACKENDS)
def short_lived(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp(f"sessions-{request.param}")
    with database(request.param, tmp) as url:
        days = str(LIFE / 86400)
        server = Server(url, log_path(request), KROEG_SESSION_DAYS=days).start()
        try:
            yield server
        finally:
            server.stop()


async def _hello(server: Server, token: str) -> dict[str, object]:
    async with websockets.connect(server.ws_url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        frame: dict[str, object] = json.loads(await ws.recv())
        return frame


async def test_a_token_expires_unless_used_and_use_renews_it(short_lived: Server) -> None:
    player, token = guest(short_lived, "Anna")
    for _ in range(6):  # three seconds of use: longer than one life, renewed on the way
        assert get(short_lived, "/api/me", token).json()["player"] == player
        await asyncio.sleep(0.5)
    assert (await _hello(short_lived, token))["type"] == "welcome"
    await asyncio.sleep(LIFE + 0.5)
    r = get(short_lived, "/api/me", token)
    assert r.status_code == 401 and r.json()["detail"]["code"] == "not_authenticated"
    refused = await _hello(short_lived, token)
    assert refused["type"] == "error" and refused["code"] == "bad_token"


async def test_a_revoked_session_stops_working_and_the_others_do_not(
    short_lived: Server,
) -> None:
    player, token = guest(short_lived, "Bram")
    async with websockets.connect(short_lived.ws_url) as ws:  # a second session, same player
        await ws.send(json.dumps({"type": "hello", "name": "Bram"}))
        other = json.loads(await ws.recv())
    r = httpx.post(
        f"{short_lived.url}/api/logout", headers={"authorization": f"Bearer {token}"}, timeout=10
    )
    assert r.status_code == 200
    assert get(short_lived, "/api/me", token).status_code == 401
    assert (await _hello(short_lived, token))["code"] == "bad_token"
    assert get(short_lived, "/api/me", other["token"]).status_code == 200
    assert get(short_lived, "/api/me", other["token"]).json()["player"] == other["player"]
    assert other["player"] != player


async def test_the_store_holds_the_tokens_hash_never_the_token(short_lived: Server) -> None:
    player, token = guest(short_lived, "Cor")
    store = await open_store(short_lived.database_url)
    try:
        async with store.engine.connect() as conn:
            rows = (
                await conn.execute(
                    sa.select(schema.sessions).where(schema.sessions.c.player_id == player)
                )
            ).all()
    finally:
        await store.close()
    [row] = rows
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in [str(v) for v in row]
    assert row.expires_at - row.created_at == pytest.approx(LIFE, abs=0.01)
    assert row.kind == "guest" and row.revoked_at is None


async def _old_token(url: str, player: str, name: str) -> str:
    """A token as the server signed them before sessions, for a player it knows."""
    store = await open_store(url)
    try:
        await store.create_player(player, name)
        return Tokens(await store.secret()).issue(player)
    finally:
        await store.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_token_from_before_sessions_keeps_working_as_a_session(
    request: pytest.FixtureRequest, tmp_path: Path, backend: str
) -> None:
    """Tokens were ``<player>.<HMAC>`` and never expired: one still works after the
    upgrade, and is a session from its first use on (so it can be revoked)."""
    with database(backend, tmp_path) as url:
        old = asyncio.run(_old_token(url, "p0123456789abcdef0123", "Oude Gast"))
        server = Server(url, log_path(request)).start()
        try:
            me = get(server, "/api/me", old)
            assert me.status_code == 200 and me.json()["name"] == "Oude Gast"
            forged = old[:-1] + ("0" if old[-1] != "0" else "1")
            assert get(server, "/api/me", forged).status_code == 401
            httpx.post(
                f"{server.url}/api/logout", headers={"authorization": f"Bearer {old}"}, timeout=10
            ).raise_for_status()
            assert get(server, "/api/me", old).status_code == 401  # revoked, not re-migrated
        finally:
            server.stop()


@pytest.mark.parametrize("token", ["é", "p1.ï", "p1.\u00ff" * 3, "a" * 250, "p1." + "0" * 32])
async def test_a_token_of_any_characters_is_just_a_bad_token(
    short_lived: Server, token: str
) -> None:
    """As a bearer header, as the cookie (a browser with such a cookie is not locked
    out), and in ``hello``: 401 and ``bad_token``, never a 500 or ``internal``."""
    raw = token.encode()
    for headers in ({b"authorization": b"Bearer " + raw}, {b"cookie": b"kroeg_token=" + raw}):
        r = httpx.get(f"{short_lived.url}/api/me", headers=headers, timeout=10)
        assert r.status_code == 401, r.text
    async with websockets.connect(short_lived.ws_url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        assert json.loads(await ws.recv())["code"] == "bad_token"
    async with websockets.connect(short_lived.ws_url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token + "\x00"}))
        assert json.loads(await ws.recv())["code"] == "bad_token"
