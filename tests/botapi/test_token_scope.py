"""What a bot's API token may do (docs/bots-api.md, "What a token may do"): play (the
websocket, its own tables, its own profile) and read what anyone may read; every other
call of the API answers ``403 token_scope`` to it and changes nothing. The tester's
finding: a token could mint more tokens, add a passkey, log its owner out everywhere and
delete the account.

The walk goes over every route of the server's OpenAPI document: each is in one of the
two lists below (a new route fails the test until it is placed), the refused ones are
called with bodies that would have worked, and the database is compared before and
after."""

from __future__ import annotations

import sqlite3
from typing import Any

import httpx

from kroeg.server.auth import COOKIE
from tests.botapi.conftest import PASSWORD, BotAccount, account, bot_account, call
from tests.server.harness import Server

Route = tuple[str, str]

TOKEN_MAY: list[Route] = [
    ("GET", "/api/me"),
    ("POST", "/api/tables"),
    ("POST", "/api/tables/{table_id}/sit"),
    ("POST", "/api/tables/{table_id}/start"),
    ("POST", "/api/tables/{table_id}/stand"),
    ("POST", "/api/tables/{table_id}/leave"),
    ("GET", "/api/clubs/my-tables"),
    ("GET", "/api/health"),
    ("GET", "/api/variants"),
    ("GET", "/api/tables"),
    ("GET", "/api/tables/{table_id}"),
    ("GET", "/api/tables/{table_id}/games"),
    ("GET", "/api/tables/{table_id}/ratings"),
    ("GET", "/api/games/{game_id}/record"),
    ("GET", "/api/games/{game_id}/standings"),
    ("GET", "/api/games/{game_id}/steps/{deal}"),
    ("GET", "/api/games/{game_id}/ratings"),
    ("GET", "/api/games/{game_id}/analysis"),
    ("GET", "/api/players/{name}"),
    ("GET", "/api/players/{name}/games"),
    ("GET", "/api/leaderboard/{game}"),
    ("GET", "/api/clubs/{club_id}"),
    ("GET", "/api/clubs/{club_id}/season"),
    ("GET", "/api/clubs/nights/{night_id}"),
    ("GET", "/api/clubs/nights/{night_id}/standings"),
    ("GET", "/api/clubs/nights/{night_id}/standings.csv"),
    ("GET", "/api/clubs/nights/{night_id}/changes"),
    ("GET", "/api/clubs/sheets/{token}"),
    ("GET", "/api/clubs/sheets/{token}/qr.svg"),
    ("GET", "/api/puzzles/daily"),
    ("GET", "/api/puzzles/{puzzle_id}"),
]
"""Play, its own profile, and what anyone may read."""

