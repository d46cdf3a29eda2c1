"""What SQLite pays per logged step: a row per step against a row per run of steps.

Plays the store's write pattern without the server: batches of ``--steps`` steps of
``--games`` games in random order (as hundreds of tables commit together under load), in
a WAL file with ``synchronous=NORMAL`` as the store sets it, each batch one transaction.
``rows``: each step its own row keyed (game, seq), the log before migration 0002. ``runs``:
each game's steps of the batch one row holding them as a JSON array (``game_log``).
``rows in game order``: the same rows inserted game by game, which shows how much of the
cost is where the rows go in the key's index rather than how many bytes they are.

Prints the writing thread's CPU time (``time.thread_time``) per step for each.
Run: ``.venv/bin/python bench/log_rows.py`` (see ``--help``); figures in
docs/performance.md (sixth session).
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import tempfile
import time
from pathlib import Path

STEP = ["play", "7h"]


def connect(path: Path, runs: bool) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    if runs:
        db.execute(
            "CREATE TABLE log (game_id INTEGER NOT NULL REFERENCES games(id), "
            "seq INTEGER NOT NULL, entries JSON NOT NULL, PRIMARY KEY (game_id, seq))"
        )
    else:
        db.execute(
            "CREATE TABLE log (game_id INTEGER NOT NULL REFERENCES games(id), "
            "seq INTEGER NOT NULL, version BIGINT NOT NULL, seat INTEGER NOT NULL, "
            'kind VARCHAR(8) NOT NULL, data JSON NOT NULL, "by" VARCHAR(8) NOT NULL, '
            "created_at FLOAT NOT NULL, PRIMARY KEY (game_id, seq))"
        )
    db.execute("PRAGMA foreign_keys=ON")
    return db


CHUNK = 32
"""Rows to an INSERT in ``rows`` mode, as the store's writer inserted them before 0002."""
_ROW = "(?, ?, ?, ?, ?, ?, ?, ?)"


def insert_rows(db: sqlite3.Connection, rows: list[tuple[object, ...]]) -> None:
    """Whole chunks of :data:`CHUNK` rows a statement, then the rest one a statement."""
    whole = len(rows) - len(rows) % CHUNK
    chunks = [sum(rows[i : i + CHUNK], ()) for i in range(0, whole, CHUNK)]
    db.executemany("INSERT INTO log VALUES " + ", ".join([_ROW] * CHUNK), chunks)
    db.executemany("INSERT INTO log VALUES " + _ROW, rows[whole:])


def run(kind: str, args: argparse.Namespace) -> float:
    """CPU microseconds per step for ``kind`` (rows, runs, rows in game order)."""
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = connect(Path(tmp) / "log.sqlite3", kind == "runs")
        games = list(range(1, args.games + 1))
        db.executemany("INSERT INTO games VALUES (?)", [(g,) for g in games])
        seqs = dict.fromkeys(games, 0)
        start = time.thread_time()
        for _ in range(args.batches):
            touched = [games[rng.randrange(len(games))] for _ in range(args.steps // args.run)]
            if kind == "rows in game order":
                touched.sort()
            db.execute("BEGIN")
            if kind == "runs":
                rows = []
                for game in touched:
                    first, now = seqs[game], time.time()
                    steps = [[first + k, 1, "act", STEP, "house", now] for k in range(args.run)]
                    rows.append((game, seqs[game], json.dumps(steps)))
                    seqs[game] += args.run
                db.executemany("INSERT INTO log VALUES (?, ?, ?)", rows)
            else:
                step_rows: list[tuple[object, ...]] = []
                for game in touched:
                    for _ in range(args.run):
                        seq = seqs[game]
                        seqs[game] += 1
                        data = json.dumps(STEP)
                        step_rows.append((game, seq, seq, 1, "act", data, "house", time.time()))
                insert_rows(db, step_rows)
            db.execute("COMMIT")
            for i in rng.sample(range(len(games)), args.games // 50):  # games end, new ones start
                games[i] = max(games) + 1
                seqs[games[i]] = 0
                db.execute("INSERT INTO games VALUES (?)", (games[i],))
        elapsed = time.thread_time() - start
        db.close()
    logged: int = args.batches * (args.steps // args.run) * args.run
    return 1e6 * elapsed / logged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--steps", type=int, default=420, help="steps per batch")
    parser.add_argument("--run", type=int, default=5, help="steps of a game per change")
    parser.add_argument("--batches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"SQLite {sqlite3.sqlite_version}")
    for kind in ("rows", "runs", "rows in game order"):
        print(f"{kind}: {run(kind, args):.2f} µs per step")


if __name__ == "__main__":
    main()
