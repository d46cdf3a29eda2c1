"""REST and websocket clients that come from a given loopback address."""

from __future__ import annotations

from typing import Any

import httpx
import websockets

from tests.server.harness import Client, Frame, Server


def _no_cookie(request: httpx.Request) -> None:
    request.headers.pop("cookie", None)


def rest(server: Server, source: str, *, cookies: bool = False) -> httpx.Client:
    """A REST client from ``source``. Without ``cookies`` it sends none, as a program with
    a bearer token does: each call stands alone (a cookie would make its posts need the
    CSRF token, docs/security.md); with ``cookies`` it is a browser's session."""
    transport = httpx.HTTPTransport(local_address=source)
    hooks = {} if cookies else {"request": [_no_cookie]}
    return httpx.Client(base_url=server.url, transport=transport, timeout=10, event_hooks=hooks)


async def connect(server: Server, source: str, **hello: Any) -> Client:
    """A websocket client from ``source``; with ``hello`` fields, after its hello (the
    answer is the client's last frame: ``welcome`` or an ``error``)."""
    ws = await websockets.connect(
        server.ws_url, max_size=2**22, compression=None, local_addr=(source, 0)
    )
    client = Client(ws)
    if hello:
        await client.send({"type": "hello", **hello})
        answer = await client.expect(lambda f: f["type"] in ("welcome", "error"))
        if answer["type"] == "welcome":
            client.player, client.token = answer["player"], answer["token"]
    return client


async def alive(client: Client) -> bool:
    """Whether the connection still answers: a ping gets its pong."""
    await client.send({"type": "ping"})
    frame: Frame = await client.expect(lambda f: f["type"] == "pong", timeout=5)
    return bool(frame["type"] == "pong")


def guest(http: httpx.Client, name: str = "Gast") -> str:
    r = http.post("/api/guests", json={"name": name})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token
