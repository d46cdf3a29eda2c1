"""One websocket connection: who it is, its outgoing queue, and its rate limits."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, cast

import msgspec
from starlette.websockets import WebSocket

from kroeg.server.frames_extension import FRAMES, WRITE

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
        self.address = "unknown"
        """The client's address, for the quotas (kroeg.server.limits)."""
        self.player: str | None = None
        self.name: str | None = None
        self.ignored: frozenset[str] = frozenset()
        """The players this player blocks: their chat is not sent here (kroeg.accounts.social)."""
        self.tables: set[str] = set()
        self.queue: deque[bytes | None] = deque()
        """Frames to write, in order; None closes the connection after those before it."""
        self._wake: asyncio.Future[None] | None = None
        self._loop = asyncio.get_running_loop()
        frames = (websocket.scope.get("extensions") or {}).get(FRAMES)
        self._write_now: Callable[[Sequence[bytes]], bool] | None = (
            None if frames is None else frames.get(WRITE)
        )
        self._due = False
        """A write of the waiting frames is scheduled (:meth:`_write_waiting`)."""
        self._sending = False
        """The sender task holds frames it has taken from the queue and not yet written."""
        self.messages = TokenBucket(rate, 2 * rate)
        self.chats: list[float] = []
        self.last_rate_error = 0.0
        self.closed = False
        self.close_code = 1000
        self.bot = False
        """Signed in as a bot account (docs/bots-api.md)."""
        self.on_error: Callable[[str], None] | None = None
        """Told the code of every ``error`` sent (a bot's conduct, kroeg.server.bot_conduct)."""
        self.account: str | None = None
        """The kind of the account signed in (``person``, ``bot``); None for a guest."""

    def hears(self, player: str) -> bool:
        """Chat from a player this player blocks is never sent here."""
        return player not in self.ignored

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
        if self._write_now is None:
            self._wake_sender()
        elif not self._due:
            self._due = True
            self._loop.call_soon(self._write_waiting)

    def _write_waiting(self) -> None:
        """Write the waiting frames at once, in one write: all a table sent in one step
        (it sends them in one run of its task, before this runs). The sender task writes
        them instead when that cannot be: the transport takes no more just now, the
        connection closes, or the sender is in the middle of a send (order first).

        A plain call where the server offers it (:data:`WRITE`): waking the sender task
        for every step and passing the frames down through the ASGI send coroutines cost
        more than writing them."""
        self._due = False
        queue = self.queue
        if not self._sending and queue and queue[0] is not None:
            frames: list[bytes] = []
            while queue and queue[0] is not None:
                frames.append(cast(bytes, queue.popleft()))
            assert self._write_now is not None
            if not self._write_now(frames):
                queue.extendleft(reversed(frames))
        if queue:
            self._wake_sender()

    def _wake_sender(self) -> None:
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    def send_json(self, message: dict[str, Any]) -> None:
        self.send(_encode(message))

    def error(self, code: str, message: str, **extra: Any) -> None:
        self.send_json({"type": "error", "code": code, "message": message, **extra})
        if self.on_error is not None:
            self.on_error(code)

    def chat_allowed(self) -> bool:
        now = time.monotonic()
        self.chats = [t for t in self.chats if now - t < CHAT_WINDOW]
        if len(self.chats) >= CHAT_LIMIT:
            return False
        self.chats.append(now)
        return True

    async def run_sender(self) -> None:
        """Write queued frames in order until the connection closes: all that are waiting
        in one ``websocket.send`` where the server offers :data:`FRAMES`, else one each.
        Where the server offers :data:`WRITE`, this task only writes what
        :meth:`_write_waiting` could not, and closes the connection."""
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
            self._sending = True
            try:
                if together:
                    frames: list[bytes] = []
                    while queue and queue[0] is not None:
                        frames.append(cast(bytes, queue.popleft()))
                    await send({"type": "websocket.send", FRAMES: frames})
                else:
                    frame = cast(bytes, queue.popleft())
                    await send({"type": "websocket.send", "text": frame.decode()})
            finally:
                self._sending = False
        with contextlib.suppress(Exception):
            await self.websocket.close(self.close_code)

    def finish(self, code: int = 1000) -> None:
        """Close after the frames already queued."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self._push(None)
