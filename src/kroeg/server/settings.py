"""The server's settings: command line options over environment variables over defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass

from kroeg.cluster.owner import LEASE_TTL
from kroeg.tables.quick import QUEUE_SECONDS


def _float_env(name: str, default: float) -> float:
    value = os.environ.get(name)
    return default if value is None or value == "" else float(value)


def _int_env(name: str, default: int) -> int:
    value = os.environ.get(name)
    return default if value is None or value == "" else int(value)


def listen_address(value: str) -> tuple[str, int] | None:
    """``host:port`` (``[::1]:9108`` for IPv6) as a pair; "" is None. A bad one raises
    ValueError saying what is expected."""
    if not value:
        return None
    host, sep, port = value.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"KROEG_METRICS must be host:port (127.0.0.1:9108), not {value!r}")
    return host, int(port)


HOUSE_DELAY = 0.8
DEAL_PAUSE = 5.0
MIN_CLOCK = 5.0
RATE = 20.0
HISTORY = 256
SESSION_DAYS = 30.0
RESTART_MIN_CLOCK = 15.0

# Quotas (docs/operations.md, "Limits"). A pub's guests share its one public address, and
# a family behind one NAT address plays from several devices: the per-address numbers
# leave room for a full pub, and stop only a script.
GUESTS_PER_MINUTE = 60
TABLES_PER_MINUTE = 30
OPEN_TABLES_PER_PLAYER = 4
SOCKETS_PER_ADDRESS = 256
SOCKETS_PER_PLAYER = 8
MAX_BODY = 64 * 1024
LOGINS_PER_ADDRESS = 30
LOGINS_PER_NAME = 10
IDLE_CLOSE = 600.0
# Quotas on what one account, sheet or address may make (docs/security.md, "Quotas"): a
# club organiser makes a club once and a night or two a week, a scorer corrects a line or
# two a deal, a player chats a few lines a minute. Each is ten times that or more.
CLUBS_PER_DAY = 10
NIGHTS_PER_DAY = 20
CORRECTIONS_PER_MINUTE = 30
CHAT_PER_PLAYER = 30
CHAT_PER_ADDRESS = 240


@dataclass(frozen=True, slots=True)
class ServerSettings:
    database_url: str | None = None
    """None: ``KROEG_DATABASE_URL``, else SQLite at data/kroeg.sqlite3."""
    redis_url: str | None = None
    """With PostgreSQL: share the tables with every other server process that uses the
    same database and Redis (``KROEG_REDIS_URL``, docs/cluster.md). None: one process."""
    lease_ttl: float = LEASE_TTL
    """Seconds a table's lease lasts unless renewed (``KROEG_LEASE_TTL``): how long the
    tables of a process that died wait before another process takes them over."""
    house_delay: float = HOUSE_DELAY
    """Seconds the house waits before each move (``KROEG_HOUSE_DELAY``; 0 in tests)."""
    deal_pause: float = DEAL_PAUSE
    """Seconds a table waits after a deal's end before the next deal, so people see the
    last trick and the deal's summary (``KROEG_DEAL_PAUSE``; 0 in tests that need speed)."""
    min_clock: float = MIN_CLOCK
    """The shortest clock a table may be created with (``KROEG_MIN_CLOCK``; tests go lower)."""
    rate: float = RATE
    """Messages a second one connection may send (``KROEG_RATE``; bursts of twice that)."""
    history: int = HISTORY
    """Versions a table keeps for reconnecting clients (``KROEG_HISTORY``)."""
    house_set_boards: int = 16
    """Boards of a duplicate set against the house (``KROEG_HOUSE_SET_BOARDS``: 4, 8, 12
    or 16, a klaverjas game's lengths; tests play 4)."""
    house_bots: bool = True
    """Let the bots play the house's seats at the table's level (``KROEG_HOUSE_BOTS=0``:
    the house plays the game's ``default()``)."""
    test_seed: int | None = None
    """Tests only (``KROEG_TEST_SEED``): repeatable shuffles, see TableSettings.test_seed."""
    allowed_origins: frozenset[str] = frozenset()
    """Origins besides the server's own whose pages may open ``/ws`` and change state
    with the cookie (``KROEG_ALLOWED_ORIGINS``, comma-separated, e.g.
    ``https://kroeg.example``; docs/security.md)."""
    trusted_proxies: tuple[str, ...] = ()
    """The reverse proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are
    believed (``KROEG_TRUSTED_PROXIES``, comma-separated addresses or networks such as
    ``10.0.0.0/8``, or ``*``; uvicorn's ``forwarded_allow_ips``). None by default: the
    address the quotas count is the connection's peer, whatever a header says
    (docs/security.md, "Addresses and proxies")."""
    session_days: float = SESSION_DAYS
    """Days a session (a guest's token) stays valid after its last use
    (``KROEG_SESSION_DAYS``)."""
    restart_min_clock: float = RESTART_MIN_CLOCK
    """After a restart a waiting person gets what was left of their clock, but at least
    this many seconds (never more than the table's clock) (``KROEG_RESTART_MIN_CLOCK``)."""
    echo: bool = False
    """Serve the bare websocket echo at ``/echo`` for the load benchmark (``KROEG_ECHO=1``)."""
    metrics: tuple[str, int] | None = None
    """Where ``/metrics`` listens, off the public port (``KROEG_METRICS=host:port``, e.g.
    ``127.0.0.1:9108``; docs/operations.md, "Metrics"). None: nowhere."""
    ws_fast: bool = False
    """The websocket fast path (``KROEG_WS_FAST=1``): uvicorn's websocket protocol with
    the frames extension (kroeg.server.protocol), which leans on uvicorn's internals. Off:
    uvicorn's public websocket implementation, one ``websocket.send`` a frame."""

    guests_per_minute: int = GUESTS_PER_MINUTE
    """New guests one address may create a minute, by REST or ``hello``
    (``KROEG_GUESTS_PER_MINUTE``)."""
    tables_per_minute: int = TABLES_PER_MINUTE
    """New tables one address may create a minute (``KROEG_TABLES_PER_MINUTE``)."""
    open_tables_per_player: int = OPEN_TABLES_PER_PLAYER
    """Open tables one player may have created (``KROEG_OPEN_TABLES_PER_PLAYER``)."""
    sockets_per_address: int = SOCKETS_PER_ADDRESS
    """Websocket connections open at once from one address (``KROEG_SOCKETS_PER_ADDRESS``)."""
    sockets_per_player: int = SOCKETS_PER_PLAYER
    """Websocket connections open at once for one player (``KROEG_SOCKETS_PER_PLAYER``)."""
    logins_per_address: int = LOGINS_PER_ADDRESS
    """Logins one address may try a minute (``KROEG_LOGINS_PER_ADDRESS``)."""
    logins_per_name: int = LOGINS_PER_NAME
    """Logins that may be tried for one account name in 15 minutes
    (``KROEG_LOGINS_PER_NAME``)."""
    max_body: int = MAX_BODY
    """Bytes a REST request body may have; a bigger one is refused while it is read
    (``KROEG_MAX_BODY``)."""
    idle_close: float = IDLE_CLOSE
    """Seconds a table with nobody seated, waiting or watching stays open
    (``KROEG_IDLE_CLOSE``)."""
    queue_seconds: float = QUEUE_SECONDS
    """Seconds "Speel nu" waits for other people before the house fills the seats
    (``KROEG_QUEUE_SECONDS``; 0: at once)."""
    clubs_per_day: int = CLUBS_PER_DAY
    """Clubs one account may create in 24 hours (``KROEG_CLUBS_PER_DAY``)."""
    nights_per_day: int = NIGHTS_PER_DAY
    """Club nights one account may create in 24 hours (``KROEG_NIGHTS_PER_DAY``)."""
    corrections_per_minute: int = CORRECTIONS_PER_MINUTE
    """Corrections of one table's sheet a minute (``KROEG_CORRECTIONS_PER_MINUTE``)."""
    chat_per_player: int = CHAT_PER_PLAYER
    """Chat messages one player may send a minute, all connections together
    (``KROEG_CHAT_PER_PLAYER``)."""
    chat_per_address: int = CHAT_PER_ADDRESS
    """Chat messages one address may send a minute, all players together
    (``KROEG_CHAT_PER_ADDRESS``)."""

    @classmethod
    def from_env(cls) -> ServerSettings:
        return cls(
            database_url=os.environ.get("KROEG_DATABASE_URL") or None,
            redis_url=os.environ.get("KROEG_REDIS_URL") or None,
            lease_ttl=_float_env("KROEG_LEASE_TTL", LEASE_TTL),
            house_delay=_float_env("KROEG_HOUSE_DELAY", HOUSE_DELAY),
            deal_pause=_float_env("KROEG_DEAL_PAUSE", DEAL_PAUSE),
            min_clock=_float_env("KROEG_MIN_CLOCK", MIN_CLOCK),
            rate=_float_env("KROEG_RATE", RATE),
            history=int(_float_env("KROEG_HISTORY", HISTORY)),
            house_set_boards=_int_env("KROEG_HOUSE_SET_BOARDS", 16),
            house_bots=os.environ.get("KROEG_HOUSE_BOTS", "1") != "0",
            test_seed=int(os.environ["KROEG_TEST_SEED"])
            if os.environ.get("KROEG_TEST_SEED")
            else None,
            allowed_origins=frozenset(
                o.strip().rstrip("/")
                for o in os.environ.get("KROEG_ALLOWED_ORIGINS", "").split(",")
                if o.strip()
            ),
            trusted_proxies=tuple(
                p.strip()
                for p in os.environ.get("KROEG_TRUSTED_PROXIES", "").split(",")
                if p.strip()
            ),
            session_days=_float_env("KROEG_SESSION_DAYS", SESSION_DAYS),
            restart_min_clock=_float_env("KROEG_RESTART_MIN_CLOCK", RESTART_MIN_CLOCK),
            echo=os.environ.get("KROEG_ECHO") == "1",
            metrics=listen_address(os.environ.get("KROEG_METRICS", "")),
            ws_fast=os.environ.get("KROEG_WS_FAST") == "1",
            guests_per_minute=_int_env("KROEG_GUESTS_PER_MINUTE", GUESTS_PER_MINUTE),
            tables_per_minute=_int_env("KROEG_TABLES_PER_MINUTE", TABLES_PER_MINUTE),
            open_tables_per_player=_int_env("KROEG_OPEN_TABLES_PER_PLAYER", OPEN_TABLES_PER_PLAYER),
            sockets_per_address=_int_env("KROEG_SOCKETS_PER_ADDRESS", SOCKETS_PER_ADDRESS),
            sockets_per_player=_int_env("KROEG_SOCKETS_PER_PLAYER", SOCKETS_PER_PLAYER),
            logins_per_address=_int_env("KROEG_LOGINS_PER_ADDRESS", LOGINS_PER_ADDRESS),
            logins_per_name=_int_env("KROEG_LOGINS_PER_NAME", LOGINS_PER_NAME),
            max_body=_int_env("KROEG_MAX_BODY", MAX_BODY),
            idle_close=_float_env("KROEG_IDLE_CLOSE", IDLE_CLOSE),
            queue_seconds=_float_env("KROEG_QUEUE_SECONDS", QUEUE_SECONDS),
            clubs_per_day=_int_env("KROEG_CLUBS_PER_DAY", CLUBS_PER_DAY),
            nights_per_day=_int_env("KROEG_NIGHTS_PER_DAY", NIGHTS_PER_DAY),
            corrections_per_minute=_int_env("KROEG_CORRECTIONS_PER_MINUTE", CORRECTIONS_PER_MINUTE),
            chat_per_player=_int_env("KROEG_CHAT_PER_PLAYER", CHAT_PER_PLAYER),
            chat_per_address=_int_env("KROEG_CHAT_PER_ADDRESS", CHAT_PER_ADDRESS),
        )
