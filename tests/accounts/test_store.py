"""The lookups other modules call: :func:`kroeg.accounts.of_player` and
:func:`kroeg.accounts.by_name`, on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg import accounts
from kroeg.accounts import directory as account_store
from kroeg.store import open_store
from kroeg.store import schema as s


async def test_of_player_and_by_name(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await store.create_player("p1", "Anna")
        await store.create_player("p2", "Gast")
        created = await account_store.insert(store, "p1", "Anna", None)
        assert await accounts.of_player(store, "p1") == created
        assert created.public() == {"name": "Anna", "kind": "person"}
        assert await accounts.of_player(store, "p2") is None  # a guest
        assert await accounts.of_player(store, "nobody") is None
        assert await accounts.by_name(store, "ANNA") == created
        assert await accounts.by_name(store, "ａｎｎａ") == created
        assert await accounts.by_name(store, "Anne") is None
        a = s.accounts
        await store.execute(sa.update(a).where(a.c.player_id == "p1").values(deleted_at=1.0))
        assert await accounts.of_player(store, "p1") is None  # deleted: no account
        assert await accounts.by_name(store, "Anna") is None
        assert await account_store.name_taken(store, "anna")  # its name stays taken
    finally:
        await store.close()
