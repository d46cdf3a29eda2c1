"""Accounts for the server tests, written straight into the server's database as
migration 0005 has them (until the accounts engineer's registration is on main)."""

from __future__ import annotations

import time

import sqlalchemy as sa

from kroeg.store import schema
from kroeg.store.database import create_engine, database_url
from tests.server.harness import Server


async def make_account(server: Server, player: str, name: str, *, invisible: bool = False) -> None:
    engine = create_engine(database_url(server.database_url))
    try:
        async with engine.begin() as conn:
            await conn.execute(
                sa.insert(schema.accounts).values(
                    player_id=player,
                    name=name,
                    name_key=name.casefold(),
                    invisible=invisible,
                    created_at=time.time(),
                )
            )
    finally:
        await engine.dispose()
