"""The FastAPI application: lifespan (store, tables), REST, the static client; and the
server's entry point, which hands websocket connections to their endpoints directly."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from kroeg.errors import Refusal
from kroeg.server import (
    account_sockets,
    accounts_api,
    api,
    bots_api,
    clubs_api,
    echo,
    house_sets_api,
    passkeys_api,
    players_api,
    puzzles_api,
    quick_api,
    refusals,
    static,
    ws,
)
from kroeg.server.entry import Endpoint, Entry
from kroeg.server.json_input import JsonBodies, validation_error
from kroeg.server.limits import BodyLimit
from kroeg.server.metrics_server import MetricsServer
from kroeg.server.runtime import Runtime
from kroeg.server.scopes import token_scope
from kroeg.server.settings import ServerSettings
from kroeg.tables.errors import internal

log = logging.getLogger(__name__)


async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
    """An unexpected failure of a REST call: logged with a request id, and the client
    gets only that id (never SQL or a stack)."""
    error = internal(log, "%s %s failed", request.method, request.url.path)
    return JSONResponse({"detail": {"code": error.code, "message": error.message}}, 500)


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    settings = settings or ServerSettings.from_env()
    runtime = Runtime(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await runtime.start()
        account_sockets.listen(runtime)
        figures = None if settings.metrics is None else MetricsServer(runtime, *settings.metrics)
        if figures is not None:
            figures.start()
        try:
            yield
        finally:
            if figures is not None:
                await figures.stop()
            await runtime.stop()

    app = FastAPI(
        title="Kroeg",
        description="Online pub for Toepen, Klaverjassen and Eurokaarten: lobby API. "
        "The live tables speak the websocket protocol at /ws (docs/protocol.md).",
        version="0.1.0",
        lifespan=lifespan,
        dependencies=[Depends(token_scope)],  # what a bot's token may do (scopes.py)
    )
    app.state.runtime = runtime
    app.add_middleware(JsonBodies)  # inside BodyLimit: it reads a body already bounded
    app.add_middleware(BodyLimit, max_body=settings.max_body)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(Refusal, refusals.answer)
    app.add_exception_handler(Exception, _internal_error)
    app.include_router(api.router)
    app.include_router(players_api.router)
    app.include_router(quick_api.router)
    app.include_router(accounts_api.router)
    app.include_router(bots_api.router)
    app.include_router(passkeys_api.router)
    app.include_router(clubs_api.router)
    app.include_router(puzzles_api.router)
    app.include_router(house_sets_api.router)
    app.include_router(puzzles_api.pages)
    app.include_router(static.router)
    app.mount("/web", StaticFiles(directory=static.WEB, check_dir=False), name="web")
    return app


def create_entry(settings: ServerSettings | None = None) -> Entry:
    """What uvicorn serves: the application, with ``/ws`` (and ``/echo`` when enabled)
    called directly."""
    settings = settings or ServerSettings.from_env()
    websockets: dict[str, Endpoint] = {"/ws": ws.websocket_endpoint}
    if settings.echo:
        websockets["/echo"] = echo.echo
    return Entry(create_app(settings), websockets)
