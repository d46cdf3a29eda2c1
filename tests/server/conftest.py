from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.harness import Server, Servers, servers_by_backend, serving
from tests.store.databases import BACKENDS


@pytest.fixture(scope="session")
def servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Servers]:
    """One server per backend (SQLite file, fresh PostgreSQL database) for the whole test
    process (tests/server/harness.py, :func:`servers_by_backend`)."""
    with servers_by_backend(tmp_path_factory, request) as servers:
        yield servers


@pytest.fixture(params=BACKENDS)
def server(request: pytest.FixtureRequest, servers: Servers) -> Server:
    """The test process's server of each backend (a test runs once on each)."""
    return servers(request.param)


@pytest.fixture
def sqlite_server(servers: Servers) -> Server:
    """The SQLite server alone, for the protocol checks that do not touch the database."""
    return servers("sqlite")


@pytest.fixture(scope="module")
def rate_limited_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server with the real rate limit (20 messages a second, bursts of 40)."""
    with serving(
        "sqlite", tmp_path_factory.mktemp("server-rate"), request, KROEG_RATE="20"
    ) as server:
        yield server
