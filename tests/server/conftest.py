from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.harness import Server, serving
from tests.store.databases import BACKENDS


@pytest.fixture(scope="session", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One server per test session and backend (SQLite file, fresh PostgreSQL database)."""
    with serving(
        request.param, tmp_path_factory.mktemp(f"server-{request.param}"), request
    ) as server:
        yield server


@pytest.fixture(scope="session")
def sqlite_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server on SQLite alone, for the protocol checks that do not touch the database."""
    with serving("sqlite", tmp_path_factory.mktemp("server-sqlite"), request) as server:
        yield server


@pytest.fixture(scope="module")
def rate_limited_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server with the real rate limit (20 messages a second, bursts of 40)."""
    with serving(
        "sqlite", tmp_path_factory.mktemp("server-rate"), request, KROEG_RATE="20"
    ) as server:
        yield server
