"""The server's ASGI entry point: websocket connections go straight to their endpoint.

Through FastAPI a websocket connection would pass its middleware stack (error handling,
telemetry, routing), which stays on the stack for the connection's whole life: some
twenty coroutines per connection that every full garbage collection walks, with
hundreds of connections open, and wrappers that every frame sent passes through. The
websocket endpoints handle their own errors, so they are called directly; everything
else (REST, the pages, the lifespan) goes to FastAPI.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from fastapi import FastAPI
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

Endpoint = Callable[[WebSocket], Awaitable[None]]


class Entry:
    def __init__(self, app: FastAPI, websockets: Mapping[str, Endpoint]) -> None:
        self.app = app
        self.websockets = dict(websockets)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            endpoint = self.websockets.get(scope["path"])
            if endpoint is not None:
                scope["app"] = self.app  # what FastAPI sets: WebSocket.app, its state
                await endpoint(WebSocket(scope, receive, send))
                return
        await self.app(scope, receive, send)
