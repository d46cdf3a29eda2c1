"""``kroeg serve --workers N`` (docs/cluster.md, docs/operations.md): with SQLite the
server refuses clearly and starts nothing; with PostgreSQL and Redis N processes share one
port and every connection, whichever process the kernel gives it to, reaches the table."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.cluster.conftest import REDIS_URL
from tests.server.harness import ROOT, UNLIMITED, Client, Server, free_port


def test_with_sqlite_the_server_says_it_is_one_process(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'k.sqlite3'}"
    env = {k: v for k, v in os.environ.items() if k != "KROEG_REDIS_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "kroeg.cli", "serve", "--workers", "2", "--database-url", url],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "with SQLite the server is one process" in done.stderr
    assert not (tmp_path / "k.sqlite3").exists(), "nothing was started"


async def test_two_workers_share_a_port_and_the_tables(pg_url: str, tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        **UNLIMITED,
        "KROEG_REDIS_URL": REDIS_URL,
        "KROEG_HOUSE_BOTS": "0",
        "KROEG_HOUSE_DELAY": "0",
    }
    command = [sys.executable, "-m", "kroeg.cli", "serve", "--workers", "2"]
    command += ["--port", str(port), "--database-url", pg_url, "--log-level", "warning"]
    with (tmp_path / "workers.log").open("ab") as out:
        parent = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        server = Server(pg_url, tmp_path / "unused.log")
        server.port = port  # the harness's REST and websocket helpers, on the workers' port
        deadline = time.monotonic() + 90  # two processes start on a loaded machine
        while time.monotonic() < deadline:
            assert parent.poll() is None, (tmp_path / "workers.log").read_text()[-3000:]
            try:
                if httpx.get(f"{server.url}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.2)
        table = server.table("toepen", "kroegregels")
        clients = [await Client.connect(server, f"Gast{i}") for i in range(4)]
        for seat, client in enumerate(clients):  # spread over both workers by the kernel
            await client.send({"type": "sit", "table": table, "seat": seat})
            snapshot = await client.expect(lambda f: f["type"] in ("snapshot", "error"))
            assert snapshot["type"] == "snapshot" and snapshot["you"] == seat, snapshot
        workers = subprocess.run(
            ["pgrep", "-P", str(parent.pid)], capture_output=True, text=True, check=False
        ).stdout.split()
        assert len(workers) == 2
        for client in clients:
            await client.close()
    finally:
        parent.send_signal(signal.SIGTERM)
        assert parent.wait(30) == 0
