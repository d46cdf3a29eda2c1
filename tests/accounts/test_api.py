"""Accounts over REST (issue 19 point 1): register, log in, log out, who am I; a guest
who registers keeps its player id; bad input changes nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx

from tests.accounts.conftest import fresh_name
from tests.server.harness import Client, Server

PASSWORD = "correct horse battery"


def call(
    server: Server, method: str, path: str, body: Any = None, token: str | None = None
) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return httpx.request(method, f"{server.url}{path}", json=body, headers=headers, timeout=20)


def register(server: Server, name: str, token: str | None = None) -> dict[str, Any]:
    r = call(server, "POST", "/api/accounts", {"name": name, "password": PASSWORD}, token)
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def guest(server: Server, name: str = "Gast") -> dict[str, Any]:
    r = call(server, "POST", "/api/guests", {"name": name})
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def me(server: Server, token: str) -> httpx.Response:
    return call(server, "GET", "/api/me", token=token)


def error(r: httpx.Response) -> str:
    code: str = r.json()["detail"]["code"]
    return code


def test_register_then_log_in_with_the_cookie_or_the_token(server: Server) -> None:
    name = fresh_name()
    r = call(server, "POST", "/api/accounts", {"name": f"  {name} ", "password": PASSWORD})
    assert r.status_code == 200, r.text
    created = r.json()
    assert created["account"] == {"name": name, "kind": "person"}
    cookie = r.headers["set-cookie"]
    assert f"kroeg_token={created['token']}" in cookie
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    by_cookie = httpx.get(
        f"{server.url}/api/me", cookies={"kroeg_token": created["token"]}, timeout=10
    )
    expected = {
        "id": created["id"],
        "player": created["id"],
        "name": name,
        "account": {"name": name, "kind": "person"},
    }
    assert by_cookie.json() == expected
    # Another device logs in by name in any case: the same player, a session of its own.
    r = call(server, "POST", "/api/session", {"name": name.upper(), "password": PASSWORD})
    assert r.status_code == 200, r.text
    login = r.json()
    assert login["id"] == created["id"] and login["token"] != created["token"]
    assert me(server, login["token"]).json() == expected
    assert me(server, created["token"]).json() == expected  # the first device stays in


def test_a_guest_who_registers_keeps_its_player_id_and_its_tables(server: Server) -> None:
    before = guest(server, "Gastje")
    table = call(
        server, "POST", "/api/tables", {"game": "toepen", "variant": "klassiek"}, before["token"]
    )
    assert table.status_code == 200, table.text
    sat = call(
        server, "POST", f"/api/tables/{table.json()['id']}/sit", {"seat": 0}, before["token"]
    )
    assert sat.status_code == 200, sat.text
    name = fresh_name("Gastje")
    after = register(server, name, before["token"])
    assert after["id"] == before["player"]
    # The session was rotated: the guest's token no longer works, the new one does.
    assert me(server, before["token"]).status_code == 401
    assert me(server, after["token"]).json()["account"] == {"name": name, "kind": "person"}
    # Still the player at seat 0 of its table: standing up works for it.
    stood = call(server, "POST", f"/api/tables/{table.json()['id']}/stand", None, after["token"])
    assert stood.status_code == 200, stood.text
    assert stood.json()["players"][0]["player"] is None


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(server: Server) -> None:
    name = fresh_name()
    register(server, name)
    wrong = call(server, "POST", "/api/session", {"name": name, "password": "x" + PASSWORD})
    unknown = call(server, "POST", "/api/session", {"name": fresh_name(), "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json()
        == unknown.json()
        == {"detail": {"code": "bad_login", "message": "wrong name or password"}}
    )
    assert "set-cookie" not in wrong.headers


def test_names_are_unique_in_any_case_and_width(server: Server) -> None:
    name = fresh_name("Bram")
    first = register(server, name)
    full_width = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name.upper())
    for other in (name, name.lower(), name.upper(), full_width, f" {name}  "):
        someone = guest(server, "Iemand")
        r = call(
            server, "POST", "/api/accounts", {"name": other, "password": PASSWORD}, someone["token"]
        )
        assert r.status_code == 409 and error(r) == "name_taken", other
        # Nothing changed: the guest is still a guest, with its session.
        assert me(server, someone["token"]).json()["account"] is None
    assert me(server, first["token"]).json()["account"]["name"] == name


def test_a_name_longer_when_case_folded_still_fits(server: Server) -> None:
    """``ß`` folds to ``ss``: a name of 24 of them has a key of 48 letters."""
    name = "ß" * 22 + fresh_name("")[:2]
    created = register(server, name)
    assert created["account"]["name"] == name
    capital = name.replace("ß", "\u1e9e")  # the capital ẞ folds to "ss" as well
    r = call(server, "POST", "/api/accounts", {"name": capital, "password": PASSWORD})
    assert r.status_code == 409 and error(r) == "name_taken"


def test_bad_names_and_passwords_are_refused_and_change_nothing(server: Server) -> None:
    name = fresh_name()
    for bad_name in ("A", "x" * 25, "An\u202ena", "Anna\u200b", "  "):
        r = call(server, "POST", "/api/accounts", {"name": bad_name, "password": PASSWORD})
        assert r.status_code == 422 and error(r) == "bad_name", bad_name
    for bad_password in ("", "123456789", "x" * 257):
        r = call(server, "POST", "/api/accounts", {"name": name, "password": bad_password})
        assert r.status_code == 422 and error(r) == "bad_password", bad_password
    missing = call(server, "POST", "/api/accounts", {"name": name})
    assert missing.status_code == 422
    # The name is still free.
    assert register(server, name)["account"]["name"] == name


def test_an_account_cannot_register_again(server: Server) -> None:
    created = register(server, fresh_name())
    r = call(
        server,
        "POST",
        "/api/accounts",
        {"name": fresh_name(), "password": PASSWORD},
        created["token"],
    )
    assert r.status_code == 409 and error(r) == "already_registered"
    assert me(server, created["token"]).status_code == 200


def test_log_out_ends_the_session_only(server: Server) -> None:
    name = fresh_name()
    first = register(server, name)
    second = call(server, "POST", "/api/session", {"name": name, "password": PASSWORD}).json()
    r = call(server, "DELETE", "/api/session", token=first["token"])
    assert r.status_code == 200 and r.json() == {"ok": True}
    assert 'kroeg_token=""' in r.headers["set-cookie"]  # the cookie is dropped
    assert me(server, first["token"]).status_code == 401
    assert me(server, second["token"]).status_code == 200
    again = call(server, "DELETE", "/api/session", token=first["token"])
    assert again.status_code == 401 and error(again) == "not_authenticated"


def test_a_guest_may_not_take_an_accounts_name(server: Server) -> None:
    name = fresh_name("Carla")
    register(server, name)
    r = call(server, "POST", "/api/guests", {"name": name.lower()})
    assert r.status_code == 409 and error(r) == "name_taken"
    assert call(server, "POST", "/api/guests", {"name": name + "x"}).status_code == 200


def test_a_seat_shows_its_account_and_a_guests_seat_none(server: Server) -> None:
    """Issue 19 point 6: seats show the account name (and kind, for the rating badge);
    a guest's seat has no account (the "gast" mark)."""
    name = fresh_name("Zit")
    account = register(server, name)
    visitor = guest(server, "Gast Gerrit")
    table = call(
        server,
        "POST",
        "/api/tables",
        {"game": "toepen", "variant": "klassiek"},
        account["token"],
    ).json()["id"]
    call(server, "POST", f"/api/tables/{table}/sit", {"seat": 0}, account["token"])
    sat = call(server, "POST", f"/api/tables/{table}/sit", {"seat": 1}, visitor["token"])
    seats = sat.json()["players"]
    assert seats[0]["account"] == {"name": name, "kind": "person"} and seats[0]["name"] == name
    assert seats[1]["account"] is None and seats[1]["name"] == "Gast Gerrit"
    assert seats[2]["account"] is None and seats[2]["house"]


