"""A bare websocket echo on the same stack (FastAPI, uvicorn, the same settings): the
ceiling the load benchmark compares the tables with. Only served with ``KROEG_ECHO=1``."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

router = APIRouter()


@router.websocket("/echo")
async def echo(websocket: WebSocket) -> None:
    await websocket.accept()
    try:
        while True:
            await websocket.send_text(await websocket.receive_text())
    except WebSocketDisconnect:
        return
