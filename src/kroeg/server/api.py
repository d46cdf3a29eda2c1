"""The REST lobby API under ``/api`` (OpenAPI at ``/docs``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from kroeg.games import GAMES
from kroeg.server.auth import COOKIE, clean_name, new_player_id
from kroeg.server.runtime import Runtime
from kroeg.server.schema import game_schema
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
    return HTTPException(
        _STATUS.get(e.code, 409), {"code": e.code, "message": e.message, **e.extra}
    )


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
    name: str


class TableBody(_Body):
    game: str
    variant: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int | None = None
    clock_seconds: float | None = None
    private: bool = False
    house_level: str = "basis"


class SitBody(_Body):
    seat: int | None = None


@router.get("/health")
async def health(rt: RuntimeDep) -> dict[str, Any]:
    return {"ok": True, "tables": len(rt.lobby.tables), "database": rt.store.backend}


@router.get("/variants")
async def variants() -> dict[str, Any]:
    """Every game that is available, with its variants, option defaults and option specs."""
    games = []
    for name in GAMES:
        try:
            games.append(game_schema(name))
        except ImportError:
            continue
    return {"games": games}


@router.post("/guests")
async def create_guest(body: GuestBody, response: Response, rt: RuntimeDep) -> dict[str, str]:
    name = clean_name(body.name)
    if name is None:
        raise _http(TableError("bad_name", "a name has 1 to 24 characters"))
    player = new_player_id()
    await rt.store.create_player(player, name)
    token = rt.tokens.issue(player)
    response.set_cookie(COOKIE, token, max_age=365 * 24 * 3600, httponly=True, samesite="lax")
    return {"player": player, "name": name, "token": token}


@router.get("/me")
async def me(player: PlayerDep) -> dict[str, str]:
    return {"player": player[0], "name": player[1]}


@router.get("/tables")
async def list_tables(rt: RuntimeDep) -> dict[str, Any]:
    return {"tables": rt.lobby.listed()}


@router.post("/tables")
async def create_table(body: TableBody, rt: RuntimeDep) -> dict[str, Any]:
    try:
        table = await rt.lobby.create(
            body.game,
            body.variant,
            body.options,
            seats=body.seats,
            clock_seconds=body.clock_seconds,
            private=body.private,
            house_level=body.house_level,
        )
    except TableError as e:
        raise _http(e) from None
    return table.summary()


async def _ask(rt: Runtime, table_id: str, command: t.Command) -> Any:
    try:
        return await rt.lobby.get(table_id).ask(command)
    except TableError as e:
        raise _http(e) from None


@router.get("/tables/{table_id}")
async def get_table(table_id: str, rt: RuntimeDep) -> dict[str, Any]:
    result: dict[str, Any] = await _ask(rt, table_id, t.Summary())
    return result


@router.post("/tables/{table_id}/sit")
async def sit(
    table_id: str, rt: RuntimeDep, player: PlayerDep, body: SitBody | None = None
) -> dict[str, Any]:
    seat = body.seat if body is not None else None
    result: dict[str, Any] = await _ask(rt, table_id, t.Sit(player[0], player[1], seat))
    return result


@router.post("/tables/{table_id}/stand")
async def stand(table_id: str, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await _ask(rt, table_id, t.Stand(player[0]))
    return result


@router.post("/tables/{table_id}/leave")
async def leave(table_id: str, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await _ask(rt, table_id, t.Leave(player[0]))
    return result


@router.post("/tables/{table_id}/start")
async def start(table_id: str, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result: dict[str, Any] = await _ask(rt, table_id, t.Start(player[0]))
    return result


@router.get("/tables/{table_id}/games")
async def table_games(table_id: str, rt: RuntimeDep) -> dict[str, Any]:
    if table_id not in rt.lobby.tables:
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


@router.get("/games/{game_id}/record")
async def record(game_id: int, rt: RuntimeDep) -> dict[str, Any]:
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
