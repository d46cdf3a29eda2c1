"""The websocket protocol's refusals (docs/protocol.md): each gets an ``error`` with its
code and changes nothing; the server keeps answering whatever it is sent."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.harness import Client, Server, is_state


async def _seated(
    server: Server, game: str = "toepen", variant: str = "kroegregels"
) -> tuple[Client, str]:
    table = server.table(game, variant)
    client = await Client.connect(server, "Anna")
    await client.send({"type": "sit", "table": table, "seat": 0})
    await client.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
    return client, table


async def test_nothing_but_hello_is_accepted_before_the_welcome(sqlite_server: Server) -> None:
    table = sqlite_server.table("toepen", "kroegregels")
    client = await Client.connect(sqlite_server, name=None)
    await client.send({"type": "watch", "table": table})
    assert (await client.error())["code"] == "not_authenticated"
    await client.send({"type": "hello", "token": "p_nobody.forged"})
    assert (await client.error())["code"] == "bad_token"
    await client.send({"type": "hello"})
    assert (await client.error())["code"] == "bad_name"
    await client.send({"type": "hello", "name": "  Anna  "})
    welcome = await client.expect(lambda f: f["type"] == "welcome")
    assert welcome["name"] == "Anna" and "mieke" in welcome["presets"]
    await client.close()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "malformed"),
        ('{"type": "sit", "table": "x", "seat": NaN}', "malformed"),
        ('{"type": "sit", "table": "x", "seat": Infinity}', "malformed"),
        ('{"type": "sit", "table": "x", "seat": 1e999}', "malformed"),
        ('{"type": "watch", "table": "\\ud800"}', "malformed"),
        ('{"type": "chat", "table": "x", "text": "a\\udc00"}', "malformed"),
        ("[1, 2]", "bad_message"),
        ('{"type": "dance"}', "bad_message"),
        ('{"type": "watch"}', "bad_message"),
        ('{"type": "watch", "table": 5}', "bad_message"),
        ('{"type": "watch", "table": "x", "seat": 1}', "bad_message"),
        ('{"type": "act", "table": "x", "version": -1, "action": ["knock"]}', "bad_message"),
        ('{"type": "watch", "table": "no-such-table"}', "unknown_table"),
        (json.dumps({"type": "chat", "table": "x", "text": "a" * 5000}), "too_large"),
    ],
)
async def test_a_bad_message_gets_an_error_with_its_code(
    sqlite_server: Server, frame: str, code: str
) -> None:
    client = await Client.connect(sqlite_server)
    await client.send(frame)
    error = await client.error()
    assert error["code"] == code and error["message"]
    await client.send({"type": "ping"})
    await client.expect(lambda f: f["type"] == "pong")
    await client.close()


async def test_a_stale_version_is_refused_naming_the_current_one(server: Server) -> None:
    client, table = await _seated(server)
    await client.send({"type": "start", "table": table})
    frame = await client.expect(lambda f: is_state(table)(f) and 0 in (f.get("to_act") or []))
    current = frame["version"]
    action = frame["legal"][0]
    await client.send({"type": "act", "table": table, "version": current - 1, "action": action})
    error = await client.error()
    assert error["code"] == "stale_version" and error["current"] == current
    assert str(current) in error["message"]
    assert server.get(f"/api/tables/{table}").json()["version"] == current
    await client.send({"type": "act", "table": table, "version": current, "action": action})
    after = await client.expect(is_state(table))
    assert after["version"] == current + 1
    assert after["events"][0] == {
        "kind": "action",
        "to": None,
        "seat": 0,
        "action": action,
        "by": "player",
    }
    await client.close()


async def test_acting_out_of_turn_or_without_a_seat_changes_nothing(sqlite_server: Server) -> None:
    client, table = await _seated(sqlite_server, "klaverjassen", "nku")
    await client.send({"type": "act", "table": table, "version": 1, "action": ["pass"]})
    assert (await client.error())["code"] == "no_game"
    await client.send({"type": "start", "table": table})
    frame = await client.expect(lambda f: is_state(table)(f) and 0 in (f.get("to_act") or []))
    version = frame["version"]
    # Seat 0 plays a card it does not hold, and a verb the game does not have.
    held = set(frame["view"]["hand"])
    missing = next(
        c for c in ("7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac", "7d") if c not in held
    )
    await client.send(
        {"type": "act", "table": table, "version": version, "action": ["play", missing]}
    )
    assert (await client.error())["code"] == "illegal_action"
    await client.send({"type": "act", "table": table, "version": version, "action": ["knock"]})
    assert (await client.error())["code"] == "invalid_action"
    spectator = await Client.connect(sqlite_server, "Bram")
    await spectator.send({"type": "watch", "table": table})
    snapshot = await spectator.expect(lambda f: f["type"] == "snapshot")
    assert snapshot["you"] is None and snapshot["legal"] == [] and snapshot["view"]["hand"] is None
    await spectator.send(
        {"type": "act", "table": table, "version": version, "action": frame["legal"][0]}
    )
    assert (await spectator.error())["code"] == "not_seated"
    assert sqlite_server.get(f"/api/tables/{table}").json()["version"] == version
    await client.close()
    await spectator.close()


async def test_two_tabs_of_one_player_share_the_seat(sqlite_server: Server) -> None:
    """Issue 5 item 5: the token of the first tab identifies the second as the same player."""
    first, table = await _seated(sqlite_server, "klaverjassen", "nku")
    second = await Client.connect(sqlite_server, name=None, token=first.token)
    assert second.player == first.player
    await second.send({"type": "watch", "table": table})
    snapshot = await second.expect(lambda f: f["type"] == "snapshot")
    assert snapshot["you"] == 0
    await first.send({"type": "start", "table": table})
    frame = await second.expect(lambda f: is_state(table)(f) and 0 in (f.get("to_act") or []))
    await second.send(
        {"type": "act", "table": table, "version": frame["version"], "action": frame["legal"][0]}
    )
    seen = await first.expect(
        lambda f: (
            is_state(table)(f)
            and any(e["kind"] == "action" and e["by"] == "player" for e in f["events"])
        )
    )
    assert seen["events"][0]["seat"] == 0
    await first.close()
    await second.close()


async def test_chat_presets_text_and_the_flood_limit(sqlite_server: Server) -> None:
    table = sqlite_server.table("toepen", "kroegregels")
    anna, bram = (
        await Client.connect(sqlite_server, "Anna"),
        await Client.connect(sqlite_server, "Bram"),
    )
    for client in (anna, bram):
        await client.send({"type": "watch", "table": table})
        await client.expect(lambda f: f["type"] == "snapshot")
    await anna.send({"type": "chat", "table": table, "preset": "mieke"})
    said = await bram.expect(lambda f: f["type"] == "chat")
    assert said["preset"] == "mieke" and said["name"] == "Anna" and said["seat"] is None
    await anna.send({"type": "chat", "table": table, "text": "  Wie   schrijft blijft "})
    assert (await bram.expect(lambda f: f["type"] == "chat"))["text"] == "Wie schrijft blijft"
    for bad in ({"preset": "boo"}, {"preset": "mieke", "text": "x"}, {}, {"text": "x" * 121}):
        await anna.send({"type": "chat", "table": table, **bad})
        assert (await anna.error())["code"] == "bad_chat"
    for _ in range(3):
        await anna.send({"type": "chat", "table": table, "preset": "dat_is_flauw"})
    await anna.send({"type": "chat", "table": table, "preset": "proost"})
    assert (await anna.error())["code"] == "chat_flood"
    await anna.close()
    await bram.close()


async def test_the_rate_limit_drops_a_flood_and_the_connection_recovers(
    rate_limited_server: Server,
) -> None:
    client = await Client.connect(rate_limited_server)
    for _ in range(100):
        await client.send({"type": "ping"})
    error = await client.error()
    assert error["code"] == "rate_limited"
    await client.quiet(0.3)
    pongs = [f for f in client.frames if f["type"] == "pong"]
    assert 20 <= len(pongs) < 100
    await asyncio.sleep(1.0)
    await client.send({"type": "ping"})
    await client.expect(lambda f: f["type"] == "pong")
    await client.close()


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_types = st.sampled_from(
    [
        "hello",
        "watch",
        "unwatch",
        "resume",
        "sit",
        "stand",
        "leave",
        "start",
        "act",
        "chat",
        "ping",
        "x",
    ]
)
_messages = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=200),
    _json_values.map(json.dumps),
    st.builds(
        lambda t, fields: json.dumps({"type": t, **fields}),
        _types,
        st.dictionaries(
            st.sampled_from(
                ["table", "version", "action", "seat", "text", "preset", "token", "name"]
            ),
            _json_values,
            max_size=4,
        ),
    ),
)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(batch=st.lists(_messages, min_size=1, max_size=8))
def test_fuzzed_messages_leave_the_server_answering(
    sqlite_server: Server, batch: list[str | bytes]
) -> None:
    async def run() -> None:
        client = await Client.connect(sqlite_server, "Fuzz")
        for message in batch:
            await client.send(message)
        await client.send({"type": "ping"})
        await client.expect(lambda f: f["type"] == "pong", timeout=10)
        assert all(
            f["type"]
            in ("error", "pong", "welcome", "snapshot", "event", "chat", "clock", "presence")
            for f in client.frames
        )
        await client.close()

    asyncio.run(run())
    assert sqlite_server.get("/api/health").status_code == 200
