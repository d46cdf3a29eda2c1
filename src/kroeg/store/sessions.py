"""The writes of the ``sessions`` table that reach many rows at once (one session's are
:class:`~kroeg.store.store.Store` methods): log a player out everywhere, and delete the
dead tokens of one kind."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.store import schema
from kroeg.store.store import Store

_s = schema.sessions


async def revoke_all_of(store: Store, player_id: str, revoked_at: float) -> None:
    """Revoke every session of the player that is not revoked yet."""
    query = sa.update(_s).where(_s.c.player_id == player_id, _s.c.revoked_at.is_(None))
    await store.execute(query.values(revoked_at=revoked_at))


async def delete_dead(store: Store, kind: str, before: float) -> None:
    """Delete the sessions of ``kind`` revoked or expired before ``before``."""
    dead = sa.or_(_s.c.revoked_at < before, _s.c.expires_at < before)
    await store.execute(sa.delete(_s).where(_s.c.kind == kind, dead))
