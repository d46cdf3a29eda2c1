"""Servers for the security suite: real ``kroeg serve`` processes (tests/server/harness.py).

PostgreSQL is needed, never optional: tests/store/databases.py fails (does not skip) when
it cannot reach it, under ``CI=true`` as anywhere else. The limits' tests come from
loopback addresses of their own (127.<n>.x.y: Linux routes all of 127.0.0.0/8 to the
loopback device), so the per-address quotas of one test do not count another's requests.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server, Servers, servers_by_backend, serving
from tests.store.databases import BACKENDS

OTHER_SITE = "http://evil.example"
CONFIGURED_SITE = "https://kroeg.example"


ORIGINS_AND_HISTORY = {"KROEG_ALLOWED_ORIGINS": CONFIGURED_SITE, "KROEG_HISTORY": "100000"}


@pytest.fixture(scope="session")
def _origin_servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Servers]:
    """The servers of :func:`any_server` and :func:`sqlite_only`, one per backend for the
    whole test process (their modules make their own players and tables; a server per
    module was two start-ups of 5-20 s each)."""
    with servers_by_backend(tmp_path_factory, request, **ORIGINS_AND_HISTORY) as servers:
        yield servers


@pytest.fixture(params=BACKENDS)
def any_server(request: pytest.FixtureRequest, _origin_servers: Servers) -> Server:
    """A server on each backend, with one other origin allowed."""
    return _origin_servers(request.param)


LIMITS = {
    "KROEG_GUESTS_PER_MINUTE": "5",
    "KROEG_TABLES_PER_MINUTE": "3",
    "KROEG_OPEN_TABLES_PER_PLAYER": "2",
    "KROEG_SOCKETS_PER_ADDRESS": "6",
    "KROEG_SOCKETS_PER_PLAYER": "3",
    "KROEG_MAX_BODY": "8192",
}
"""The quotas of :func:`limited`, low enough to reach in a test."""

_addresses = itertools.count(1)


@pytest.fixture
def source() -> str:
    """A loopback address no other test uses."""
    n = next(_addresses)
    return f"127.42.{n // 250}.{n % 250 + 1}"


@pytest.fixture(scope="module")
def limited(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A SQLite server with the low quotas of :data:`LIMITS`."""
    with serving("sqlite", tmp_path_factory.mktemp("server-limited"), request, **LIMITS) as server:
        yield server


@pytest.fixture(scope="module", params=BACKENDS)
def backend_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server on each backend (SQLite, PostgreSQL: a missing PostgreSQL fails the
    test, never skips it)."""
    with serving(
        request.param, tmp_path_factory.mktemp(f"server-{request.param}"), request
    ) as server:
        yield server


@pytest.fixture
def sqlite_only(_origin_servers: Servers) -> Server:
    """A server on SQLite, for what does not depend on the backend (``any_server``'s)."""
    return _origin_servers("sqlite")


@pytest.fixture(scope="module")
def sqlite_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A SQLite server with the quotas out of the way (the harness's)."""
    with serving("sqlite", tmp_path_factory.mktemp("server-sqlite"), request) as server:
        yield server


@pytest.fixture
def postgres_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A server on a fresh PostgreSQL database of its own (a test may alter its schema)."""
    with serving("postgresql", tmp_path, request) as server:
        yield server
