"""What a person does with an account: register (a guest keeps its player id), log in,
log out. Each call either does all it says or refuses with an :class:`AccountError`
and changes nothing.

A login is a session of kind ``account`` for the account's player id (the one session
mechanism, kroeg.accounts.sessions). Logging in or registering *rotates* the session:
the session the request came with is revoked and a new one opened, so a token that
someone planted or saw before the login is worth nothing after it.
"""

from __future__ import annotations

import secrets

from kroeg.accounts import directory, passwords
from kroeg.accounts.errors import AccountError
from kroeg.accounts.lifecycle import check_not_reserved
from kroeg.accounts.names import clean_account_name
from kroeg.accounts.sessions import Sessions, SignedIn
from kroeg.store import Store
from kroeg.store.accounts import Account, of_player, set_password
from kroeg.store.errors import DuplicateKey

ACCOUNT_SESSION = "account"

BAD_LOGIN = "wrong name or password"
"""The one message for an unknown name and a wrong password: it does not tell which."""


def _name_taken(name: str) -> AccountError:
    return AccountError("name_taken", f"the name {name!r} is taken: choose another")


async def check_guest_name(store: Store, name: str) -> None:
    """A guest's name may be any other guest's, but not an account's (in any case): no
    guest can pass for a regular at the table (docs/accounts.md, "Names")."""
    check_not_reserved(name)
    if await directory.name_taken(store, name):
        raise AccountError(
            "name_taken", f"{name!r} is the name of an account: log in, or choose another"
        )


async def register(
    store: Store, sessions: Sessions, name: str, password: str, current: SignedIn | None
) -> tuple[Account, str]:
    """A new account with a password, and the token of its session. A signed-in guest
    becomes the account (same player id: its games and seats stay its own); without a
    session a new player is made."""
    name = await check_new_account(store, name, current)
    passwords.check_new_password(password)
    return await create(store, sessions, name, await passwords.hash_password(password), current)


async def check_new_account(store: Store, name: str, current: SignedIn | None) -> str:
    """The name a new account would have, or why there can be no such account."""
    name = clean_account_name(name)
    check_not_reserved(name)
    if current is not None and await of_player(store, current.player) is not None:
        raise AccountError("already_registered", "you are logged in to an account already")
    if await directory.name_taken(store, name):
        raise _name_taken(name)
    return name


def new_player_id() -> str:
    """Hex only, like table ids: no id can be mistaken for a card (``Ah``) in a message."""
    return "p" + secrets.token_hex(10)


async def new_guest(store: Store, sessions: Sessions, name: str) -> tuple[str, str]:
    """A new guest of the (cleaned, checked) name: its player id and its session's token."""
    player = new_player_id()
    await store.create_player(player, name)
    return player, await sessions.open(player)


async def create(
    store: Store, sessions: Sessions, name: str, hashed: str | None, current: SignedIn | None
) -> tuple[Account, str]:
    """Write the account (with a password hash, or none: passkeys only) for the signed-in
    guest or a new player; rotate the session."""
    if current is not None and await store.player_name(current.player) is not None:
        player = current.player
    else:
        player = new_player_id()
        await store.create_player(player, name)
    try:
        account = await directory.insert(store, player, name, hashed)
    except DuplicateKey:  # the same name, registered at the same moment
        raise _name_taken(name) from None
    await store.rename_player(player, account.name)
    return account, await _rotate(sessions, player, current)


async def log_in_as(
    store: Store, sessions: Sessions, player: str, current: SignedIn | None
) -> tuple[Account, str]:
    """A new session for the account of ``player``, which proved itself otherwise (a
    passkey); ``bad_login`` when it has no account (any more)."""
    account = await of_player(store, player)
    if account is None:
        raise AccountError("bad_login", BAD_LOGIN)
    return account, await _rotate(sessions, player, current)


async def log_in(
    store: Store, sessions: Sessions, name: str, password: str, current: SignedIn | None
) -> tuple[Account, str]:
    """The account of the name and password, and the token of a new session for it;
    ``bad_login`` for a wrong password and an unknown name alike (in the same time)."""
    found = await directory.credentials(store, name)
    stored = None if found is None else found.password_hash
    # The hash is checked first, whatever was found: an unknown name costs the same
    # Argon2id verify (against the dummy hash) as a wrong password.
    right = await passwords.verify_password(stored, password)
    if found is None or not right:
        raise AccountError("bad_login", BAD_LOGIN)
    if stored is not None and passwords.needs_rehash(stored):
        await set_password(store, found.account.player_id, await passwords.hash_password(password))
    return found.account, await _rotate(sessions, found.account.player_id, current)


async def _rotate(sessions: Sessions, player: str, current: SignedIn | None) -> str:
    """Revoke the session the request came with, open an account session; its token."""
    if current is not None:
        await sessions.revoke(current.session_id)
    return await sessions.open(player, ACCOUNT_SESSION)
