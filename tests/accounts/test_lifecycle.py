"""Sessions of an account, its data download, its deletion and the operator's password
reset (issue 19 point 1), on SQLite and PostgreSQL."""

from __future__ import annotations

import httpx
import pytest

from kroeg.cli import main
from tests.accounts.conftest import fresh_name
from tests.accounts.test_api import PASSWORD, call, error, me, register
from tests.security.helpers import finished_game
from tests.server.harness import Client, Server


def log_in(server: Server, name: str, password: str = PASSWORD) -> httpx.Response:
    return call(server, "POST", "/api/session", {"name": name, "password": password})


async def test_sessions_are_listed_and_logged_out_one_or_all(server: Server) -> None:
    name = fresh_name("Sanne")
    first = register(server, name)
    second = log_in(server, name).json()
    third = log_in(server, name).json()
    listed = call(server, "GET", "/api/sessions", token=second["token"]).json()["sessions"]
    assert len(listed) == 3 and [s["current"] for s in listed] == [False, True, False]
    assert all(s["kind"] == "account" for s in listed)
    assert not any("token" in str(key) for s in listed for key in s)  # never a token
    # Log out one other device.
    r = call(server, "DELETE", f"/api/sessions/{listed[0]['id']}", token=second["token"])
    assert r.status_code == 200
    assert me(server, first["token"]).status_code == 401
    # Someone else's session id is "no such session", and stays valid.
    other = register(server, fresh_name("Ander"))
    theirs = call(server, "GET", "/api/sessions", token=other["token"]).json()["sessions"][0]
    r = call(server, "DELETE", f"/api/sessions/{theirs['id']}", token=second["token"])
    assert r.status_code == 404 and error(r) == "unknown_session"
    assert me(server, other["token"]).status_code == 200
    # Log out everywhere: every session, and the open websocket is closed.
    client = await Client.connect(server, name=None, token=third["token"])
    r = call(server, "DELETE", "/api/sessions", token=second["token"])
    assert r.status_code == 200
    assert await client.closed == 4001
    assert me(server, second["token"]).status_code == 401
    assert me(server, third["token"]).status_code == 401
    assert log_in(server, name).status_code == 200  # the password still logs in


async def test_download_then_delete_keeps_the_games_under_a_former_name(server: Server) -> None:
    name = fresh_name("Wim")
    account = register(server, name)
    table = call(
        server,
        "POST",
        "/api/tables",
        {"game": "toepen", "variant": "kroegregels"},
        account["token"],
    ).json()["id"]
    client = await Client.connect(server, name=None, token=account["token"])
    try:
        await finished_game(server, table, client)
    finally:
        await client.close()
    download = call(server, "GET", "/api/me/data", token=account["token"])
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    mine = download.json()
    assert mine["player"]["id"] == account["id"] and mine["account"]["name"] == name
    assert [t["id"] for t in mine["tables"]] == [table]
    [game] = mine["games"]
    assert game["table"] == table and game["names"][game["seat"]] == name
    assert game["outcome"] in ("won", "lost")
    assert all("hash" not in key for s in mine["sessions"] for key in s)
    # A wrong confirmation deletes nothing.
    r = call(server, "DELETE", "/api/accounts/me", {"name": "iets anders"}, account["token"])
    assert r.status_code == 422 and error(r) == "bad_confirmation"
    assert me(server, account["token"]).status_code == 200
    r = call(server, "DELETE", "/api/accounts/me", {"name": name.lower()}, account["token"])
    assert r.status_code == 200, r.text
    former = r.json()["name"]
    assert former.startswith("oud-speler ")
    assert me(server, account["token"]).status_code == 401  # logged out
    r = log_in(server, name)
    assert r.status_code == 401 and error(r) == "bad_login"
    # The game stays, its seat under the former name; the name is nowhere in it.
    games = server.get(f"/api/tables/{table}/games").json()["games"]
    assert games[0]["names"][game["seat"]] == former
    record = server.get(f"/api/games/{games[0]['id']}/record").text
    assert name not in record
    # A deleted account's name form is nobody's to choose.
    r = call(server, "POST", "/api/accounts", {"name": former.upper(), "password": PASSWORD})
    assert r.status_code == 422 and error(r) == "bad_name"


def test_the_operator_resets_a_password(server: Server, capsys: pytest.CaptureFixture[str]) -> None:
    """``kroeg account reset-password NAME`` against the running server's database."""
    name = fresh_name("Joke")
    account = register(server, name)
    command = ["account", "reset-password", name.lower(), "--database-url", server.database_url]
    assert main(command) == 0
    new_password = capsys.readouterr().out.split(": ", 1)[1].split()[0]
    assert len(new_password) >= 10
    assert me(server, account["token"]).status_code == 401  # every session logged out
    assert log_in(server, name).status_code == 401  # the old password no longer works
    assert log_in(server, name, new_password).status_code == 200
    command[2] = fresh_name("Niemand")
    assert main(command) == 1
    assert "no account is called" in capsys.readouterr().err
