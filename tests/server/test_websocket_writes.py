"""kroeg.server.protocol: frames sent back to back reach the socket in one write, each still
its own websocket message, in order; a frame held for more goes out by the end of the loop's
round at the latest; a send without the key is written at once, as uvicorn does."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn
from uvicorn.server import ServerState
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from kroeg.server.protocol import MORE, WebSocketProtocol

Send = Callable[[dict[str, Any]], Awaitable[None]]


class Transport(asyncio.Transport):
    """Records each write: one entry per system call the real transport would make."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 50000)}.get(
            name, default
        )

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def connect(talk: Callable[[Send], Awaitable[None]]) -> tuple[Transport, ClientProtocol]:
    """A server protocol on a recording transport, its handshake done, running an app that
    accepts and then calls ``talk(send)``; and the client's side, to read the writes."""
    started = asyncio.Event()

    async def app(scope: dict[str, Any], receive: Any, send: Send) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        started.set()
        await talk(send)
        await asyncio.Event().wait()  # stay open

    config = uvicorn.Config(app, ws=WebSocketProtocol, log_level="warning")
    config.load()
    protocol = WebSocketProtocol(config, ServerState(), app_state={})
    transport = Transport()
    protocol.connection_made(transport)
    client = ClientProtocol(parse_uri("ws://127.0.0.1:8000/ws"))
    client.send_request(client.connect())
    protocol.data_received(b"".join(client.data_to_send()))
    await asyncio.wait_for(started.wait(), 1)
    client.receive_data(transport.writes.pop(0))  # the handshake's response
    [response] = client.events_received()
    assert getattr(response, "status_code", None) == 101
    return transport, client


def messages(client: ClientProtocol, write: bytes) -> list[str]:
    client.receive_data(write)
    frames = [e for e in client.events_received() if isinstance(e, Frame)]
    assert all(f.opcode == Opcode.TEXT and f.fin for f in frames)
    return [bytes(f.data).decode() for f in frames]


async def test_frames_sent_with_more_go_out_in_one_write_in_order() -> None:
    async def talk(send: Send) -> None:
        await send({"type": "websocket.send", "text": "one", MORE: True})
        await send({"type": "websocket.send", "text": "two", MORE: True})
        await send({"type": "websocket.send", "text": "drie"})

    transport, client = await connect(talk)
    await asyncio.sleep(0)
    assert len(transport.writes) == 1
    assert messages(client, transport.writes[0]) == ["one", "two", "drie"]
    await asyncio.sleep(0.01)
    assert len(transport.writes) == 1  # nothing left to flush


async def test_a_frame_held_for_more_goes_out_by_the_end_of_the_round() -> None:
    async def talk(send: Send) -> None:
        await send({"type": "websocket.send", "text": "alleen", MORE: True})

    transport, client = await connect(talk)
    await asyncio.sleep(0.01)
    assert [messages(client, w) for w in transport.writes] == [["alleen"]]


async def test_without_more_every_frame_is_its_own_write() -> None:
    async def talk(send: Send) -> None:
        for text in ("a", "b", "c"):
            await send({"type": "websocket.send", "text": text})

    transport, client = await connect(talk)
    await asyncio.sleep(0.01)
    assert [messages(client, w) for w in transport.writes] == [["a"], ["b"], ["c"]]
