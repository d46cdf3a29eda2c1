"""The server's settings: command line options over environment variables over defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass


def _float_env(name: str, default: float) -> float:
    value = os.environ.get(name)
    return default if value is None or value == "" else float(value)


HOUSE_DELAY = 0.8
DEAL_PAUSE = 5.0
MIN_CLOCK = 5.0
RATE = 20.0
HISTORY = 256


@dataclass(frozen=True, slots=True)
class ServerSettings:
    database_url: str | None = None
    """None: ``KROEG_DATABASE_URL``, else SQLite at data/kroeg.sqlite3."""
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
    house_bots: bool = True
    """Let the bots play the house's seats at the table's level (``KROEG_HOUSE_BOTS=0``:
    the house plays the game's ``default()``, as on a timeout)."""
    test_seed: int | None = None
    """Tests only (``KROEG_TEST_SEED``): repeatable shuffles, see TableSettings.test_seed."""
    echo: bool = False
    """Serve the bare websocket echo at ``/echo`` for the load benchmark (``KROEG_ECHO=1``)."""

    @classmethod
    def from_env(cls) -> ServerSettings:
        return cls(
            database_url=os.environ.get("KROEG_DATABASE_URL") or None,
            house_delay=_float_env("KROEG_HOUSE_DELAY", HOUSE_DELAY),
            deal_pause=_float_env("KROEG_DEAL_PAUSE", DEAL_PAUSE),
            min_clock=_float_env("KROEG_MIN_CLOCK", MIN_CLOCK),
            rate=_float_env("KROEG_RATE", RATE),
            history=int(_float_env("KROEG_HISTORY", HISTORY)),
            house_bots=os.environ.get("KROEG_HOUSE_BOTS", "1") != "0",
            test_seed=int(os.environ["KROEG_TEST_SEED"])
            if os.environ.get("KROEG_TEST_SEED")
            else None,
            echo=os.environ.get("KROEG_ECHO") == "1",
        )
