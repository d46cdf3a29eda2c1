"""kroeg.server.protocol: the ``kroeg.frames`` extension is offered on uncompressed
connections only; its messages reach the socket in one write, each its own websocket text
frame, in order, as a websockets client reads them; a plain send is written at once, as
uvicorn does; its ``write`` entry writes at once while the transport takes data, and
refuses (writing nothing) while it does not or once the connection closes."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn
from uvicorn.server import ServerState
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from kroeg.server.protocol import FRAMES, WRITE, WebSocketProtocol

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


Talk = Callable[[dict[str, Any], Send], Awaitable[None]]


async def connect(talk: Talk, *, compression: bool = False) -> tuple[Transport, ClientProtocol]:
    """A server protocol on a recording transport, its handshake done (with
    permessage-deflate when ``compression``), running an app that accepts and then calls
    ``talk(scope, send)``; and the client's side, to read the writes."""
    started = asyncio.Event()

    async def app(scope: dict[str, Any], receive: Any, send: Send) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        started.set()
        await talk(scope, send)
        await asyncio.Event().wait()  # stay open

    config = uvicorn.Config(
        app, ws=WebSocketProtocol, ws_per_message_deflate=compression, log_level="warning"
    )
    config.load()
    protocol = WebSocketProtocol(config, ServerState(), app_state={})
    transport = Transport()
    protocol.connection_made(transport)
    extensions = [ClientPerMessageDeflateFactory()] if compression else None
    client = ClientProtocol(parse_uri("ws://127.0.0.1:8000/ws"), extensions=extensions)
    client.send_request(client.connect())
    protocol.data_received(b"".join(client.data_to_send()))
    await asyncio.wait_for(started.wait(), 1)
    client.receive_data(transport.writes.pop(0))  # the handshake's response
    [response] = client.events_received()
    assert getattr(response, "status_code", None) == 101
    assert bool(client.extensions) == compression
    return transport, client


def messages(client: ClientProtocol, write: bytes) -> list[str]:
    client.receive_data(write)
    frames = [e for e in client.events_received() if isinstance(e, Frame)]
    assert all(f.opcode == Opcode.TEXT and f.fin for f in frames)
    return [bytes(f.data).decode() for f in frames]


# Lengths on each side of the header's three forms (RFC 6455, 5.2: 7 bits, 16, 64), and
# text that is not ASCII: the length counts bytes.
TEXTS = ["", "a" * 125, "b" * 126, "c" * 65535, "d" * 65536, "Dat is flauw! Één kaart, €5"]


async def test_frames_go_out_in_one_write_each_its_own_message_in_order() -> None:
    offered: list[bool] = []

    async def talk(scope: dict[str, Any], send: Send) -> None:
        offered.append(FRAMES in scope["extensions"])
        await send({"type": "websocket.send", FRAMES: [t.encode() for t in TEXTS]})

    transport, client = await connect(talk)
    await asyncio.sleep(0.01)
    assert offered == [True]
    assert len(transport.writes) == 1
    assert messages(client, transport.writes[0]) == TEXTS


async def test_frames_follow_what_the_connection_already_had_to_write() -> None:
    async def talk(scope: dict[str, Any], send: Send) -> None:
        await send({"type": "websocket.send", "text": "eerst"})
        await send({"type": "websocket.send", FRAMES: [b"dan", b"daarna"]})
        await send({"type": "websocket.send", "text": "laatst"})

    transport, client = await connect(talk)
    await asyncio.sleep(0.01)
    assert [messages(client, w) for w in transport.writes] == [
        ["eerst"],
        ["dan", "daarna"],
        ["laatst"],
    ]


async def test_the_extension_is_not_offered_on_a_compressed_connection() -> None:
    """Its frames bypass the websockets library, which would compress them."""
    offered: list[bool] = []

    async def talk(scope: dict[str, Any], send: Send) -> None:
        offered.append(FRAMES in scope["extensions"])
        await send({"type": "websocket.send", "text": "ingepakt"})

    transport, client = await connect(talk, compression=True)
    await asyncio.sleep(0.01)
    assert offered == [False]
    [write] = transport.writes
    assert write[0] & 0x40  # RSV1: compressed by the library
    assert messages(client, write) == ["ingepakt"]


async def test_without_the_key_every_message_is_its_own_write() -> None:
    async def talk(scope: dict[str, Any], send: Send) -> None:
        for text in ("a", "b", "c"):
            await send({"type": "websocket.send", "text": text})

    transport, client = await connect(talk)
    await asyncio.sleep(0.01)
    assert [messages(client, w) for w in transport.writes] == [["a"], ["b"], ["c"]]


async def test_write_now_writes_while_the_transport_takes_data_and_refuses_otherwise() -> None:
    scopes: list[dict[str, Any]] = []

    async def talk(scope: dict[str, Any], send: Send) -> None:
        scopes.append(scope)

    transport, client = await connect(talk)
    write_now = scopes[0]["extensions"][FRAMES][WRITE]
    protocol = write_now.__self__
    assert write_now([b"een", "twee \u20ac".encode()]) is True
    assert [messages(client, w) for w in transport.writes] == [["een", "twee \u20ac"]]
    protocol.pause_writing()  # the transport's buffer is full
    assert write_now([b"drie"]) is False
    protocol.resume_writing()
    assert write_now([b"drie"]) is True
    protocol.connection_lost(None)
    assert write_now([b"vier"]) is False
    assert [messages(client, w) for w in transport.writes] == [["een", "twee \u20ac"], ["drie"]]
