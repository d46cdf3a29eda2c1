"""The REST lobby API under ``/api`` (OpenAPI at ``/docs``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from kroeg import accounts
from kroeg.accounts.service import check_guest_name, new_guest
from kroeg.accounts.sessions import SignedIn
from kroeg.errors import Refusal
from kroeg.games import GAMES
from kroeg.records import RecordError, deal_steps
from kroeg.server.auth import COOKIE, clean_name
from kroeg.server.csrf import CSRF_COOKIE, CSRF_HEADER, csrf_matches, csrf_token
from kroeg.server.limits import address
from kroeg.server.origins import same_site_origin
from kroeg.server.runtime import Runtime
from kroeg.server.schema import game_schema
from kroeg.server.standings import deal_standings
from kroeg.store.changes import GameRow
from kroeg.store.store import ID_MAX
from kroeg.tables import protocol as m
from kroeg.tables.protocol import Who
from kroeg.tables.records import game_record

"""The largest game id the store holds (a 32-bit integer on PostgreSQL): a larger one in
a URL is refused (422) rather than sent to the database."""

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


async def same_origin(request: Request) -> None:
    """A request that changes state with the cookie comes from the server's own pages
    (or an origin configured), and carries the session's CSRF token in its
    ``X-CSRF-Token`` header: else another site's page is acting with the visitor's
    cookie (docs/security.md, "Sessions and origins" and "CSRF"). A cookie that signs
    in nobody (expired, revoked) needs no token: it acts for nobody."""
    cookie = request.cookies.get(COOKIE)
    if request.method not in UNSAFE_METHODS or cookie is None:
        return
    if _bearer(request) is not None:
        return
    rt: Runtime = request.app.state.runtime
    origin = request.headers.get("origin")
    if not same_site_origin(origin, request.headers.get("host"), rt.settings.allowed_origins):
        raise Refusal("bad_origin", f"requests from {origin} may not use the cookie")
    if csrf_matches(cookie, request.headers.get(CSRF_HEADER)):
        return
    if await rt.sessions.check(cookie) is not None:
        raise Refusal(
            "bad_csrf",
            "a request with the cookie needs the X-CSRF-Token header "
            "(the kroeg_csrf cookie's value)",
        )


router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])


class ErrorDetail(BaseModel):
    code: str
    """The stable error code (docs/protocol.md, "Error codes")."""
    message: str
    """What went wrong, in English."""
    rule: str | None = None
    """When a game refused: its refusal code (docs/protocol.md), with ``args``."""
    args: dict[str, Any] | None = None


class ErrorBody(BaseModel):
    detail: ErrorDetail


_DESCRIPTIONS = {
    400: "The body is not JSON that can be read (FastAPI's `detail` text)",
    401: "No valid session (`not_authenticated`), or a wrong name or password (`bad_login`)",
    403: "Not for this caller: another origin's cookie (`bad_origin`), the cookie without "
    "its CSRF token (`bad_csrf`), a record for the game's players only (`private_record`) "
    "or a bot's API token beyond playing (`token_scope`, on every call a token may not make)",
    404: "No such table or game (`unknown_table`, `unknown_game`)",
    409: "Refused in the table's current state, or over the open-table quota "
    "(`too_many_tables`), or a name an account has (`name_taken`); the code says which",
    413: "The request body is too large (`body_too_large`), refused while it is read",
    503: "The table is between two servers (`table_moving`, with several server processes), "
    "or the Speel nu queue cannot be reached (`queue_unreachable`): `Retry-After` says in "
    "how many seconds to try again",
    422: "The request does not have the expected form (`bad_table`, `bad_name`, "
    "`bad_password`, `bad_seat`; `bad_request`: not of the route's form; `malformed`: "
    "a body that is not strict JSON)",
    429: "Over a rate quota (`rate_limited`) or an account's or sheet's quota "
    "(`quota_exceeded`); `Retry-After` says when to try again",
    500: "The server failed (`internal`); the message names the request id in its log",
}


def responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error statuses a route may answer, for the OpenAPI document: every route may
    fail (500) or get a body over the limit (413) or one that is not JSON (400)."""
    return {
        code: {"model": ErrorBody, "description": _DESCRIPTIONS[code]}
        for code in sorted({*codes, 400, 413, 500})
    }


