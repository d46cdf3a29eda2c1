"""What a person does with an account: register (a guest keeps its player id), log in,
log out. Each call either does all it says or refuses with an :class:`AccountError`
and changes nothing.

A login is a session of kind ``account`` for the account's player id (the one session
mechanism, kroeg.server.sessions). Logging in or registering *rotates* the session:
the session the request came with is revoked and a new one opened, so a token that
someone planted or saw before the login is worth nothing after it.
"""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.accounts import passwords
from kroeg.accounts import store as accounts
from kroeg.accounts.errors import AccountError
from kroeg.accounts.names import clean_account_name
from kroeg.accounts.store import Account
from kroeg.server.auth import new_player_id
from kroeg.server.sessions import Sessions, SignedIn
from kroeg.store import Store

ACCOUNT_SESSION = "account"

BAD_LOGIN = "wrong name or password"
"""The one message for an unknown name and a wrong password: it does not tell which."""


def _name_taken(name: str) -> AccountError:
    return AccountError("name_taken", f"the name {name!r} is taken: choose another")


async def check_guest_name(store: Store, name: str) -> None:
    """A guest's name may be any other guest's, but not an account's (in any case): no
    guest can pass for a regular at the table (docs/accounts.md, "Names")."""
    if await accounts.name_taken(store, name):
        raise AccountError(
            "name_taken", f"{name!r} is the name of an account: log in, or choose another"
        )


async def register(
    store: Store, sessions: Sessions, name: str, password: str, current: SignedIn | None
) -> tuple[Account, str]:
    """A new account with a password, and the token of its session. A signed-in guest
    becomes the account (same player id: its games and seats stay its own); without a
    session a new player is made."""
    name = clean_account_name(name)
    passwords.check_new_password(password)
    if current is not None and await accounts.of_player(store, current.player) is not None:
        raise AccountError("already_registered", "you are logged in to an account already")
    if await accounts.name_taken(store, name):
        raise _name_taken(name)
    hashed = await passwords.hash_password(password)
    if current is not None and await store.player_name(current.player) is not None:
        player = current.player
    else:
        player = new_player_id()
        await store.create_player(player, name)
    try:
        account = await accounts.insert(store, player, name, hashed)
    except sa.exc.IntegrityError:  # the same name, registered at the same moment
        raise _name_taken(name) from None
    await store.rename_player(player, account.name)
    return account, await _rotate(sessions, player, current)


async def log_in(
    store: Store, sessions: Sessions, name: str, password: str, current: SignedIn | None
) -> tuple[Account, str]:
    """The account of the name and password, and the token of a new session for it;
    ``bad_login`` for a wrong password and an unknown name alike (in the same time)."""
    found = await accounts.credentials(store, name)
    stored = None if found is None else found.password_hash
    if found is None or not await passwords.verify_password(stored, password):
        raise AccountError("bad_login", BAD_LOGIN)
    if stored is not None and passwords.needs_rehash(stored):
        await accounts.set_password(
            store, found.account.player_id, await passwords.hash_password(password)
        )
    return found.account, await _rotate(sessions, found.account.player_id, current)


async def _rotate(sessions: Sessions, player: str, current: SignedIn | None) -> str:
    """Revoke the session the request came with, open an account session; its token."""
    if current is not None:
        await sessions.revoke(current.session_id)
    return await sessions.open(player, ACCOUNT_SESSION)
