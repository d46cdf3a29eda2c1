"""A server for the bot API's tests (docs/bots-api.md): a real ``kroeg serve`` on SQLite
(what the bots do does not depend on the backend; the store's part, migration 0009, is
tested on both in tests/store), and bot accounts made over REST as a person would."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

from tests.server.harness import Server, http, serving

PASSWORD = "correct horse battery"
ENV = {
    "KROEG_LOGINS_PER_ADDRESS": "100000",
    "KROEG_LOGINS_PER_NAME": "100000",
    "KROEG_GUESTS_PER_MINUTE": "100000",
    "KROEG_TABLES_PER_MINUTE": "100000",
}


@pytest.fixture(scope="session")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One server for every bot API module of the test process (each module's tests make
    their own accounts; a server per module was a start-up of 5-20 s each)."""
    with serving("sqlite", tmp_path_factory.mktemp("botapi"), request, **ENV) as server:
        yield server


@dataclass
class BotAccount:
    player: str
    login: str
    """The account's login session token (for its page: the tokens)."""
    token: str
    """An API token."""
    token_id: str


def call(server: Server, method: str, path: str, token: str, body: object = None) -> httpx.Response:
    return http().request(
        method,
        f"{server.url}{path}",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
        timeout=20,
    )


def account(server: Server, prefix: str = "Bot") -> tuple[str, str]:
    """A new account: its player id and its login token."""
    name = f"{prefix}{secrets.token_hex(3)}"
    r = http().post(
        f"{server.url}/api/accounts", json={"name": name, "password": PASSWORD}, timeout=20
    )
    assert r.status_code == 200, r.text
    return r.json()["id"], r.json()["token"]


def bot_account(server: Server) -> BotAccount:
    player, login = account(server)
    assert call(server, "POST", "/api/me/bot", login).status_code == 200
    made = call(server, "POST", "/api/me/tokens", login)
    assert made.status_code == 200, made.text
    return BotAccount(player, login, made.json()["token"], made.json()["id"])