NIGHT = {
    "game": "toepen",
    "variant": "kroegregels",
    "rounds": 1,
    "deals_per_round": 1,
    "mode": "online",
}
TOKEN_MAY_NOT: dict[Route, Any] = {
    # Its tokens, its being a bot.
    ("GET", "/api/me/tokens"): None,
    ("POST", "/api/me/tokens"): None,
    ("DELETE", "/api/me/tokens/{token_id}"): None,
    ("POST", "/api/me/bot"): None,
    # Passkeys.
    ("GET", "/api/passkeys"): None,
    ("POST", "/api/passkeys/register/options"): {},
    ("POST", "/api/passkeys/register"): {"ceremony": "c", "credential": {}},
    ("POST", "/api/passkeys/login/options"): None,
    ("POST", "/api/passkeys/login"): {"ceremony": "c", "credential": {}},
    ("DELETE", "/api/passkeys/{passkey_id}"): None,
    # Sessions: logging in, out, everywhere.
    ("POST", "/api/session"): {"name": "{bot_name}", "password": PASSWORD},
    ("DELETE", "/api/session"): None,
    ("POST", "/api/logout"): None,
    ("GET", "/api/sessions"): None,
    ("DELETE", "/api/sessions"): None,
    ("DELETE", "/api/sessions/{session_id}"): None,
    # The account: new ones, its data, its visibility, its deletion.
    ("POST", "/api/guests"): {"name": "Gast"},
    ("POST", "/api/accounts"): {"name": "Nieuw{bot_name}", "password": PASSWORD},
    ("GET", "/api/me/data"): None,
    ("GET", "/api/me/visibility"): None,
    ("PUT", "/api/me/visibility"): {"invisible": True},
    ("DELETE", "/api/accounts/me"): {"name": "{bot_name}"},
    # Follows and blocks.
    ("GET", "/api/me/following"): None,
    ("GET", "/api/players/{name}/relation"): None,
    ("PUT", "/api/players/{name}/follow"): None,
    ("DELETE", "/api/players/{name}/follow"): None,
    ("PUT", "/api/players/{name}/block"): None,
    ("DELETE", "/api/players/{name}/block"): None,
    # Clubs to organise, and the bar's score sheets.
    ("GET", "/api/clubs"): None,
    ("POST", "/api/clubs"): {"name": "Club {bot_name}"},
    ("POST", "/api/clubs/{club_id}/members"): {"guest": "Gast"},
    ("POST", "/api/clubs/{club_id}/nights"): NIGHT,
    ("POST", "/api/clubs/nights/{night_id}/players"): {"member": "{bot_name}"},
    ("POST", "/api/clubs/nights/{night_id}/open"): None,
    ("PUT", "/api/clubs/nights/{night_id}/boards"): None,
    ("POST", "/api/clubs/nights/{night_id}/rounds/start"): None,
    ("POST", "/api/clubs/nights/{night_id}/rounds/finish"): None,
    ("POST", "/api/clubs/nights/{night_id}/close"): None,
    ("POST", "/api/clubs/nights/{night_id}/replace"): {"out": "a", "replacement": "b"},
    ("GET", "/api/clubs/nights/{night_id}/links"): None,
    ("GET", "/api/clubs/nights/{night_id}/boards.pdf"): None,
    ("GET", "/api/clubs/nights/{night_id}/movement.pdf"): None,
    ("POST", "/api/clubs/sheets/{token}/entries"): {"id": "e", "deal": 1, "line": {}, "by": "x"},
    ("POST", "/api/clubs/sheets/{token}/entries/{entry_id}"): {"change": "withdraw", "by": "x"},
    # "Speel nu": a person's queue (a bot opens its own tables).
    ("POST", "/api/quick"): {"game": "toepen", "variant": "kroegregels"},
    ("GET", "/api/quick"): None,
    ("DELETE", "/api/quick"): None,
    # Duplicate against the house: a person's set of boards.
    ("POST", "/api/house-sets"): None,
    ("GET", "/api/house-sets"): None,
    ("GET", "/api/house-sets/{set_id}"): None,
    # Puzzles: a person's rating and streak.
    ("GET", "/api/puzzles/next"): None,
    ("GET", "/api/puzzles/history"): None,
    ("POST", "/api/puzzles/{puzzle_id}/answer"): {"card": "Ah"},
}
"""Everything else, each with a body that would do what the route does."""


def _routes(server: Server) -> set[Route]:
    paths = httpx.get(f"{server.url}/openapi.json", timeout=10).json()["paths"]
    return {(method.upper(), path) for path, item in paths.items() for method in item}


def _filled(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return value.format(**names)
    if isinstance(value, dict):
        return {k: _filled(v, names) for k, v in value.items()}
    return value


def _database(server: Server) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the server's SQLite database, sorted."""
    path = server.database_url.split("///", 1)[1]
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: sorted(db.execute(f'SELECT * FROM "{t}"'), key=repr) for t in tables}


