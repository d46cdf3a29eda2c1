"""A player's profile and game history, read from the finished games and the ratings.

Everything here is what anyone may see of a player (docs/accounts.md): their name, since
when they are a member, per game and variant the games they played and won, their rating
and recent form, and their finished games. A game at a private table shows no table id
to someone who did not play in it: the id of a private table is its invite.
"""

from __future__ import annotations

from typing import Any

from kroeg.accounts.ratings import Rating
from kroeg.games import game_class
from kroeg.store import Store
from kroeg.store.accounts import Account
from kroeg.store.history import finished_games, profile_rows, seats_of

PAGE = 20
"""Games per page of a history."""

FORM = 5
"""The recent form: the outcomes of a player's last five games per game and variant."""


async def profile(store: Store, account: Account) -> dict[str, Any]:
    rows = await profile_rows(store, account.player_id)
    played, outcomes, ratings = rows.played, rows.outcomes, rows.ratings
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
    rows = await finished_games(store, account.player_id, game=game, before=cursor, limit=PAGE + 1)
    page = rows[:PAGE]
    seats: dict[int, list[dict[str, Any]]] = {}
    if page:
        for n in await seats_of(store, [x.id for x in page]):
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
