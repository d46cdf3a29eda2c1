"""The names of the frames extension (kroeg.server.protocol), which the websocket fast
path (``KROEG_WS_FAST=1``) advertises in a connection's scope: apart from the protocol,
so that a connection asks for them without importing uvicorn's internals."""

FRAMES = "kroeg.frames"
"""The extension's name in ``scope["extensions"]`` and the key of a ``websocket.send`` that
holds its messages: a sequence of UTF-8 encoded texts."""

WRITE = "write"
"""The key of the extension's entry holding ``write_now(texts) -> bool``: a plain call that
writes the texts at once where it can (see ``WebSocketProtocol.write_now``)."""
