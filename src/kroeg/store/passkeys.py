"""The ``passkeys`` table (kroeg.accounts.passkeys checks the WebAuthn ceremonies): a
player's passkeys, one by its credential id, a new one, its use, its removal."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from kroeg.store import schema as s
from kroeg.store.errors import DuplicateKey
from kroeg.store.store import Store


@dataclass(frozen=True, slots=True)
class NewPasskey:
    id: str
    public_key: bytes
    sign_count: int
    transports: list[str]


@dataclass(frozen=True, slots=True)
class StoredPasskey:
    id: str
    player_id: str
    public_key: bytes
    sign_count: int


_p = s.passkeys


async def of_player(store: Store, player: str) -> list[dict[str, Any]]:
    """The player's passkeys as the account page lists them (no key material)."""
    query = sa.select(_p.c.id, _p.c.created_at, _p.c.last_used_at).where(_p.c.player_id == player)
    async with store.engine.connect() as conn:
        rows = await conn.execute(query.order_by(_p.c.created_at))
        return [dict(r._mapping) for r in rows]


async def find(store: Store, passkey_id: str) -> StoredPasskey | None:
    query = sa.select(_p.c.id, _p.c.player_id, _p.c.public_key, _p.c.sign_count)
    async with store.engine.connect() as conn:
        row = (await conn.execute(query.where(_p.c.id == passkey_id))).first()
    if row is None:
        return None
    return StoredPasskey(row.id, row.player_id, bytes(row.public_key), int(row.sign_count))


async def add(store: Store, player: str, key: NewPasskey) -> None:
    """Keep a new passkey; one registered before fails with :class:`DuplicateKey`."""
    try:
        await store.execute(
            sa.insert(_p).values(
                id=key.id,
                player_id=player,
                public_key=key.public_key,
                sign_count=key.sign_count,
                transports=key.transports,
                created_at=time.time(),
            )
        )
    except sa.exc.IntegrityError:
        raise DuplicateKey from None


async def used(store: Store, passkey_id: str, sign_count: int) -> None:
    await store.execute(
        sa.update(_p)
        .where(_p.c.id == passkey_id)
        .values(sign_count=sign_count, last_used_at=time.time())
    )


async def remove(store: Store, player: str, passkey_id: str) -> None:
    await store.execute(sa.delete(_p).where(_p.c.id == passkey_id, _p.c.player_id == player))


async def remove_all_of(store: Store, player: str) -> None:
    await store.execute(sa.delete(_p).where(_p.c.player_id == player))
