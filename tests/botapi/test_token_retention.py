"""A bot's revoked or expired token is kept, and listed, for 30 days, then deleted
(docs/security.md, "API tokens"). Before, revoked tokens stayed listed forever."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from kroeg.accounts.sessions import BOT_TOKEN, TOKEN_RETENTION, Sessions
from kroeg.store import Store, open_store, schema
from tests.botapi.conftest import ENV, bot_account, call
from tests.server.harness import Server, serving
from tests.store.databases import BACKENDS, database

DAY = 24 * 3600.0


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    store = await open_store(db_url)
    try:
        yield store
    finally:
        await store.close()


async def test_dead_tokens_are_deleted_after_thirty_days(store: Store) -> None:
    sessions = Sessions(store, ttl=30 * DAY, renew_after=3600.0, legacy=None)
    await store.create_player("pbot", "Bot")
    ids = {}
    for name in ("revoked_long_ago", "revoked_lately", "expired_long_ago", "live", "login"):
        await sessions.open("pbot", "account" if name == "login" else BOT_TOKEN)
        ids[name] = (await store.sessions_of("pbot"))[-1].id
    now = time.time()
    s = schema.sessions
    for name, values in [
        ("revoked_long_ago", {"revoked_at": now - TOKEN_RETENTION - DAY}),
        ("revoked_lately", {"revoked_at": now - TOKEN_RETENTION + DAY}),
        ("expired_long_ago", {"expires_at": now - TOKEN_RETENTION - DAY}),
        ("login", {"revoked_at": now - 3 * TOKEN_RETENTION}),  # a person's session: kept
    ]:
        await store.execute(sa.update(s).where(s.c.id == ids[name]).values(**values))
    await sessions.forget_dead_tokens(now)
    left = {r.id for r in await store.sessions_of("pbot")}
    assert left == {ids["revoked_lately"], ids["live"], ids["login"]}


@pytest.fixture
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    with serving("sqlite", tmp_path, request, **ENV) as server:
        yield server


def _stored_ids(server: Server, player: str) -> set[str]:
    path = server.database_url.split("///", 1)[1]
    with sqlite3.connect(path, timeout=10) as db:
        rows = db.execute("SELECT id FROM sessions WHERE player_id = ?", (player,)).fetchall()
    return {r[0] for r in rows}


def test_a_token_dead_thirty_days_is_not_listed_and_deleted_at_the_next_sweep(
    server: Server,
) -> None:
    bot = bot_account(server)
    second = call(server, "POST", "/api/me/tokens", bot.login).json()["id"]
    for token in (bot.token_id, second):
        assert call(server, "DELETE", f"/api/me/tokens/{token}", bot.login).status_code == 200
    long_ago = time.time() - TOKEN_RETENTION - DAY
    with sqlite3.connect(server.database_url.split("///", 1)[1], timeout=10) as db:
        db.execute("UPDATE sessions SET revoked_at = ? WHERE id = ?", (long_ago, bot.token_id))
    listed = call(server, "GET", "/api/me/tokens", bot.login).json()["tokens"]
    assert [(t["id"], t["revoked"]) for t in listed] == [(second, True)]  # before the sweep
    assert bot.token_id in _stored_ids(server, bot.player)
    server.stop()
    server.start()  # the sweep runs at every start, then every hour
    listed = call(server, "GET", "/api/me/tokens", bot.login).json()["tokens"]
    assert [(t["id"], t["revoked"]) for t in listed] == [(second, True)]
    assert bot.token_id not in _stored_ids(server, bot.player)
    assert second in _stored_ids(server, bot.player)
