"""Servers for the accounts' tests: real ``kroeg serve`` processes on each backend."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server, serving
from tests.store.databases import BACKENDS, database

OPEN_LOGINS = {"KROEG_LOGINS_PER_ADDRESS": "100000", "KROEG_LOGINS_PER_NAME": "100000"}
"""The login quotas out of the way: every test logs in from 127.0.0.1 (the quotas have
tests of their own in tests/security/test_logins.py)."""


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server on each backend (SQLite, PostgreSQL: a missing PostgreSQL fails)."""
    with serving(
        request.param, tmp_path_factory.mktemp(f"accounts-{request.param}"), request, **OPEN_LOGINS
    ) as server:
        yield server


def fresh_name(prefix: str = "Anna") -> str:
    """A name no other test has registered (the servers are shared by a module)."""
    return f"{prefix}{secrets.token_hex(3)}"


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database on each backend in turn."""
    with database(request.param, tmp_path) as url:
        yield url
