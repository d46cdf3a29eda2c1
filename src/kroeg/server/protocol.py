"""uvicorn's sans-I/O websocket protocol, with one addition: an ASGI extension that sends
several text messages in one ``websocket.send``, written to the socket together.

A table's step often tells a person several versions in a row (their own move, the
house's three, a deal, the clock). Sent one ``websocket.send`` each, every message pays
its way through Starlette's and uvicorn's send coroutines and the websockets library's
frame objects, and uvicorn writes each with its own system call; together, that cost as
much as building the message. With this protocol the server advertises the extension
:data:`FRAMES` in the connection's scope (``scope["extensions"]``, as ASGI extensions
are), and a ``websocket.send`` carrying ``"kroeg.frames": [text, ...]`` (UTF-8 bytes)
writes each text as its own websocket text frame, in order, in one write.

The extension's entry in the scope holds one more thing, :data:`WRITE`: a plain function
that writes texts as frames at once, when the transport takes data, and otherwise says so
and writes nothing (the app then sends them as above, which waits for the transport). A
connection that writes what a table told it in one step this way skips the sender task's
wake-up and the ASGI send coroutines.

An app uses the key only when the scope advertises it: a server that does not know it
would ignore the key and send nothing. The echo of the load benchmark runs on this
protocol too, and sends one plain ``websocket.send`` per message as any ASGI app does.

The subclass leans on parts of uvicorn that are not its public API (the protocol class,
its ``writable``, ``conn``, ``transport`` and handshake flags, ``ClientDisconnected``), so
it is used only with ``KROEG_WS_FAST=1`` (kroeg.server.cli imports this module then
alone); by default the server runs uvicorn's public ``websockets-sansio`` implementation
and the connections send one ``websocket.send`` a frame. tests/server/test_websocket_writes.py
checks this protocol on the uvicorn of constraints.txt, and make test runs the websocket
tests both ways (docs/operations.md, "The websocket fast path").
"""

from __future__ import annotations

import struct
from collections.abc import Coroutine, Mapping, Sequence
from typing import Any, cast

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

from kroeg.server.frames_extension import FRAMES, WRITE

__all__ = ["FRAMES", "WRITE", "WebSocketProtocol", "text_frame_header"]

_TEXT = 0x81
"""The first byte of an unfragmented text frame: FIN and opcode 1 (RFC 6455, 5.2)."""
_LENGTH_16 = struct.Struct("!BBH")
_LENGTH_64 = struct.Struct("!BBQ")


def text_frame_header(length: int) -> bytes:
    """The header of an unmasked, unfragmented text frame of ``length`` payload bytes
    (RFC 6455, 5.2: a server's frames are never masked)."""
    if length < 126:
        return bytes((_TEXT, length))
    if length < 1 << 16:
        return _LENGTH_16.pack(_TEXT, 126, length)
    return _LENGTH_64.pack(_TEXT, 127, length)


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """``ws=`` for uvicorn: its sans-I/O websocket protocol plus the :data:`FRAMES`
    extension."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        # The frames are written without the websockets library, so only where it would
        # write them unchanged: an accepted handshake with no extension (no compression).
        if self.response.status_code == 101 and not self.conn.extensions:
            self.scope["extensions"][FRAMES] = {WRITE: self.write_now}

    def write_now(self, texts: Sequence[bytes]) -> bool:
        """Write the texts as frames at once, if the connection is open and its transport
        takes data now; False (nothing written): send them with ``websocket.send``, which
        waits until the transport does, or fails on a closed connection."""
        if self.writable.is_set() and self._open_for_frames() and self.conn.state is State.OPEN:
            self._write(texts)
            return True
        return False

    def send(self, message: ASGISendEvent) -> Coroutine[Any, Any, None]:
        """uvicorn's ``send``, but a ``websocket.send`` with :data:`FRAMES` on an open
        connection writes all its messages at once.

        A plain function that hands back the coroutine to await: a message without the key
        (every message of the echo) costs one call more than in uvicorn, not a coroutine."""
        texts = cast(Mapping[str, Any], message).get(FRAMES)
        if texts is not None and message["type"] == "websocket.send" and self._open_for_frames():
            return self._write_texts(texts)
        return super().send(message)

    async def _write_texts(self, texts: Sequence[bytes]) -> None:
        """Write each text as a frame, after what the connection already has to send;
        a closed connection fails as uvicorn's ``send`` fails on it."""
        await self.writable.wait()
        if self.disconnected or self.conn.state is not State.OPEN:
            raise ClientDisconnected()
        self._write(texts)

    def _write(self, texts: Sequence[bytes]) -> None:
        """The texts as frames, after what the connection already has to send, in one
        write."""
        parts = self.conn.data_to_send()
        for text in texts:
            parts.append(text_frame_header(len(text)))
            parts.append(text)
        self.transport.write(b"".join(parts))

    def _open_for_frames(self) -> bool:
        """Whether a ``websocket.send`` now would be a frame (not a handshake, a denial
        response, or a send after the close, which uvicorn answers itself)."""
        return (
            self.handshake_complete
            and not self.close_sent
            and self.initial_response is None
            and not self.disconnected
        )
