"""The REST lobby API under ``/api`` (OpenAPI at ``/docs``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from kroeg.games import GAMES, game_class
from kroeg.server.auth import COOKIE, clean_name, new_player_id
from kroeg.server.limits import address
from kroeg.server.runtime import Runtime
from kroeg.store.store import ID_MAX
from kroeg.tables import commands as t
from kroeg.tables.errors import TableError
from kroeg.tables.records import game_record

router = APIRouter(prefix="/api")

_STATUS = {
    "unknown_table": 404,
    "unknown_game": 404,
    "not_authenticated": 401,
    "bad_token": 401,
    "bad_table": 422,
    "bad_name": 422,
    "bad_seat": 422,
}


def _http(e: TableError) -> HTTPException:
    detail = {"code": e.code, "message": e.message}
    if e.code == "rate_limited":
        retry = str(e.extra["retry_after"])
        return HTTPException(429, {**detail, "retry_after": retry}, {"Retry-After": retry})
    return HTTPException(_STATUS.get(e.code, 409), detail)


class ErrorDetail(BaseModel):
    code: str
    """The stable error code (docs/protocol.md, "Error codes")."""
    message: str
    """What went wrong, in English."""


class ErrorBody(BaseModel):
    detail: ErrorDetail


_DESCRIPTIONS = {
    400: "The body is not JSON that can be read (FastAPI's `detail` text)",
    401: "No valid guest token (`not_authenticated`)",
    404: "No such table or game (`unknown_table`, `unknown_game`)",
    409: "Refused in the table's current state, or over the open-table quota "
    "(`too_many_tables`); the code says which",
    413: "The request body is too large (`body_too_large`), refused while it is read",
    422: "The request does not have the expected form (`bad_table`, `bad_name`, "
    "`bad_seat`, or FastAPI's validation error)",
    429: "Over a rate quota (`rate_limited`); `Retry-After` says when to try again",
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


async def current_player(request: Request, rt: RuntimeDep) -> tuple[str, str]:
    """The player of the cookie or ``Authorization: Bearer`` token, and their name."""
    token = request.cookies.get(COOKIE)
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        token = header[7:].strip()
    player = rt.tokens.verify(token) if token else None
    name = None if player is None else await rt.store.player_name(player)
    if player is None or name is None:
        raise _http(TableError("not_authenticated", "a valid guest token is needed"))
    return player, name


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
    house_level: str = Field(default="basis", max_length=32)


class SitBody(_Body):
    seat: int | None = Field(default=None, ge=0, le=64)


TableId = Annotated[str, Path(max_length=64)]
GameId = Annotated[int, Path(ge=1, le=ID_MAX)]


@router.get("/health", responses=responses())
async def health(rt: RuntimeDep) -> dict[str, Any]:
    return {"ok": True, "tables": len(rt.lobby.tables), "database": rt.store.backend}


@router.get("/variants", responses=responses())
async def variants() -> dict[str, Any]:
    """Every game that is available, with its variants, option defaults and option specs."""
    games = []
    for name in GAMES:
        try:
            cls = game_class(name)
        except ImportError:
            continue
        games.append(
            {
                "game": name,
                "seat_range": list(cls.seat_range),
                "options": {k: spec.describe() for k, spec in cls.option_specs.items()},
                "variants": {v: dict(defaults) for v, defaults in cls.variants.items()},
            }
        )
    return {"games": games}


@router.post("/guests", responses=responses(422, 429))
async def create_guest(
    body: GuestBody, request: Request, response: Response, rt: RuntimeDep
) -> dict[str, str]:
    name = clean_name(body.name)
    if name is None:
        raise _http(TableError("bad_name", "a name has 1 to 24 characters"))
    try:
        rt.limits.guests.take(address(request.scope), "new guests")
    except TableError as e:
        raise _http(e) from None
    player = new_player_id()
    await rt.store.create_player(player, name)
    token = rt.tokens.issue(player)
    response.set_cookie(COOKIE, token, max_age=365 * 24 * 3600, httponly=True, samesite="lax")
    return {"player": player, "name": name, "token": token}


@router.get("/me", responses=responses(401))
async def me(player: PlayerDep) -> dict[str, str]:
    return {"player": player[0], "name": player[1]}


@router.get("/tables", responses=responses())
async def list_tables(rt: RuntimeDep) -> dict[str, Any]:
    return {"tables": rt.lobby.listed()}


@router.post("/tables", responses=responses(401, 404, 409, 422, 429))
async def create_table(
    body: TableBody, request: Request, rt: RuntimeDep, player: PlayerDep
) -> dict[str, Any]:
    """A new table, created by the guest of the token; counted against the address's
    tables a minute and the guest's open tables."""
    try:
        rt.limits.tables.take(address(request.scope), "new tables")
        table = await rt.lobby.create(
            body.game,
            body.variant,
            body.options,
            seats=body.seats,
            clock_seconds=body.clock_seconds,
            private=body.private,
            house_level=body.house_level,
            creator=player[0],
            open_limit=rt.settings.open_tables_per_player,
        )
    except TableError as e:
        raise _http(e) from None
    return table.summary()


async def _ask(rt: Runtime, table_id: TableId, command: t.Command) -> Any:
    try:
        return await rt.lobby.get(table_id).ask(command)
    except TableError as e:
        raise _http(e) from None


@router.get("/tables/{table_id}", responses=responses(404, 422))
async def get_table(table_id: TableId, rt: RuntimeDep) -> dict[str, Any]:
    result: dict[str, Any] = await _ask(rt, table_id, t.Summary())
    return result


@router.post("/tables/{table_id}/sit", responses=responses(401, 404, 409, 422))
async def sit(
    table_id: TableId, rt: RuntimeDep, player: PlayerDep, body: SitBody | None = None
) -> dict[str, Any]:
    seat = body.seat if body is not None else None
    result: dict[str, Any] = await _ask(rt, table_id, t.Sit(player[0], player[1], seat))
    return result


@router.post("/tables/{table_id}/stand", responses=responses(401, 404, 409, 422))
async def stand(table_id: TableId, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await _ask(rt, table_id, t.Stand(player[0]))
    return result


@router.post("/tables/{table_id}/leave", responses=responses(401, 404, 409, 422))
async def leave(table_id: TableId, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await _ask(rt, table_id, t.Leave(player[0]))
    return result


@router.post("/tables/{table_id}/start", responses=responses(401, 404, 409, 422))
async def start(table_id: TableId, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await _ask(rt, table_id, t.Start(player[0]))
    return result


@router.get("/tables/{table_id}/games", responses=responses(404, 422))
async def table_games(table_id: TableId, rt: RuntimeDep) -> dict[str, Any]:
    if table_id not in rt.lobby.tables and await rt.store.table(table_id) is None:
        raise _http(TableError("unknown_table", f"there is no table {table_id!r}"))
    games = await rt.store.games_of(table_id)
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


@router.get("/games/{game_id}/record", responses=responses(404, 409, 422))
async def record(game_id: GameId, rt: RuntimeDep) -> dict[str, Any]:
    """The game's hand record (RECORDS.md), once the game is over."""
    row = await rt.store.game(game_id)
    if row is None:
        raise HTTPException(404, {"code": "unknown_game", "message": f"no game {game_id}"})
    if row.finished_at is None:
        raise HTTPException(
            409,
            {"code": "game_not_over", "message": "the record is published once the game is over"},
        )
    return game_record(row, await rt.store.log(game_id))
