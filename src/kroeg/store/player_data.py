"""Every row the store holds of one player, read in one go for their data export
(kroeg.accounts.data shapes the document): the player, their passkeys, the tables they
opened, the games they played with their seat's result, their ratings and rating
changes, and whom they follow and block."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from kroeg.store import schema as s
from kroeg.store.store import Store

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class PlayerRows:
    player: Any
    """The ``players`` row: ``id``, ``name``, ``created_at``."""
    passkeys: list[JSON]
    """``id``, ``created_at``, ``last_used_at`` (no key material)."""
    tables: list[JSON]
    """The tables they opened: ``id``, ``game``, ``variant``, ``created_at``."""
    games: list[JSON]
    """The ``games`` rows they played, with their ``seat``, ``outcome``, ``place``."""
    ratings: list[JSON]
    rating_changes: list[JSON]
    following: list[JSON]
    """Whom they follow: ``name`` and ``since``."""
    blocking: list[JSON]
    """Whom they block: ``name`` and ``since``."""


async def rows_of(store: Store, player: str) -> PlayerRows:
    async with store.engine.connect() as conn:
        person = (await conn.execute(sa.select(s.players).where(s.players.c.id == player))).one()
        keys = await conn.execute(sa.select(s.passkeys).where(s.passkeys.c.player_id == player))
        passkeys = [
            {"id": k.id, "created_at": k.created_at, "last_used_at": k.last_used_at} for k in keys
        ]
        opened = await conn.execute(
            sa.select(s.tables.c.id, s.tables.c.game, s.tables.c.variant, s.tables.c.created_at)
            .where(s.tables.c.created_by == player)
            .order_by(s.tables.c.created_at)
        )
        tables = [dict(r._mapping) for r in opened]
        played = await conn.execute(
            sa.select(s.games, s.results.c.seat, s.results.c.outcome, s.results.c.place)
            .join(s.results, s.results.c.game_id == s.games.c.id)
            .where(s.results.c.player_id == player)
            .order_by(s.games.c.started_at)
        )
        games = [dict(r._mapping) for r in played]
        return PlayerRows(
            player=person,
            passkeys=passkeys,
            tables=tables,
            games=games,
            ratings=await _rows(conn, s.ratings, s.ratings.c.player_id == player),
            rating_changes=await _rows(
                conn, s.rating_changes, s.rating_changes.c.player_id == player
            ),
            following=await _ties(conn, s.follows.c.follower_id, s.follows.c.followed_id, player),
            blocking=await _ties(conn, s.blocks.c.blocker_id, s.blocks.c.blocked_id, player),
        )


async def _rows(conn: AsyncConnection, table: sa.Table, mine: Any) -> list[JSON]:
    """The player's rows of a table, without the player's id (it is the document's)."""
    keys = [c for c in table.columns if c.name != "player_id"]
    rows = await conn.execute(sa.select(*keys).where(mine).order_by(*table.primary_key.columns))
    return [dict(r._mapping) for r in rows]


async def _ties(
    conn: AsyncConnection, own: sa.Column[Any], other: sa.Column[Any], player: str
) -> list[JSON]:
    """Whom the player follows or blocks: their account's name and since when."""
    a, ties = s.accounts, own.table
    query = (
        sa.select(a.c.name, ties.c.created_at)
        .select_from(ties)
        .join(a, a.c.player_id == other)
        .where(own == player)
        .order_by(ties.c.created_at)
    )
    return [{"name": r.name, "since": r.created_at} for r in await conn.execute(query)]
