"""Crafted input never gives a 500, a dropped socket or an ``internal`` (issue 17).

Before: a token with a non-ASCII character made ``hmac.compare_digest`` raise (500 on
every REST call, ``internal`` on ``hello``); ``GET /api/games/2147483648/record`` gave 500
on PostgreSQL; an ``act`` whose action nests 1,000 lists deep dropped the socket; a failed
database write sent the raw SQL error text to the client.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import asyncpg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kroeg.accounts.sessions import Tokens
from tests.security.clients import alive, connect, rest
from tests.server.harness import Client, Server

DEEP = "[" * 1000 + "]" * 1000
LEAKS = re.compile(r"INSERT|SELECT|UPDATE|sqlalchemy|asyncpg|sqlite|Traceback|constraint", re.I)


@settings(max_examples=500, deadline=None)
@given(token=st.text(max_size=300))
def test_any_text_is_just_a_bad_token(token: str) -> None:
    tokens = Tokens("s" * 64)
    assert tokens.verify(token) is None
    good = tokens.issue("p0123456789abcdef0123")
    assert tokens.verify(good) == "p0123456789abcdef0123"
    assert tokens.verify(good + token) is None or token == ""


@pytest.mark.parametrize(
    "header",
    [
        [(b"authorization", "Bearer p1.é".encode())],
        [(b"authorization", b"Bearer \xff\xfe\x00"[:-1])],
        [(b"cookie", "kroeg_token=päär.ß".encode())],
        [(b"cookie", b"kroeg_token=\xc3\x28")],
    ],
    ids=["bearer-latin1", "bearer-bytes", "cookie-utf8", "cookie-invalid-utf8"],
)
def test_a_token_of_any_bytes_is_a_401(sqlite_server: Server, header: Any) -> None:
    import httpx

    r = httpx.get(f"{sqlite_server.url}/api/me", headers=header, timeout=10)
    assert r.status_code == 401, r.text
    assert r.json()["detail"]["code"] == "not_authenticated"


def test_hello_with_a_non_ascii_token_is_a_bad_token(sqlite_server: Server) -> None:
    async def hello() -> None:
        client = await Client.connect(sqlite_server, name=None)
        for token in ["p1.é", "ä" * 200, "\u2028.\u0000"]:
            await client.send({"type": "hello", "token": token})
            assert (await client.error())["code"] == "bad_token"
        assert await alive(client)
        await client.close()

    asyncio.run(hello())


@pytest.mark.parametrize(
    "game_id", ["2147483648", "9223372036854775808", "99999999999999999999999", "0", "-1"]
)
def test_out_of_range_game_ids_are_a_422(backend_server: Server, game_id: str) -> None:
    r = backend_server.get(f"/api/games/{game_id}/record")
    assert r.status_code == 422, r.text


def test_the_largest_game_id_is_just_unknown(backend_server: Server) -> None:
    r = backend_server.get("/api/games/2147483647/record")
    assert r.status_code == 404 and r.json()["detail"]["code"] == "unknown_game"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/tables/{table}/sit", {"seat": 2**40}),
        ("/api/tables/{table}/sit", {"seat": -1}),
        ("/api/tables", {"game": "toepen", "variant": "kroegregels", "seats": 10**30}),
        ("/api/tables", {"game": "toepen", "variant": "kroegregels", "clock_seconds": 1e308}),
        ("/api/tables", {"game": "toepen", "variant": "kroegregels", "options": {"x": []}}),
        ("/api/tables", {"game": "x" * 5000, "variant": "kroegregels"}),
        ("/api/guests", {"name": "x" * 5000}),
        ("/api/guests", {"name": ["Anna"]}),
    ],
)
def test_crafted_bodies_are_a_4xx(backend_server: Server, path: str, body: Any) -> None:
    table = backend_server.table("toepen", "kroegregels")
    r = backend_server.post(path.format(table=table), body, token=backend_server.host_token())
    assert 400 <= r.status_code < 500, r.text
    assert isinstance(r.json()["detail"], (dict, list))


def test_deep_json_in_a_body_is_a_4xx(sqlite_server: Server) -> None:
    """The strict reading of every body (kroeg.server.json_input) gives up on it before
    any route: 422 ``malformed``."""
    import httpx

    body = '{"game": "toepen", "variant": "kroegregels", "options": {"a": ' + DEEP + "}}"
    r = httpx.post(
        f"{sqlite_server.url}/api/tables",
        content=body,
        headers={
            "content-type": "application/json",
            "authorization": f"Bearer {sqlite_server.host_token()}",
        },
        timeout=10,
    )
    assert r.status_code == 422, r.text
    assert r.json()["detail"]["code"] == "malformed"


def test_a_long_table_id_in_a_path_is_a_4xx(sqlite_server: Server) -> None:
    r = sqlite_server.get(f"/api/tables/{'a' * 5000}")
    assert r.status_code in (404, 422), r.text


FRAMES = [
    '{"type":"act","table":"t","version":1,"action":' + DEEP + "}",
    '{"type":"act","table":"t","version":1,"action":["meld",' + DEEP + "]}",
    '{"type":"hello","name":' + DEEP + "}",
    '{"type":"chat","table":"t","text":' + DEEP + "}",
    '{"type":"resume","table":"t","version":' + str(2**70) + "}",
    '{"type":"act","table":"t","version":' + str(2**64) + ',"action":["play","Th"]}',
    '{"type":"act","table":"t","version":1,"action":["challenge",' + str(2**64) + "]}",
    '{"type":"sit","table":"t","seat":' + str(10**20) + "}",
    '{"type":"sit","table":"t","seat":-1}',
    '{"type":"watch","table":"' + "x" * 3000 + '"}',
    '{"type":"hello","token":"' + "é" * 1000 + '"}',
    '{"type":"ping","extra":1}',
    '{"type":"act","table":"t","version":1,"action":[' + ",".join(['"x"'] * 500) + "]}",
    "[" * 2000,
    '{"type":"hello","name":"\\ud800"}',
    '{"type": 1}',
    "null",
]


@pytest.mark.parametrize("frame", FRAMES, ids=range(len(FRAMES)))
def test_crafted_frames_get_an_error_and_the_socket_stays(
    sqlite_server: Server, frame: str
) -> None:
    async def send() -> None:
        client = await Client.connect(sqlite_server)
        await client.send(frame)
        error = await client.error()
        assert error["code"] in (
            "bad_message",
            "malformed",
            "too_large",
            "bad_token",
            "bad_name",
        ), error
        assert await alive(client)
        await client.close()

    asyncio.run(send())


_MESSAGES: dict[str, dict[str, Any]] = {
    "hello": {"token": "t", "name": "Anna"},
    "watch": {"table": "t"},
    "unwatch": {"table": "t"},
    "resume": {"table": "t", "version": 1},
    "sit": {"table": "t", "seat": 1},
    "stand": {"table": "t"},
    "leave": {"table": "t"},
    "start": {"table": "t"},
    "act": {"table": "t", "version": 1, "action": ["play", "Th"]},
    "chat": {"table": "t", "preset": "proost"},
}
_WRONG: list[Any] = [True, 1.5, {"a": 1}, [1, [2]], "x", 3, None]


@pytest.mark.parametrize("kind", sorted(_MESSAGES))
def test_wrong_types_in_every_field_are_a_bad_message(sqlite_server: Server, kind: str) -> None:
    fields = _MESSAGES[kind]

    async def send() -> None:
        client = await Client.connect(sqlite_server)
        for name, good in fields.items():
            for wrong in _WRONG:
                if type(wrong) is type(good) or (good is not None and wrong is None):
                    continue
                await client.send(json.dumps({"type": kind, **fields, name: wrong}))
                error = await client.error()
                assert error["code"] == "bad_message", (name, wrong, error)
        assert await alive(client)
        await client.close()

    asyncio.run(send())


@pytest.fixture
def failing_writes(postgres_server: Server) -> Any:
    """PostgreSQL refuses some writes: guests named Boem, and every game's start."""
    dsn = postgres_server.database_url.replace("postgresql+asyncpg", "postgresql")

    async def alter(*sql: str) -> None:
        conn = await asyncpg.connect(dsn)
        try:
            for statement in sql:
                await conn.execute(statement)
        finally:
            await conn.close()

    asyncio.run(
        alter(
            "ALTER TABLE players ADD CONSTRAINT no_boem CHECK (name <> 'Boem')",
            "ALTER TABLE games ADD CONSTRAINT no_games CHECK (number < 0) NOT VALID",
        )
    )
    yield postgres_server
    asyncio.run(
        alter(
            "ALTER TABLE players DROP CONSTRAINT no_boem",
            "ALTER TABLE games DROP CONSTRAINT no_games",
        )
    )


def _no_leak(error: dict[str, Any], server: Server) -> None:
    assert error["code"] == "internal", error
    assert not LEAKS.search(error["message"]), error
    request_id = re.search(r"request ([0-9a-f]{12})", error["message"])
    assert request_id is not None, error
    assert request_id.group(1) in server.log.read_text()  # logged under the id it names


def test_a_failed_write_tells_no_sql(failing_writes: Server, source: str) -> None:
    server = failing_writes
    with rest(server, source) as http:
        r = http.post("/api/guests", json={"name": "Boem"})
    assert r.status_code == 500
    _no_leak(r.json()["detail"], server)

    async def through_websockets() -> None:
        client = await connect(server, source, name="Boem")
        error = client.frames[-1]
        _no_leak(error, server)
        assert error["request_id"] in error["message"]
        assert await alive(client)
        await client.send({"type": "hello", "name": "Anna"})
        await client.expect(lambda f: f["type"] == "welcome")
        table = server.table("toepen", "kroegregels")
        await client.send({"type": "sit", "table": table})
        await client.send({"type": "start", "table": table})
        _no_leak(await client.error(), server)
        assert await alive(client)
        await client.close()

    asyncio.run(through_websockets())
