"""People before the house (issue 32, build 3): "Speel nu" puts you in a short queue per
game and variant; the people waiting together are seated at one new table, and the house
fills the rest.

A line is matched when it holds enough people for every seat, or when its first person
has waited the window (``KROEG_QUEUE_SECONDS``; 0: at once, alone with the house). There is
no timer: the queue is looked at whenever someone joins it or asks how they stand, which
a waiting client does twice a second, with the time it is given (tests give their own).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from kroeg.tables import commands as c
from kroeg.tables.config import build_game
from kroeg.tables.lobby import Lobby
from kroeg.tables.task import TableTask

QUEUE_SECONDS = 4.0
"""The window a first person waits for others, by default."""

Line = tuple[str, str]
"""A queue's game and variant."""


@dataclass(frozen=True, slots=True)
class Waiting:
    player: str
    name: str
    account: str | None
    since: float


@dataclass(slots=True)
class QuickQueue:
    """The lines and who is in them; pure: every question is given its time."""

    seconds: float
    lines: dict[Line, list[Waiting]] = field(default_factory=dict)

    def join(self, line: Line, person: Waiting) -> None:
        """``person`` waits in ``line`` (leaving any other line; again in the same one,
        they keep their place)."""
        if self.line_of(person.player) == line:
            return
        self.cancel(person.player)
        self.lines.setdefault(line, []).append(person)

    def cancel(self, player: str) -> bool:
        """``player`` leaves the line they wait in; whether they waited."""
        line = self.line_of(player)
        if line is None:
            return False
        self.lines[line] = [w for w in self.lines[line] if w.player != player]
        if not self.lines[line]:
            del self.lines[line]
        return True

    def line_of(self, player: str) -> Line | None:
        for line, people in self.lines.items():
            if any(w.player == player for w in people):
                return line
        return None

    def due(self, now: float, seats: dict[Line, int]) -> list[tuple[Line, list[Waiting]]]:
        """The groups to seat now, taken out of their lines: a table's worth of people at
        once, and whoever is left once the first of them waited the window."""
        groups: list[tuple[Line, list[Waiting]]] = []
        for line in list(self.lines):
            people = self.lines[line]
            while len(people) >= seats[line]:
                groups.append((line, people[: seats[line]]))
                people = people[seats[line] :]
            if people and now - people[0].since >= self.seconds:
                groups.append((line, people))
                people = []
            if people:
                self.lines[line] = people
            else:
                del self.lines[line]
        return groups


class QuickMatch:
    """The queue over the lobby: a due group gets a new rated table, sits down in the
    order it came (seat 0 first) and starts; each person then learns their table."""

    def __init__(self, lobby: Lobby, seconds: float = QUEUE_SECONDS) -> None:
        self.lobby = lobby
        self.queue = QuickQueue(seconds)
        self.seats: dict[Line, int] = {}
        self.seated: dict[str, str] = {}
        """Each matched person's new table, until they ask how they stand."""

    async def join(
        self, player: str, name: str, account: str | None, game: str, variant: str, now: float
    ) -> dict[str, Any]:
        line = (game, variant)
        if line not in self.seats:
            self.seats[line] = build_game(game, variant, None).traits.usual_seats  # or bad_table
        self.seated.pop(player, None)
        self.queue.join(line, Waiting(player, name, account, now))
        return await self.status(player, now)

    def cancel(self, player: str) -> bool:
        return self.queue.cancel(player)

    async def status(self, player: str, now: float) -> dict[str, Any]:
        """How ``player`` stands (after seating every group that is due): ``seated`` at
        ``table``, ``waiting`` (with the line's people and the window's end), or ``none``."""
        for line, group in self.queue.due(now, self.seats):
            await self._seat(line, group)
        if player in self.seated:
            return {"state": "seated", "table": self.seated.pop(player)}
        waits = self.queue.line_of(player)
        if waits is None:
            return {"state": "none"}
        people = self.queue.lines[waits]
        left = people[0].since + self.queue.seconds - now
        return {
            "state": "waiting",
            "game": waits[0],
            "variant": waits[1],
            "waiting": len(people),
            "seats": self.seats[waits],
            "seconds_left": max(0, math.ceil(left)),
        }

    async def _seat(self, line: Line, group: list[Waiting]) -> None:
        table: TableTask = await self.lobby.create(
            line[0], line[1], rated=True, creator=group[0].player
        )
        for seat, person in enumerate(group):
            await table.ask(c.Sit(person.player, person.name, seat, account=person.account))
            self.seated[person.player] = table.id
        await table.ask(c.Start(group[0].player))
