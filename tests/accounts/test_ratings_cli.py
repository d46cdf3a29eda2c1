"""``kroeg ratings rebuild`` (issue 19 point 3): from a database whose ratings were lost,
the command recomputes the ones the games had made, ranking each game by the places it
stored (a game from before migration 0011 by its outcomes), and says how many games it
rated."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from kroeg.accounts.rating_store import rate_on_finish
from kroeg.cli import main
from kroeg.store import open_store, schema
from tests.accounts.games import add_player, add_table, play

WIN: dict[str, object] = {"losers": [1]}
THREE_LOSE: dict[str, object] = {"losers": [0, 1, 3]}


async def _games(url: str) -> list[Any]:
    store = await open_store(url)
    rate_on_finish(store)
    try:
        for p in ("a", "b", "c"):
            await add_player(store, p)
        await add_table(store, "t", "toepen", "kroegregels", 4)
        for seats in (
            [("a", "won"), ("b", "lost"), ("c", "won"), (None, "won")],
            [("b", "won"), ("c", "lost"), (None, "won"), ("a", "left")],
        ):
            await play(store, "t", "toepen", "kroegregels", seats, WIN)
        # Two waves of losers (Toepen by elimination): c out first, a and the house later.
        seats = [("c", "lost"), ("a", "lost"), ("b", "won"), (None, "lost")]
        await play(store, "t", "toepen", "kroegregels", seats, THREE_LOSE, (2, 1, 0, 1))
        async with store.engine.begin() as conn:
            made = sorted(tuple(r) for r in await conn.execute(sa.select(schema.ratings)))
            await conn.execute(sa.delete(schema.ratings))  # lost, as after a bad restore
        return made
    finally:
        await store.close()


async def _ratings(url: str) -> list[Any]:
    store = await open_store(url)
    try:
        async with store.engine.connect() as conn:
            return sorted(tuple(r) for r in await conn.execute(sa.select(schema.ratings)))
    finally:
        await store.close()


async def _ranks(url: str) -> dict[str, int]:
    """Each person's rank in the last game, as the rebuild rated it."""
    store = await open_store(url)
    rc = schema.rating_changes
    try:
        async with store.engine.connect() as conn:
            last = await conn.scalar(sa.select(sa.func.max(rc.c.game_id)))
            rows = await conn.execute(
                sa.select(rc.c.player_id, rc.c.rank).where(rc.c.game_id == last)
            )
            return {row.player_id: row.rank for row in rows}
    finally:
        await store.close()


def test_the_rebuild_command_restores_the_ratings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'kroeg.sqlite3'}"
    made = asyncio.run(_games(url))
    assert len(made) == 3
    assert main(["ratings", "rebuild", "--database-url", url]) == 0
    assert capsys.readouterr().out.startswith("3 rated games rated again in ")
    assert asyncio.run(_ratings(url)) == made
    assert asyncio.run(_ranks(url)) == {"b": 0, "a": 1, "c": 2}
