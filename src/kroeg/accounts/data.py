"""A player's own data, all of it, as one JSON document (``GET /api/me/data``): who they
are, their account and passkeys, their sessions, the tables they opened, the games
they played with their results, their ratings and rating changes, and whom they follow
and block (docs/accounts.md, "Your data").

Only what is theirs: of the games, what every player of them may see (the records are
a separate download, ``/api/games/{id}/record``); of the sessions, never a token or its
hash; of the passkeys, never more than the browser already knows; of follows and
blocks, the player's own (whom they follow or block), never who follows or blocks them.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from kroeg.server.sessions import Sessions
from kroeg.store import Store
from kroeg.store import schema as s
from kroeg.store.accounts import of_player

JSON = dict[str, Any]


async def export(store: Store, sessions: Sessions, player: str) -> JSON:
    """Everything the server holds about ``player``."""
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
        games = [_game(r._mapping) for r in played]
        ratings = await _rows(conn, s.ratings, s.ratings.c.player_id == player)
        changes = await _rows(conn, s.rating_changes, s.rating_changes.c.player_id == player)
        following = await _ties(conn, s.follows.c.follower_id, s.follows.c.followed_id, player)
        blocking = await _ties(conn, s.blocks.c.blocker_id, s.blocks.c.blocked_id, player)
    account = await of_player(store, player)
    return {
        "exported_at": time.time(),
        "player": {"id": person.id, "name": person.name, "created_at": person.created_at},
        "account": None
        if account is None
        else {
            "name": account.name,
            "kind": account.kind,
            "created_at": account.created_at,
            "invisible": account.invisible,
            "passkeys": passkeys,
        },
        "sessions": [
            {
                "id": r.id,
                "kind": r.kind,
                "created_at": r.created_at,
                "last_used_at": r.last_used_at,
                "expires_at": r.expires_at,
                "revoked_at": r.revoked_at,
            }
            for r in await store.sessions_of(player)
        ],
        "tables": tables,
        "games": games,
        "ratings": ratings,
        "rating_changes": changes,
        "following": following,
        "blocking": blocking,
    }


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


def _game(m: Any) -> JSON:
    return {
        "id": m["id"],
        "table": m["table_id"],
        "game": m["game"],
        "variant": m["variant"],
        "started_at": m["started_at"],
        "finished_at": m["finished_at"],
        "seat": m["seat"],
        "names": list(m["names"]),
        "outcome": m["outcome"],
        "place": m["place"],
        "result": m["result"],
    }
