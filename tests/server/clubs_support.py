"""Helpers for the club tests: accounts, and REST calls with a bearer token."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.harness import Server, http


def account(server: Server, name: str) -> str:
    """A new account named ``name`` (kroeg.accounts, POST /api/accounts); its token."""
    r = server.post("/api/accounts", {"name": name, "password": "klaverjassen-1"})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def call(
    server: Server, method: str, path: str, body: Any = None, token: str | None = None
) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return http().request(method, f"{server.url}{path}", json=body, headers=headers, timeout=20)


def ok(r: httpx.Response) -> Any:
    assert r.status_code == 200, r.text
    return r.json()


def refused(r: httpx.Response, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert detail["code"] == code, detail
    message: str = detail["message"]
    return message