def runtime(request: Request) -> Runtime:
    value: Runtime = request.app.state.runtime
    return value


RuntimeDep = Annotated[Runtime, Depends(runtime)]


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def set_session_cookie(response: Response, request: Request, rt: Runtime, token: str) -> None:
    """The session's token as the cookie: httpOnly (no script reads it), SameSite=Lax
    (another site's requests that change state do not carry it), Secure over HTTPS; and
    its CSRF token as a cookie the page reads (kroeg.server.csrf)."""
    secure = request.url.scheme == "https"
    max_age = int(rt.sessions.ttl)
    response.set_cookie(
        COOKIE, token, max_age=max_age, httponly=True, samesite="lax", secure=secure
    )
    response.set_cookie(
        CSRF_COOKIE, csrf_token(token), max_age=max_age, samesite="strict", secure=secure
    )


def drop_session_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE)
    response.delete_cookie(CSRF_COOKIE)


async def signed_in(request: Request, response: Response, rt: RuntimeDep) -> SignedIn | None:
    """The session of the ``Authorization: Bearer`` token, else of the cookie; None
    without a valid one. A cookie's renewal is sent back as a fresh cookie."""
    bearer = _bearer(request)
    token = bearer if bearer is not None else request.cookies.get(COOKIE)
    session = await rt.sessions.check(token)
    if session is not None and bearer is None and token is not None:
        stale = request.cookies.get(CSRF_COOKIE) != csrf_token(token)
        if session.renewed or stale:  # a session from before CSRF tokens gets its own
            set_session_cookie(response, request, rt, token)
    return session


SessionDep = Annotated[SignedIn | None, Depends(signed_in)]


async def current_player(session: SessionDep, rt: RuntimeDep) -> tuple[str, str]:
    """The signed-in player and their name (401 without a valid token)."""
    name = None if session is None else await rt.store.player_name(session.player)
    if session is None or name is None:
        raise Refusal("not_authenticated", "a valid guest token is needed")
    return session.player, name


