"""A connection's outgoing queue: frames in order, those waiting together in one send where
the server offers it, written at once where the server offers that, and a client too slow
to follow is dropped."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from kroeg.server.connection import SEND_QUEUE, Connection
from kroeg.server.protocol import FRAMES, WRITE


class Socket:
    """A websocket that records what is written, and can be made to stall."""

    def __init__(self, together: bool = False, at_once: bool = False) -> None:
        frames = {WRITE: self.write_now} if at_once else {}
        self.scope: dict[str, Any] = {"extensions": {FRAMES: frames} if together else {}}
        self.takes = True
        """Whether ``write_now`` takes frames (the transport is not full)."""
        self.written_at_once: list[int] = []
        """How many frames each ``write_now`` that took them carried."""
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

    def write_now(self, texts: list[bytes]) -> bool:
        if not self.takes:
            return False
        self.sent.extend(t.decode() for t in texts)
        self.written_at_once.append(len(texts))
        return True


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


async def test_a_steps_frames_are_written_at_once_in_one_write_where_the_server_offers_it() -> None:
    socket = Socket(together=True, at_once=True)
    connection = Connection(socket, rate=10)  # type: ignore[arg-type]
    for i in range(3):  # what a table sends in one run of its task
        connection.send(b"%d" % i)
    assert socket.sent == []  # written once the table's run is over, not frame by frame
    await asyncio.sleep(0)
    assert socket.sent == ["0", "1", "2"] and socket.written_at_once == [3]
    connection.send(b"3")
    await asyncio.sleep(0)
    assert socket.written_at_once == [3, 1] and socket.sends == []  # no sender task needed


async def test_frames_the_transport_refuses_go_by_the_sender_in_order_then_at_once_again() -> None:
    socket = Socket(together=True, at_once=True)
    connection = Connection(socket, rate=10)  # type: ignore[arg-type]
    sender = asyncio.create_task(connection.run_sender())
    await asyncio.sleep(0)
    socket.takes = False  # the transport is full: the sender waits until it flows
    socket.flowing.clear()
    connection.send(b"0")
    connection.send(b"1")
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    socket.takes = True  # flowing again, but the sender still holds 0 and 1:
    connection.send(b"2")  # this one waits its turn rather than being written at once
    await asyncio.sleep(0)
    assert socket.sent == []
    socket.flowing.set()
    await asyncio.sleep(0.01)
    assert socket.sent == ["0", "1", "2"]
    assert socket.sends == [2, 1]
    connection.send(b"3")
    connection.finish(1000)
    await asyncio.wait_for(sender, 1)
    assert socket.sent == ["0", "1", "2", "3"] and socket.written_at_once == [1]
    assert socket.closed_with == 1000
