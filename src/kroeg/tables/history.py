"""The versions a table keeps for clients that reconnect and ``resume`` (docs/protocol.md).

As lila-ws's ``History``: the last few hundred versions of a table, each with its events
(encoded once) and who sat where when it was sent. A client that says which version it
last saw gets each version after it, as its audience then was, if all of them are still
kept; otherwise it gets a snapshot. Nothing here sends or decides when: the table asks.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

import msgspec

from kroeg.games.base import JSON
from kroeg.tables.frames import Encoded, visible

LOG_VERSIONS = 64
"""How many of the newest versions a snapshot's ``log`` holds: enough for the client's
log of 80 lines (a version is one action, most with one line)."""

Seated = tuple[str | None, ...]
"""The player at each seat (None: the house) when a version was sent: a resume is shown
each version as its audience then was, not as the seat is held now."""


@dataclass(frozen=True, slots=True)
class Kept:
    """One version as it was sent."""

    version: int
    events: Encoded
    seated: Seated
    """Who sat where at the time (one tuple shared by the versions between two seating
    changes)."""

    def audience(self, player: str | None) -> int | None:
        """The seat ``player`` held when this version was sent, or None (a spectator)."""
        if player is None:
            return None
        for seat, holder in enumerate(self.seated):
            if holder == player:
                return seat
        return None


class History:
    """The newest ``size`` versions of one table, oldest first.

    Kept as plain tuples of bytes, strings and ints, which the garbage collector stops
    tracking (see :data:`~kroeg.tables.frames.Encoded`): a few hundred versions of hundreds
    of tables as objects were the bulk of the server's live objects, and every full
    collection walked them all. :class:`Kept` is made only for a resume."""

    __slots__ = ("_kept",)

    def __init__(self, size: int) -> None:
        self._kept: deque[tuple[int, Encoded, Seated]] = deque(maxlen=size)

    def add(self, version: int, events: Encoded, seated: Seated) -> None:
        """Keep a version just sent (versions come in order; the oldest falls out)."""
        self._kept.append((version, events, seated))

    def forget_after(self, version: int) -> None:
        """Drop the versions after ``version``: their commit failed, nobody was sent them."""
        while self._kept and self._kept[-1][0] > version:
            self._kept.pop()

    def since(self, since: int | None, current: int) -> list[Kept] | None:
        """The versions after ``since`` up to ``current``, or None when the client needs a
        snapshot instead: it names no version, one newer than the table's, or one so old
        that a version after it is no longer kept."""
        if since is None or not self._kept:
            return None
        oldest = self._kept[0][0]
        if not oldest <= since + 1 <= current:
            return None
        return [Kept(*kept) for kept in self._kept if kept[0] > since]

    def log_for(self, player: str | None, count: int = LOG_VERSIONS) -> list[JSON]:
        """The newest ``count`` versions' events as ``player`` was sent each one (a seat's
        private events only if they held that seat then, as for a resume), for a
        snapshot's ``log``: the client draws the table's log from it when someone comes
        back (issue 18). Versions with nothing for them are left out."""
        start = max(0, len(self._kept) - count)
        log: list[JSON] = []
        for version, events, seated in islice(self._kept, start, None):
            shown = visible(events, Kept(version, events, seated).audience(player))
            if shown:
                log.append({"version": version, "events": [msgspec.Raw(e) for e in shown]})
        return log

    def __len__(self) -> int:
        return len(self._kept)

    def versions(self) -> Iterator[int]:
        """The kept versions, oldest first."""
        return (version for version, _, _ in self._kept)
