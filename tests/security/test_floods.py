"""Floods bounded by the quotas (issue 17): guests, tables, websockets, request bodies.

Before the quotas, one address made 8,244 guests and 8,742 tables in 10 s, opened 3,000
websockets, and a 100 MB body was read whole before it was refused. The server here has
the low quotas of ``conftest.LIMITS``; each test comes from addresses of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time

from tests.security.clients import alive, connect, guest, rest
from tests.security.conftest import LIMITS
from tests.server.harness import Server

GUESTS = int(LIMITS["KROEG_GUESTS_PER_MINUTE"])
TABLES = int(LIMITS["KROEG_TABLES_PER_MINUTE"])
OPEN_TABLES = int(LIMITS["KROEG_OPEN_TABLES_PER_PLAYER"])
SOCKETS = int(LIMITS["KROEG_SOCKETS_PER_ADDRESS"])
PLAYER_SOCKETS = int(LIMITS["KROEG_SOCKETS_PER_PLAYER"])
MAX_BODY = int(LIMITS["KROEG_MAX_BODY"])
TOEPEN = {"game": "toepen", "variant": "kroegregels"}


def test_guests_per_address_a_minute_then_429_with_retry_after(
    limited: Server, source: str
) -> None:
    with rest(limited, source) as http:
        made = [http.post("/api/guests", json={"name": f"G{i}"}) for i in range(GUESTS + 3)]
    assert [r.status_code for r in made] == [200] * GUESTS + [429] * 3
    refused = made[-1]
    assert refused.json()["detail"]["code"] == "rate_limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 60


def test_guests_by_hello_count_against_the_same_quota(limited: Server, source: str) -> None:
    async def flood() -> None:
        with rest(limited, source) as http:
            for _ in range(GUESTS):
                guest(http)
        client = await connect(limited, source, name="Nieuw")
        error = client.frames[-1]
        assert error["type"] == "error" and error["code"] == "rate_limited", error
        assert await alive(client)  # refused, not dropped
        await client.close()

    asyncio.run(flood())


def test_another_address_is_not_held_back(limited: Server, source: str) -> None:
    with rest(limited, source) as http:
        for _ in range(GUESTS):
            guest(http)
        assert http.post("/api/guests", json={"name": "Te veel"}).status_code == 429
    other = source.rsplit(".", 1)[0] + ".250"
    with rest(limited, other) as http:
        assert http.post("/api/guests", json={"name": "Buurman"}).status_code == 200


def test_tables_need_a_guest(limited: Server, source: str) -> None:
    with rest(limited, source) as http:
        r = http.post("/api/tables", json=TOEPEN)
    assert r.status_code == 401 and r.json()["detail"]["code"] == "not_authenticated"


def test_tables_per_address_a_minute(limited: Server, source: str) -> None:
    with rest(limited, source) as http:
        tokens = [guest(http) for _ in range(TABLES + 1)]  # one table each: no open quota
        made = [
            http.post("/api/tables", json=TOEPEN, headers={"authorization": f"Bearer {t}"})
            for t in tokens
        ]
    assert [r.status_code for r in made] == [200] * TABLES + [429]
    assert made[-1].json()["detail"]["code"] == "rate_limited"
    assert "retry-after" in made[-1].headers


def test_open_tables_per_player(limited: Server, source: str) -> None:
    """The same guest from several addresses: the open tables are the guest's."""
    prefix = source.rsplit(".", 1)[0]
    with rest(limited, source) as http:
        token = guest(http)
    made = []
    for i in range(OPEN_TABLES + 1):
        with rest(limited, f"{prefix}.{200 + i}") as http:
            headers = {"authorization": f"Bearer {token}"}
            made.append(http.post("/api/tables", json=TOEPEN, headers=headers))
    assert [r.status_code for r in made] == [200] * OPEN_TABLES + [409]
    assert made[-1].json()["detail"]["code"] == "too_many_tables"
    listed = {t["id"] for t in limited.get("/api/tables").json()["tables"]}
    assert {r.json()["id"] for r in made[:OPEN_TABLES]} <= listed


