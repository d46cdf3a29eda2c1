"""One websocket connection: who it is, its outgoing queue, and its rate limits."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from typing import Any, cast

import msgspec
from starlette.websockets import WebSocket

from kroeg.server.protocol import FRAMES

SEND_QUEUE = 1024
"""Frames waiting for a slow client before it is dropped."""

CHAT_LIMIT = 5
CHAT_WINDOW = 10.0

_encode = msgspec.json.Encoder().encode


class TokenBucket:
    """``rate`` messages a second on average with bursts of ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Connection:
    """A client's websocket; tables see it as a listener (``player`` and ``send``)."""

    def __init__(self, websocket: WebSocket, rate: float) -> None:
        self.websocket = websocket
        self.player: str | None = None
        self.name: str | None = None
        self.tables: set[str] = set()
        self.queue: deque[bytes | None] = deque()
        """Frames to write, in order; None closes the connection after those before it."""
        self._wake: asyncio.Future[None] | None = None
        self.messages = TokenBucket(rate, 2 * rate)
        self.chats: list[float] = []
        self.last_rate_error = 0.0
        self.closed = False
        self.close_code = 1000

    def send(self, frame: bytes) -> None:
        if self.closed:
            return
        if len(self.queue) >= SEND_QUEUE:
            # Too slow to follow: drop it; it may reconnect and resume.
            self.closed = True
            self.close_code = 1013
            self.queue.pop()
            self._push(None)
            return
        self._push(frame)

    def _push(self, frame: bytes | None) -> None:
        self.queue.append(frame)
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    def send_json(self, message: dict[str, Any]) -> None:
        self.send(_encode(message))

    def error(self, code: str, message: str, **extra: Any) -> None:
        self.send_json({"type": "error", "code": code, "message": message, **extra})

    def chat_allowed(self) -> bool:
        now = time.monotonic()
        self.chats = [t for t in self.chats if now - t < CHAT_WINDOW]
        if len(self.chats) >= CHAT_LIMIT:
            return False
        self.chats.append(now)
        return True

    async def run_sender(self) -> None:
        """Write queued frames in order until the connection closes: all that are waiting
        in one ``websocket.send`` where the server offers :data:`FRAMES`, else one each."""
        send = self.websocket.send
        queue = self.queue
        together = FRAMES in (self.websocket.scope.get("extensions") or {})
        loop = asyncio.get_running_loop()
        while True:
            while not queue:
                self._wake = loop.create_future()
                try:
                    await self._wake
                finally:
                    self._wake = None
            if queue[0] is None:
                break
            if together:
                frames: list[bytes] = []
                while queue and queue[0] is not None:
                    frames.append(cast(bytes, queue.popleft()))
                await send({"type": "websocket.send", FRAMES: frames})
            else:
                frame = cast(bytes, queue.popleft())
                await send({"type": "websocket.send", "text": frame.decode()})
        with contextlib.suppress(Exception):
            await self.websocket.close(self.close_code)

    def finish(self, code: int = 1000) -> None:
        """Close after the frames already queued."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self._push(None)
