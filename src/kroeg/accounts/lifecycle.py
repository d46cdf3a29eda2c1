"""The end of an account: the operator's password reset, and deleting an account.

Deleting keeps the games (the other players' history and ratings stand on them) but
takes the name out of them: the account's name, its player's display name and its name
in every game it played become ``oud-speler N`` (docs/accounts.md, "Deleting"). The
account's row stays, without its password, to keep that replacement name taken. Its
passkeys, sessions, follows and blocks (both ways) are deleted.
"""

from __future__ import annotations

import re
import secrets
import time

from kroeg.accounts import passwords
from kroeg.accounts.directory import by_name
from kroeg.accounts.errors import AccountError
from kroeg.accounts.names import name_key
from kroeg.accounts.sessions import Sessions
from kroeg.store import Store
from kroeg.store import passkeys as stored_passkeys
from kroeg.store.accounts import deleted_count, mark_deleted, of_player, set_password
from kroeg.store.errors import DuplicateKey
from kroeg.store.game_names import rename_in_games, rename_in_results
from kroeg.store.social import forget_ties_of

FORMER = "oud-speler {n}"
FORMER_PATTERN = re.compile(r"oud-speler \d+", re.IGNORECASE)
"""Names of this form are given to deleted accounts only: nobody may choose one."""


def check_not_reserved(name: str) -> None:
    if FORMER_PATTERN.fullmatch(name.strip()):
        raise AccountError("bad_name", "names like 'oud-speler 12' are for deleted accounts")


async def reset_password(store: Store, sessions: Sessions, name: str) -> str:
    """A new random password for the account (the operator hands it over); every
    session of the account is logged out. ``unknown_account`` for a name nobody has."""
    account = await by_name(store, name)
    if account is None:
        raise AccountError("unknown_account", f"no account is called {name!r}")
    password = secrets.token_urlsafe(12)
    await set_password(store, account.player_id, await passwords.hash_password(password))
    await sessions.revoke_all(account.player_id)
    return password


async def delete_account(store: Store, sessions: Sessions, player: str) -> str:
    """Delete the player's account; the name that replaces its name everywhere."""
    if await of_player(store, player) is None:
        raise AccountError("not_registered", "only an account can be deleted")
    former = await _rename_account(store, player)
    await stored_passkeys.remove_all_of(store, player)
    await forget_ties_of(store, player)  # personal; nobody follows a deleted account
    await store.rename_player(player, former)
    await rename_in_results(store, player, former)
    await rename_in_games(store, player, former)
    await sessions.revoke_all(player)
    return former


async def _rename_account(store: Store, player: str) -> str:
    """Give the account the next free ``oud-speler N`` and mark it deleted."""
    n = await deleted_count(store) + 1
    while True:
        former = FORMER.format(n=n)
        try:
            await mark_deleted(store, player, former, name_key(former), time.time())
        except DuplicateKey:  # taken (deleted at the same moment): the next one
            n += 1
            continue
        return former
