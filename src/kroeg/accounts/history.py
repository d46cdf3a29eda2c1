"""A player's profile and game history, read from the finished games and the ratings.

Everything here is what anyone may see of a player (docs/accounts.md): their name, since
when they are a member, per game and variant the games they played and won, their rating
and recent form, and their finished games. A game at a private table shows no table id
to someone who did not play in it: the id of a private table is its invite.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from kroeg.accounts.ratings import Rating
from kroeg.games import game_class
from kroeg.store import Store, schema
from kroeg.store.accounts import Account

PAGE = 20
"""Games per page of a history."""

FORM = 5
"""The recent form: the outcomes of a player's last five games per game and variant."""


async def profile(store: Store, account: Account) -> dict[str, Any]:
    r, g, rt = schema.results, schema.games, schema.ratings
    won = sa.func.sum(sa.case((r.c.outcome == "won", 1), else_=0))
    counts = (
        sa.select(g.c.game, g.c.variant, sa.func.count().label("played"), won.label("won"))
        .select_from(r.join(g, g.c.id == r.c.game_id))
        .where(r.c.player_id == account.player_id)
        .group_by(g.c.game, g.c.variant)
    )
    recent = (
        sa.select(g.c.game, g.c.variant, r.c.outcome)
        .select_from(r.join(g, g.c.id == r.c.game_id))
        .where(r.c.player_id == account.player_id)
        .order_by(r.c.game_id.desc())
        .limit(200)
    )
    async with store.engine.connect() as conn:
        played = (await conn.execute(counts)).all()
        outcomes = (await conn.execute(recent)).all()
        ratings = {
            (x.game, x.variant): x
            for x in await conn.execute(sa.select(rt).where(rt.c.player_id == account.player_id))
        }
    form: dict[tuple[str, str], list[str]] = {}
    for x in outcomes:
        kept = form.setdefault((x.game, x.variant), [])
        if len(kept) < FORM:
            kept.append(x.outcome)
    games = []
    for x in sorted(played, key=lambda x: (x.game, x.variant)):
        rating = ratings.get((x.game, x.variant))
        games.append(
            {
                "game": x.game,
                "variant": x.variant,
                "played": int(x.played),
                "won": int(x.won or 0),
                "rating": None if rating is None else _rating(rating),
                "form": form.get((x.game, x.variant), []),
            }
        )
    return {"name": account.name, "member_since": account.created_at, "games": games}


def _rating(row: Any) -> dict[str, Any]:
    rating = Rating(row.mu, row.sigma)
    return {
        "mu": round(rating.mu, 2),
        "sigma": round(rating.sigma, 2),
        "rating": round(rating.score, 2),
        "games": row.games,
        "opponents": row.opponents,
        "established": row.established,
    }


def _shown_place(stored: int | None) -> int | None:
    """The place as people count it, 1 for the winners (ties share a place); the store
    keeps the game's own, 0 for the winners (docs/ratings.md, "Ranking"). None for a
    game finished before places were kept."""
    return None if stored is None else stored + 1


async def games_of(
    store: Store,
    account: Account,
    *,
    viewer: str | None,
    game: str | None = None,
    cursor: int | None = None,
) -> dict[str, Any]:
    """A page of the player's finished games, newest first; ``next`` is the cursor of the
    next page (the last game's id: keyset pagination), None at the end."""
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
        .where(r.c.player_id == account.player_id)
        .order_by(r.c.game_id.desc())
        .limit(PAGE + 1)
    )
    if game is not None:
        query = query.where(g.c.game == game)
    if cursor is not None:
        query = query.where(r.c.game_id < cursor)
    async with store.engine.connect() as conn:
        rows = (await conn.execute(query)).all()
        page = rows[:PAGE]
        seats: dict[int, list[dict[str, Any]]] = {}
        if page:
            names = await conn.execute(
                sa.select(r.c.game_id, r.c.seat, r.c.name, r.c.outcome, r.c.place)
                .where(r.c.game_id.in_([x.id for x in page]))
                .order_by(r.c.game_id, r.c.seat)
            )
            for n in names:
                seats.setdefault(n.game_id, []).append(
                    {
                        "seat": n.seat,
                        "name": n.name,
                        "outcome": n.outcome,
                        "place": _shown_place(n.place),
                    }
                )
    games = []
    for x in page:
        played = viewer is not None and viewer in (x.players or [])
        shown = not x.private or played
        readable = x.public_records or played
        games.append(
            {
                "id": x.id,
                "date": x.finished_at,
                "table": x.table_id if shown else None,
                "game": x.game,
                "variant": x.variant,
                "seat": x.seat,
                "seats": seats.get(x.id, []),
                "outcome": x.outcome,
                "place": _shown_place(x.place),
                "teams": bool(game_class(x.game).traits_of(x.variant).teams),
                "result": x.result,
                "rating_change": None
                if x.mu is None
                else {
                    "before": round(Rating(x.mu_before, x.sigma_before).score, 2),
                    "after": round(Rating(x.mu, x.sigma).score, 2),
                    "mu_before": round(x.mu_before, 2),
                    "mu": round(x.mu, 2),
                },
                "record": f"/api/games/{x.id}/record" if readable else None,
                "replay": f"/t/{x.table_id}?replay={x.id}" if readable and shown else None,
            }
        )
    more = len(rows) > PAGE
    return {"games": games, "next": str(page[-1].id) if more else None}
