"""A complete small Kroeg bot (docs/bots-api.md): it opens a table (or joins one), sits,
starts a game and plays it to the end, always a legal card (or, when no card is due,
the first legal decision), reconnecting with ``resume`` when the connection drops.

    python examples/bot_client.py --url http://127.0.0.1:8000 --token TOKEN \\
        --game toepen --variant kroegregels --option max_points=5

The token is a bot account's API token (its page, or ``POST /api/me/tokens``). Needs
only the ``websockets`` package (which Kroeg's server installs too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import urllib.request
from typing import Any

import websockets

RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 5.0)
"""Seconds to wait before each try to reconnect (the last repeats)."""


class Bot:
    """One bot at one table: follows it over ``/ws`` and plays its seat."""

    def __init__(self, url: str, token: str, table: str, *, games: int = 1, seed: int = 0) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.table = table
        self.games = games
        self.rng = random.Random(seed)
        self.version: int | None = None
        """The last version of the table this bot saw (for ``resume``)."""
        self.seat: int | None = None
        self.finished: list[dict[str, Any]] = []
        """The frames that ended each game the bot played."""
        self.reconnects = 0
        """Connections after the first (each resumes where the last one stopped)."""
        self.ws: Any = None
        self.started = False

    @property
    def ws_url(self) -> str:
        return "ws" + self.url[len("http") :] + "/ws"

    async def run(self) -> None:
        """Play ``games`` games, reconnecting whenever the connection drops."""
        tries = 0
        while len(self.finished) < self.games:
            try:
                await self._session()
                tries = 0
            except (OSError, websockets.ConnectionClosed):
                delay = RECONNECT_DELAYS[min(tries, len(RECONNECT_DELAYS) - 1)]
                tries += 1
                await asyncio.sleep(delay)

    async def _session(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        async with websockets.connect(self.ws_url, additional_headers=headers) as ws:
            if self.ws is not None:
                self.reconnects += 1
            self.ws = ws
            await self._send({"type": "hello"})
            welcome = json.loads(await ws.recv())
            if welcome["type"] != "welcome":
                raise SystemExit(f"refused: {welcome.get('code')}: {welcome.get('message')}")
            if self.version is None:
                await self._send({"type": "sit", "table": self.table})
            else:  # a reconnect: the missed versions, then on as before
                await self._send({"type": "resume", "table": self.table, "version": self.version})
            async for raw in ws:
                await self._on(json.loads(raw))
                if len(self.finished) >= self.games:
                    return

    async def _send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def _on(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "error":
            if frame["code"] == "stale_version":
                await self._send({"type": "resume", "table": self.table, "version": self.version})
            elif frame["code"] not in ("deal_drawn", "already_contributed"):
                print(f"error {frame['code']}: {frame['message']}", file=sys.stderr)
            return
        if kind == "bye":
            if frame.get("reason") != "restart":
                raise SystemExit(f"disconnected: {frame.get('message')}")
            return
        if kind not in ("snapshot", "event") or frame.get("table") != self.table:
            return
        self.version = frame["version"]
        if kind == "snapshot":
            self.seat = frame["you"]
        for event in frame.get("events") or []:
            if event["kind"] == "commitment" and self.seat is not None:
                # A random contribution to the coming deal (docs/fair-deals.md).
                await self._send(
                    {
                        "type": "contribute",
                        "table": self.table,
                        "deal": event["deal"],
                        "value": self.rng.randbytes(32).hex(),
                    }
                )
        running = frame.get("running")
        if running is False:  # no game: the one the bot played ended, or none began yet
            if self.started and (frame.get("view") or {}).get("result") is not None:
                self.finished.append(frame)
                self.started = False
            if len(self.finished) < self.games and self.seat is not None and not self.started:
                await self._send({"type": "start", "table": self.table})
                self.started = True
            return
        if running is None:
            return  # an earlier frame of a run: the last one carries the state
        self.started = True
        if self.seat in frame["to_act"] and frame["legal"]:
            await self._send(
                {
                    "type": "act",
                    "table": self.table,
                    "version": frame["version"],
                    "action": choose(frame["legal"]),
                }
            )


def choose(legal: list[list[Any]]) -> list[Any]:
    """A legal card when one may be played, else the first legal decision."""
    plays = [a for a in legal if a[0] == "play"]
    return plays[0] if plays else legal[0]


def create_table(url: str, token: str, game: str, variant: str, options: dict[str, Any]) -> str:
    """A new table (``POST /api/tables``) that allows bots; its id."""
    body = json.dumps({"game": game, "variant": variant, "options": options}).encode()
    request = urllib.request.Request(
        url.rstrip("/") + "/api/tables",
        data=body,
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        table: str = json.load(answer)["id"]
        return table


def _option(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="the bot account's API token")
    parser.add_argument("--table", help="join this table instead of opening one")
    parser.add_argument("--game", default="toepen")
    parser.add_argument("--variant", default="kroegregels")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args(argv)
    options = dict(_option(o) for o in args.option)
    table = args.table or create_table(args.url, args.token, args.game, args.variant, options)
    bot = Bot(args.url, args.token, table, games=args.games)
    asyncio.run(bot.run())
    for frame in bot.finished:
        print(json.dumps({"game_id": frame["game_id"], "result": frame["view"]["result"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
