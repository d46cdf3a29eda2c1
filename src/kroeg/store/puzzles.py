"""The queries of the puzzles (the puzzle tables of :mod:`kroeg.store.schema`, migration
0018; docs/puzzles.md): storing mined puzzles once each, choosing a player's next and
the daily puzzle, and recording an answer with both ratings in one transaction."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from kroeg.puzzles.klaverjassen import Puzzle
from kroeg.puzzles.rating import Skill, initial_puzzle_mu, rate_answer
from kroeg.store import schema
from kroeg.store.store import ID_MAX, Store

Row = dict[str, Any]

DAY = 86_400.0
HISTORY_LIMIT = 50


class AlreadyAnswered(Exception):
    """The player answered this puzzle before: an answer counts once."""


@dataclass(frozen=True, slots=True)
class Answered:
    """One answer as stored: the player's skill before and after, and their streak."""

    solved: bool
    before: Skill
    after: Skill
    puzzle_after: Skill
    streak: int
    best_streak: int


_locks: dict[int, asyncio.Lock] = {}


def _lock(store: Store) -> asyncio.Lock:
    """One lock per store: the answers of one process are rated one at a time (with
    PostgreSQL the rows are also locked for the other processes)."""
    return _locks.setdefault(id(store), asyncio.Lock())


class PuzzleStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    async def add(
        self, puzzles: Iterable[Puzzle], game: str, variant: str, game_id: int | None
    ) -> int:
        """Store the puzzles not stored yet (by key); how many were new."""
        p = schema.puzzles
        found = list(puzzles)
        if not found:
            return 0
        async with self.engine.connect() as conn:
            known = set(
                await conn.scalars(sa.select(p.c.key).where(p.c.key.in_([x.key for x in found])))
            )
        added = 0
        now = time.time()
        for puzzle in found:
            if puzzle.key in known:
                continue
            known.add(puzzle.key)
            values = {
                "key": puzzle.key,
                "game": game,
                "variant": variant,
                "game_id": game_id,
                "deal": puzzle.deal,
                "trick": puzzle.trick,
                "seat": puzzle.seat,
                "view": puzzle.view,
                "cards": puzzle.cards,
                "solution": puzzle.solution(),
                "mu": initial_puzzle_mu(puzzle.margin),
                "sigma": Skill().sigma,
                "attempts": 0,
                "solved": 0,
                "created_at": now,
            }
            with contextlib.suppress(sa.exc.IntegrityError):  # another process stored it
                await self.store.execute(sa.insert(p).values(**values))
                added += 1
        return added

    async def count(self) -> int:
        async with self.engine.connect() as conn:
            return int(
                await conn.scalar(sa.select(sa.func.count()).select_from(schema.puzzles)) or 0
            )

    async def puzzle(self, puzzle_id: int) -> Row | None:
        if not 1 <= puzzle_id <= ID_MAX:
            return None
        return await self._row(sa.select(schema.puzzles).where(schema.puzzles.c.id == puzzle_id))

    async def skill(self, player_id: str) -> Row:
        """The player's puzzle rating and streak (a newcomer's when they have none)."""
        pp = schema.puzzle_players
        row = await self._row(sa.select(pp).where(pp.c.player_id == player_id))
        if row is not None:
            return row
        new = Skill()
        return {
            "player_id": player_id,
            "mu": new.mu,
            "sigma": new.sigma,
            "attempts": 0,
            "solved": 0,
            "streak": 0,
            "best_streak": 0,
        }

    async def next_for(self, player_id: str) -> Row | None:
        """The puzzle the player has not answered whose rating is nearest theirs."""
        p, a = schema.puzzles, schema.puzzle_attempts
        mu = float((await self.skill(player_id))["mu"])
        done = sa.select(a.c.puzzle_id).where(a.c.player_id == player_id)
        query = (
            sa.select(p)
            .where(p.c.id.not_in(done))
            .order_by(sa.func.abs(p.c.mu - mu), p.c.id)
            .limit(1)
        )
        return await self._row(query)

    async def daily(self, now: float) -> Row | None:
        """The day's puzzle: the same for everyone all day (UTC), chosen among the
        puzzles stored before the day began (all of them on the first day)."""
        p = schema.puzzles
        day = int(now // DAY)
        older = p.c.created_at < day * DAY
        async with self.engine.connect() as conn:
            count = int(await conn.scalar(sa.select(sa.func.count()).where(older)) or 0)
        if count == 0:
            older = sa.true()
            count = await self.count()
        if count == 0:
            return None
        offset = (day * 7919) % count
        return await self._row(sa.select(p).where(older).order_by(p.c.id).offset(offset).limit(1))

    async def answered(self, puzzle_id: int, player_id: str) -> Row | None:
        a = schema.puzzle_attempts
        return await self._row(
            sa.select(a).where(a.c.puzzle_id == puzzle_id, a.c.player_id == player_id)
        )

    async def answer(self, puzzle_id: int, player_id: str, card: str, solved: bool) -> Answered:
        """Record the answer and rate both sides, in one transaction; raises
        :class:`AlreadyAnswered` (and changes nothing) for a second answer."""
        p, pp, a = schema.puzzles, schema.puzzle_players, schema.puzzle_attempts
        now = time.time()
        async with _lock(self.store), self.engine.begin() as conn:
            try:
                # The first statement writes, so SQLite takes its write lock before any read.
                await conn.execute(
                    sa.insert(a).values(
                        puzzle_id=puzzle_id,
                        player_id=player_id,
                        card=card,
                        solved=solved,
                        rating_before=0.0,
                        rating_after=0.0,
                        created_at=now,
                    )
                )
            except sa.exc.IntegrityError as e:
                raise AlreadyAnswered(puzzle_id) from e
            lock = self.store.backend == "postgresql"
            q_puzzle = sa.select(p.c.mu, p.c.sigma).where(p.c.id == puzzle_id)
            q_player = sa.select(pp).where(pp.c.player_id == player_id)
            if lock:
                q_puzzle, q_player = q_puzzle.with_for_update(), q_player.with_for_update()
            prow = (await conn.execute(q_puzzle)).one()
            me = (await conn.execute(q_player)).first()
            before = Skill(me.mu, me.sigma) if me is not None else Skill()
            after, puzzle_after = rate_answer(before, Skill(prow.mu, prow.sigma), solved)
            streak = ((me.streak if me is not None else 0) + 1) if solved else 0
            best = max(streak, me.best_streak if me is not None else 0)
            values = {
                "mu": after.mu,
                "sigma": after.sigma,
                "streak": streak,
                "best_streak": best,
                "updated_at": now,
            }
            if me is None:
                await conn.execute(
                    sa.insert(pp).values(
                        player_id=player_id, attempts=1, solved=int(solved), **values
                    )
                )
            else:
                await conn.execute(
                    sa.update(pp)
                    .where(pp.c.player_id == player_id)
                    .values(attempts=pp.c.attempts + 1, solved=pp.c.solved + int(solved), **values)
                )
            await conn.execute(
                sa.update(p)
                .where(p.c.id == puzzle_id)
                .values(
                    mu=puzzle_after.mu,
                    sigma=puzzle_after.sigma,
                    attempts=p.c.attempts + 1,
                    solved=p.c.solved + int(solved),
                )
            )
            await conn.execute(
                sa.update(a)
                .where(a.c.puzzle_id == puzzle_id, a.c.player_id == player_id)
                .values(rating_before=before.mu, rating_after=after.mu)
            )
        return Answered(solved, before, after, puzzle_after, streak, best)

    async def history(self, player_id: str, limit: int = HISTORY_LIMIT) -> list[Row]:
        """The player's answers, newest first."""
        p, a = schema.puzzles, schema.puzzle_attempts
        query = (
            sa.select(
                a.c.puzzle_id,
                a.c.card,
                a.c.solved,
                a.c.rating_before,
                a.c.rating_after,
                a.c.created_at,
                p.c.game,
                p.c.mu.label("puzzle_mu"),
            )
            .join(p, p.c.id == a.c.puzzle_id)
            .where(a.c.player_id == player_id)
            .order_by(a.c.created_at.desc(), a.c.puzzle_id.desc())
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            return [dict(r._mapping) for r in await conn.execute(query)]

    async def _row(self, query: sa.Select[Any]) -> Row | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return None if row is None else dict(row._mapping)
