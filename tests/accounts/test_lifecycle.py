"""Sessions of an account, its data download, its deletion and the operator's password
reset (issue 19 point 1), on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from kroeg.cli import main
from kroeg.store import open_store
from kroeg.store import schema as s
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
        {"game": "toepen", "variant": "kroegregels", "rated": True},
        account["token"],
    ).json()["id"]
    client = await Client.connect(server, name=None, token=account["token"])
    try:
        await finished_game(server, table, client)
    finally:
        await client.close()
    followed, blocked, fan = (register(server, fresh_name(p)) for p in ("Kees", "Pest", "Fan"))
    for what, whom in (("follow", followed), ("block", blocked)):
        path = f"/api/players/{whom['account']['name']}/{what}"
        assert call(server, "PUT", path, token=account["token"]).status_code == 200
    # Someone else's ties to the player are theirs, not in the player's download.
    path = f"/api/players/{name}/follow"
    assert call(server, "PUT", path, token=fan["token"]).status_code == 200
    assert (
        call(server, "PUT", path.replace("follow", "block"), token=blocked["token"]).status_code
        == 200
    )
    download = call(server, "GET", "/api/me/data", token=account["token"])
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    mine = download.json()
    assert mine["player"]["id"] == account["id"] and mine["account"]["name"] == name
    assert [t["id"] for t in mine["tables"]] == [table]
    [game] = mine["games"]
    assert game["table"] == table and game["names"][game["seat"]] == name
    assert game["outcome"] in ("won", "lost")
    assert game["place"] == (0 if game["outcome"] == "won" else 1)  # first to 10 loses
    # The rated game's rating and its change (docs/accounts.md, "Your data").
    [rating] = mine["ratings"]
    assert (rating["game"], rating["variant"], rating["games"]) == ("toepen", "kroegregels", 1)
    [change] = mine["rating_changes"]
    assert change["game_id"] == game["id"] and change["seat"] == game["seat"]
    assert (change["mu"], change["sigma"]) == (rating["mu"], rating["sigma"])
    assert change["sigma"] < change["sigma_before"]
    assert [f["name"] for f in mine["following"]] == [followed["account"]["name"]]
    assert [b["name"] for b in mine["blocking"]] == [blocked["account"]["name"]]
    assert fan["account"]["name"] not in download.text  # who follows or blocks them: not theirs
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


async def _ties_of(server: Server, player: str) -> list[tuple[str, str]]:
    """Every follows and blocks row that names ``player``, read from the server's database."""
    store = await open_store(server.database_url)
    try:
        f, b = s.follows, s.blocks
        async with store.engine.connect() as conn:
            follows = await conn.execute(
                sa.select(f.c.follower_id, f.c.followed_id).where(
                    (f.c.follower_id == player) | (f.c.followed_id == player)
                )
            )
            blocks = await conn.execute(
                sa.select(b.c.blocker_id, b.c.blocked_id).where(
                    (b.c.blocker_id == player) | (b.c.blocked_id == player)
                )
            )
            return [("follows", r[0] + ">" + r[1]) for r in follows] + [
                ("blocks", r[0] + ">" + r[1]) for r in blocks
            ]
    finally:
        await store.close()


async def test_deleting_an_account_deletes_its_follows_and_blocks_both_ways(
    server: Server,
) -> None:
    """docs/accounts.md, "Deleting an account": follows and blocks go in both directions;
    the other players' ties among themselves stay."""
    leaving = register(server, fresh_name("Weg"))
    fan, friend, pest = (register(server, fresh_name(p)) for p in ("Fan", "Vriend", "Pest"))

    def put(who: dict[str, Any], what: str, whom: dict[str, Any]) -> None:
        path = f"/api/players/{whom['account']['name']}/{what}"
        assert call(server, "PUT", path, token=who["token"]).status_code == 200

    put(leaving, "follow", fan)  # (not friend: friend's block would end it)
    put(fan, "follow", leaving)
    put(leaving, "block", pest)
    put(friend, "block", leaving)
    put(fan, "follow", friend)  # not the leaving player's: stays
    assert len(await _ties_of(server, leaving["id"])) == 4
    name = leaving["account"]["name"]
    r = call(server, "DELETE", "/api/accounts/me", {"name": name}, leaving["token"])
    assert r.status_code == 200, r.text
    assert await _ties_of(server, leaving["id"]) == []
    assert await _ties_of(server, fan["id"]) == [("follows", f"{fan['id']}>{friend['id']}")]


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
