"""Three real ``kroeg serve`` processes, twenty SIGKILLs at random moments (issue 20,
"Tests"; docs/cluster.md, "Failover"), under ``KROEG_LONG=1`` (a few minutes).

Three tables, each created on a different process and played by two people connected to
two different processes (the other seats are the house's), game after game. While they
play, a random process is killed with SIGKILL at a random moment and started again; its
players reconnect to a live process and ``resume``. After the twentieth kill: every
game finishes; every action a
client was shown is in the log; no two clients were shown different events under one
version of a table (two owners writing would show as exactly that); each connection saw
versions only go forward.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from kroeg.store import open_store
from tests.cluster.conftest import LEASE_TTL, REDIS_URL
from tests.server.harness import Client, Server, game_over, is_state
from tests.support import LONG

pytestmark = pytest.mark.skipif(not LONG, reason="twenty SIGKILLs run under KROEG_LONG=1")

KILLS = 20
SHORT = {"max_points": 3}
"""Toepen to 3 points: a game of a few deals."""


class Kills:
    """Whether the kills go on (then a finished game is followed by the next)."""

    going = True


class Player:
    """One person at one table, who plays at random whenever it is their turn and, when
    their process dies, reconnects to a live one and resumes."""

    def __init__(self, name: str, table: str, seat: int, rng: random.Random) -> None:
        self.name, self.table, self.seat, self.rng = name, table, seat, rng
        self.client: Client | None = None
        self.server: Server | None = None
        self.token: str | None = None
        self.seen: list[list[dict[str, Any]]] = []
        """The frames of this table, one list per connection."""
        self.finished = False

    async def join(self, server: Server) -> None:
        if self.client is not None:
            await self.client.close()
        client = await Client.connect(server, self.name if self.token is None else None, self.token)
        self.client, self.server, self.token = client, server, client.token
        self.seen.append([])

    def _frames(self) -> list[dict[str, Any]]:
        assert self.client is not None
        return [f for f in self.client.frames if f.get("table") == self.table]

    async def play(self, live: list[Server]) -> None:
        """Until the game is over; through any number of kills."""
        assert self.client is not None
        while not self.finished:
            client = self.client
            if client.reader.done():  # the process died: to a live one, and resume
                self.seen[-1] = self._frames()
                await asyncio.sleep(0.2)
                try:
                    await self.join(self.rng.choice(live))
                except OSError:
                    continue  # that one just died too
                await self._resume()
                continue
            try:
                frame = await client.expect(is_state(self.table), timeout=2)
            except TimeoutError:
                await self._resume()  # a refusal during a takeover, or a quiet table
                continue
            while not client.inbox.empty():
                newer = client.inbox.get_nowait()
                if is_state(self.table)(newer):
                    frame = newer
            if frame.get("view") is None:
                continue
            if game_over(frame):
                if not Kills.going:
                    self.finished = True
                elif self.seat == 0:  # the next game, while the kills go on
                    await self._send({"type": "start", "table": self.table})
            elif frame["running"] and frame["legal"] and self.seat in frame["to_act"]:
                action = self.rng.choice(frame["legal"])
                message = {"type": "act", "table": self.table, "version": frame["version"]}
                await self._send({**message, "action": action})
        self.seen[-1] = self._frames()

    async def _resume(self) -> None:
        assert self.client is not None
        versions = [f["version"] for f in self._frames() if f["type"] in ("event", "snapshot")]
        await self._send(
            {"type": "resume", "table": self.table, "version": max(versions, default=0)}
        )

    async def _send(self, message: dict[str, Any]) -> None:
        assert self.client is not None
        try:
            await self.client.send(message)
        except ConnectionClosed:  # the process died: play() reconnects
            await asyncio.sleep(0.1)


async def test_twenty_kills_over_three_processes_lose_nothing(pg_url: str, tmp_path: Path) -> None:
    rng = random.Random(20)
    env = {"KROEG_REDIS_URL": REDIS_URL, "KROEG_LEASE_TTL": LEASE_TTL, "PYTHONUNBUFFERED": "1"}
    starts = 0

    def started() -> Server:
        nonlocal starts
        starts += 1
        return Server(pg_url, tmp_path / f"s{starts}.log", **env).start()

    live = [started() for _ in range(3)]
    players: list[Player] = []
    try:
        for i, owner in enumerate(live):
            table = owner.table("toepen", "kroegregels", options=SHORT)
            for seat, server in ((0, owner), (2, live[(i + 1) % 3])):
                player = Player(f"P{i}{seat}", table, seat, random.Random(rng.random()))
                await player.join(server)
                await player.client.send({"type": "sit", "table": table, "seat": seat})  # type: ignore[union-attr]
                await player.client.expect(lambda f: f["type"] == "snapshot")  # type: ignore[union-attr]
                players.append(player)
            await players[-2].client.send({"type": "start", "table": table})  # type: ignore[union-attr]
        games = [asyncio.create_task(p.play(live)) for p in players]
        for _ in range(KILLS):
            await asyncio.sleep(rng.uniform(0.3, 2.5))
            victim = rng.choice(live)
            victim.kill()
            live.remove(victim)
            live.append(await asyncio.to_thread(started))
            assert not any(g.done() for g in games), [g for g in games if g.done()]
        Kills.going = False
        async with asyncio.timeout(240):  # every game finishes
            await asyncio.gather(*games)

        store = await open_store(pg_url)
        try:
            logged: set[tuple[str, int]] = set()  # versions are the table's, across games
            for table in {p.table for p in players}:
                for game in await store.games_of(table):
                    assert game.finished_at is not None, "every game finished"
                    logged |= {(table, e.version) for e in await store.log(game.id)}
        finally:
            await store.close()
        shown: dict[tuple[str, int], str] = {}
        for player in players:
            for frames in player.seen:
                versions = [f["version"] for f in frames if f["type"] == "event"]
                # Versions only go forward: one below the newest yet is a version this
                # connection had already (two resumes that crossed answer with the same
                # versions; the client applies each once, docs/protocol.md), and it
                # carries the same history (checked below).
                had: set[int] = set()
                for version in versions:
                    assert version in had or not had or version > max(had), (version, versions)
                    had.add(version)
                for frame in frames:
                    if frame["type"] != "event":
                        continue
                    key = (player.table, frame["version"])
                    acts = [e for e in frame["events"] if e["kind"] == "action"]
                    if acts:
                        assert key in logged, "every action a client was shown is in the log"
                    public = json.dumps(acts, sort_keys=True)  # the same for every seat
                    assert shown.setdefault(key, public) == public, "one history per table"
    finally:
        for player in players:
            if player.client is not None:
                await player.client.close()
        for server in live:
            server.kill()
