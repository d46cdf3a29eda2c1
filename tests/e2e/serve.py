"""Start a real ``kroeg serve`` for the browser tests and the screenshots."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.server.harness import START_LIMIT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_healthy(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"kroeg serve exited with {proc.returncode}:\n{log.read_text()}")
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(
        f"kroeg serve did not answer /api/health in {START_LIMIT} s:\n{log.read_text()}"
    )


@contextmanager
def serve(
    workdir: Path,
    house_delay: float = 0.0,
    house_bots: bool = False,
    seed: int | None = None,
    deal_pause: float = 0.0,
    queue_seconds: float = 0.0,
    house_set_boards: int | None = None,
) -> Iterator[str]:
    """Run ``kroeg serve`` on a free port with a SQLite database in ``workdir``.

    The house thinks ``house_delay`` seconds and, unless ``house_bots``, plays the
    games' own defaults in-process (``KROEG_HOUSE_BOTS=0``: no worker processes to
    start); tables may have clocks down to 1 s (``KROEG_MIN_CLOCK``) so a test can wait
    for a timeout. A table pauses ``deal_pause`` seconds after a deal's end (0: the
    next deal follows at once, for tests that need speed). With ``seed`` the shuffles
    are repeatable (``KROEG_TEST_SEED``: the n-th table gets ``random.Random(seed + n)``),
    so a run can be replayed exactly. "Speel nu" waits ``queue_seconds`` for other people
    (``KROEG_QUEUE_SECONDS``; 0: the house fills the seats at once, as the tests that
    only want a game need). A set against the house has ``house_set_boards`` boards
    (``KROEG_HOUSE_SET_BOARDS``: 4, 8, 12 or 16; None: the server's 16).
    Yields the base URL.
    """
    port = free_port()
    log = workdir / "serve.log"
    env = {**os.environ, "KROEG_MIN_CLOCK": "1", "KROEG_HOUSE_BOTS": "1" if house_bots else "0"}
    env["KROEG_QUEUE_SECONDS"] = str(queue_seconds)
    env.pop("KROEG_HOUSE_SET_BOARDS", None)
    if house_set_boards is not None:
        env["KROEG_HOUSE_SET_BOARDS"] = str(house_set_boards)
    env.pop("KROEG_TEST_SEED", None)
    if seed is not None:
        env["KROEG_TEST_SEED"] = str(seed)
    kroeg = Path(sys.executable).with_name("kroeg")
    command = [
        str(kroeg),
        "serve",
        "--port",
        str(port),
        "--database-url",
        f"sqlite+aiosqlite:///{workdir / 'kroeg.sqlite3'}",
        "--house-delay",
        str(house_delay),
        "--deal-pause",
        str(deal_pause),
        "--log-level",
        "warning",
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc, log)
        yield url
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
