"""A real server in a subprocess (``kroeg serve`` on a free port) and websocket clients.

The clients read every frame in the background and keep them all, so a test can both
wait for a message and afterwards check everything it was sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from http.cookiejar import Cookie, CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
import websockets

START_LIMIT = 120
"""Seconds a server may take to answer /api/health before a test gives up on it."""
ROOT = Path(__file__).resolve().parents[2]

Frame = dict[str, Any]


LOGS = Path(tempfile.gettempdir()) / "kroeg-server-test-logs"


def log_path(request: Any) -> Path:
    """Where a test server writes its log (kept after the run, one file per fixture)."""
    LOGS.mkdir(exist_ok=True)
    name = "".join(c if c.isalnum() else "-" for c in request.node.nodeid)[-120:]
    return LOGS / f"{name}.log"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


UNLIMITED = {
    "KROEG_GUESTS_PER_MINUTE": "1000000",
    "KROEG_TABLES_PER_MINUTE": "1000000",
    "KROEG_OPEN_TABLES_PER_PLAYER": "1000000",
    "KROEG_SOCKETS_PER_ADDRESS": "100000",
    "KROEG_SOCKETS_PER_PLAYER": "100000",
    "KROEG_CLUBS_PER_DAY": "100000",
    "KROEG_NIGHTS_PER_DAY": "100000",
    "KROEG_CORRECTIONS_PER_MINUTE": "100000",
    "KROEG_CHAT_PER_PLAYER": "100000",
    "KROEG_CHAT_PER_ADDRESS": "100000",
}
"""The quotas out of the way: every test client comes from 127.0.0.1; the tests of the
quotas (tests/security) set their own."""


class _NoCookies(DefaultCookiePolicy):
    """Each call is signed in by its bearer token alone, as a fresh client's would be."""

    def set_ok(self, cookie: Cookie, request: Any) -> bool:
        return False


@functools.cache
def http() -> httpx.Client:
    """One HTTP client for the tests' REST calls: ``httpx.get`` and the like make a client
    per call, with an SSL context each (about 20 ms of the test process's CPU on the
    loaded machine, more than most answers take). It keeps no cookies, so a call is
    signed in only as its headers say, and no connection between calls, so none outlives
    a server that a test stops (a new one may get its port)."""
    limits = httpx.Limits(max_keepalive_connections=0)
    return httpx.Client(cookies=CookieJar(policy=_NoCookies()), limits=limits)


