"""The ``accounts`` table: reading an account by its player id or its name's key
(:func:`kroeg.accounts.names.name_key`: the caller makes it, kroeg.accounts.directory),
and writing one. Writes go through the store's writer (:meth:`Store.execute`), reads use
its engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from kroeg.store import schema as s
from kroeg.store.errors import DuplicateKey
from kroeg.store.store import Store

KINDS = ("person", "bot")
"""``person``: someone who registered; ``bot``: an account that a program plays (issue 22)."""


@dataclass(frozen=True, slots=True)
class Account:
    """A registered player: the player id it had as a guest (it keeps it), its name."""

    player_id: str
    name: str
    kind: str
    created_at: float
    invisible: bool = False
    """Hidden from the people who follow it (the lobby's list of who is online)."""

    def public(self) -> dict[str, str]:
        """What anyone may know of it: the ``account`` of ``/api/me`` and of a seat."""
        return {"name": self.name, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class Credentials:
    """An account with what proves it: only for the login, never sent anywhere."""

    account: Account
    password_hash: str | None


_a = s.accounts
_LIVE = _a.c.deleted_at.is_(None)


def _account(m: Any) -> Account:
    return Account(
        player_id=m["player_id"],
        name=m["name"],
        kind=m["kind"],
        created_at=float(m["created_at"]),
        invisible=bool(m["invisible"]),
    )


async def _first(store: Store, query: sa.Select[Any]) -> Any:
    async with store.engine.connect() as conn:
        row = (await conn.execute(query)).first()
    return None if row is None else row._mapping


async def of_player(store: Store, player_id: str) -> Account | None:
    """The account of a player id; None for a guest (or an account that was deleted)."""
    row = await _first(store, sa.select(_a).where(_a.c.player_id == player_id, _LIVE))
    return None if row is None else _account(row)


async def kind_of(store: Store, player_id: str) -> str | None:
    """The kind of the player's account (``person``, ``bot``); None for a guest."""
    account = await of_player(store, player_id)
    return None if account is None else account.kind


async def by_key(store: Store, key: str) -> Account | None:
    """The live account whose name has that key; None when no account has it."""
    row = await _first(store, sa.select(_a).where(_a.c.name_key == key, _LIVE))
    return None if row is None else _account(row)


async def credentials_by_key(store: Store, key: str) -> Credentials | None:
    row = await _first(store, sa.select(_a).where(_a.c.name_key == key, _LIVE))
    return None if row is None else Credentials(_account(row), row["password_hash"])


async def key_taken(store: Store, key: str) -> bool:
    """Whether an account has (or a deleted account had) a name of that key."""
    query = sa.select(_a.c.player_id).where(_a.c.name_key == key)
    return await _first(store, query) is not None


async def insert(
    store: Store,
    player_id: str,
    name: str,
    key: str,
    password_hash: str | None,
    kind: str = "person",
) -> Account:
    """Write a new account for ``player_id`` (an existing player). A name already taken
    fails with :class:`DuplicateKey` (the unique ``name_key``)."""
    account = Account(player_id, name, kind, time.time())
    try:
        await store.execute(
            sa.insert(_a).values(
                player_id=player_id,
                name=name,
                name_key=key,
                password_hash=password_hash,
                kind=kind,
                created_at=account.created_at,
            )
        )
    except sa.exc.IntegrityError:
        raise DuplicateKey from None
    return account


async def set_password(store: Store, player_id: str, password_hash: str | None) -> None:
    await store.execute(
        sa.update(_a).where(_a.c.player_id == player_id).values(password_hash=password_hash)
    )


async def set_invisible(store: Store, player_id: str, invisible: bool) -> None:
    """Whether the account hides that it is online: the lobby's followed list and
    invitations honour it (docs/accounts.md, "Invisible")."""
    await store.execute(
        sa.update(_a).where(_a.c.player_id == player_id, _LIVE).values(invisible=invisible)
    )


async def make_bot(store: Store, player_id: str) -> None:
    """The account is a bot's from now on (there is no way back)."""
    await store.execute(sa.update(_a).where(_a.c.player_id == player_id).values(kind="bot"))


async def deleted_count(store: Store) -> int:
    """How many accounts were deleted."""
    async with store.engine.connect() as conn:
        deleted = await conn.scalar(
            sa.select(sa.func.count()).select_from(_a).where(_a.c.deleted_at.is_not(None))
        )
    return int(deleted or 0)


async def mark_deleted(store: Store, player_id: str, name: str, key: str, at: float) -> None:
    """The account is deleted: it takes ``name`` (a name nobody may choose), loses its
    password and hides; :class:`DuplicateKey` when that name is taken meanwhile."""
    try:
        await store.execute(
            sa.update(_a)
            .where(_a.c.player_id == player_id)
            .values(
                name=name,
                name_key=key,
                password_hash=None,
                invisible=True,
                deleted_at=at,
            )
        )
    except sa.exc.IntegrityError:
        raise DuplicateKey from None
