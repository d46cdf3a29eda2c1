"""The websocket fast path is a setting (docs/operations.md, "The websocket fast path"):
by default the server runs uvicorn's public websocket implementation and never imports
kroeg.server.protocol, the subclass of uvicorn's internals; ``KROEG_WS_FAST=1`` serves
that subclass. make test runs the websocket tests of a real server both ways."""

from __future__ import annotations

import subprocess
import sys

import pytest
import uvicorn
from pytest import MonkeyPatch

from kroeg.server.cli import websocket_protocol
from kroeg.server.protocol import WebSocketProtocol
from kroeg.server.settings import ServerSettings


def test_the_default_is_the_public_implementation_and_the_setting_the_fast_path() -> None:
    assert websocket_protocol(ServerSettings()) == "websockets-sansio"
    assert websocket_protocol(ServerSettings(ws_fast=True)) is WebSocketProtocol


def test_the_fast_path_is_read_from_the_environment() -> None:
    code = "from kroeg.server.settings import ServerSettings as S; print(S.from_env().ws_fast)"
    for value, expected in (("", "False"), ("0", "False"), ("1", "True")):
        out = subprocess.run(
            [sys.executable, "-c", code],
            env={"KROEG_WS_FAST": value, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        )
        assert out.stdout.strip() == expected


def test_serving_by_default_imports_none_of_uvicorns_internals_we_subclass() -> None:
    code = (
        "import sys, kroeg.server.cli, kroeg.server.connection; "
        "print('kroeg.server.protocol' in sys.modules, "
        "'uvicorn.protocols.websockets.websockets_sansio_impl' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_the_fast_path_refuses_a_uvicorn_it_was_not_tested_on(monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setattr(uvicorn, "__version__", "0.99.0")
    with pytest.raises(ValueError, match=r"tested with uvicorn 0\.54\.x only, not 0\.99\.0"):
        websocket_protocol(ServerSettings(ws_fast=True))
    assert websocket_protocol(ServerSettings()) == "websockets-sansio"
