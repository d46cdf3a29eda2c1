"""A bare websocket echo on the same stack as ``/ws`` (uvicorn, the same settings, called
directly like it, kroeg.server.entry): the ceiling the load benchmark compares the tables
with. Only served with ``KROEG_ECHO=1``."""

from __future__ import annotations

from starlette.websockets import WebSocket, WebSocketDisconnect


async def echo(websocket: WebSocket) -> None:
    await websocket.accept()
    try:
        while True:
            await websocket.send_text(await websocket.receive_text())
    except WebSocketDisconnect:
        return
