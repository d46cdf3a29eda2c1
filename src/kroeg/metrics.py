"""The server's figures for an operator, in the Prometheus text format (docs/operations.md,
"Metrics"): counted where they happen, served off the public port by
kroeg.server.metrics_server when ``KROEG_METRICS`` names where.

A leaf like errors.py: any layer may count here, and this imports nothing of the project.
Counting costs a few hundred nanoseconds (an increment under a lock); the figures that
describe the whole server (tables, seats, leases held) are sampled once a second by the
server instead of being kept up to date at every change.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

TABLES = Gauge("kroeg_tables", "Tables this process holds, by state", ["state"])
"""``open``: every table held here; ``running``: those with a game under way."""

SEATS = Gauge("kroeg_seats", "Seats at the tables held here, by who sits", ["kind"])
"""``person``, ``guest``, ``bot`` (a bot account), ``house`` (the house's regulars)."""

ACTS = Counter("kroeg_acts", "Moves of people and bot accounts the tables here accepted")

ACT_TO_EVENT = Histogram(
    "kroeg_act_to_event_seconds",
    "From a move's arrival at its table's process to its event handed to the sockets",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)

LEASES_HELD = Gauge("kroeg_leases_held", "Table leases this process holds (docs/cluster.md)")
LEASES_TAKEN_OVER = Counter(
    "kroeg_leases_taken_over", "Tables this process took over (nobody held their lease)"
)
LEASES_LOST = Counter(
    "kroeg_leases_lost", "Tables this process let go: another process holds them or fenced it"
)

REDIS_ERRORS = Counter(
    "kroeg_redis_errors", "Redis calls that failed, by what they were for", ["part"]
)
DATABASE_ERRORS = Counter(
    "kroeg_database_errors", "Table writes the database failed (not counting fenced ones)"
)

BOT_POOL_JOBS = Gauge(
    "kroeg_bot_pool_jobs", "The bot pool's queue: decisions and analyses waiting or running"
)

WRITE_BATCH = Histogram(
    "kroeg_store_write_batch_seconds",
    "The time the store takes to commit one batch of table writes",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)


def redis_error(part: str) -> None:
    """A Redis call for ``part`` (``leases``, ``routing``, ``account_events``) failed."""
    REDIS_ERRORS.labels(part).inc()
