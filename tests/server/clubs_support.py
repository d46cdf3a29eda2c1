"""Helpers for the club tests: accounts made in the database (the accounts API is
another issue's), and REST calls with a bearer token."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import sqlalchemy as sa

from kroeg.store import schema
from kroeg.store.database import create_engine, database_url
from tests.server.harness import Server


def account(server: Server, name: str) -> str:
    """A guest made an account named ``name``; its token."""
    r = server.post("/api/guests", {"name": name})
    assert r.status_code == 200, r.text
    guest = r.json()

    async def insert() -> None:
        engine = create_engine(database_url(server.database_url))
        try:
            async with engine.begin() as conn:
                await conn.execute(
                    sa.insert(schema.accounts).values(
                        player_id=guest["player"],
                        name=name,
                        name_key=name.casefold(),
                        created_at=time.time(),
                    )
                )
        finally:
            await engine.dispose()

    asyncio.run(insert())
    return str(guest["token"])


def call(
    server: Server, method: str, path: str, body: Any = None, token: str | None = None
) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return httpx.request(method, f"{server.url}{path}", json=body, headers=headers, timeout=20)


def ok(r: httpx.Response) -> Any:
    assert r.status_code == 200, r.text
    return r.json()


def refused(r: httpx.Response, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert detail["code"] == code, detail
    message: str = detail["message"]
    return message
