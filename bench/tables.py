"""In-process load of the live tables: the table actors, the house and the real store, no sockets.

Each of ``--tables`` tables has one scripted person who acts on the table directly (a random
legal action, through :meth:`TableTask.ask`, as the websocket layer does) as soon as the game
waits for it, and starts the next game when one ends; the house plays the other seats with
no delay. It measures what ``bench/load.py`` cannot separate: the tables' own CPU per act,
without the websocket stack or the clients. The garbage collector is set as ``kroeg serve``
sets it.

``--stub PART`` replaces one part by a stand-in to measure what it costs (the difference
with a run without a stub): ``store`` (writes return at once, nothing is written),
``yield`` (writes return after one pass of the event loop, nothing is written: what the
wait for a commit costs beyond the database's work), ``frames`` (no version's frame is
built: its listeners get an empty one). Run: ``.venv/bin/python bench/tables.py`` (see
``--help``); figures in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import tempfile
import time
from typing import Any

import uvloop

from kroeg.server.cli import tune_garbage_collection
from kroeg.store import Store, TableChange, open_store
from kroeg.tables import staging
from kroeg.tables.commands import Act, Sit, Start
from kroeg.tables.house import House
from kroeg.tables.lobby import Lobby
from kroeg.tables.state import TableSettings
from kroeg.tables.task import TableTask


class Ear:
    """A listener that only notes that a frame came."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.heard = asyncio.Event()
        self.frames = 0

    def send(self, frame: bytes) -> None:
        self.frames += 1
        self.heard.set()

    def hears(self, player: str) -> bool:
        return True


async def person(
    table: TableTask, number: int, acts: list[int], think: tuple[float, float] = (0.0, 0.0)
) -> None:
    """Play at ``table`` until cancelled: act whenever the game waits for this seat, after
    a uniform ``think[0]``-``think[1]`` seconds (0: at once)."""
    rng = random.Random(number)
    ear = Ear(f"person{number}")
    await table.ask(Sit(ear.player, f"Person {number}", None, listener=ear))
    seat = table.seat_of(ear.player)
    game = table.game
    while True:
        if not table.running:
            await table.ask(Start(ear.player))
            continue
        if seat in game.to_act(table.state):
            if think[1]:
                await asyncio.sleep(rng.uniform(*think))
            legal = game.legal(table.state, seat)
            action = game.action_json(legal[rng.randrange(len(legal))])
            await table.ask(Act(ear.player, table.version, action))
            acts[0] += 1
            continue
        ear.heard.clear()
        await ear.heard.wait()


def stub(part: str) -> None:
    """Replace ``part`` by a stand-in (see the module's docstring)."""
    if part in ("store", "yield"):

        async def write(self: Store, change: TableChange) -> int | None:
            if part == "yield":
                await asyncio.sleep(0)
            return 1 if change.new_game is not None else None

        Store.write = write  # type: ignore[method-assign]
    elif part == "frames":

        def no_frame(*args: Any, **kwargs: Any) -> bytes:
            return b""

        setattr(staging, "version_frame", no_frame)  # noqa: B010 (a stand-in, on purpose)


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(args.database_url or f"sqlite:///{tmp}/tables.sqlite3")
        lobby = Lobby(store, House(), TableSettings(house_delay=0, test_seed=args.seed))
        tables = [await lobby.create(args.game, args.variant) for _ in range(args.tables)]
        acts = [0]
        think = (args.think, args.think_max if args.think_max is not None else args.think)
        if args.acts:
            tune_garbage_collection()
        people = [asyncio.create_task(person(t, i, acts, think)) for i, t in enumerate(tables)]
        if not args.acts:
            await asyncio.sleep(args.warmup)
            tune_garbage_collection()
        acts_before, versions_before = acts[0], sum(t.version for t in tables)
        cpu, wall = time.process_time(), time.perf_counter()
        if args.acts:
            while acts[0] < args.acts:
                await asyncio.sleep(0)
        else:
            await asyncio.sleep(args.seconds)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        done, versions = acts[0] - acts_before, sum(t.version for t in tables) - versions_before
        for task in people:
            task.cancel()
        await asyncio.gather(*people, return_exceptions=True)
        await lobby.stop()
        await store.close()
        gc.unfreeze()
    return {
        "tables": args.tables,
        "stub": args.stub,
        "acts": done,
        "versions": versions,
        "cpu_share": round(cpu / wall, 2),
        "acts_per_cpu_s": round(done / cpu),
        "versions_per_cpu_s": round(versions / cpu),
        "cpu_us_per_act": round(1e6 * cpu / done, 1) if done else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--game", default="toepen")
    parser.add_argument("--variant", default="kroegregels")
    parser.add_argument("--database-url", help="default: a new SQLite file in a temporary dir")
    parser.add_argument("--stub", choices=["store", "yield", "frames"])
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    parser.add_argument("--think-max", type=float, help="a uniform --think to --think-max")
    parser.add_argument(
        "--acts",
        type=int,
        help="play this many acts from the start (no warm-up) instead of --seconds: with "
        "--seed and a stubbed store the same play every run, to count instructions",
    )
    parser.add_argument("--seed", type=int, help="the tables shuffle from random.Random(seed + n)")
    args = parser.parse_args()
    if args.stub:
        stub(args.stub)
    print(uvloop.run(measure(args)))


if __name__ == "__main__":
    main()
