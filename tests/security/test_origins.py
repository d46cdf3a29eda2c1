"""Cross-origin handshakes and REST calls (issue 17, Build 3; docs/security.md,
"Sessions and origins"): another site's page may not act with a visitor's cookie."""

from __future__ import annotations

import json

import httpx
import pytest
import websockets

from kroeg.server.csrf import csrf_token
from tests.security.conftest import CONFIGURED_SITE, OTHER_SITE
from tests.security.helpers import guest
from tests.server.harness import Server


async def _hello(server: Server, **connect: object) -> dict[str, object]:
    async with websockets.connect(server.ws_url, **connect) as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"type": "hello"}))
        frame: dict[str, object] = json.loads(await ws.recv())
        return frame


async def test_a_handshake_from_another_site_is_refused_before_it_is_accepted(
    sqlite_only: Server,
) -> None:
    _, token = guest(sqlite_only, "Anna")
    cookie = {"Cookie": f"kroeg_token={token}"}
    with pytest.raises(websockets.InvalidStatus) as refused:
        await _hello(sqlite_only, origin=OTHER_SITE, additional_headers=cookie)
    assert refused.value.response.status_code == 403
    with pytest.raises(websockets.InvalidStatus):
        await _hello(sqlite_only, origin="null", additional_headers=cookie)
    own = f"http://127.0.0.1:{sqlite_only.port}"
    welcome = await _hello(sqlite_only, origin=own, additional_headers=cookie)
    assert welcome["type"] == "welcome"
    configured = await _hello(sqlite_only, origin=CONFIGURED_SITE, additional_headers=cookie)
    assert configured["type"] == "welcome"
    # No Origin at all: not a browser (a bot, the terminal); it passes.
    assert (await _hello(sqlite_only, additional_headers=cookie))["type"] == "welcome"


async def test_welcome_gives_no_token_to_a_connection_its_cookie_signed_in(
    sqlite_only: Server,
) -> None:
    player, token = guest(sqlite_only, "Bram")
    own = f"http://127.0.0.1:{sqlite_only.port}"
    welcome = await _hello(
        sqlite_only, origin=own, additional_headers={"Cookie": f"kroeg_token={token}"}
    )
    assert welcome["type"] == "welcome" and welcome["player"] == player
    assert "token" not in welcome
    async with websockets.connect(sqlite_only.ws_url) as ws:  # a bearer client keeps its token
        await ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = json.loads(await ws.recv())
    assert welcome["player"] == player and welcome["token"] == token


def test_rest_calls_that_change_state_with_the_cookie_only_from_the_own_origin(
    sqlite_only: Server,
) -> None:
    _, token = guest(sqlite_only, "Cor")
    table = sqlite_only.table("toepen", "kroegregels")
    url = f"{sqlite_only.url}/api/tables/{table}/sit"
    cookies = {"kroeg_token": token}
    r = httpx.post(url, json={}, cookies=cookies, headers={"origin": OTHER_SITE}, timeout=10)
    assert r.status_code == 403 and r.json()["detail"]["code"] == "bad_origin"
    r = httpx.post(
        f"{sqlite_only.url}/api/tables",
        json={"game": "toepen", "variant": "klassiek"},
        cookies=cookies,
        headers={"origin": OTHER_SITE},
        timeout=10,
    )
    assert r.status_code == 403
    assert sqlite_only.get(f"/api/tables/{table}").json()["players"][0]["house"]  # unchanged
    # Reading is not changing: a GET from anywhere is answered.
    r = httpx.get(f"{sqlite_only.url}/api/me", cookies=cookies, headers={"origin": OTHER_SITE})
    assert r.status_code == 200
    own = f"http://127.0.0.1:{sqlite_only.port}"
    r = httpx.post(url, json={}, cookies=cookies, headers={"origin": own}, timeout=10)
    assert r.status_code == 403 and r.json()["detail"]["code"] == "bad_csrf"  # no token
    assert sqlite_only.get(f"/api/tables/{table}").json()["players"][0]["house"]  # unchanged
    csrf = {"origin": own, "x-csrf-token": csrf_token(token)}
    r = httpx.post(url, json={}, cookies=cookies, headers=csrf, timeout=10)
    assert r.status_code == 200, r.text


def test_a_bearer_token_from_another_origin_is_not_the_cookie(sqlite_only: Server) -> None:
    """Another site cannot read a bearer token; a client that has one may call from
    anywhere (even with a stale cookie beside it)."""
    _, token = guest(sqlite_only, "Dirk")
    table = sqlite_only.table("toepen", "kroegregels")
    r = httpx.post(
        f"{sqlite_only.url}/api/tables/{table}/sit",
        json={},
        headers={"origin": OTHER_SITE, "authorization": f"Bearer {token}"},
        cookies={"kroeg_token": "stale"},
        timeout=10,
    )
    assert r.status_code == 200, r.text


def test_the_visibility_toggle_with_the_cookie_needs_the_csrf_token(sqlite_only: Server) -> None:
    """``PUT /api/me/visibility`` (docs/accounts.md, "Invisible") is a cookie call like the
    others: without the CSRF token it is refused and changes nothing."""
    r = sqlite_only.post("/api/accounts", {"name": "Vera", "password": "geheim-wachtwoord"})
    token = r.json()["token"]
    url = f"{sqlite_only.url}/api/me/visibility"
    cookies = {"kroeg_token": token}
    own = f"http://127.0.0.1:{sqlite_only.port}"
    r = httpx.put(url, json={"invisible": True}, cookies=cookies, headers={"origin": own})
    assert r.status_code == 403 and r.json()["detail"]["code"] == "bad_csrf"
    assert httpx.get(url, cookies=cookies).json() == {"invisible": False}
    csrf = {"origin": own, "x-csrf-token": csrf_token(token)}
    r = httpx.put(url, json={"invisible": True}, cookies=cookies, headers=csrf)
    assert r.status_code == 200 and httpx.get(url, cookies=cookies).json() == {"invisible": True}
