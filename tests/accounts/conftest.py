from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.store.databases import BACKENDS, database


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database on each backend in turn."""
    with database(request.param, tmp_path) as url:
        yield url
