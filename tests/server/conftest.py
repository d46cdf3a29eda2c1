from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack

import pytest

from tests.server.harness import Server, serving
from tests.store.databases import BACKENDS

Servers = Callable[[str], Server]


@pytest.fixture(scope="session")
def servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Servers]:
    """One server per backend (SQLite file, fresh PostgreSQL database) for the whole test
    process, started when a test first asks for it and stopped at the end.

    Not a parametrised session fixture: pytest keeps one parameter's value of those at a
    time, and under ``--dist loadfile`` each module runs its SQLite tests and then its
    PostgreSQL ones, so every module that used ``server`` started both servers again
    (two start-ups of 5-20 s each per module on the loaded 2-core machine)."""
    started: dict[str, Server] = {}
    with ExitStack() as stack:

        def server_of(backend: str) -> Server:
            if backend not in started:
                tmp = tmp_path_factory.mktemp(f"server-{backend}")
                started[backend] = stack.enter_context(serving(backend, tmp, request))
            return started[backend]

        yield server_of


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
