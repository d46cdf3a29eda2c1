"""Servers for the accounts' tests: real ``kroeg serve`` processes on each backend."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server, Servers, servers_by_backend
from tests.store.databases import BACKENDS, database

OPEN_LOGINS = {"KROEG_LOGINS_PER_ADDRESS": "100000", "KROEG_LOGINS_PER_NAME": "100000"}
"""The login quotas out of the way: every test logs in from 127.0.0.1 (the quotas have
tests of their own in tests/security/test_logins.py)."""


@pytest.fixture(scope="session")
def _servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Servers]:
    """One server per backend for the test process (tests/server/harness.py,
    :func:`servers_by_backend`): under ``--dist loadfile`` the package-scoped
    parametrised server was started again for each of the package's modules."""
    with servers_by_backend(tmp_path_factory, request, **OPEN_LOGINS) as servers:
        yield servers


@pytest.fixture(params=BACKENDS)
def server(request: pytest.FixtureRequest, _servers: Servers) -> Server:
    """A server on each backend (SQLite, PostgreSQL: a missing PostgreSQL fails), shared
    by the package's modules: the tests register fresh names, so they do not meet."""
    return _servers(request.param)


def fresh_name(prefix: str = "Anna") -> str:
    """A name no other test has registered (the servers are shared by the package)."""
    return f"{prefix}{secrets.token_hex(3)}"


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database on each backend in turn."""
    with database(request.param, tmp_path) as url:
        yield url
