"""``/metrics`` (docs/operations.md, "Metrics"): on the address ``KROEG_METRICS`` names, in
the Prometheus text format, never on the public port; after a game its figures moved."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from kroeg.server.cli import worker_env
from kroeg.server.settings import listen_address
from tests.server.harness import Client, Frame, Server, autoplay, free_port, serving
from tests.server.test_players import SHORT

Figures = dict[tuple[str, tuple[tuple[str, str], ...]], float]


@pytest.fixture(scope="module")
def metered(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Server, str]]:
    port = free_port()
    with serving(
        "sqlite", tmp_path_factory.mktemp("metrics"), request, KROEG_METRICS=f"127.0.0.1:{port}"
    ) as server:
        yield server, f"http://127.0.0.1:{port}/metrics"


def _scrape(url: str) -> Figures:
    answer = httpx.get(url, timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def _one(figures: Figures, name: str, **labels: str) -> float:
    return figures[(name, tuple(sorted(labels.items())))]


async def _sampled(url: str, name: str, value: float, **labels: str) -> Figures:
    """The figures once the gauge ``name`` reads ``value`` (sampled once a second)."""
    async with asyncio.timeout(10):
        while _one(figures := _scrape(url), name, **labels) != value:
            await asyncio.sleep(0.2)
    return figures


async def test_the_figures_move_with_a_game_and_the_public_port_does_not_serve_them(
    metered: tuple[Server, str],
) -> None:
    server, url = metered
    before = await _sampled(url, "kroeg_tables", 0, state="open")
    assert _one(before, "kroeg_acts_total") == 0
    assert _one(before, "kroeg_act_to_event_seconds_count") == 0
    assert _one(before, "kroeg_leases_held") == 0  # one process: no leases
    assert _one(before, "kroeg_bot_pool_jobs") == 0

    anna = await Client.connect(server, "Anna")
    table = server.table("toepen", "kroegregels", options=SHORT)
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
    seated = await _sampled(url, "kroeg_seats", 1, kind="guest")
    assert _one(seated, "kroeg_tables", state="open") == 1
    assert _one(seated, "kroeg_tables", state="running") == 0
    assert _one(seated, "kroeg_seats", kind="person") == 0
    await anna.send({"type": "start", "table": table})
    running = await _sampled(url, "kroeg_tables", 1, state="running")
    houses = _one(running, "kroeg_seats", kind="house")
    assert houses >= 1  # the house plays every seat but Anna's

    sent: list[Frame] = []
    send = anna.send

    async def counted(message: Frame | str | bytes) -> None:
        if isinstance(message, dict) and message["type"] == "act":
            sent.append(message)
        await send(message)

    anna.send = counted  # type: ignore[method-assign]
    await autoplay(anna, table, random.Random(7), seat=0)
    after = await _sampled(url, "kroeg_tables", 0, state="running")
    acts = _one(after, "kroeg_acts_total")
    refused = [f for f in anna.frames if f["type"] == "error"]
    assert acts >= 1 and acts == len(sent) - len(refused)  # the house's moves are not acts
    assert _one(after, "kroeg_act_to_event_seconds_count") == acts
    assert 0 < _one(after, "kroeg_act_to_event_seconds_sum") < acts * 5.0
    assert _one(after, "kroeg_store_write_batch_seconds_count") > _one(
        before, "kroeg_store_write_batch_seconds_count"
    )
    assert _one(after, "kroeg_database_errors_total") == 0
    assert _one(after, "kroeg_seats", kind="house") == houses

    public = httpx.get(f"{server.url}/metrics", timeout=10)
    assert public.status_code == 404
    assert "kroeg_acts_total" not in public.text
    await anna.close()


@pytest.mark.parametrize(
    ("value", "expected"),
    [("", None), ("127.0.0.1:9108", ("127.0.0.1", 9108)), ("[::1]:9108", ("::1", 9108))],
)
def test_the_metrics_address_is_host_and_port(value: str, expected: tuple[str, int] | None) -> None:
    assert listen_address(value) == expected


@pytest.mark.parametrize("value", ["9108", "localhost", "host:port", ":9108", "h:0", "h:70000"])
def test_a_bad_metrics_address_is_refused_with_what_is_expected(value: str) -> None:
    with pytest.raises(ValueError, match="host:port"):
        listen_address(value)


def test_each_worker_serves_its_metrics_on_a_port_of_its_own() -> None:
    """``--workers N``: worker i on the port of ``KROEG_METRICS`` plus i (they would
    otherwise all try to bind one port)."""
    assert worker_env(0, ("127.0.0.1", 9108))["KROEG_METRICS"] == "127.0.0.1:9108"
    assert worker_env(2, ("127.0.0.1", 9108))["KROEG_METRICS"] == "127.0.0.1:9110"
    assert worker_env(1, ("::1", 9108))["KROEG_METRICS"] == "[::1]:9109"
    assert listen_address(worker_env(1, ("::1", 9108))["KROEG_METRICS"]) == ("::1", 9109)
