"""Ratings in the store: the update after each rated game, the rebuild, and the reads.

The games are the truth and the ratings a cache (DESIGN.md): :func:`rate_game` rates one
finished game of a rated table once (a second call changes nothing), and :func:`rebuild`
forgets every rating and rates every rated game again in the order they finished
(``finished_at``, then id), through the same :func:`kroeg.accounts.ratings.rate`. Games
rated as they finish are rated in that order too, so the two agree (tests/accounts).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from kroeg.accounts.ratings import Change, Rating, Seat, established, rate, teams_of
from kroeg.games import game_class
from kroeg.store import Store, schema

log = logging.getLogger(__name__)

Key = tuple[str, str, str]
"""(player, game, variant): one rating."""

_locks: weakref.WeakKeyDictionary[Store, asyncio.Lock] = weakref.WeakKeyDictionary()


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game as the ratings see it."""

    id: int
    game: str
    variant: str
    house_level: str
    finished_at: float
    seats: list[Seat]


@dataclass(slots=True)
class Standing:
    """A player's rating in one game and variant, with what the leaderboard counts."""

    rating: Rating
    games: int = 0
    opponents: int = 0
    established: int = 0
    """The different opponents who counted for the leaderboard (ratings.established)."""


@dataclass(frozen=True, slots=True)
class Met:
    """Whom a person met in a game, as the counts see it: opponents met for the first
    time (each with whether they counted as established), and opponents met before who
    count as established for the first time now."""

    new: list[tuple[str, bool]]
    promoted: list[str]


def _met(
    change: Change,
    known: Mapping[str, bool],
    games: Mapping[str, int],
    accounts: Mapping[str, float],
    finished_at: float,
) -> Met:
    """``known``: the person's opponents in the game and variant before, each with whether
    they counted as established; ``games``: the people's rated games before this one;
    ``accounts``: when each account among them was made."""
    new, promoted = [], []
    for q in sorted(change.opponents):
        counts = established(accounts.get(q), games.get(q, 0), finished_at)
        if q not in known:
            new.append((q, counts))
        elif counts and not known[q]:
            promoted.append(q)
    return Met(new, promoted)


def _lock(store: Store) -> asyncio.Lock:
    lock = _locks.get(store)
    if lock is None:
        lock = _locks[store] = asyncio.Lock()
    return lock


def _seats(game: str, variant: str, results: Iterable[Any]) -> list[Seat]:
    rows = sorted(results, key=lambda r: r.seat)
    team_of = teams_of(len(rows), game_class(game).traits_of(variant).teams)
    return [Seat(r.seat, r.player_id, r.outcome, team_of[r.seat], r.place) for r in rows]


def _rated_games() -> sa.Select[Any]:
    g, t = schema.games, schema.tables
    return (
        sa.select(g.c.id, g.c.game, g.c.variant, t.c.house_level, g.c.finished_at)
        .join(t, t.c.id == g.c.table_id)
        .where(t.c.rated == sa.true(), g.c.finished_at.is_not(None))
    )


async def _finished(conn: AsyncConnection, game_id: int) -> Finished | None:
    row = (await conn.execute(_rated_games().where(schema.games.c.id == game_id))).first()
    if row is None:
        return None
    r = schema.results
    results = await conn.execute(sa.select(r).where(r.c.game_id == game_id))
    return Finished(
        row.id,
        row.game,
        row.variant,
        row.house_level,
        row.finished_at,
        _seats(row.game, row.variant, results),
    )


