"""``make run`` (issue 32, point 11): the port is ``PORT=`` (8000 unless given), and a
fresh venv gets what the server needs, not the test tools (``make test`` adds those).
Checked by ``make -n`` (print the commands, run nothing), ``-W pyproject.toml`` as if
the project had just changed, so the install steps print too."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _dry_run(*args: str) -> list[str]:
    # Under `make test` this is a make inside a make: without the outer one's flags, and
    # without the "Leaving directory" line a nested make prints last.
    outer = {"MAKEFLAGS", "MFLAGS", "MAKELEVEL"}
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "-W", "pyproject.toml", *args],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k not in outer},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def test_make_run_serves_on_port_8000_or_the_port_given() -> None:
    assert _dry_run("run")[-1].endswith("kroeg serve --host 127.0.0.1 --port 8000")
    assert _dry_run("run", "PORT=8123")[-1].endswith("--port 8123")


def test_make_run_installs_the_server_pinned_and_without_the_test_tools() -> None:
    installs = [line for line in _dry_run("run") if "pip install" in line and "-e" in line]
    assert len(installs) == 1 and installs[0].endswith("-c constraints.txt -e .")
    tests = [line for line in _dry_run("lint") if "pip install" in line]
    assert tests[-1].endswith("-c constraints.txt -e '.[dev]'")
