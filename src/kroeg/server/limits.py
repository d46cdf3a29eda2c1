"""Quotas on anonymous use: creations per address per minute, connections open at once,
and the size of a REST body (docs/operations.md, "Limits").

Everything is kept in memory by key (an address or a player id), and forgets a key as
soon as it holds nothing: a flood from many addresses costs memory only while it lasts.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

import msgspec
from fastapi import HTTPException
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kroeg.errors import Refusal

WINDOW = 60.0
"""The window of the creation quotas, in seconds: a number per minute."""

LOGIN_NAME_WINDOW = 900.0
"""The window of the logins per account name: a number per quarter of an hour."""


class RateLimit:
    """At most ``limit`` events per key in any ``window`` seconds (a sliding window)."""

    def __init__(
        self,
        limit: int,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
        code: str = "rate_limited",
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.code = code
        """The refusal's code: ``rate_limited``, or ``quota_exceeded`` for the chat."""
        self._events: dict[str, deque[float]] = {}

    def check(self, key: str, what: str, whose: str = "from your address") -> None:
        """Raise the refusal (``self.code``, with the seconds until the next event is
        allowed: ``retry_after``) when ``key`` has no room for one more; count nothing."""
        now = self.clock()
        events = self._events.get(key)
        if events is None:
            return
        while events and events[0] <= now - self.window:
            events.popleft()
        if len(events) >= self.limit:
            wait = max(1, math.ceil(events[0] + self.window - now))
            raise Refusal(
                self.code,
                f"too many {what} {whose}: at most {self.limit} {self._per()}; "
                f"try again in {wait} s",
                retry_after=wait,
            )

    def take(self, key: str, what: str, whose: str = "from your address") -> None:
        """Count one event of ``key``, or raise as :meth:`check` (nothing counted)."""
        self.check(key, what, whose)
        now = self.clock()
        events = self._events.get(key)
        if events is None:
            events = self._events[key] = deque()
        events.append(now)
        if len(self._events) > 1024:
            self._forget(now)

    def _per(self) -> str:
        return "a minute" if self.window == WINDOW else f"in {self.window / 60:g} minutes"

    def _forget(self, now: float) -> None:
        for key in [k for k, events in self._events.items() if events[-1] <= now - self.window]:
            del self._events[key]

    def __len__(self) -> int:
        return len(self._events)


class OpenCount:
    """How many of something each key holds open at once, at most ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def room(self, key: str) -> bool:
        """Whether ``key`` may open one more (nothing counted)."""
        return self._open.get(key, 0) < self.limit

    def acquire(self, key: str) -> bool:
        held = self._open.get(key, 0)
        if held >= self.limit:
            return False
        self._open[key] = held + 1
        return True

    def release(self, key: str) -> None:
        held = self._open.get(key, 0) - 1
        if held > 0:
            self._open[key] = held
        else:
            self._open.pop(key, None)

    def __len__(self) -> int:
        return len(self._open)


def address(scope: Scope) -> str:
    """The client's address as the server sees it (behind a proxy: the one uvicorn's
    ``--proxy-headers`` took from ``X-Forwarded-For``)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class BodyTooLarge(HTTPException):
    def __init__(self, limit: int) -> None:
        super().__init__(
            413,
            {"code": "body_too_large", "message": f"a request body may be at most {limit} bytes"},
        )


class BodyLimit:
    """ASGI middleware: a request body over ``max_body`` bytes is refused with 413 while it
    is read. A declared ``Content-Length`` over the limit is refused before any of the body
    is read; otherwise the bytes are counted as they arrive, and the first chunk over the
    limit ends the request (FastAPI passes a middleware's HTTPException on as it is)."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.max_body
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _refuse(send, BodyTooLarge(limit))
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge as e:
            if started:
                raise
            await _refuse(send, e)


async def _refuse(send: Send, error: HTTPException) -> None:
    body = msgspec.json.encode({"detail": error.detail})
    headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": error.status_code, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Limits:
    """The server's quotas, from its settings: what :mod:`kroeg.server.api` and
    :mod:`kroeg.server.ws` count before they create or accept anything."""

    def __init__(
        self,
        *,
        guests_per_minute: int,
        tables_per_minute: int,
        sockets_per_address: int,
        sockets_per_player: int,
        logins_per_address: int,
        logins_per_name: int,
        chat_per_player: int = 30,
        chat_per_address: int = 240,
    ) -> None:
        self.guests = RateLimit(guests_per_minute)
        self.logins_by_address = RateLimit(logins_per_address)
        self.logins_by_name = RateLimit(logins_per_name, window=LOGIN_NAME_WINDOW)
        """Logins tried (right or wrong) from one address a minute, and for one account
        name in :data:`LOGIN_NAME_WINDOW`: guessing a password costs a long time even
        from many addresses (docs/accounts.md, "Logging in")."""
        self.tables = RateLimit(tables_per_minute)
        self.chat_by_player = RateLimit(chat_per_player, code="quota_exceeded")
        self.chat_by_address = RateLimit(chat_per_address, code="quota_exceeded")
        """Chat a minute per player (all its connections) and per address (all its
        players), beside each connection's flood limit (docs/security.md, "Quotas")."""
        self.address_sockets = OpenCount(sockets_per_address)
        self.player_sockets = OpenCount(sockets_per_player)