async def rate_game(store: Store, game_id: int) -> list[Change]:
    """Rate a finished game of a rated table, once; the changes made (none: not rated,
    already rated, or nobody to rate)."""
    r, rc = schema.ratings, schema.rating_changes
    async with _lock(store), store.engine.begin() as conn:
        # The first statement writes, so SQLite takes its write lock before anything is
        # read: a transaction that had read could not write after another connection's
        # commit. Ratings are only written under the lock above.
        await conn.execute(sa.delete(rc).where(rc.c.game_id == game_id, sa.false()))
        done = await conn.scalar(sa.select(sa.func.count()).where(rc.c.game_id == game_id))
        game = None if done else await _finished(conn, game_id)
        if game is None:
            return []
        people = [s.player for s in game.seats if s.player is not None]
        query = sa.select(r).where(
            r.c.player_id.in_(people), r.c.game == game.game, r.c.variant == game.variant
        )
        if store.backend == "postgresql":
            query = query.with_for_update()  # another server process rating the same people
        current = {row.player_id: _standing(row) for row in await conn.execute(query)}
        changes = rate(game.seats, {p: s.rating for p, s in current.items()}, game.house_level)
        if not changes:
            return []
        o, a = schema.rating_opponents, schema.accounts
        known: dict[str, dict[str, bool]] = {}
        for row in await conn.execute(
            sa.select(o.c.player_id, o.c.opponent_id, o.c.established).where(
                o.c.player_id.in_(people), o.c.game == game.game, o.c.variant == game.variant
            )
        ):
            known.setdefault(row.player_id, {})[row.opponent_id] = row.established
        accounts = {
            row.player_id: row.created_at
            for row in await conn.execute(
                sa.select(a.c.player_id, a.c.created_at).where(a.c.player_id.in_(people))
            )
        }
        games = {p: standing.games for p, standing in current.items()}
        for change in changes:
            met = _met(change, known.get(change.player, {}), games, accounts, game.finished_at)
            key = {"player_id": change.player, "game": game.game, "variant": game.variant}
            if met.new:
                await conn.execute(
                    sa.insert(o),
                    [{**key, "opponent_id": q, "established": e} for q, e in met.new],
                )
            if met.promoted:
                await conn.execute(
                    sa.update(o)
                    .where(
                        o.c.player_id == change.player,
                        o.c.game == game.game,
                        o.c.variant == game.variant,
                        o.c.opponent_id.in_(met.promoted),
                    )
                    .values(established=True)
                )
            standing = current.get(change.player)
            values = _rating_values(change.after, standing, met)
            if standing is None:
                await conn.execute(sa.insert(r).values(**key, **values))
            else:
                await conn.execute(
                    sa.update(r)
                    .where(
                        r.c.player_id == change.player,
                        r.c.game == game.game,
                        r.c.variant == game.variant,
                    )
                    .values(**values)
                )
        await conn.execute(sa.insert(rc), [_change_row(game, c) for c in changes])
    return changes


def _standing(row: Any) -> Standing:
    return Standing(Rating(row.mu, row.sigma), row.games, row.opponents, row.established)


def _rating_values(after: Rating, standing: Standing | None, met: Met) -> dict[str, Any]:
    before = standing or Standing(after)
    return {
        "mu": after.mu,
        "sigma": after.sigma,
        "score": after.score,
        "games": before.games + 1,
        "opponents": before.opponents + len(met.new),
        "established": before.established + sum(1 for _, e in met.new if e) + len(met.promoted),
    }


def _change_row(game: Finished, c: Change) -> dict[str, Any]:
    return {
        "game_id": game.id,
        "seat": c.seat,
        "player_id": c.player,
        "game": game.game,
        "variant": game.variant,
        "rank": c.rank,
        "mu_before": c.before.mu,
        "sigma_before": c.before.sigma,
        "mu": c.after.mu,
        "sigma": c.after.sigma,
    }


async def rebuild(store: Store, *, chunk: int = 1000) -> int:
    """Forget every rating and rate every finished game of a rated table again, in the
    order they finished; the number of games that changed a rating."""
    g, r, a = schema.games, schema.results, schema.accounts
    standings: dict[Key, Standing] = {}
    pairs: dict[Key, dict[str, bool]] = {}
    change_rows: list[dict[str, Any]] = []
    rated = 0
    async with _lock(store), store.engine.begin() as conn:
        for table in (schema.rating_changes, schema.rating_opponents, schema.ratings):
            await conn.execute(sa.delete(table))
        accounts = {
            row.player_id: row.created_at
            for row in await conn.execute(sa.select(a.c.player_id, a.c.created_at))
        }
        games = (await conn.execute(_rated_games().order_by(g.c.finished_at, g.c.id))).all()
        for start in range(0, len(games), chunk):
            part = games[start : start + chunk]
            results: dict[int, list[Any]] = {}
            rows = await conn.execute(sa.select(r).where(r.c.game_id.in_([x.id for x in part])))
            for row in rows:
                results.setdefault(row.game_id, []).append(row)
            for x in part:
                game = Finished(
                    x.id,
                    x.game,
                    x.variant,
                    x.house_level,
                    x.finished_at,
                    _seats(x.game, x.variant, results.get(x.id, [])),
                )
                changes = _apply(game, standings, pairs, accounts)
                if changes:
                    rated += 1
                    change_rows.extend(_change_row(game, c) for c in changes)
        await _insert_all(conn, schema.rating_changes, change_rows)
        await _insert_all(
            conn,
            schema.rating_opponents,
            [
                {
                    "player_id": k[0],
                    "game": k[1],
                    "variant": k[2],
                    "opponent_id": q,
                    "established": e,
                }
                for k, met in sorted(pairs.items())
                for q, e in sorted(met.items())
            ],
        )
        await _insert_all(
            conn,
            schema.ratings,
            [
                {
                    "player_id": k[0],
                    "game": k[1],
                    "variant": k[2],
                    "mu": s.rating.mu,
                    "sigma": s.rating.sigma,
                    "score": s.rating.score,
                    "games": s.games,
                    "opponents": s.opponents,
                    "established": s.established,
                }
                for k, s in standings.items()
            ],
        )
    return rated