class Server:
    """``kroeg serve`` in a subprocess with no house delay and short clocks allowed."""

    def __init__(self, database_url: str, log: Path, **env: str) -> None:
        self.database_url = database_url
        self.log = log
        self.env = {
            "KROEG_HOUSE_DELAY": "0",
            "KROEG_DEAL_PAUSE": "0",
            "KROEG_MIN_CLOCK": "0.05",
            "KROEG_RATE": "1000",
            "KROEG_HOUSE_BOTS": "0",
            **UNLIMITED,
            **env,
        }
        self._host_token: str | None = None
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> Server:
        env = {**os.environ, **self.env}
        env.pop("KROEG_DATABASE_URL", None)
        command = [sys.executable, "-m", "kroeg.cli", "serve", "--port", str(self.port)]
        command += ["--database-url", self.database_url, "--log-level", "warning"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
        # A start returns as soon as the server answers; the limit only says when to give
        # up, and a machine loaded by other work took 44-69 s to start a pair.
        deadline = time.monotonic() + START_LIMIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        # Given up: the process must not outlive the test that could not use it (it kept
        # its port and its share of a loaded machine for the rest of the run).
        self.kill()
        raise RuntimeError(
            f"the server did not start in {START_LIMIT} s: {self.log.read_text()[-3000:]}"
        )

    def terminate(self) -> int:
        """SIGTERM and wait; the exit status."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(20)

    def kill(self) -> None:
        """``kill -9``: no goodbye, no shutdown."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.terminate()

    # REST helpers ---------------------------------------------------------------

    def post(self, path: str, body: Any = None, token: str | None = None) -> httpx.Response:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        return http().post(f"{self.url}{path}", json=body, headers=headers, timeout=10)

    def get(self, path: str) -> httpx.Response:
        return http().get(f"{self.url}{path}", timeout=10)

    def host_token(self) -> str:
        """The token of a guest who creates the tests' tables (tables need a creator)."""
        if self._host_token is None:
            r = self.post("/api/guests", {"name": "Gastheer"})
            assert r.status_code == 200, r.text
            self._host_token = str(r.json()["token"])
        return self._host_token

    def table(self, game: str, variant: str, **fields: Any) -> str:
        body = {"game": game, "variant": variant, **fields}
        r = self.post("/api/tables", body, token=self.host_token())
        assert r.status_code == 200, r.text
        table_id: str = r.json()["id"]
        return table_id


class Client:
    """A websocket client that keeps every frame it receives."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[Frame] = []
        self.inbox: asyncio.Queue[Frame] = asyncio.Queue()
        self.reader = asyncio.get_running_loop().create_task(self._read())
        self.player = ""
        self.token = ""
        self.closed: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()

    @classmethod
    async def connect(
        cls, server: Server, name: str | None = "Anna", token: str | None = None
    ) -> Client:
        ws = await websockets.connect(server.ws_url, max_size=2**22, compression=None)
        client = cls(ws)
        if name is not None or token is not None:
            hello: Frame = {"type": "hello"}
            if token:
                hello["token"] = token
            if name:
                hello["name"] = name
            await client.send(hello)
            welcome = await client.expect(lambda f: f["type"] in ("welcome", "error"))
            assert welcome["type"] == "welcome", welcome
            client.player, client.token = welcome["player"], welcome["token"]
        return client

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                frame = json.loads(raw)
                self.frames.append(frame)
                self.inbox.put_nowait(frame)
        except websockets.ConnectionClosed:
            pass
        finally:
            code = self.ws.close_code
            if not self.closed.done():
                self.closed.set_result(code)

    async def send(self, message: Frame | str | bytes) -> None:
        await self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def expect(self, pred: Callable[[Frame], bool], timeout: float = 10.0) -> Frame:
        """The next frame (from now on) for which ``pred`` holds."""
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.inbox.get()
                if pred(frame):
                    return frame

    async def error(self, timeout: float = 10.0) -> Frame:
        return await self.expect(lambda f: f["type"] == "error", timeout)

    async def quiet(self, seconds: float = 0.2) -> list[Frame]:
        """Every frame that arrives in the next ``seconds``."""
        got: list[Frame] = []
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                while True:
                    got.append(await self.inbox.get())
        return got

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.reader, 5)


def is_state(table: str) -> Callable[[Frame], bool]:
    return lambda f: f.get("table") == table and f["type"] in ("snapshot", "event")


def game_over(frame: Frame) -> bool:
    return bool(
        frame["type"] in ("snapshot", "event")
        and frame.get("view") is not None
        and frame.get("running") is False
        and frame["view"].get("result") is not None
    )


async def autoplay(
    client: Client,
    table: str,
    rng: random.Random,
    *,
    seat: int,
    timeout: float = 120.0,
    choose: Callable[[list[Any], random.Random], Any] | None = None,
    until: Callable[[Frame], bool] = game_over,
) -> Frame:
    """Play ``seat`` at random (only when the game waits for it) until the game is over
    (or ``until`` holds for a frame); that frame."""
    choose = choose or (lambda legal, r: r.choice(legal))
    latest = [f for f in client.frames if is_state(table)(f) and f.get("view") is not None]
    pending = latest[-1] if latest else None  # a state seen but not yet acted on
    async with asyncio.timeout(timeout):
        while True:
            try:
                if pending is None:
                    frame = await client.expect(is_state(table), timeout=30)
                else:
                    frame, pending = pending, None
            except TimeoutError:
                tail = [(f["type"], f.get("version"), f.get("code")) for f in client.frames[-8:]]
                raise AssertionError(f"the table went quiet; the last frames: {tail}") from None
            while not client.inbox.empty():  # act only on the newest state
                newer = client.inbox.get_nowait()
                if is_state(table)(newer):
                    frame = newer
            if frame.get("view") is None:
                continue
            if until(frame) or game_over(frame):
                return frame
            if frame["running"] and frame["legal"] and seat in frame["to_act"]:
                action = choose(frame["legal"], rng)
                await client.send(
                    {"type": "act", "table": table, "version": frame["version"], "action": action}
                )


@contextlib.contextmanager
def serving(backend: str, tmp: Path, request: Any, **env: str) -> Iterator[Server]:
    """A started server on a fresh database of the backend, stopped afterwards (a missing
    PostgreSQL fails the test, never skips it: tests/store/databases.py)."""
    from tests.store.databases import database

    with database(backend, tmp) as url:
        server = Server(url, log_path(request), **env).start()
        try:
            yield server
        finally:
            server.stop()


Servers = Callable[[str], Server]
"""A backend's name (``sqlite``, ``postgresql``) to its started server."""


@contextlib.contextmanager
def servers_by_backend(tmp_path_factory: Any, request: Any, **env: str) -> Iterator[Servers]:
    """At most one server per backend, each started when first asked for, all stopped at
    the end: for a session fixture whose tests run on each backend.

    Not a parametrised session fixture: pytest keeps the value of one parameter of those
    at a time, and under ``--dist loadfile`` each module runs its SQLite tests and then
    its PostgreSQL ones, so every module started both servers again (two start-ups of
    5-20 s each on the loaded 2-core machine)."""
    started: dict[str, Server] = {}
    with contextlib.ExitStack() as stack:

        def server_of(backend: str) -> Server:
            if backend not in started:
                tmp = tmp_path_factory.mktemp(f"server-{backend}")
                started[backend] = stack.enter_context(serving(backend, tmp, request, **env))
            return started[backend]

        yield server_of
