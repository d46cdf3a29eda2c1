"""The queries of club nights (the club tables of :mod:`kroeg.store.schema`).

Reads take a connection; each write is one transaction of the statements a
:class:`~kroeg.store.club_writes.ClubWrites` collected (:meth:`ClubStore.commit`), opened
with a write, so that on SQLite it waits for the lock instead of failing on a stale read
snapshot. Whoever writes (the club service, :mod:`kroeg.clubs.service`) reads first and
writes under its own lock per night: club writes are rare and come from one process.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from kroeg.store import schema
from kroeg.store.club_writes import ClubWrites
from kroeg.store.errors import DuplicateKey

Row = dict[str, Any]


class ClubStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def commit(self, writes: ClubWrites) -> None:
        """All the writes in one transaction, or none: :class:`DuplicateKey` when a
        row's id (or a unique key) was taken meanwhile."""
        try:
            async with self.engine.begin() as conn:
                for statement in writes.statements:
                    await conn.execute(statement)
        except sa.exc.IntegrityError:
            raise DuplicateKey from None

    async def _rows(self, query: sa.Select[Any]) -> list[Row]:
        async with self.engine.connect() as conn:
            return [dict(r._mapping) for r in await conn.execute(query)]

    async def _row(self, query: sa.Select[Any]) -> Row | None:
        rows = await self._rows(query)
        return rows[0] if rows else None

    async def clubs_created(self, player_id: str, since: float) -> list[float]:
        """When the clubs ``player_id`` created after ``since`` were created."""
        c = schema.clubs
        query = sa.select(c.c.created_at).where(c.c.created_by == player_id, c.c.created_at > since)
        return [row["created_at"] for row in await self._rows(query)]

    async def nights_created(self, player_id: str, since: float) -> list[float]:
        """When the nights ``player_id`` created after ``since`` were created."""
        n = schema.club_nights
        query = sa.select(n.c.created_at).where(n.c.created_by == player_id, n.c.created_at > since)
        return [row["created_at"] for row in await self._rows(query)]

    async def club(self, club_id: str) -> Row | None:
        return await self._row(sa.select(schema.clubs).where(schema.clubs.c.id == club_id))

    async def members(self, club_id: str) -> list[Row]:
        m = schema.club_members
        return await self._rows(
            sa.select(m).where(m.c.club_id == club_id).order_by(m.c.created_at, m.c.id)
        )

    async def clubs_of(self, player_id: str) -> list[Row]:
        """The clubs a player is a member of, each with the player's ``role``, by name."""
        c, m = schema.clubs, schema.club_members
        return await self._rows(
            sa.select(c.c.id, c.c.name, m.c.role)
            .join(m, m.c.club_id == c.c.id)
            .where(m.c.player_id == player_id)
            .order_by(c.c.name, c.c.id)
        )

    async def night(self, night_id: str) -> Row | None:
        n = schema.club_nights
        return await self._row(sa.select(n).where(n.c.id == night_id))

    async def nights_of(self, club_id: str) -> list[Row]:
        n = schema.club_nights
        return await self._rows(
            sa.select(n).where(n.c.club_id == club_id).order_by(n.c.created_at, n.c.id)
        )

    async def online_nights(self, *, running: bool) -> list[Row]:
        """The open online nights (``running``: those with a round running)."""
        n = schema.club_nights
        query = sa.select(n).where(n.c.mode == "online", n.c.status == "open")
        if running:
            query = query.where(n.c.round_running)
        return await self._rows(query.order_by(n.c.created_at, n.c.id))

    async def registrations(self, night_id: str) -> list[Row]:
        p = schema.night_players
        return await self._rows(
            sa.select(p).where(p.c.night_id == night_id).order_by(p.c.registered_at, p.c.member_id)
        )

    async def rounds(self, night_id: str) -> list[Row]:
        r = schema.night_rounds
        return await self._rows(sa.select(r).where(r.c.night_id == night_id).order_by(r.c.number))

    async def round_tables(self, night_id: str) -> list[Row]:
        t = schema.round_tables
        return await self._rows(
            sa.select(t).where(t.c.night_id == night_id).order_by(t.c.round, t.c.number)
        )

    async def round_table(self, table_id: str) -> Row | None:
        t = schema.round_tables
        return await self._row(sa.select(t).where(t.c.id == table_id))

    async def round_table_at(self, table_id: str) -> Row | None:
        """The round table playing at the live table ``table_id``, if any."""
        t = schema.round_tables
        return await self._row(sa.select(t).where(t.c.table_id == table_id))

    async def entries(self, night_id: str) -> list[Row]:
        e = schema.score_entries
        return await self._rows(
            sa.select(e).where(e.c.night_id == night_id).order_by(e.c.created_at, e.c.id)
        )

    async def changes(self, night_id: str) -> list[Row]:
        """Every change of the night's lines, oldest first."""
        c = schema.score_changes
        return await self._rows(
            sa.select(c).where(c.c.night_id == night_id).order_by(c.c.at, c.c.id)
        )

    async def change(self, change_id: str) -> Row | None:
        c = schema.score_changes
        return await self._row(sa.select(c).where(c.c.id == change_id))

    async def entry(self, entry_id: str) -> Row | None:
        e = schema.score_entries
        return await self._row(sa.select(e).where(e.c.id == entry_id))