def _apply(
    game: Finished,
    standings: dict[Key, Standing],
    pairs: dict[Key, dict[str, bool]],
    accounts: Mapping[str, float],
) -> list[Change]:
    """Rate one game against the ratings held in memory (the rebuild), as
    :func:`rate_game` rates it against the store."""

    def key(player: str) -> Key:
        return (player, game.game, game.variant)

    held = {
        s.player: standings[key(s.player)]
        for s in game.seats
        if s.player is not None and key(s.player) in standings
    }
    changes = rate(game.seats, {p: h.rating for p, h in held.items()}, game.house_level)
    games = {p: h.games for p, h in held.items()}  # before this game, as the store reads them
    for c in changes:
        known = pairs.setdefault(key(c.player), {})
        met = _met(c, known, games, accounts, game.finished_at)
        standing = standings.setdefault(key(c.player), Standing(c.after))
        standing.rating = c.after
        standing.games += 1
        standing.opponents += len(met.new)
        standing.established += sum(1 for _, e in met.new if e) + len(met.promoted)
        known.update(met.new)
        known.update(dict.fromkeys(met.promoted, True))
    return changes


async def _insert_all(conn: AsyncConnection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), 5000):
        await conn.execute(sa.insert(table), rows[start : start + 5000])


# Reads ----------------------------------------------------------------------------------


async def ratings_of(store: Store, player_id: str) -> dict[tuple[str, str], Standing]:
    """A player's ratings, by (game, variant)."""
    r = schema.ratings
    async with store.engine.connect() as conn:
        rows = await conn.execute(sa.select(r).where(r.c.player_id == player_id))
        return {(row.game, row.variant): _standing(row) for row in rows}


async def ratings_by_player(
    store: Store, players: Sequence[str], game: str, variant: str
) -> Mapping[str, Standing]:
    """The ratings of some players in one game and variant (the seats' badges)."""
    if not players:
        return {}
    r = schema.ratings
    async with store.engine.connect() as conn:
        rows = await conn.execute(
            sa.select(r).where(
                r.c.player_id.in_(list(players)), r.c.game == game, r.c.variant == variant
            )
        )
        return {row.player_id: _standing(row) for row in rows}


BOARDS = ("person", "bot")
"""The leaderboards of a game and variant: people's and bots' (issue 22 point 1), by the
account's ``kind``. A bot is rated like anyone and never shows on the people's board."""


def leaderboard_query(game: str, variant: str, limit: int, kind: str = "person") -> sa.Select[Any]:
    """The top accounts of the ``kind`` (one of :data:`BOARDS`) by conservative rating
    among those with enough games and established opponents. The thresholds are written
    into the SQL, not bound: the partial index ``ix_ratings_leaderboard`` serves only a
    query whose condition implies its own."""
    r, a = schema.ratings, schema.accounts
    return (
        sa.select(a.c.name, r.c.mu, r.c.sigma, r.c.score, r.c.games, r.c.opponents, r.c.established)
        .join(a, a.c.player_id == r.c.player_id)
        .where(
            r.c.game == game,
            r.c.variant == variant,
            schema.LEADERBOARD_WHERE,
            a.c.deleted_at.is_(None),
            a.c.kind == kind,
        )
        .order_by(r.c.score.desc(), a.c.name_key)
        .limit(limit)
    )


async def leaderboard(
    store: Store, game: str, variant: str, limit: int = 50, kind: str = "person"
) -> list[dict[str, Any]]:
    async with store.engine.connect() as conn:
        rows = await conn.execute(leaderboard_query(game, variant, limit, kind))
        return [
            {
                "rank": i + 1,
                "name": row.name,
                "rating": round(row.score, 2),
                "mu": round(row.mu, 2),
                "sigma": round(row.sigma, 2),
                "games": row.games,
                "opponents": row.opponents,
                "established": row.established,
            }
            for i, row in enumerate(rows)
        ]


def rate_on_finish(store: Store) -> None:
    """Rate each game as its end is committed (``Store.on_finish``). A failure is logged
    and leaves the game unrated until ``kroeg ratings rebuild``; the table goes on."""

    async def hook(game_id: int) -> None:
        try:
            await rate_game(store, game_id)
        except Exception:
            log.exception("rating game %d failed; `kroeg ratings rebuild` repairs it", game_id)

    store.on_finish.append(hook)
