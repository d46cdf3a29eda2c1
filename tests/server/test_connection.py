"""A connection's outgoing queue: frames in order, those waiting together in one send where
the server offers it, and a client too slow to follow is dropped."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from kroeg.server.connection import SEND_QUEUE, Connection
from kroeg.server.protocol import FRAMES


class Socket:
    """A websocket that records what is written, and can be made to stall."""

    def __init__(self, together: bool = False) -> None:
        self.scope: dict[str, Any] = {"extensions": {FRAMES: {}} if together else {}}
        self.sent: list[str] = []
        self.sends: list[int] = []
        """How many frames each send carried."""
        self.closed_with: int | None = None
        self.flowing = asyncio.Event()
        self.flowing.set()

    async def send(self, message: dict[str, Any]) -> None:
        await self.flowing.wait()
        texts = [t.decode() for t in message[FRAMES]] if FRAMES in message else [message["text"]]
        self.sent.extend(texts)
        self.sends.append(len(texts))

    async def close(self, code: int) -> None:
        self.closed_with = code


@pytest.mark.parametrize("together", [False, True])
async def test_frames_are_written_in_order_and_finish_closes_after_them(together: bool) -> None:
    socket = Socket(together)
    connection = Connection(socket, rate=10)  # type: ignore[arg-type]
    sender = asyncio.create_task(connection.run_sender())
    for i in range(5):
        connection.send(b'{"n":%d}' % i)
    await asyncio.sleep(0)
    connection.send(b'{"n":5}')
    connection.finish(1012)
    connection.send(b'{"n":6}')  # after finish: not sent
    await asyncio.wait_for(sender, 1)
    assert socket.sent == [f'{{"n":{i}}}' for i in range(6)]
    assert socket.closed_with == 1012
    # Where the server offers kroeg.frames, the frames waiting when the sender wakes go
    # in one send: the five queued at once, then the last one before the close.
    assert socket.sends == ([5, 1] if together else [1] * 6)


@pytest.mark.parametrize("together", [False, True])
async def test_a_client_too_slow_to_follow_is_dropped_with_1013(together: bool) -> None:
    socket = Socket(together)
    socket.flowing.clear()
    connection = Connection(socket, rate=10)  # type: ignore[arg-type]
    sender = asyncio.create_task(connection.run_sender())
    await asyncio.sleep(0)
    for i in range(SEND_QUEUE + 10):
        connection.send(b"%d" % i)
    assert connection.closed and connection.close_code == 1013
    socket.flowing.set()
    await asyncio.wait_for(sender, 1)
    assert socket.closed_with == 1013
    # The frames before the overflow arrive in order, without a gap; nothing after it.
    assert socket.sent == [str(i) for i in range(len(socket.sent))]
    assert SEND_QUEUE - 1 <= len(socket.sent) <= SEND_QUEUE
