"""Servers for the security suite: real ``kroeg serve`` processes (tests/server/harness.py).

PostgreSQL is needed, never optional: tests/store/databases.py fails (does not skip) when
it cannot reach it, under ``CI=true`` as anywhere else."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.harness import Server, log_path
from tests.store.databases import BACKENDS, database

OTHER_SITE = "http://evil.example"
CONFIGURED_SITE = "https://kroeg.example"


@pytest.fixture(scope="module", params=BACKENDS)
def any_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server on each backend, with one other origin allowed."""
    tmp = tmp_path_factory.mktemp(f"security-{request.param}")
    with database(request.param, tmp) as url:
        server = Server(
            url, log_path(request), KROEG_ALLOWED_ORIGINS=CONFIGURED_SITE, KROEG_HISTORY="100000"
        ).start()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="module")
def sqlite_only(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server on SQLite, for what does not depend on the backend."""
    tmp = tmp_path_factory.mktemp("security-sqlite")
    with database("sqlite", tmp) as url:
        server = Server(
            url, log_path(request), KROEG_ALLOWED_ORIGINS=CONFIGURED_SITE, KROEG_HISTORY="100000"
        ).start()
        try:
            yield server
        finally:
            server.stop()
