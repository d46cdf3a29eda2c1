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

from kroeg.accounts.sessions import Sessions
from kroeg.store import Store
from kroeg.store.accounts import of_player
from kroeg.store.player_data import rows_of

JSON = dict[str, Any]


async def export(store: Store, sessions: Sessions, player: str) -> JSON:
    """Everything the server holds about ``player``."""
    rows = await rows_of(store, player)
    person, passkeys = rows.player, rows.passkeys
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
        "tables": rows.tables,
        "games": [_game(g) for g in rows.games],
        "ratings": rows.ratings,
        "rating_changes": rows.rating_changes,
        "following": rows.following,
        "blocking": rows.blocking,
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
        "place": m["place"],
        "result": m["result"],
    }
