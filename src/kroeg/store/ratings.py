"""The rating tables (``ratings``, ``rating_opponents``, ``rating_changes``) and the
rated games they are made from (kroeg.accounts.rating_store does the rating).

A rating's writes are one transaction, :func:`rating_transaction`, whose
:class:`RatingTransaction` reads and writes what rating one game (or the rebuild of all)
needs. The reads outside one are the functions at the end.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from kroeg.store import schema
from kroeg.store.store import Store

INSERT_CHUNK = 5000
"""Rows per INSERT of the rebuild."""

_r, _o, _c, _a = schema.ratings, schema.rating_opponents, schema.rating_changes, schema.accounts


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game of a rated table, with its ``results`` rows (one per seat)."""

    id: int
    game: str
    variant: str
    house_level: str
    finished_at: float
    results: list[Any]


def _rated_games() -> sa.Select[Any]:
    g, t = schema.games, schema.tables
    return (
        sa.select(g.c.id, g.c.game, g.c.variant, t.c.house_level, g.c.finished_at)
        .join(t, t.c.id == g.c.table_id)
        .where(t.c.rated == sa.true(), g.c.finished_at.is_not(None))
    )


@asynccontextmanager
async def rating_transaction(store: Store) -> AsyncIterator[RatingTransaction]:
    """One transaction over the rating tables; its first statement writes, so SQLite
    takes its write lock before anything is read (a transaction that had read could not
    write after another connection's commit)."""
    async with store.engine.begin() as conn:
        await conn.execute(sa.delete(_c).where(sa.false()))
        yield RatingTransaction(conn, lock_rows=store.backend == "postgresql")


class RatingTransaction:
    def __init__(self, conn: AsyncConnection, *, lock_rows: bool) -> None:
        self.conn = conn
        self.lock_rows = lock_rows
        """Lock the ratings read (PostgreSQL: another server process may rate the same
        people at once)."""

    # One game ---------------------------------------------------------------------------

    async def is_rated(self, game_id: int) -> bool:
        done = await self.conn.scalar(sa.select(sa.func.count()).where(_c.c.game_id == game_id))
        return bool(done)

    async def rated_game(self, game_id: int) -> RatedGame | None:
        """The game, if it is a finished game of a rated table."""
        query = _rated_games().where(schema.games.c.id == game_id)
        row = (await self.conn.execute(query)).first()
        if row is None:
            return None
        r = schema.results
        results = list(await self.conn.execute(sa.select(r).where(r.c.game_id == game_id)))
        return RatedGame(row.id, row.game, row.variant, row.house_level, row.finished_at, results)

    async def ratings(self, people: Sequence[str], game: str, variant: str) -> list[Any]:
        """The ``ratings`` rows of these people in the game and variant."""
        query = sa.select(_r).where(
            _r.c.player_id.in_(people), _r.c.game == game, _r.c.variant == variant
        )
        if self.lock_rows:
            query = query.with_for_update()
        return list(await self.conn.execute(query))

    async def opponents(
        self, people: Sequence[str], game: str, variant: str
    ) -> dict[str, dict[str, bool]]:
        """Per person the opponents they met before, each with whether it counted as
        established."""
        known: dict[str, dict[str, bool]] = {}
        for row in await self.conn.execute(
            sa.select(_o.c.player_id, _o.c.opponent_id, _o.c.established).where(
                _o.c.player_id.in_(people), _o.c.game == game, _o.c.variant == variant
            )
        ):
            known.setdefault(row.player_id, {})[row.opponent_id] = row.established
        return known

    async def accounts_created(self, people: Sequence[str] | None = None) -> dict[str, float]:
        """When each account (among ``people``; None: all) was made."""
        query = sa.select(_a.c.player_id, _a.c.created_at)
        if people is not None:
            query = query.where(_a.c.player_id.in_(people))
        return {row.player_id: row.created_at for row in await self.conn.execute(query)}

    async def add_opponents(self, key: Mapping[str, str], met: Iterable[tuple[str, bool]]) -> None:
        """``key``: player_id, game, variant; ``met``: (opponent, established)."""
        rows = [{**key, "opponent_id": q, "established": e} for q, e in met]
        await self.conn.execute(sa.insert(_o), rows)

    async def promote_opponents(
        self, player: str, game: str, variant: str, opponents: Sequence[str]
    ) -> None:
        """These opponents of the player count as established from now on."""
        await self.conn.execute(
            sa.update(_o)
            .where(
                _o.c.player_id == player,
                _o.c.game == game,
                _o.c.variant == variant,
                _o.c.opponent_id.in_(opponents),
            )
            .values(established=True)
        )

    async def add_rating(self, key: Mapping[str, str], values: Mapping[str, Any]) -> None:
        await self.conn.execute(sa.insert(_r).values(**key, **values))

    async def set_rating(
        self, player: str, game: str, variant: str, values: Mapping[str, Any]
    ) -> None:
        await self.conn.execute(
            sa.update(_r)
            .where(_r.c.player_id == player, _r.c.game == game, _r.c.variant == variant)
            .values(**values)
        )

    async def add_changes(self, rows: list[dict[str, Any]]) -> None:
        """``rating_changes`` rows."""
        await self.conn.execute(sa.insert(_c), rows)

    # The rebuild ------------------------------------------------------------------------

    async def forget_all(self) -> None:
        """Every rating, opponent met and rating change."""
        for table in (_c, _o, _r):
            await self.conn.execute(sa.delete(table))

    async def rated_games(self) -> list[Any]:
        """Every finished game of a rated table in the order they finished (then id):
        ``id``, ``game``, ``variant``, ``house_level``, ``finished_at``."""
        g = schema.games
        query = _rated_games().order_by(g.c.finished_at, g.c.id)
        return list((await self.conn.execute(query)).all())

    async def results_of(self, game_ids: Sequence[int]) -> dict[int, list[Any]]:
        """The ``results`` rows of these games, by game."""
        r = schema.results
        results: dict[int, list[Any]] = {}
        for row in await self.conn.execute(sa.select(r).where(r.c.game_id.in_(game_ids))):
            results.setdefault(row.game_id, []).append(row)
        return results

    async def insert_all(
        self,
        changes: list[dict[str, Any]],
        opponents: list[dict[str, Any]],
        ratings: list[dict[str, Any]],
    ) -> None:
        """The rebuild's rows, in chunks."""
        for table, rows in ((_c, changes), (_o, opponents), (_r, ratings)):
            for start in range(0, len(rows), INSERT_CHUNK):
                await self.conn.execute(sa.insert(table), rows[start : start + INSERT_CHUNK])


