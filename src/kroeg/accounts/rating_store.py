"""Ratings kept in the store (its tables: :mod:`kroeg.store.ratings`): the update after each
rated game, the rebuild, and the reads.

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

from kroeg.accounts.ratings import Change, Rating, Seat, established, rate, teams_of
from kroeg.games import game_class
from kroeg.store import Store
from kroeg.store import ratings as stored_ratings
from kroeg.store.ratings import RatingTransaction, rating_transaction

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


async def _finished(tx: RatingTransaction, game_id: int) -> Finished | None:
    rated = await tx.rated_game(game_id)
    if rated is None:
        return None
    return Finished(
        rated.id,
        rated.game,
        rated.variant,
        rated.house_level,
        rated.finished_at,
        _seats(rated.game, rated.variant, rated.results),
    )


async def rate_game(store: Store, game_id: int) -> list[Change]:
    """Rate a finished game of a rated table, once; the changes made (none: not rated,
    already rated, or nobody to rate)."""
    async with _lock(store), rating_transaction(store) as tx:
        game = None if await tx.is_rated(game_id) else await _finished(tx, game_id)
        if game is None:
            return []
        people = [s.player for s in game.seats if s.player is not None]
        current = {
            row.player_id: _standing(row)
            for row in await tx.ratings(people, game.game, game.variant)
        }
        changes = rate(game.seats, {p: s.rating for p, s in current.items()}, game.house_level)
        if not changes:
            return []
        known = await tx.opponents(people, game.game, game.variant)
        accounts = await tx.accounts_created(people)
        games = {p: standing.games for p, standing in current.items()}
        for change in changes:
            met = _met(change, known.get(change.player, {}), games, accounts, game.finished_at)
            key = {"player_id": change.player, "game": game.game, "variant": game.variant}
            if met.new:
                await tx.add_opponents(key, met.new)
            if met.promoted:
                await tx.promote_opponents(change.player, game.game, game.variant, met.promoted)
            standing = current.get(change.player)
            values = _rating_values(change.after, standing, met)
            if standing is None:
                await tx.add_rating(key, values)
            else:
                await tx.set_rating(change.player, game.game, game.variant, values)
        await tx.add_changes([_change_row(game, c) for c in changes])
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
    standings: dict[Key, Standing] = {}
    pairs: dict[Key, dict[str, bool]] = {}
    change_rows: list[dict[str, Any]] = []
    rated = 0
    async with _lock(store), rating_transaction(store) as tx:
        await tx.forget_all()
        accounts = await tx.accounts_created()
        games = await tx.rated_games()
        for start in range(0, len(games), chunk):
            part = games[start : start + chunk]
            results = await tx.results_of([x.id for x in part])
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
        await tx.insert_all(
            change_rows,
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


# Reads ----------------------------------------------------------------------------------


async def ratings_of(store: Store, player_id: str) -> dict[tuple[str, str], Standing]:
    """A player's ratings, by (game, variant)."""
    rows = await stored_ratings.ratings_of(store, player_id)
    return {(row.game, row.variant): _standing(row) for row in rows}


async def ratings_by_player(
    store: Store, players: Sequence[str], game: str, variant: str
) -> Mapping[str, Standing]:
    """The ratings of some players in one game and variant (the seats' badges)."""
    if not players:
        return {}
    rows = await stored_ratings.ratings_in(store, players, game, variant)
    return {row.player_id: _standing(row) for row in rows}


BOARDS = ("person", "bot")
"""The leaderboards of a game and variant: people's and bots' (issue 22 point 1), by the
account's ``kind``. A bot is rated like anyone and never shows on the people's board."""


async def leaderboard(
    store: Store, game: str, variant: str, limit: int = 50, kind: str = "person"
) -> list[dict[str, Any]]:
    """The top accounts of the ``kind`` (one of :data:`BOARDS`) by conservative rating
    among those with enough games and established opponents."""
    rows = await stored_ratings.leaderboard_rows(store, game, variant, limit, kind)
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
