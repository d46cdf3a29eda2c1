"""How bots must behave (docs/bots-api.md, "Misbehaviour"): a bot connection whose
messages are refused too often is disconnected with a reason, a bot whose clock runs out
too often is disconnected too, and a bot disconnected too often is suspended for a while.

Refusals that count (:data:`MISCONDUCT`) are the ones a correct client never gets:
malformed messages, actions the game cannot parse or the rules forbid, floods. A race
such as ``stale_version`` does not count. The counts live in the server's memory: a
restart forgives (docs/bots-api.md says so).
"""

from __future__ import annotations

import time
from collections import deque

from kroeg.server.connection import Connection
from kroeg.tables.errors import TableError

MISCONDUCT = frozenset(
    {
        "bad_message",
        "malformed",
        "too_large",
        "invalid_action",
        "illegal_action",
        "rate_limited",
        "bad_chat",
        "quota_exceeded",
    }
)
STRIKES = 5
"""Refusals of :data:`MISCONDUCT` within :data:`STRIKE_WINDOW` seconds that disconnect."""
STRIKE_WINDOW = 60.0
OFFENCES = 3
"""Disconnections within :data:`OFFENCE_WINDOW` seconds that suspend the bot."""
OFFENCE_WINDOW = 3600.0
SUSPENSION = 24 * 3600.0
TIMEOUTS = 3
"""A bot's clocks run out (at any of its tables) within :data:`TIMEOUT_WINDOW` seconds
that disconnect it: a program that does not answer in time is broken or overloaded. Two
in a row at one table already take its seat out of that game (the table's rule for
anyone); this counts across tables and games."""
TIMEOUT_WINDOW = 600.0
SUSPENDED = "; the bot is suspended for misbehaving repeatedly"
"""Added to the ``bye`` of the disconnection that suspends."""


def send_off(connection: Connection, message: str) -> None:
    """Tell a bot connection why it is disconnected for misbehaviour, and close it."""
    connection.on_error = None
    connection.send_json(
        {"type": "bye", "reason": "misbehaviour", "message": message, "now": time.time()}
    )
    connection.finish(1008)


class Strikes:
    """One bot connection's recent refusals."""

    __slots__ = ("times",)

    def __init__(self) -> None:
        self.times: deque[float] = deque()

    def count(self, code: str, now: float) -> bool:
        """Count a refusal; whether the connection has now had too many."""
        if code not in MISCONDUCT:
            return False
        self.times.append(now)
        while self.times and now - self.times[0] > STRIKE_WINDOW:
            self.times.popleft()
        return len(self.times) >= STRIKES


class Conduct:
    """The server's record of bots disconnected for misbehaviour, and who is suspended."""

    def __init__(self) -> None:
        self.offences: dict[str, deque[float]] = {}
        self.suspended_until: dict[str, float] = {}
        self.timeouts: dict[str, deque[float]] = {}

    def admit(self, player: str, now: float | None = None) -> None:
        """Refuse a suspended bot's hello (``bot_suspended``)."""
        now = time.time() if now is None else now
        until = self.suspended_until.get(player)
        if until is not None and until > now:
            when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(until))
            raise TableError(
                "bot_suspended", f"this bot is suspended for misbehaving until {when}", until=until
            )

    def offence(self, player: str, now: float | None = None) -> bool:
        """Record a disconnection for misbehaviour; whether the bot is now suspended."""
        now = time.time() if now is None else now
        times = self.offences.setdefault(player, deque())
        times.append(now)
        while times and now - times[0] > OFFENCE_WINDOW:
            times.popleft()
        if len(times) >= OFFENCES:
            self.suspended_until[player] = now + SUSPENSION
            times.clear()
            return True
        return False

    def timeout(self, player: str, now: float | None = None) -> bool:
        """Count a bot's clock that ran out; whether it has now had too many (then the
        count starts again: the disconnection is the offence)."""
        now = time.time() if now is None else now
        times = self.timeouts.setdefault(player, deque())
        times.append(now)
        while times and now - times[0] > TIMEOUT_WINDOW:
            times.popleft()
        if len(times) >= TIMEOUTS:
            times.clear()
            return True
        return False
