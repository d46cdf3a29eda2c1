"""The reads of a player's profile and game history (kroeg.accounts.history shapes them):
their games per game and variant, their recent outcomes, their ratings, and a page of
their finished games with each game's seats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from kroeg.store import schema
from kroeg.store.store import Store

RECENT_OUTCOMES = 200
"""The newest outcomes read for a profile's recent form."""


@dataclass(frozen=True, slots=True)
class ProfileRows:
    played: Sequence[Any]
    """Per game and variant: ``game``, ``variant``, ``played``, ``won``."""
    outcomes: Sequence[Any]
    """The newest outcomes first: ``game``, ``variant``, ``outcome``."""
    ratings: dict[tuple[str, str], Any]
    """The ``ratings`` rows by (game, variant)."""


async def profile_rows(store: Store, player_id: str) -> ProfileRows:
    r, g, rt = schema.results, schema.games, schema.ratings
    won = sa.func.sum(sa.case((r.c.outcome == "won", 1), else_=0))
    counts = (
        sa.select(g.c.game, g.c.variant, sa.func.count().label("played"), won.label("won"))
        .select_from(r.join(g, g.c.id == r.c.game_id))
        .where(r.c.player_id == player_id)
        .group_by(g.c.game, g.c.variant)
    )
    recent = (
        sa.select(g.c.game, g.c.variant, r.c.outcome)
        .select_from(r.join(g, g.c.id == r.c.game_id))
        .where(r.c.player_id == player_id)
        .order_by(r.c.game_id.desc())
        .limit(RECENT_OUTCOMES)
    )
    async with store.engine.connect() as conn:
        played = (await conn.execute(counts)).all()
        outcomes = (await conn.execute(recent)).all()
        ratings = {
            (x.game, x.variant): x
            for x in await conn.execute(sa.select(rt).where(rt.c.player_id == player_id))
        }
    return ProfileRows(played, outcomes, ratings)


async def finished_games(
    store: Store, player_id: str, *, game: str | None, before: int | None, limit: int
) -> list[Any]:
    """The player's finished games, newest first, with their seat's outcome, the table's
    privacy and the seat's rating change (``mu`` None without one); ``before``: only
    games with a lower id (keyset pagination)."""
    r, g, t, rc = schema.results, schema.games, schema.tables, schema.rating_changes
    query = (
        sa.select(
            g.c.id,
            g.c.table_id,
            g.c.game,
            g.c.variant,
            g.c.players,
            g.c.finished_at,
            g.c.result,
            t.c.private,
            t.c.public_records,
            r.c.seat,
            r.c.outcome,
            r.c.place,
            rc.c.mu_before,
            rc.c.sigma_before,
            rc.c.mu,
            rc.c.sigma,
        )
        .select_from(
            r.join(g, g.c.id == r.c.game_id)
            .join(t, t.c.id == g.c.table_id)
            .outerjoin(rc, sa.and_(rc.c.game_id == r.c.game_id, rc.c.seat == r.c.seat))
        )
        .where(r.c.player_id == player_id)
        .order_by(r.c.game_id.desc())
        .limit(limit)
    )
    if game is not None:
        query = query.where(g.c.game == game)
    if before is not None:
        query = query.where(r.c.game_id < before)
    async with store.engine.connect() as conn:
        return list((await conn.execute(query)).all())


async def seats_of(store: Store, game_ids: Sequence[int]) -> list[Any]:
    """Every seat of these games: ``game_id``, ``seat``, ``name``, ``outcome``,
    ``place``, by game and seat."""
    r = schema.results
    query = (
        sa.select(r.c.game_id, r.c.seat, r.c.name, r.c.outcome, r.c.place)
        .where(r.c.game_id.in_(game_ids))
        .order_by(r.c.game_id, r.c.seat)
    )
    async with store.engine.connect() as conn:
        return list(await conn.execute(query))
