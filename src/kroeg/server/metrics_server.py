"""``/metrics`` for Prometheus, on its own address (``KROEG_METRICS``), never the public
port (docs/operations.md, "Metrics").

prometheus-client's own HTTP server answers in a thread of its own. The figures that
describe the whole process (tables, seats, leases held) are read from the lobby and the
owner in the event loop, once a second, into gauges: the thread never touches what the
loop changes, and a scrape costs the loop nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from wsgiref.simple_server import WSGIServer

from prometheus_client import start_http_server

from kroeg import metrics
from kroeg.server.runtime import Runtime

log = logging.getLogger(__name__)

SAMPLE_EVERY = 1.0
"""Seconds between two readings of the tables, seats and leases."""

SEAT_KINDS = ("person", "guest", "bot", "house")


class MetricsServer:
    def __init__(self, runtime: Runtime, host: str, port: int) -> None:
        self.runtime = runtime
        self.host, self.port = host, port
        self._http: WSGIServer | None = None
        self._sampler: asyncio.Task[None] | None = None

    def start(self) -> None:
        sample(self.runtime)
        self._http, _ = start_http_server(self.port, self.host)
        self._sampler = asyncio.get_running_loop().create_task(self._sample(), name="metrics")
        log.info("metrics at http://%s:%d/metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._sampler is not None:
            self._sampler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sampler
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()

    async def _sample(self) -> None:
        while True:
            await asyncio.sleep(SAMPLE_EVERY)
            try:
                sample(self.runtime)
            except Exception:
                log.exception("could not read the figures for the metrics")


def sample(runtime: Runtime) -> None:
    """Set the gauges that describe the process as a whole from what it holds now."""
    tables = list(runtime.lobby.tables.values())
    metrics.TABLES.labels("open").set(len(tables))
    metrics.TABLES.labels("running").set(sum(1 for t in tables if t.running))
    seats: Counter[str] = Counter()
    for table in tables:
        accounts = table.seating.accounts
        for seat in table.seats:
            if seat.player is None:
                seats["house"] += 1
            elif seat.bot:
                seats["bot"] += 1
            else:
                seats["person" if seat.player in accounts else "guest"] += 1
    for kind in SEAT_KINDS:
        metrics.SEATS.labels(kind).set(seats[kind])
    owner = runtime.owner
    metrics.LEASES_HELD.set(0 if owner is None else len(owner.leases))