# Reads ------------------------------------------------------------------------------------


async def ratings_of(store: Store, player_id: str) -> list[Any]:
    """A player's ``ratings`` rows."""
    async with store.engine.connect() as conn:
        return list(await conn.execute(sa.select(_r).where(_r.c.player_id == player_id)))


async def changes_of_game(store: Store, game_id: int) -> list[Any]:
    """The ``rating_changes`` rows of one game, a row per rated seat (none until it is
    rated, or for an unrated game)."""
    async with store.engine.connect() as conn:
        return list(await conn.execute(sa.select(_c).where(_c.c.game_id == game_id)))


async def ratings_in(store: Store, players: Sequence[str], game: str, variant: str) -> list[Any]:
    """The ``ratings`` rows of some players in one game and variant."""
    async with store.engine.connect() as conn:
        return list(
            await conn.execute(
                sa.select(_r).where(
                    _r.c.player_id.in_(list(players)), _r.c.game == game, _r.c.variant == variant
                )
            )
        )


def leaderboard_query(game: str, variant: str, limit: int, kind: str = "person") -> sa.Select[Any]:
    """The top accounts of the ``kind`` by conservative rating among those with enough
    games and established opponents. The thresholds are written into the SQL, not
    bound: the partial index ``ix_ratings_leaderboard`` serves only a query whose
    condition implies its own."""
    return (
        sa.select(
            _a.c.name, _r.c.mu, _r.c.sigma, _r.c.score, _r.c.games, _r.c.opponents, _r.c.established
        )
        .join(_a, _a.c.player_id == _r.c.player_id)
        .where(
            _r.c.game == game,
            _r.c.variant == variant,
            schema.LEADERBOARD_WHERE,
            _a.c.deleted_at.is_(None),
            _a.c.kind == kind,
        )
        .order_by(_r.c.score.desc(), _a.c.name_key)
        .limit(limit)
    )


async def leaderboard_rows(
    store: Store, game: str, variant: str, limit: int, kind: str
) -> list[Any]:
    async with store.engine.connect() as conn:
        return list(await conn.execute(leaderboard_query(game, variant, limit, kind)))
