"""The one place where what a client sends is read as JSON (docs/security.md, "Hostile
input"): every REST body (the :class:`JsonBodies` middleware) and every websocket message
(:func:`unreadable`, from kroeg.server.ws) is strict JSON or it is refused as
``malformed``, before any route or table sees it.

Strict JSON is UTF-8 without a lone surrogate (``"\\ud800"``), numbers that are finite
(no ``NaN``, ``Infinity`` or ``1e999``), and nesting that a parser can follow. Python's
own ``json`` takes all of these; what it made of them broke later, where the value was
stored or answered (a 500, or a score sheet that answered 500 from then on).

A body that is strict JSON but not of the route's form gets FastAPI's validation error,
which :func:`validation_error` answers as the API's other errors: 422 with
``{"detail": {"code": "bad_request", "message", "errors"}}``, never echoing the input.
"""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MALFORMED = "malformed"
BAD_REQUEST = "bad_request"


def unreadable(data: bytes | str) -> str | None:
    """Why ``data`` is not strict JSON (a short English reason), or None when it is."""
    try:
        msgspec.json.decode(data)
    except msgspec.ValidationError:
        # msgspec's only refusal of a well-formed document: a number out of range.
        return "a number is out of range (NaN, Infinity and 1e999 are not numbers)"
    except msgspec.DecodeError as e:
        return f"it is not JSON: {e}"
    except RecursionError:
        return "it nests too deep"
    return None


def malformed_detail(reason: str) -> dict[str, str]:
    return {"code": MALFORMED, "message": f"the body was refused: {reason}"}


class JsonBodies:
    """ASGI middleware: a request with a body that is not strict JSON is answered 422
    ``malformed`` before any route runs. The body (already bounded by
    :class:`kroeg.server.limits.BodyLimit`, which sits outside this one) is read whole,
    checked, and handed on to the route unchanged."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left while sending
                await self.app(scope, _replay([message], receive), send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        reason = unreadable(body) if body else None
        if reason is not None:
            response = JSONResponse({"detail": malformed_detail(reason)}, 422)
            await response(scope, receive, send)
            return
        whole: Message = {"type": "http.request", "body": body, "more_body": False}
        await self.app(scope, _replay([whole], receive), send)


def _replay(first: list[Message], receive: Receive) -> Receive:
    """``first`` once, then the client's own messages (its disconnect, for long polls)."""
    pending = list(first)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


async def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """A request of strict JSON, or a path or query, not of the route's form: 422
    ``bad_request``, with where and what (never the value sent)."""
    raw = exc.errors() if isinstance(exc, RequestValidationError) else []
    errors: list[dict[str, Any]] = [
        {
            "loc": [str(part) for part in error.get("loc", ())],
            "msg": str(error.get("msg", "")),
            "type": str(error.get("type", "")),
        }
        for error in raw
    ]
    first = errors[0] if errors else {"loc": [], "msg": "not of the expected form"}
    where = ".".join(first["loc"]) or "the request"
    message = f"{where}: {first['msg']}"
    return JSONResponse(
        {"detail": {"code": BAD_REQUEST, "message": message, "errors": errors}}, 422
    )
