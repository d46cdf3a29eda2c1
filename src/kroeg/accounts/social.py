"""Follows, blocks and invitations between players (docs/accounts.md, "Follows, blocks").

A player follows accounts (by name); the lobby shows which of them are online and where,
unless they chose to be invisible. A player blocks accounts: the blocked player's chat
never reaches them, the blocked player cannot invite them, and a block ends the blocked
player's follow of them (and refuses a new one), so that they no longer see where the
blocker sits. Who someone blocks is theirs alone: no endpoint shows it to anyone else.
"""

from __future__ import annotations

from kroeg.accounts.directory import by_name
from kroeg.accounts.errors import AccountError
from kroeg.store import Store
from kroeg.store.accounts import Account
from kroeg.store.social import (
    add_block,
    add_follow,
    blocks,
    follows,
    remove_block,
    remove_follow,
)


async def target(store: Store, player: str, name: str) -> Account:
    """The account someone names to follow, block or invite: it exists and is not them."""
    account = await by_name(store, name)
    if account is None:
        raise AccountError("unknown_player", f"there is no player named {name!r}")
    if account.player_id == player:
        raise AccountError("bad_target", "you cannot follow, block or invite yourself")
    return account


async def follow(store: Store, player: str, name: str) -> Account:
    """Follow the account (again: nothing changes); refused when it blocks the player."""
    account = await target(store, player, name)
    if await blocks(store, account.player_id, player):
        raise AccountError("follow_refused", f"{account.name} does not accept your follow")
    if not await follows(store, player, account.player_id):
        await add_follow(store, player, account.player_id)
    return account


async def unfollow(store: Store, player: str, name: str) -> Account:
    account = await target(store, player, name)
    await remove_follow(store, player, account.player_id)
    return account


async def block(store: Store, player: str, name: str) -> Account:
    """Block the account (again: nothing changes) and end its follow of the player."""
    account = await target(store, player, name)
    await remove_follow(store, account.player_id, player)
    if not await blocks(store, player, account.player_id):
        await add_block(store, player, account.player_id)
    return account


async def unblock(store: Store, player: str, name: str) -> Account:
    account = await target(store, player, name)
    await remove_block(store, player, account.player_id)
    return account


async def check_invite(store: Store, player: str, name: str) -> Account:
    """Whom ``player`` may invite: an account they follow that does not block them."""
    account = await target(store, player, name)
    if not await follows(store, player, account.player_id):
        raise AccountError(
            "not_following", f"you can only invite people you follow: follow {account.name} first"
        )
    if await blocks(store, account.player_id, player):
        raise AccountError("invite_refused", f"{account.name} does not accept your invitations")
    return account
