"""The browser client (``src/kroeg/web/``, built by its own engineer): ``/``, ``/t/{id}``
deep links, the players' pages (``/speler/{name}``, ``/mijn-spellen``, ``/vrienden``,
``/ranglijst/{game}``), ``/account``, the rules (``/regels/{game}``), the organiser's
club pages (``/clubs``, ``/clubs/{club}``, ``/clubs/avond/{night}``), a set against the
house (``/duplicate/{set}``), and ``/web/...`` for
its files."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

WEB = Path(__file__).resolve().parent.parent / "web"

PLACEHOLDER = """<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>Kroeg</title></head>
<body><h1>Kroeg</h1><p>De kroeg gaat zo open: de browserversie is nog niet geïnstalleerd.</p>
<p>The browser client is not installed yet; the API is at <a href="/docs">/docs</a>.</p>
</body></html>
"""

router = APIRouter(include_in_schema=False)


def _index() -> Response:
    index = WEB / "index.html"
    if index.is_file():
        return FileResponse(index, media_type="text/html")
    return HTMLResponse(PLACEHOLDER)


@router.get("/")
async def index() -> Response:
    return _index()


@router.get("/account")
async def account_page() -> Response:
    return _index()


@router.get("/t/{table_id}")
async def deep_link(table_id: str) -> Response:
    return _index()


@router.get("/speler/{name}")
async def profile_page(name: str) -> Response:
    """A player's profile (web/players.js)."""
    return _index()


@router.get("/mijn-spellen")
async def my_games_page() -> Response:
    return _index()


@router.get("/vrienden")
async def friends_page() -> Response:
    """The people you follow (web/friends.js)."""
    return _index()


@router.get("/ranglijst/{game}")
async def leaderboard_page(game: str) -> Response:
    return _index()


@router.get("/regels")
async def rules_index() -> Response:
    """The rules pages (web/rules.js): each game's rules, variants and table options."""
    return _index()


@router.get("/regels/{game}")
async def rules_page(game: str) -> Response:
    return _index()


@router.get("/clubs")
async def clubs_page() -> Response:
    """The organiser's pages (web/clubs.js, web/club_night.js; docs/clubs.md)."""
    return _index()


@router.get("/clubs/{club_id}")
async def club_page(club_id: str) -> Response:
    return _index()


@router.get("/clubs/avond/{night_id}")
async def club_night_page(night_id: str) -> Response:
    return _index()


@router.get("/duplicate/{set_id}")
async def house_set_page(set_id: str) -> Response:
    """A set against the house, board by board (web/house_set.js; docs/clubs.md)."""
    return _index()
