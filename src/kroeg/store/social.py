"""The ``follows`` and ``blocks`` tables (kroeg.accounts.social decides who may follow,
block or invite whom): whether one player follows or blocks another, a follow or block
added or removed, whom a player blocks and whom they follow."""

from __future__ import annotations

import contextlib
import time

import sqlalchemy as sa

from kroeg.store import schema
from kroeg.store.store import Store

_b, _f = schema.blocks, schema.follows


async def _exists(store: Store, table: sa.Table, a: str, b: str) -> bool:
    first, second = table.primary_key.columns.values()
    query = sa.select(sa.func.count()).where(first == a, second == b)
    async with store.engine.connect() as conn:
        return bool(await conn.scalar(query.select_from(table)))


async def blocks(store: Store, blocker: str, blocked: str) -> bool:
    return await _exists(store, _b, blocker, blocked)


async def follows(store: Store, follower: str, followed: str) -> bool:
    return await _exists(store, _f, follower, followed)


async def add_follow(store: Store, follower: str, followed: str) -> None:
    """The follow, once: a second at the same moment changes nothing."""
    row = {"follower_id": follower, "followed_id": followed, "created_at": time.time()}
    with contextlib.suppress(sa.exc.IntegrityError):
        await store.execute(sa.insert(_f).values(**row))


async def remove_follow(store: Store, follower: str, followed: str) -> None:
    await store.execute(
        sa.delete(_f).where(_f.c.follower_id == follower, _f.c.followed_id == followed)
    )


async def add_block(store: Store, blocker: str, blocked: str) -> None:
    """The block, once: a second at the same moment changes nothing."""
    row = {"blocker_id": blocker, "blocked_id": blocked, "created_at": time.time()}
    with contextlib.suppress(sa.exc.IntegrityError):
        await store.execute(sa.insert(_b).values(**row))


async def remove_block(store: Store, blocker: str, blocked: str) -> None:
    await store.execute(sa.delete(_b).where(_b.c.blocker_id == blocker, _b.c.blocked_id == blocked))


async def blocked_by(store: Store, player: str) -> set[str]:
    """The players this player blocks (their chat is not sent to them)."""
    async with store.engine.connect() as conn:
        rows = await conn.execute(sa.select(_b.c.blocked_id).where(_b.c.blocker_id == player))
        return {row.blocked_id for row in rows}


async def following(store: Store, player: str) -> list[tuple[str, str, bool]]:
    """The accounts this player follows: (player id, name, invisible), by name."""
    a = schema.accounts
    query = (
        sa.select(a.c.player_id, a.c.name, a.c.invisible)
        .join(_f, _f.c.followed_id == a.c.player_id)
        .where(_f.c.follower_id == player, a.c.deleted_at.is_(None))
        .order_by(a.c.name_key)
    )
    async with store.engine.connect() as conn:
        return [(r.player_id, r.name, bool(r.invisible)) for r in await conn.execute(query)]


async def forget_ties_of(store: Store, player: str) -> None:
    """Every follow and block of the player, both ways."""
    await store.execute(
        sa.delete(_f).where((_f.c.follower_id == player) | (_f.c.followed_id == player))
    )
    await store.execute(
        sa.delete(_b).where((_b.c.blocker_id == player) | (_b.c.blocked_id == player))
    )
