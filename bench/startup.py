"""Start-up time against the number of closed tables in the database (issue 17).

Fills a new SQLite database through the store with ``--closed``
closed tables, each with one finished game (its log and results), and ``--open`` open
tables, then times ``kroeg serve`` from its start to its first answer on ``/api/health``,
``--runs`` times (the median counts). The same with no closed tables gives the baseline:
a start restores only the open tables, so the two should not differ by more than noise.
Run: ``.venv/bin/python bench/startup.py`` (``--closed 100000`` by default).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

import httpx
import sqlalchemy as sa

from kroeg.store import TableRow, open_store, schema

ROOT = Path(__file__).resolve().parents[1]

SEATING = {"seats": [None, None, None, None], "waiting": []}
DEAL = {"hands": [["7h", "8h", "9h", "Th"]] * 4, "stock": []}
NAMES = ["Huis 1", "Huis 2", "Huis 3", "Huis 4"]


def _table(n: int, closed: bool) -> TableRow:
    return TableRow(
        id=f"{'c' if closed else 'o'}{n:08x}",
        game="toepen",
        variant="kroegregels",
        options={},
        seats=4,
        clock_seconds=30.0,
        private=False,
        house_level="basis",
        created_at=1_700_000_000.0 + n,
        version=3 if closed else 0,
        seating=SEATING,
        closed=closed,
        created_by="p" + "0" * 20,
    )


def _rows(first: int, count: int) -> dict[str, list[dict[str, object]]]:
    """The rows of ``count`` closed tables from number ``first``, each with one finished
    game (game id = table number + 1) of two logged steps and four results."""
    rows: dict[str, list[dict[str, object]]] = {"tables": [], "games": [], "log": [], "res": []}
    for n in range(first, first + count):
        table = _table(n, True)
        rows["tables"].append({**asdict(table), "closed_at": table.created_at + 120})
        started = table.created_at + 1
        rows["games"].append(
            {
                "id": n + 1,
                "table_id": table.id,
                "number": 1,
                "game": "toepen",
                "variant": "kroegregels",
                "options": {},
                "seats": 4,
                "dealer": 0,
                "seed": 1,
                "players": [None] * 4,
                "names": NAMES,
                "started_at": started,
                "finished_at": started + 60,
                "result": {"winner": 0},
            }
        )
        steps = [
            [2, 0, "deal", DEAL, "table", started],
            [3, 1, "act", ["play", "7h"], "house", started],
        ]
        rows["log"].append({"game_id": n + 1, "seq": 0, "entries": steps})
        rows["res"].extend(
            {"game_id": n + 1, "seat": i, "player_id": None, "name": NAMES[i], "outcome": "won"}
            for i in range(4)
        )
    return rows


async def fill(url: str, closed: int, opened: int) -> float:
    """Seconds it took to write the tables: the open ones through the store's writes, the
    closed ones in bulk on the store's engine (through the writes it took an hour)."""
    started = time.perf_counter()
    store = await open_store(url)
    try:
        for first in range(0, closed, 5000):
            rows = _rows(first, min(5000, closed - first))
            async with store.engine.begin() as conn:
                await conn.execute(sa.insert(schema.tables), rows["tables"])
                await conn.execute(sa.insert(schema.games), rows["games"])
                await conn.execute(sa.insert(schema.game_log), rows["log"])
                await conn.execute(sa.insert(schema.results), rows["res"])
        await asyncio.gather(*(store.create_table(_table(n, False)) for n in range(opened)))
    finally:
        await store.close()
    return time.perf_counter() - started


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU seconds so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def time_start(url: str) -> tuple[float, float]:
    """Wall seconds from the start of ``kroeg serve`` to its first answer, and the CPU
    seconds the server used until then (less moved by other processes on the machine)."""
    port = free_port()
    env = {**os.environ, "KROEG_HOUSE_BOTS": "0"}
    command = [sys.executable, "-m", "kroeg.cli", "serve", "--port", str(port)]
    command += ["--database-url", url, "--log-level", "warning"]
    started = time.perf_counter()
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).is_success:
                    return time.perf_counter() - started, cpu_seconds(server.pid)
            if server.poll() is not None or time.perf_counter() - started > 300:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
    finally:
        server.terminate()
        server.wait(30)


def measure(url: str, closed: int, opened: int, runs: int) -> dict[str, object]:
    filled = asyncio.run(fill(url, closed, opened))
    starts = [time_start(url) for _ in range(runs)]
    return {
        "closed_tables": closed,
        "open_tables": opened,
        "fill_s": round(filled, 1),
        "start_s": [round(wall, 2) for wall, _ in starts],
        "start_cpu_s": [round(cpu, 2) for _, cpu in starts],
        "median_start_s": round(statistics.median(w for w, _ in starts), 2),
        "median_start_cpu_s": round(statistics.median(c for _, c in starts), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--closed", type=int, default=100_000)
    parser.add_argument("--open", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    report = []
    for closed in (0, args.closed):
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite+aiosqlite:///{tmp}/startup.sqlite3"
            report.append(measure(url, closed, args.open, args.runs))
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
