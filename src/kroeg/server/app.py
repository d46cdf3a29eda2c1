"""The FastAPI application: lifespan (store, tables), REST, the static client; and the
server's entry point, which hands websocket connections to their endpoints directly."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from kroeg.server import api, echo, static, ws
from kroeg.server.entry import Endpoint, Entry
from kroeg.server.runtime import Runtime
from kroeg.server.settings import ServerSettings


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    settings = settings or ServerSettings.from_env()
    runtime = Runtime(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await runtime.start()
        try:
            yield
        finally:
            await runtime.stop()

    app = FastAPI(
        title="Kroeg",
        description="Online pub for Toepen, Klaverjassen and Eurokaarten: lobby API. "
        "The live tables speak the websocket protocol at /ws (docs/protocol.md).",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.runtime = runtime
    app.include_router(api.router)
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