PlayerDep = Annotated[tuple[str, str], Depends(current_player)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GuestBody(_Body):
    name: str = Field(max_length=64)


class TableBody(_Body):
    game: str = Field(max_length=32)
    variant: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    seats: int | None = Field(default=None, ge=0, le=64)
    clock_seconds: float | None = Field(default=None, ge=0, le=86400, allow_inf_nan=False)
    private: bool = False
    public_records: bool | None = None
    """Whether anyone may read the records of the table's games; default: the public
    tables' yes, the private tables' no (then only their players)."""
    house_level: str = Field(default="basis", max_length=32)
    bots_allowed: bool | None = None
    """Whether bot accounts may sit here (docs/bots-api.md); default yes."""
    rated: bool = False
    """Whether the table's games change ratings (docs/ratings.md); "Speel nu" asks for it."""


class SitBody(_Body):
    seat: int | None = Field(default=None, ge=0, le=16)
    """As the websocket's ``sit``: no table has more seats (a request carried to the
    table's owner is read with the websocket's bounds)."""


TableId = Annotated[str, Path(max_length=64)]
GameId = Annotated[int, Path(ge=1, le=ID_MAX)]


@router.get("/health", responses=responses())
async def health(rt: RuntimeDep) -> dict[str, Any]:
    """``status`` is ``degraded`` while a table could not be rebuilt (``broken``: which,
    and why); the server serves the others."""
    broken = rt.lobby.broken_list()
    return {
        "ok": True,
        "status": "degraded" if broken else "ok",
        "tables": len(rt.lobby.tables),
        "broken": broken,
        "database": rt.store.backend,
    }


@router.get("/variants", responses=responses())
async def variants() -> dict[str, Any]:
    """Every game that is available, with its variants, option defaults and option specs."""
    games = []
    for name in GAMES:
        try:
            games.append(game_schema(name))
        except ImportError:
            continue
    return {"games": games}


@router.post("/guests", responses=responses(422, 429))
async def create_guest(
    body: GuestBody, request: Request, response: Response, rt: RuntimeDep
) -> dict[str, str]:
    """A new guest and its session: the token as the cookie, and in the answer for a
    client that sends it as a bearer token."""
    name = clean_name(body.name)
    if name is None:
        raise Refusal("bad_name", "a name has 1 to 24 characters")
    await check_guest_name(rt.store, name)
    rt.limits.guests.take(address(request.scope), "new guests")
    player, token = await new_guest(rt.store, rt.sessions, name)
    set_session_cookie(response, request, rt, token)
    return {"player": player, "name": name, "token": token}


@router.post("/logout", responses=responses(401))
async def logout(session: SessionDep, response: Response, rt: RuntimeDep) -> dict[str, bool]:
    """Revoke the session of the token used (it stops working everywhere) and drop the
    cookie."""
    if session is None:
        raise Refusal("not_authenticated", "a valid guest token is needed")
    await rt.sessions.revoke(session.session_id)
    drop_session_cookie(response)
    return {"ok": True}


@router.get("/me", responses=responses(401))
async def me(player: PlayerDep, rt: RuntimeDep) -> dict[str, Any]:
    """Who the session is: the player id (``id``; ``player`` is the same, as before
    accounts), the name shown at the tables and ``account`` (``{name, kind}``; null for
    a guest)."""
    account = await accounts.of_player(rt.store, player[0])
    return {
        "id": player[0],
        "player": player[0],
        "name": player[1],
        "account": None if account is None else account.public(),
    }


@router.get("/tables", responses=responses())
async def list_tables(rt: RuntimeDep) -> dict[str, Any]:
    """The public tables; ``broken``: the public tables that could not be rebuilt."""
    return {"tables": await rt.listed(), "broken": rt.lobby.broken_list(public_only=True)}


@router.post("/tables", responses=responses(401, 404, 409, 422, 429))
async def create_table(
    body: TableBody, request: Request, rt: RuntimeDep, player: PlayerDep
) -> dict[str, Any]:
    """A new table, created by the guest of the token; counted against the address's
    tables a minute and the guest's open tables."""
    rt.limits.tables.take(address(request.scope), "new tables")
    table = await rt.lobby.create(
        body.game,
        body.variant,
        body.options,
        seats=body.seats,
        clock_seconds=body.clock_seconds,
        private=body.private,
        public_records=body.public_records,
        house_level=body.house_level,
        creator=player[0],
        open_limit=rt.settings.open_tables_per_player,
        bots_allowed=body.bots_allowed,
        rated=body.rated,
    )
    return table.summary()


def _who(player: tuple[str, str], account: str | None = None) -> Who:
    return Who(player[0], player[1], account)


@router.get("/tables/{table_id}", responses=responses(404, 422, 503))
async def get_table(table_id: TableId, rt: RuntimeDep) -> dict[str, Any]:
    result: dict[str, Any] = await rt.tables.ask(m.Look(table=table_id))
    return result


@router.post("/tables/{table_id}/sit", responses=responses(401, 404, 409, 422, 503))
async def sit(
    table_id: TableId, rt: RuntimeDep, player: PlayerDep, body: SitBody | None = None
) -> dict[str, Any]:
    seat = body.seat if body is not None else None
    account = await accounts.kind_of(rt.store, player[0])
    sit = m.Sit(table=table_id, seat=seat)
    result: dict[str, Any] = await rt.tables.ask(sit, _who(player, account))
    return result


@router.post("/tables/{table_id}/stand", responses=responses(401, 404, 409, 422, 503))
async def stand(table_id: TableId, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await rt.tables.ask(m.Stand(table=table_id), _who(player))
    return result


@router.post("/tables/{table_id}/leave", responses=responses(401, 404, 409, 422, 503))
async def leave(table_id: TableId, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await rt.tables.ask(m.Leave(table=table_id), _who(player))
    return result


@router.post("/tables/{table_id}/start", responses=responses(401, 404, 409, 422, 503))
async def start(table_id: TableId, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await rt.tables.ask(m.Start(table=table_id), _who(player))
    return result


@router.get("/tables/{table_id}/games", responses=responses(404, 422))
async def table_games(table_id: TableId, rt: RuntimeDep, session: SessionDep) -> dict[str, Any]:
    """The table's games, a closed table's too; of a table whose records are not public,
    only the caller's. Read from the store, where every process's tables are."""
    row = await rt.store.table(table_id)
    if row is None:
        raise Refusal("unknown_table", f"there is no table {table_id!r}")
    public = row.public_records
    games = await rt.store.games_of(table_id)
    if not public:
        games = [g for g in games if session is not None and session.player in g.players]
    return {
        "games": [
            {
                "id": g.id,
                "number": g.number,
                "started": g.started_at,
                "finished": g.finished_at,
                "result": g.result,
                "names": g.names,
            }
            for g in games
        ]
    }


@router.get("/games/{game_id}/record", responses=responses(403, 404, 409, 422))
async def record(game_id: GameId, rt: RuntimeDep, session: SessionDep) -> dict[str, Any]:
    """The game's hand record (RECORDS.md), once the game is over: for its players, and
    for everyone when its table's records are public (docs/security.md)."""
    return await _readable_record(game_id, rt, session)


@router.get("/games/{game_id}/standings", responses=responses(403, 404, 409, 422))
async def standings(game_id: GameId, rt: RuntimeDep, session: SessionDep) -> dict[str, Any]:
    """Each finished deal's summary and the standings after it, and the game's result, as
    the engine replays the record (for the replay page's scores); read as the record is."""
    return deal_standings(await _readable_record(game_id, rt, session))


@router.get("/games/{game_id}/steps/{deal}", responses=responses(403, 404, 409, 422))
async def steps(
    game_id: GameId,
    deal: Annotated[int, Path(ge=0, le=ID_MAX)],
    rt: RuntimeDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Every step of one deal (0-based) as the engine plays the record: after the deal
    and after each action, the public view with every hand open and the public events
    (the replay page draws these; docs/client.md "The replay"); read as the record is."""
    record = await _readable_record(game_id, rt, session)
    try:
        return {"steps": deal_steps(record, deal)}
    except RecordError as e:
        raise Refusal("unknown_deal", e.reason) from None


async def _readable_record(game_id: int, rt: Runtime, session: SignedIn | None) -> dict[str, Any]:
    """The record of a game ``session`` may read (see :func:`_published_game`)."""
    row = await _published_game(rt, game_id, session)
    return game_record(row, await rt.store.log(game_id))


@router.get("/games/{game_id}/analysis", responses=responses(403, 404, 409, 422))
async def analysis(game_id: GameId, rt: RuntimeDep, session: SessionDep) -> dict[str, Any]:
    """The analysis of a finished game (issue 23; docs/bots.md): for whoever may read its
    record, once the game is over. Computed from the record in the bot pool the first time
    it is asked for, then stored with the game."""
    row = await _published_game(rt, game_id, session)
    stored = await rt.store.analysis(game_id)
    if stored is not None:
        return stored
    computed = await rt.house.analyse(game_record(row, await rt.store.log(game_id)))
    if computed is None:
        raise Refusal("no_analysis", f"games of {row.game} have no analysis")
    await rt.store.save_analysis(game_id, computed)
    return computed


async def _published_game(rt: Runtime, game_id: int, session: SignedIn | None) -> GameRow:
    """The game whose record (and analysis) ``session`` may read: it exists, its table's
    records are public or the caller played in it, and it is over."""
    row = await rt.store.game(game_id)
    if row is None:
        raise Refusal("unknown_game", f"no game {game_id}")
    table = await rt.store.table(row.table_id)
    public = table is not None and table.public_records
    if not public and (session is None or session.player not in row.players):
        raise Refusal(
            "private_record", "this game's record is for its players only: send a player's token"
        )
    if row.finished_at is None:
        raise Refusal("game_not_over", "the record is published once the game is over")
    return row
