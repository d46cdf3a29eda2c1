"""Puzzles mined after a finished game in the bot pool (kroeg.server.puzzle_mining,
docs/puzzles.md "Mining"): a Klaverjassen game at a public table ends, the miner hands
its record to a real bot pool (kroeg.bots.pool.BotPool.mine, one worker process), and
its puzzles are stored with the replay of that game; the analysis computed on the way
is stored with the game."""

from __future__ import annotations

import random
from dataclasses import dataclass

import sqlalchemy as sa

from kroeg.bots.pool import BotPool
from kroeg.server.puzzle_mining import FinishedGameMiner
from kroeg.store import Store, open_store, schema
from kroeg.tables.house import BotHouse, House
from tests.server.harness import Client, Server, autoplay


@dataclass
class _Runtime:
    """What the miner reads of the server's runtime: the store and the house."""

    store: Store
    house: House


async def _finished_game(server: Server, attempt: int) -> int:
    anna = await Client.connect(server, "Anna")
    try:
        table = server.table("klaverjassen", "nku", options={"game_length": "4_deals"})
        await anna.send({"type": "sit", "table": table, "seat": 1})
        await anna.send({"type": "start", "table": table})
        last = await autoplay(anna, table, random.Random(attempt), seat=1)
        return int(last["game_id"])
    finally:
        await anna.close()


async def test_a_finished_game_is_mined_in_the_bot_pool(sqlite_server: Server) -> None:
    """A random player makes mistakes a clear card would have avoided: up to three short
    games until one gives a puzzle (a game may give none)."""
    store = await open_store(sqlite_server.database_url)
    pool = BotPool(workers=1)
    try:
        assert not House().mines, "the in-process house (no bots) mines nothing"
        miner = FinishedGameMiner(_Runtime(store, BotHouse(pool)))  # type: ignore[arg-type]
        for attempt in range(3):
            game_id = await _finished_game(sqlite_server, attempt)
            assert await store.analysis(game_id) is None
            added = await miner.mine_game(game_id)
            assert await store.analysis(game_id) is not None, "the mined analysis is kept"
            if added:
                break
        assert added, "three games of a random player gave no puzzle"
        p = schema.puzzles
        async with store.engine.connect() as conn:
            ids = list(await conn.scalars(sa.select(p.c.id).where(p.c.game_id == game_id)))
        assert len(ids) == added
        assert await miner.mine_game(game_id) == 0, "a game mined twice adds nothing"
    finally:
        pool.close()
        await store.close()
    r = sqlite_server.get(f"/api/puzzles/{ids[0]}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["game"] == "klaverjassen" and body["replay"].endswith(f"?replay={game_id}")
    assert body["view"]["you"] == body["seat"] and "solution" not in body
