"""A player's name in the games they played: in their results and in each game's
``names``, seat by seat (rewritten when their account is deleted, kroeg.accounts.lifecycle)."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.store import schema
from kroeg.store.store import Store

_g, _r = schema.games, schema.results


async def rename_in_results(store: Store, player_id: str, name: str) -> None:
    await store.execute(sa.update(_r).where(_r.c.player_id == player_id).values(name=name))


async def rename_in_games(store: Store, player_id: str, name: str) -> None:
    """The player's name in the ``names`` of every game they played."""
    played = sa.select(_r.c.game_id).where(_r.c.player_id == player_id)
    async with store.engine.connect() as conn:
        rows = (
            await conn.execute(
                sa.select(_g.c.id, _g.c.players, _g.c.names).where(_g.c.id.in_(played))
            )
        ).all()
    for game_id, players, names in rows:
        renamed = [name if p == player_id else n for p, n in zip(players, names, strict=True)]
        await store.execute(sa.update(_g).where(_g.c.id == game_id).values(names=renamed))