def _setting(server: Server, bot: BotAccount) -> dict[str, str]:
    """Real values for the routes' parameters: the bot's own things, where it has them."""
    me = call(server, "GET", "/api/me", bot.login).json()
    _, other_login = account(server, "Mens")
    other = call(server, "GET", "/api/me", other_login).json()["account"]["name"]
    table = call(
        server, "POST", "/api/tables", bot.token, {"game": "toepen", "variant": "kroegregels"}
    )
    assert table.status_code == 200, table.text
    sessions = call(server, "GET", "/api/sessions", bot.login).json()["sessions"]
    login_session = next(s["id"] for s in sessions if s["current"])
    return {
        "bot_name": me["account"]["name"],
        "name": other,
        "table_id": table.json()["id"],
        "game_id": "1",
        "game": "toepen",
        "token_id": bot.token_id,
        "session_id": login_session,
        "passkey_id": "nosuchkey",
        "club_id": "1",
        "night_id": "1",
        "token": "nosuchsheet",
        "entry_id": "1",
        "puzzle_id": "1",
        "set_id": "1",
        "deal": "0",
    }


def _refusal(r: httpx.Response) -> str | None:
    if r.status_code != 403 or not r.headers.get("content-type", "").startswith("application/json"):
        return None
    detail = r.json().get("detail")
    return detail.get("code") if isinstance(detail, dict) else None


def test_every_route_is_placed(server: Server) -> None:
    assert not set(TOKEN_MAY) & set(TOKEN_MAY_NOT)
    assert _routes(server) == set(TOKEN_MAY) | set(TOKEN_MAY_NOT)


def test_a_token_is_refused_all_but_play_and_changes_nothing(server: Server) -> None:
    bot = bot_account(server)
    names = _setting(server, bot)
    before = _database(server)
    for method, path in TOKEN_MAY_NOT:
        body = _filled(TOKEN_MAY_NOT[method, path], names)
        r = call(server, method, path.format(**names), bot.token, body)
        assert (r.status_code, _refusal(r)) == (403, "token_scope"), (method, path, r.text)
    assert _database(server) == before
    assert call(server, "GET", "/api/me", bot.token).status_code == 200, "the token still works"


def test_a_token_plays_and_reads(server: Server) -> None:
    bot = bot_account(server)
    names = _setting(server, bot)
    for method, path in TOKEN_MAY:
        body = {"game": "toepen", "variant": "kroegregels"} if path == "/api/tables" else None
        r = call(server, method, path.format(**names), bot.token, body)
        assert r.status_code < 500 and _refusal(r) != "token_scope", (method, path, r.text)
        if (method, path) in {
            ("GET", "/api/me"),
            ("POST", "/api/tables"),
            ("POST", "/api/tables/{table_id}/sit"),
            ("GET", "/api/clubs/my-tables"),
            ("GET", "/api/tables/{table_id}"),
        }:
            assert r.status_code == 200, (method, path, r.text)
    me = call(server, "GET", "/api/me", bot.token).json()
    assert me["account"]["kind"] == "bot"


def test_a_token_in_the_cookie_is_held_to_the_same_scope(server: Server) -> None:
    bot = bot_account(server)
    cookies = {COOKIE: bot.token}
    for method in ("GET", "POST"):
        r = httpx.request(method, f"{server.url}/api/me/tokens", cookies=cookies, timeout=20)
        assert (r.status_code, _refusal(r)) == (403, "token_scope"), r.text
    r = httpx.get(f"{server.url}/api/me", cookies=cookies, timeout=20)
    assert r.status_code == 200


def test_the_accounts_login_still_manages_it(server: Server) -> None:
    """A person's session of the bot account (the account page's) does all of it."""
    bot = bot_account(server)
    assert call(server, "POST", "/api/me/tokens", bot.login).status_code == 200
    assert call(server, "GET", "/api/sessions", bot.login).status_code == 200
    assert call(server, "GET", "/api/passkeys", bot.login).status_code == 200
    gone = call(server, "DELETE", f"/api/me/tokens/{bot.token_id}", bot.login)
    assert gone.status_code == 200
