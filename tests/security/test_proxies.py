"""Proxy headers are believed only from the proxies ``KROEG_TRUSTED_PROXIES`` names
(docs/security.md, "Addresses and proxies"; docs/operations.md). uvicorn believed
``X-Forwarded-For`` from 127.0.0.1 by default, so a client on the server's own machine
gave itself a new address per request, past every per-address quota.

Real ``kroeg serve`` processes; the address the quotas see is observed through the
quotas themselves: three new guests a minute and two sockets per address."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator

import httpx
import pytest
import websockets

from tests.security.clients import rest
from tests.server.harness import Server, serving

QUOTAS = {"KROEG_GUESTS_PER_MINUTE": "3", "KROEG_SOCKETS_PER_ADDRESS": "2"}
PROXY = "127.0.0.1"
"""The proxy the second server trusts; the tests' requests come from it (or not)."""


@pytest.fixture(scope="module")
def untrusting(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server with the default: no proxy trusted."""
    with serving("sqlite", tmp_path_factory.mktemp("proxies-none"), request, **QUOTAS) as server:
        yield server


@pytest.fixture(scope="module")
def behind_proxy(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server that trusts the proxy at :data:`PROXY`."""
    tmp = tmp_path_factory.mktemp("proxies-named")
    with serving("sqlite", tmp, request, KROEG_TRUSTED_PROXIES=PROXY, **QUOTAS) as server:
        yield server


def _new_guests(http: httpx.Client, forwarded_for: list[str]) -> list[int]:
    """The status of ``POST /api/guests`` sent with each ``X-Forwarded-For`` in turn."""
    return [
        http.post(
            "/api/guests", json={"name": "Gast"}, headers={"x-forwarded-for": spoofed}
        ).status_code
        for spoofed in forwarded_for
    ]


async def _sockets(server: Server, source: str, forwarded_for: list[str]) -> list[str]:
    """Open a socket with each ``X-Forwarded-For`` in turn (all kept open): the first
    frame each gets after a ping (``pong``, or the quota's ``error``), by its type/code."""
    seen: list[str] = []
    opened = []
    try:
        for spoofed in forwarded_for:
            ws = await websockets.connect(
                server.ws_url,
                additional_headers={"x-forwarded-for": spoofed},
                local_addr=(source, 0),
                compression=None,
            )
            opened.append(ws)
            with contextlib.suppress(websockets.ConnectionClosed):
                await ws.send(json.dumps({"type": "ping"}))
            try:
                frame = json.loads(await ws.recv())
            except websockets.ConnectionClosed:
                seen.append("closed")
                continue
            seen.append(frame["type"] if frame["type"] != "error" else frame["code"])
    finally:
        for ws in opened:
            await ws.close()
    return seen


SPOOFED = ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]


def test_a_spoofed_header_from_localhost_does_not_change_the_address(untrusting: Server) -> None:
    with rest(untrusting, PROXY) as http:
        assert _new_guests(http, SPOOFED) == [200, 200, 200, 429]


async def test_a_spoofed_header_does_not_open_more_sockets(untrusting: Server) -> None:
    seen = await _sockets(untrusting, PROXY, SPOOFED[:3])
    assert seen == ["pong", "pong", "too_many_connections"]


def test_a_named_proxy_passes_on_the_client_address(behind_proxy: Server) -> None:
    with rest(behind_proxy, PROXY) as http:
        assert _new_guests(http, SPOOFED) == [200, 200, 200, 200]  # four clients
        # One client behind the proxy is held to its own quota.
        assert _new_guests(http, ["198.51.100.7"] * 4) == [200, 200, 200, 429]


async def test_a_named_proxy_passes_on_the_client_address_of_a_socket(
    behind_proxy: Server,
) -> None:
    assert await _sockets(behind_proxy, PROXY, SPOOFED[:3]) == ["pong"] * 3


def test_an_address_not_named_is_not_believed(behind_proxy: Server) -> None:
    """Only the proxy named: another local address's header is ignored."""
    with rest(behind_proxy, "127.42.7.1") as http:
        spoofed = ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4"]
        assert _new_guests(http, spoofed) == [200, 200, 200, 429]
