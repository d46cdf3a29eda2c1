"""uvicorn's sans-I/O websocket protocol, with one addition: frames sent back to back are
written to the socket together.

uvicorn writes every ``websocket.send`` to its socket at once: one system call per
frame. A table's step often tells a person several versions in a row (their own move, the
house's three, a deal, the clock), and each write is a trip through the kernel's TCP stack
that costs more than building the frame. A ``websocket.send`` carrying ``"kroeg.more":
True`` says that another frame follows at once: its websocket frame is made (and checked
against the connection's state) as usual, but held until the next ``websocket.send``
without that key, which writes all of them in one call, or until the end of the event
loop's current round at the latest. Each message stays its own websocket frame, in order;
only the writes are fewer.

A server without this protocol ignores the key (ASGI servers read only the keys they
know), so an app that sets it still works anywhere. The echo of the load benchmark runs on
this protocol too and never sets it: it has one frame at a time to send.
"""

from __future__ import annotations

from collections.abc import Coroutine, Mapping
from typing import Any, cast

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

MORE = "kroeg.more"
"""The key of a ``websocket.send`` message that says another one follows at once."""


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """``ws=`` for uvicorn: its sans-I/O websocket protocol plus :data:`MORE`."""

    _flush_due = False

    def send(self, message: ASGISendEvent) -> Coroutine[Any, Any, None]:
        """uvicorn's ``send``, but a frame marked :data:`MORE` on an open connection is held.

        A plain function that hands back the coroutine to await: a message without the key
        (every message of the echo) costs one call more than in uvicorn, not a coroutine."""
        if (
            cast(Mapping[str, Any], message).get(MORE)
            and message["type"] == "websocket.send"
            and self._open_for_frames()
        ):
            return self._hold(cast(Mapping[str, Any], message))
        return super().send(message)

    async def _hold(self, message: Mapping[str, Any]) -> None:
        """Make the frame now, checked as uvicorn checks it; write it with the next one."""
        text, data = message.get("text"), message.get("bytes")
        await self.writable.wait()
        if self.disconnected:
            raise ClientDisconnected()
        try:
            if data is not None:
                self.conn.send_binary(data)
            elif isinstance(text, str):
                self.conn.send_text(text.encode())
        except InvalidState:
            raise ClientDisconnected() from None
        if not self._flush_due:
            self._flush_due = True
            self.loop.call_soon(self._flush)

    def _open_for_frames(self) -> bool:
        """Whether a ``websocket.send`` now would be a frame (not a handshake, a denial
        response, or a send after the close, which uvicorn answers itself)."""
        return (
            self.handshake_complete
            and not self.close_sent
            and self.initial_response is None
            and not self.disconnected
        )

    def _flush(self) -> None:
        """Write what is held, if a later send has not already written it."""
        self._flush_due = False
        if self.transport.is_closing():
            return
        output = self.conn.data_to_send()
        if output:
            self.transport.write(b"".join(output))
