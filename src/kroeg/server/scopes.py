"""What a bot's API token may do (docs/bots-api.md, "What a token may do").

A bot's token plays: the websocket, its own tables, its own profile and what anyone
may read. Everything else (its tokens, passkeys, sessions, its data, the account's
deletion, follows, clubs to organise) needs a person's session, the login of the
account page: a token that leaks then lets its holder play as the bot, never take the
account. The list below is of what a token *may* do; a route missing from it is
refused (``403 token_scope``, changing nothing), so a new route is closed to tokens
until it is added here.

The check is one dependency of the whole application (:func:`token_scope`); the
websocket (``/ws``) is not a route of it and is open to tokens.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.routing import APIRoute

from kroeg.accounts.sessions import BOT_TOKEN
from kroeg.errors import Refusal
from kroeg.server.api import _bearer
from kroeg.server.auth import COOKIE
from kroeg.server.runtime import Runtime

TOKEN_ROUTES: frozenset[tuple[str, str]] = frozenset(
    {
        # Its own profile.
        ("GET", "/api/me"),
        # Its own tables: open one, sit, stand, leave, start (the moves go over /ws).
        ("POST", "/api/tables"),
        ("POST", "/api/tables/{table_id}/sit"),
        ("POST", "/api/tables/{table_id}/stand"),
        ("POST", "/api/tables/{table_id}/leave"),
        ("POST", "/api/tables/{table_id}/start"),
        ("GET", "/api/clubs/my-tables"),
        # What anyone may read (records of its own private games with the token).
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
    }
)
"""The REST calls a bot's token may make, as (method, the route's path)."""


def token_may(method: str, path: str) -> bool:
    """Whether a bot's token may call the route: one of :data:`TOKEN_ROUTES`, or a page
    of the web client (every page outside ``/api`` is the same public HTML)."""
    return (method, path) in TOKEN_ROUTES or not path.startswith("/api/")


async def token_scope(request: Request) -> None:
    """Refuse a route that is not a token's to a bot's token (``403 token_scope``), before
    anything of the route runs. The token is the one the route would take (the bearer
    token, else the cookie); a token that signs in nobody is left to the route."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute) or token_may(request.method, route.path):
        return
    token = _bearer(request)
    if token is None:
        token = request.cookies.get(COOKIE)
    if token is None:
        return
    rt: Runtime = request.app.state.runtime
    if await rt.sessions.kind_of(token) == BOT_TOKEN:
        raise Refusal(
            "token_scope",
            "an API token may only play: manage the account (its tokens, "
            "passkeys, sessions, data) logged in as a person, on the account page",
        )
