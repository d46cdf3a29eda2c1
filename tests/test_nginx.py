"""The tests' nginx (tests/e2e/nginx.py, the configuration docs/operations.md shows):
round robin over its upstreams, and on when one of them is killed. The upstreams here
are two plain HTTP servers that say who they are, so this runs in a second or two; the
browser test in tests/e2e/test_nginx_pair.py puts it in front of ``kroeg serve``."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.e2e.nginx import nginx
from tests.e2e.serve import free_port


@pytest.fixture
def upstreams(tmp_path: Path) -> Iterator[list[tuple[int, subprocess.Popen[bytes]]]]:
    """Two static servers whose /api/health answers their own name."""
    running = []
    for name in ("a", "b"):
        root = tmp_path / name
        (root / "api").mkdir(parents=True)
        (root / "api" / "health").write_text(name, encoding="utf-8")
        port = free_port()
        command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
        running.append((port, subprocess.Popen(command, cwd=root, stderr=subprocess.DEVNULL)))
    try:
        for port, _ in running:
            _wait_up(f"http://127.0.0.1:{port}/api/health")
        yield running
    finally:
        for _, process in running:
            process.kill()
            process.wait(10)


def _wait_up(url: str) -> None:
    for _ in range(300):
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.05)  # the server is still starting (as tests/server/harness.py polls)
    raise AssertionError(f"{url} never answered")


def test_nginx_round_robins_and_goes_on_after_a_sigkill(
    upstreams: list[tuple[int, subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    with nginx(tmp_path / "nginx", free_port(), [port for port, _ in upstreams]) as url:
        names = [httpx.get(f"{url}/api/health", timeout=5).text for _ in range(6)]
        assert sorted(set(names)) == ["a", "b"], "both upstreams answered"
        assert names == names[:2] * 3, "in turn"
        upstreams[0][1].kill()  # SIGKILL
        upstreams[0][1].wait(10)
        after = [httpx.get(f"{url}/api/health", timeout=5) for _ in range(6)]
        assert [r.status_code for r in after] == [200] * 6
        assert {r.text for r in after} == {"b"}
