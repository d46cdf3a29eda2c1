"""Puzzles mined after a finished game in the bot pool (kroeg.server.puzzle_mining,
docs/puzzles.md "Mining"): a Klaverjassen game at a public table ends, the miner hands
its record to a real bot pool (kroeg.bots.pool.BotPool.mine, one worker process), and
its puzzles are stored with the replay of that game; the analysis computed on the way
is stored with the game."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

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


def _always_stay(legal: list[Any], rng: random.Random) -> Any:
    """A Toepen player who never folds and never knocks: it stays against a knock (the
    knock puzzles' "mee of passen?"), else plays at random."""
    if ["stay"] in legal:
        return ["stay"]
    return rng.choice([a for a in legal if a[0] not in ("knock", "fold")] or legal)


async def _finished_game(server: Server, attempt: int, game: str = "klaverjassen") -> int:
    anna = await Client.connect(server, "Anna")
    try:
        if game == "toepen":
            table = server.table("toepen", "kroegregels", options={"max_points": 10})
        else:
            table = server.table("klaverjassen", "nku", options={"game_length": "4_deals"})
        await anna.send({"type": "sit", "table": table, "seat": 1})
        await anna.send({"type": "start", "table": table})
        choose = _always_stay if game == "toepen" else None
        last = await autoplay(anna, table, random.Random(attempt), seat=1, choose=choose)
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


async def test_a_finished_toepen_game_is_mined_in_the_bot_pool(sqlite_server: Server) -> None:
    """A Toepen game goes through the pool's miner too (before Toepen had a miner it was
    skipped: no analysis stored, nothing mined). The test server's house never knocks,
    so whether this game gives a knock puzzle is left open; whatever it gives is of the
    knock puzzles' shape, and mining it again adds nothing."""
    store = await open_store(sqlite_server.database_url)
    pool = BotPool(workers=1)
    try:
        miner = FinishedGameMiner(_Runtime(store, BotHouse(pool)))  # type: ignore[arg-type]
        game_id = await _finished_game(sqlite_server, 0, "toepen")
        assert await store.analysis(game_id) is None
        added = await miner.mine_game(game_id)
        analysis = await store.analysis(game_id)
        assert analysis is not None and analysis["game"] == "toepen"
        p = schema.puzzles
        async with store.engine.connect() as conn:
            rows = list(await conn.execute(sa.select(p).where(p.c.game_id == game_id)))
        assert len(rows) == added
        for row in rows:
            assert row.game == "toepen" and row.cards in (["knock", "wait"], ["stay", "fold"])
            assert row.solution["best_share"][row.solution["best"]] >= 0.95
        assert await miner.mine_game(game_id) == 0, "a game mined twice adds nothing"
    finally:
        pool.close()
        await store.close()
