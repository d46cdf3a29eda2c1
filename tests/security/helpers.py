"""What the security tests share: guests made over REST, and games played to their end."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.server.harness import Client, Frame, Server, autoplay


def guest(server: Server, name: str) -> tuple[str, str]:
    """A new guest over REST: its player id and token."""
    r = server.post("/api/guests", {"name": name})
    assert r.status_code == 200, r.text
    body = r.json()
    return body["player"], body["token"]


def get(server: Server, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{server.url}{path}", headers=headers, timeout=10, **kwargs)


async def finished_game(server: Server, table: str, client: Client, seat: int = 0) -> Frame:
    """Sit ``client`` at ``seat``, start, and play at random against the house until the
    game is over; the last frame (its ``game_id`` names the game)."""
    await client.send({"type": "sit", "table": table, "seat": seat})
    await client.expect(lambda f: f["type"] == "snapshot" and f["you"] == seat)
    await client.send({"type": "start", "table": table})
    return await autoplay(client, table, random.Random(seat), seat=seat)
