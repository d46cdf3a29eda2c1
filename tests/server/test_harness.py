"""The test harness itself: a server that does not start in time is not left running
(it kept its port and its share of a loaded machine for the rest of the suite)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server import harness


def test_a_server_that_does_not_start_in_time_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(harness, "START_LIMIT", 0.0)  # no server answers within 0 s
    server = harness.Server(f"sqlite+aiosqlite:///{tmp_path / 'k.sqlite3'}", tmp_path / "log")
    with pytest.raises(RuntimeError, match="did not start"):
        server.start()
    assert server.process is not None and server.process.poll() is not None
