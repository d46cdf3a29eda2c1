"""Hypothesis fuzzing of every websocket message type through a real server (issue 17).

A seated player at a running Toepen table (a ten-minute clock: nothing happens unless the
fuzzer makes it) sends messages of every type with fields drawn from valid values (the
table, its current version, a legal action) and from anything JSON can say. The
property, after each message: no ``internal``, the socket still answers, and when the
message got an ``error`` the table is as it was (version, seats, waiting list, game).

Each message is followed by a REST read of the table (the table answers it after the
message, in order) and a ping (its pong comes after every frame the message caused).
Two thousand messages in the quick suite, ten times more under ``KROEG_LONG=1``.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from tests.server.harness import Server, log_path
from tests.store.databases import database
from tests.support import LONG

MESSAGES = 20000 if LONG else 2000


class Player:
    """The fuzzer's connection: a seated player, and what the table last showed it."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.ws: ClientConnection = connect(
            server.ws_url, compression=None, max_size=2**22, legacy=True
        )
        self.http = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        """Plain keep-alive HTTP: the state is read after every message."""
        self.table = server.table("toepen", "kroegregels", clock_seconds=600)
        self.send({"type": "hello", "name": "Fuzzer"})
        welcome = self.until(lambda f: f["type"] == "welcome")
        self.player, self.token = welcome["player"], welcome["token"]
        self.version = 0
        self.legal: list[Any] = [["play", "Th"]]
        self.send({"type": "sit", "table": self.table})
        self.send({"type": "start", "table": self.table})
        self.sync()

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def until(self, done: Any) -> dict[str, Any]:
        while True:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
            self.see(frame)
            if done(frame):
                return frame

    def see(self, frame: dict[str, Any]) -> None:
        if frame.get("table") == self.table and frame["type"] in ("snapshot", "event"):
            self.version = frame["version"]
            if frame.get("legal") is not None:
                self.legal = frame["legal"] or self.legal

    def state(self) -> tuple[Any, ...]:
        self.http.request("GET", f"/api/tables/{self.table}")
        summary = json.loads(self.http.getresponse().read())
        return (
            summary["version"],
            summary["running"],
            summary["game_id"],
            json.dumps(summary["players"]),
            summary["waiting"],
        )

    def sync(self) -> list[dict[str, Any]]:
        """Every frame up to the pong of a ping sent now."""
        self.send({"type": "ping"})
        frames: list[dict[str, Any]] = []
        while True:
            frame = json.loads(self.ws.recv(timeout=10))
            self.see(frame)
            if frame["type"] == "pong":
                return frames
            frames.append(frame)


@pytest.fixture(scope="module")
def fuzzed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Player]:
    tmp: Path = tmp_path_factory.mktemp("server-fuzz")
    with database("sqlite", tmp) as url:
        server = Server(url, log_path(request), KROEG_RATE="1000000").start()
        try:
            player = Player(server)
            yield player
            player.ws.close()
            player.http.close()
        finally:
            server.stop()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KINDS = [
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
]
FIELDS = ["table", "version", "action", "seat", "token", "name", "preset", "text"]


class Current:
    """A placeholder for what the table shows when the message is sent (its version plus
    ``offset``, the ``n``-th legal action, the player's token): the strategies stay the
    same from one example to the next, as Hypothesis needs to replay one."""

    def __init__(self, what: str, n: int = 0) -> None:
        self.what, self.n = what, n

    def value(self, player: Player) -> Any:
        if self.what == "table":
            return player.table
        if self.what == "version":
            return player.version + self.n
        if self.what == "legal":
            return player.legal[self.n % len(player.legal)]
        return player.token + ("x" if self.n else "")


def resolve(value: Any, player: Player) -> Any:
    return value.value(player) if isinstance(value, Current) else value


VALID = {
    "table": st.just(Current("table")) | st.sampled_from(["0000dead", ""]) | st.text(max_size=70),
    "version": st.builds(Current, st.just("version"), st.integers(-1, 1))
    | st.integers(min_value=-(2**70), max_value=2**70),
    "action": st.builds(Current, st.just("legal"), st.integers(0, 40))
    | st.lists(st.sampled_from(["play", "knock", "fold", "Th", "7c", 3]), max_size=3),
    "seat": st.integers(min_value=-2, max_value=6) | st.integers(),
    "token": st.builds(Current, st.just("token"), st.integers(0, 1)) | st.text(max_size=300),
    "name": st.sampled_from(["Fuzzer", "", "  "]) | st.text(max_size=70),
    "preset": st.sampled_from(["proost", "mieke", "nope"]),
    "text": st.text(max_size=200),
}


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(KINDS) | st.text(max_size=8))
    message: dict[str, Any] = {"type": kind}
    for name in draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique=True)):
        message[name] = draw(VALID[name] | JSON_VALUES)
    return message


@settings(
    max_examples=MESSAGES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(drawn=messages())
def test_no_message_breaks_the_server_or_changes_a_table_it_was_refused(
    fuzzed: Player, drawn: dict[str, Any]
) -> None:
    player = fuzzed
    message = {name: resolve(value, player) for name, value in drawn.items()}
    player.sync()  # nothing left over from an example cut short (Hypothesis's shrinking)
    before = player.state()
    player.send(message)
    after = player.state()  # answered by the table after the message
    frames = player.sync()  # raises if the socket is gone
    errors = [f for f in frames if f["type"] == "error"]
    assert not [f for f in errors if f["code"] == "internal"], (message, errors)
    if errors:
        assert after == before, (message, errors)
    welcome = [f for f in frames if f["type"] == "welcome"]
    if welcome and welcome[-1]["player"] != player.player:
        player.send({"type": "hello", "token": player.token})  # back to the seated player
        player.until(lambda f: f["type"] == "welcome")
    if not after[1]:  # the game ended, or the fuzzer left: sit down and play on
        player.send({"type": "sit", "table": player.table})
        player.send({"type": "start", "table": player.table})
        player.sync()
