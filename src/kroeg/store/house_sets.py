"""The queries of duplicate against the house (``house_sets`` of
:mod:`kroeg.store.schema`, migration 0023; docs/clubs.md, "Duplicate tegen het huis")."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from kroeg.store import schema
from kroeg.store.store import Store

Row = dict[str, Any]

PROFILE_SETS = 10
"""The finished sets a profile lists, and the running ones the lobby offers, newest
first."""


class HouseSetStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    async def add(self, row: Row) -> None:
        await self.store.execute(sa.insert(schema.house_sets).values(**row))

    async def get(self, set_id: str) -> Row | None:
        h = schema.house_sets
        async with self.engine.connect() as conn:
            found = (await conn.execute(sa.select(h).where(h.c.id == set_id))).first()
        return None if found is None else dict(found._mapping)

    async def update(self, set_id: str, **values: Any) -> None:
        h = schema.house_sets
        await self.store.execute(sa.update(h).where(h.c.id == set_id).values(**values))

    async def unfinished(self, table_id: str | None = None) -> list[Row]:
        """Every set not compared to its end yet (their tables are hooked again after a
        start), or only the one that plays at table ``table_id`` (a table another
        process took over is hooked again)."""
        h = schema.house_sets
        query = sa.select(h).where(h.c.percent.is_(None))
        if table_id is not None:
            query = query.where(h.c.table_id == table_id)
        async with self.engine.connect() as conn:
            return [dict(r._mapping) for r in await conn.execute(query)]

    async def finished_of(self, player_id: str) -> list[Row]:
        """The player's finished sets, newest first: id, boards, percentage, when."""
        h = schema.house_sets
        query = (
            sa.select(h.c.id, h.c.count, h.c.percent, h.c.finished_at)
            .where(h.c.player_id == player_id, h.c.percent.is_not(None))
            .order_by(h.c.finished_at.desc())
            .limit(PROFILE_SETS)
        )
        async with self.engine.connect() as conn:
            return [dict(r._mapping) for r in await conn.execute(query)]

    async def running_of(self, player_id: str) -> list[Row]:
        """The player's sets not finished yet, newest first: id, table, boards, the
        boards' scores kept so far."""
        h = schema.house_sets
        query = (
            sa.select(h.c.id, h.c.table_id, h.c.count, h.c.played)
            .where(h.c.player_id == player_id, h.c.percent.is_(None))
            .order_by(h.c.created_at.desc())
            .limit(PROFILE_SETS)
        )
        async with self.engine.connect() as conn:
            return [dict(r._mapping) for r in await conn.execute(query)]
