"""A player's own data, all of it, as one JSON document (``GET /api/me/data``): who they
are, their account and passkeys, their sessions, the tables they opened and the games
they played with their results (docs/accounts.md, "Your data").

Only what is theirs: of the games, what every player of them may see (the records are
a separate download, ``/api/games/{id}/record``); of the sessions, never a token or its
hash; of the passkeys, never more than the browser already knows.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from kroeg.accounts.store import of_player
from kroeg.server.sessions import Sessions
from kroeg.store import Store
from kroeg.store import schema as s

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
            sa.select(s.games, s.results.c.seat, s.results.c.outcome)
            .join(s.results, s.results.c.game_id == s.games.c.id)
            .where(s.results.c.player_id == player)
            .order_by(s.games.c.started_at)
        )
        games = [_game(r._mapping) for r in played]
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
    }


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
        "result": m["result"],
    }
