"""``kroeg ratings rebuild`` (issue 19 point 3): from a database whose ratings were lost,
the command recomputes the ones the games had made, and says how many games it rated."""

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


def test_the_rebuild_command_restores_the_ratings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'kroeg.sqlite3'}"
    made = asyncio.run(_games(url))
    assert len(made) == 3
    assert main(["ratings", "rebuild", "--database-url", url]) == 0
    assert capsys.readouterr().out.startswith("2 rated games rated again in ")
    assert asyncio.run(_ratings(url)) == made