def test_websockets_per_address(limited: Server, source: str) -> None:
    async def flood() -> None:
        clients = [await connect(limited, source) for _ in range(SOCKETS)]
        for client in clients:
            assert await alive(client)
        extra = await connect(limited, source)
        error = await extra.error()
        assert error["code"] == "too_many_connections" and error["limit"] == SOCKETS
        assert await asyncio.wait_for(extra.closed, 5) == 1013
        await clients[0].close()
        await asyncio.sleep(0.2)
        again = await connect(limited, source)  # a closed one frees its place
        assert await alive(again)
        for client in [*clients[1:], again]:
            await client.close()

    asyncio.run(flood())


def test_websockets_per_player(limited: Server, source: str) -> None:
    prefix = source.rsplit(".", 1)[0]

    async def flood() -> None:
        with rest(limited, source) as http:
            token = guest(http)
        clients = [
            await connect(limited, f"{prefix}.{200 + i}", token=token)
            for i in range(PLAYER_SOCKETS)
        ]
        assert all(c.frames[-1]["type"] == "welcome" for c in clients)
        extra = await connect(limited, f"{prefix}.210", token=token)
        error = extra.frames[-1]
        assert error["type"] == "error" and error["code"] == "too_many_connections", error
        assert await alive(extra)  # the hello is refused; the connection stays
        await extra.send({"type": "watch", "table": "abc"})
        assert (await extra.error())["code"] == "not_authenticated"
        await clients[0].close()
        await asyncio.sleep(0.2)
        await extra.send({"type": "hello", "token": token})
        welcome = await extra.expect(lambda f: f["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        for client in [*clients[1:], extra]:
            await client.close()

    asyncio.run(flood())


def _raw_post(
    server: Server, source: str, head: bytes, chunks: int, chunk: bytes
) -> tuple[bytes, int]:
    """Send ``head`` then up to ``chunks`` chunks while reading; the response and the
    body bytes sent before it came."""
    sock = socket.create_connection(("127.0.0.1", server.port), source_address=(source, 0))
    sock.settimeout(0.05)
    sent, answer = 0, b""
    try:
        sock.sendall(head)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and b"\r\n\r\n" not in answer:
            with contextlib.suppress(TimeoutError):
                answer += sock.recv(65536)
                continue
            if sent // len(chunk) < chunks:
                with contextlib.suppress(OSError):
                    sock.sendall(chunk)
                    sent += len(chunk)
        with contextlib.suppress(TimeoutError, OSError):
            sock.settimeout(2)
            while len(answer.partition(b"\r\n\r\n")[2]) < 20:
                more = sock.recv(65536)
                if not more:
                    break
                answer += more
    finally:
        sock.close()
    return answer, sent


def test_a_declared_large_body_is_refused_before_it_is_read(limited: Server, source: str) -> None:
    size = 100 * 1024 * 1024
    head = (
        f"POST /api/guests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {size}\r\n\r\n"
    ).encode()
    answer, sent = _raw_post(limited, source, head, 1600, b" " * 65536)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"code":"body_too_large"' in answer
    assert sent < 10 * 1024 * 1024  # the answer came long before the 100 MB


def test_a_chunked_large_body_is_refused_while_it_is_read(limited: Server, source: str) -> None:
    head = (
        b"POST /api/guests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    piece = b" " * 4096
    chunk = b"%x\r\n" % len(piece) + piece + b"\r\n"
    answer, sent = _raw_post(limited, source, head, 25600, chunk)  # up to 100 MB
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"code":"body_too_large"' in answer
    assert MAX_BODY < sent < 10 * 1024 * 1024


def test_a_body_within_the_limit_is_read(limited: Server, source: str) -> None:
    with rest(limited, source) as http:
        padded = '{"name": "Anna"' + " " * (MAX_BODY - 100) + "}"
        r = http.post("/api/guests", content=padded, headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