async def test_a_guest_who_registers_while_seated_shows_the_account_at_once(
    server: Server,
) -> None:
    """docs/accounts.md, "Names at the table": the seat takes the account's name
    and kind when the guest registers, for the table and for everyone watching it,
    without sitting down again."""
    visitor = guest(server, "Gast Greet")
    table = server.table("toepen", "klassiek")
    r = call(server, "POST", f"/api/tables/{table}/sit", {"seat": 1}, visitor["token"])
    assert (
        r.json()["players"][1]["name"] == "Gast Greet" and r.json()["players"][1]["account"] is None
    )
    watcher = await Client.connect(server, "Kijker")
    try:
        await watcher.send({"type": "watch", "table": table})
        await watcher.expect(lambda f: f["type"] == "snapshot")
        name = fresh_name("Greet")
        registered = register(server, name, visitor["token"])
        seat = server.get(f"/api/tables/{table}").json()["players"][1]
        assert seat["name"] == name and seat["account"] == {"name": name, "kind": "person"}
        shown = await watcher.expect(
            lambda f: f["type"] == "snapshot" and f["seats"][1]["name"] == name
        )
        assert shown["seats"][1]["account"] == {"name": name, "kind": "person"}
        assert registered["id"] == visitor["player"]
    finally:
        await watcher.close()
