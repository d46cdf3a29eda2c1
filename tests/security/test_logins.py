"""Logins and accounts under attack (issue 19, "Bad input" and point 1; docs/accounts.md):
password guessing is rate-limited per address and per name with a clear 429, a forged
or expired session is nobody, and the cookie without its CSRF token changes nothing."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator

import httpx
import pytest

from kroeg.server.csrf import csrf_token
from tests.security.clients import rest
from tests.server.harness import Server, serving

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def login_limited(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A SQLite server that allows 4 logins a minute per address, 3 per name in 15 min,
    and sessions of a few seconds."""
    with serving(
        "sqlite",
        tmp_path_factory.mktemp("server-logins"),
        request,
        KROEG_LOGINS_PER_ADDRESS="4",
        KROEG_LOGINS_PER_NAME="3",
        KROEG_SESSION_DAYS=str(3 / 86400),
    ) as server:
        yield server


def _register(http: httpx.Client) -> tuple[str, str]:
    name = f"Eva{secrets.token_hex(3)}"
    r = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    return name, r.json()["token"]


def test_guessing_one_name_from_many_addresses_is_stopped(
    login_limited: Server, source: str
) -> None:
    with rest(login_limited, source) as http:
        name, _ = _register(http)
    for n in range(3):  # three addresses, one wrong guess each
        with rest(login_limited, f"127.43.0.{n + 1}") as http:
            r = http.post("/api/session", json={"name": name, "password": "wrong guess 12"})
            assert r.status_code == 401
    with rest(login_limited, "127.43.0.9") as http:
        r = http.post("/api/session", json={"name": name.upper(), "password": PASSWORD})
    assert r.status_code == 429, r.text
    detail = r.json()["detail"]
    assert detail["code"] == "rate_limited" and "for this name" in detail["message"]
    assert "in 15 minutes" in detail["message"] and int(r.headers["retry-after"]) > 0
    assert "set-cookie" not in r.headers  # the right password did not log in


def test_one_address_trying_many_names_is_stopped(login_limited: Server, source: str) -> None:
    with rest(login_limited, source) as http:
        for _ in range(4):
            r = http.post(
                "/api/session", json={"name": f"Nobody{secrets.token_hex(3)}", "password": PASSWORD}
            )
            assert r.status_code == 401
        r = http.post("/api/session", json={"name": "Another", "password": PASSWORD})
    assert r.status_code == 429
    assert "from your address" in r.json()["detail"]["message"]


def test_a_forged_or_expired_session_is_nobody(login_limited: Server, source: str) -> None:
    with rest(login_limited, source) as http:
        _, token = _register(http)
        forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
        for bad in (forged, "x" * 300, token + "."):
            r = http.get("/api/me", headers={"authorization": f"Bearer {bad}"})
            assert r.status_code == 401, bad
        assert http.get("/api/me", headers={"authorization": f"Bearer {token}"}).status_code == 200
        time.sleep(3.5)
        r = http.get("/api/me", headers={"authorization": f"Bearer {token}"})
        assert r.status_code == 401 and r.json()["detail"]["code"] == "not_authenticated"


def test_the_cookie_without_its_csrf_token_changes_nothing(
    login_limited: Server, source: str
) -> None:
    own = {"origin": f"http://127.0.0.1:{login_limited.port}"}
    with rest(login_limited, source, cookies=True) as http:
        _, token = _register(http)
        http.cookies.clear()
        http.cookies.set("kroeg_token", token)
        wrong = {**own, "x-csrf-token": csrf_token(token + "x")}
        for headers in (own, wrong):
            r = http.delete("/api/session", headers=headers)
            assert r.status_code == 403 and r.json()["detail"]["code"] == "bad_csrf"
        me = http.get("/api/me")
        assert me.status_code == 200  # still logged in: the log-out was refused
        # The page's token (the kroeg_csrf cookie /api/me set) lets the same call through.
        assert me.cookies["kroeg_csrf"] == csrf_token(token)
        ok = {**own, "x-csrf-token": me.cookies["kroeg_csrf"]}
        assert http.delete("/api/session", headers=ok).status_code == 200
        r = http.get("/api/me", headers={"authorization": f"Bearer {token}"})
        assert r.status_code == 401  # revoked, not only the cookie dropped
