"""Accounts by their name: two names are one when their keys are equal
(:func:`kroeg.accounts.names.name_key`), so every lookup and the insert go by the key
(the store's ``accounts`` table, :mod:`kroeg.store.accounts`)."""

from __future__ import annotations

from kroeg.accounts.names import name_key
from kroeg.store import Store
from kroeg.store import accounts as table
from kroeg.store.accounts import Account, Credentials


async def by_name(store: Store, name: str) -> Account | None:
    """The account of that name in any case or width (``anna`` finds ``Anna``); None
    when no account has it."""
    return await table.by_key(store, name_key(name))


async def credentials(store: Store, name: str) -> Credentials | None:
    return await table.credentials_by_key(store, name_key(name))


async def name_taken(store: Store, name: str) -> bool:
    """Whether an account has (or a deleted account had) this name."""
    return await table.key_taken(store, name_key(name))


async def insert(
    store: Store, player_id: str, name: str, password_hash: str | None, kind: str = "person"
) -> Account:
    """Write a new account for ``player_id`` (an existing player); a name already taken
    fails with :class:`kroeg.store.errors.DuplicateKey`."""
    return await table.insert(store, player_id, name, name_key(name), password_hash, kind)
