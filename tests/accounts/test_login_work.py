"""A login does the same work whether the name exists or not (docs/accounts.md, "Logging
in"): one Argon2id verify, with today's parameters, for an unknown name, a wrong
password and an account with passkeys only. Counted, not timed: the tester measured
about 14 ms for an unknown name against 160 ms for a wrong password when the dummy
hash was skipped."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher, extract_parameters

from kroeg.accounts import directory as account_store
from kroeg.accounts import passwords, service
from kroeg.accounts.errors import AccountError
from kroeg.accounts.sessions import Sessions
from kroeg.store import Store, open_store

PASSWORD = "correct horse battery"


class CountingHasher:
    """argon2-cffi's hasher, with each hash it verifies against written down."""

    def __init__(self, hasher: PasswordHasher) -> None:
        self.hasher = hasher
        self.verified: list[str] = []

    def verify(self, hash: str, password: bytes) -> bool:
        self.verified.append(hash)
        return self.hasher.verify(hash, password)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.hasher, name)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await open_store(f"sqlite+aiosqlite:///{tmp_path / 'kroeg.sqlite3'}")
    try:
        yield store
    finally:
        await store.close()


async def test_every_refused_login_costs_one_verify_with_the_real_parameters(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    sessions = Sessions(store, ttl=3600.0, renew_after=60.0, legacy=None)
    anna, _ = await service.register(store, sessions, "Anna", PASSWORD, None)
    await store.create_player("p-bert", "Bert")
    await account_store.insert(store, "p-bert", "Bert", None)  # passkeys only
    found = await account_store.credentials(store, "Anna")
    assert found is not None and found.password_hash is not None
    real = extract_parameters(found.password_hash)

    counting = CountingHasher(passwords.hasher)
    monkeypatch.setattr(passwords, "hasher", counting)
    for name, password in [
        ("Nobody", PASSWORD),  # no such account
        ("Anna", "wrong horse battery"),  # a wrong password
        ("Bert", PASSWORD),  # an account without a password
    ]:
        counting.verified.clear()
        with pytest.raises(AccountError) as refused:
            await service.log_in(store, sessions, name, password, None)
        assert refused.value.code == "bad_login"
        assert refused.value.message == service.BAD_LOGIN
        assert len(counting.verified) == 1, name
        assert extract_parameters(counting.verified[0]) == real, name

    counting.verified.clear()
    account, _ = await service.log_in(store, sessions, "Anna", PASSWORD, None)
    assert account.player_id == anna.player_id
    assert counting.verified == [found.password_hash]
