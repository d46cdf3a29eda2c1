"""Follows, blocks and invitations between players (docs/accounts.md, "Follows, blocks").

A player follows accounts (by name); the lobby shows which of them are online and where,
unless they chose to be invisible. A player blocks accounts: the blocked player's chat
never reaches them, the blocked player cannot invite them, and a block ends the blocked
player's follow of them (and refuses a new one), so that they no longer see where the
blocker sits. Who someone blocks is theirs alone: no endpoint shows it to anyone else.
"""

from __future__ import annotations

import contextlib
import time

import sqlalchemy as sa

from kroeg.accounts.directory import by_name
from kroeg.store import Store, schema
from kroeg.store.accounts import Account
from kroeg.tables.errors import TableError


async def target(store: Store, player: str, name: str) -> Account:
    """The account someone names to follow, block or invite: it exists and is not them."""
    account = await by_name(store, name)
    if account is None:
        raise TableError("unknown_player", f"there is no player named {name!r}")
    if account.player_id == player:
        raise TableError("bad_target", "you cannot follow, block or invite yourself")
    return account


async def _exists(store: Store, table: sa.Table, a: str, b: str) -> bool:
    first, second = table.primary_key.columns.values()
    query = sa.select(sa.func.count()).where(first == a, second == b)
    async with store.engine.connect() as conn:
        return bool(await conn.scalar(query.select_from(table)))


async def blocks(store: Store, blocker: str, blocked: str) -> bool:
    return await _exists(store, schema.blocks, blocker, blocked)


async def follows(store: Store, follower: str, followed: str) -> bool:
    return await _exists(store, schema.follows, follower, followed)


async def follow(store: Store, player: str, name: str) -> Account:
    """Follow the account (again: nothing changes); refused when it blocks the player."""
    account = await target(store, player, name)
    if await blocks(store, account.player_id, player):
        raise TableError("follow_refused", f"{account.name} does not accept your follow")
    if not await follows(store, player, account.player_id):
        row = {"follower_id": player, "followed_id": account.player_id, "created_at": time.time()}
        with contextlib.suppress(sa.exc.IntegrityError):  # a second PUT at the same moment
            await store.execute(sa.insert(schema.follows).values(**row))
    return account


async def unfollow(store: Store, player: str, name: str) -> Account:
    account = await target(store, player, name)
    f = schema.follows
    await store.execute(
        sa.delete(f).where(f.c.follower_id == player, f.c.followed_id == account.player_id)
    )
    return account


async def block(store: Store, player: str, name: str) -> Account:
    """Block the account (again: nothing changes) and end its follow of the player."""
    account = await target(store, player, name)
    b, f = schema.blocks, schema.follows
    await store.execute(
        sa.delete(f).where(f.c.follower_id == account.player_id, f.c.followed_id == player)
    )
    if not await blocks(store, player, account.player_id):
        row = {"blocker_id": player, "blocked_id": account.player_id, "created_at": time.time()}
        with contextlib.suppress(sa.exc.IntegrityError):  # a second PUT at the same moment
            await store.execute(sa.insert(b).values(**row))
    return account


async def unblock(store: Store, player: str, name: str) -> Account:
    account = await target(store, player, name)
    b = schema.blocks
    await store.execute(
        sa.delete(b).where(b.c.blocker_id == player, b.c.blocked_id == account.player_id)
    )
    return account


async def blocked_by(store: Store, player: str) -> set[str]:
    """The players this player blocks (their chat is not sent to them)."""
    b = schema.blocks
    async with store.engine.connect() as conn:
        rows = await conn.execute(sa.select(b.c.blocked_id).where(b.c.blocker_id == player))
        return {row.blocked_id for row in rows}


async def following(store: Store, player: str) -> list[tuple[str, str, bool]]:
    """The accounts this player follows: (player id, name, invisible), by name."""
    f, a = schema.follows, schema.accounts
    query = (
        sa.select(a.c.player_id, a.c.name, a.c.invisible)
        .join(f, f.c.followed_id == a.c.player_id)
        .where(f.c.follower_id == player, a.c.deleted_at.is_(None))
        .order_by(a.c.name_key)
    )
    async with store.engine.connect() as conn:
        return [(r.player_id, r.name, bool(r.invisible)) for r in await conn.execute(query)]


async def check_invite(store: Store, player: str, name: str) -> Account:
    """Whom ``player`` may invite: an account they follow that does not block them."""
    account = await target(store, player, name)
    if not await follows(store, player, account.player_id):
        raise TableError(
            "not_following", f"you can only invite people you follow: follow {account.name} first"
        )
    if await blocks(store, account.player_id, player):
        raise TableError("invite_refused", f"{account.name} does not accept your invitations")
    return account
