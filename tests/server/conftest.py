from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server, log_path
from tests.store.databases import BACKENDS, database


@pytest.fixture(scope="session", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One server per test session and backend (SQLite file, fresh PostgreSQL database)."""
    tmp: Path = tmp_path_factory.mktemp(f"server-{request.param}")
    with database(request.param, tmp) as url:
        server = Server(url, log_path(request)).start()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="session")
def sqlite_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server on SQLite alone, for the protocol checks that do not touch the database."""
    tmp: Path = tmp_path_factory.mktemp("server-sqlite")
    with database("sqlite", tmp) as url:
        server = Server(url, log_path(request)).start()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="module")
def rate_limited_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server with the real rate limit (20 messages a second, bursts of 40)."""
    tmp: Path = tmp_path_factory.mktemp("server-rate")
    with database("sqlite", tmp) as url:
        server = Server(url, log_path(request), KROEG_RATE="20").start()
        try:
            yield server
        finally:
            server.stop()
