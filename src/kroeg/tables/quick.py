"""People before the house (issue 32, build 3): "Speel nu" puts you in a short queue per
game and variant; the people waiting together are seated at one new table, and the house
fills the rest.

A line is matched when it holds enough people for every seat, or when its first person
has waited the window (``KROEG_QUEUE_SECONDS``; 0: at once, alone with the house). There is
no timer: the queue is looked at whenever someone joins it or asks how they stand, which
a waiting client does twice a second, with the time it is given (tests give their own).

The queue's state (:class:`QuickQueue`, pure) is kept by a :class:`QuickLines`: in this
process (:class:`LocalLines`), or in Redis for several processes
(:class:`kroeg.cluster.quick.RedisQuickLines`, docs/cluster.md, "Speel nu"), where each
change is one atomic step, so a group is matched once whichever process looked.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from kroeg.tables import commands as c
from kroeg.tables.config import build_game
from kroeg.tables.lobby import Lobby

log = logging.getLogger(__name__)

QUEUE_SECONDS = 4.0
"""The window a first person waits for others, by default."""

MATCHED_KEEP = 60.0
"""Seconds a matched person's answer (their table, or that it is being made) is kept for
them to ask: one not asked for is forgotten, and a table still being made after that
long never will be (the process making it died), so its people read ``none``."""

Line = tuple[str, str]
"""A queue's game and variant."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Waiting:
    player: str
    name: str
    account: str | None
    since: float


@dataclass(frozen=True, slots=True)
class Matched:
    """A person taken out of a line with their group: their table once it is made."""

    line: Line
    people: int
    at: float
    table: str | None = None


@dataclass(slots=True)
class QuickQueue:
    """The lines, who is in them, and who was matched; pure: every question is given its
    time."""

    seconds: float
    lines: dict[Line, list[Waiting]] = field(default_factory=dict)
    matched: dict[str, Matched] = field(default_factory=dict)
    """Each matched person's table (``None`` while it is made), until they ask."""

    def join(self, line: Line, person: Waiting) -> None:
        """``person`` waits in ``line`` (leaving any other line, and forgetting a table
        they were matched to; again in the same line, they keep their place)."""
        self.matched.pop(person.player, None)
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

    def due(self, now: float, seats: Mapping[Line, int]) -> list[tuple[Line, list[Waiting]]]:
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

    def match(self, now: float, seats: Mapping[Line, int]) -> list[tuple[Line, list[Waiting]]]:
        """:meth:`due`, each person of a due group marked matched (their table being
        made); answers older than :data:`MATCHED_KEEP` forgotten."""
        for player, matched in list(self.matched.items()):
            if now - matched.at >= MATCHED_KEEP:
                del self.matched[player]
        groups = self.due(now, seats)
        for line, group in groups:
            for person in group:
                self.matched[person.player] = Matched(line, len(group), now)
        return groups

    def seat(self, players: list[str], table: str | None) -> None:
        """``players``' table is made (``None``: it could not be, they are forgotten)."""
        for player in players:
            matched = self.matched.get(player)
            if matched is None or matched.table is not None:
                continue
            if table is None:
                del self.matched[player]
            else:
                self.matched[player] = dataclasses.replace(matched, table=table)

    def standing(self, player: str, now: float, seats: Mapping[Line, int]) -> dict[str, Any]:
        """How ``player`` stands: ``seated`` at ``table`` (told once), ``waiting`` (with
        the line's people and the window's end; a group whose table is being made has
        none left), or ``none``."""
        matched = self.matched.get(player)
        if matched is not None and matched.table is not None:
            del self.matched[player]
            return seated(matched.table)
        if matched is not None:
            return _waiting(matched.line, matched.people, seats, 0.0)
        line = self.line_of(player)
        if line is None:
            return {"state": "none"}
        people = self.lines[line]
        return _waiting(line, len(people), seats, people[0].since + self.seconds - now)

    def json(self) -> dict[str, Any]:
        """The state as JSON, for a :class:`QuickLines` that keeps it outside the
        process; :meth:`from_json` reads it back equal."""
        return {
            "lines": [
                [game, variant, [dataclasses.astuple(w) for w in people]]
                for (game, variant), people in self.lines.items()
            ],
            "matched": {
                player: [m.line[0], m.line[1], m.people, m.at, m.table]
                for player, m in self.matched.items()
            },
        }

    @classmethod
    def from_json(cls, seconds: float, data: Mapping[str, Any]) -> QuickQueue:
        return cls(
            seconds,
            {(g, v): [Waiting(*w) for w in people] for g, v, people in data["lines"]},
            {
                p: Matched((g, v), n, at, table)
                for p, (g, v, n, at, table) in data["matched"].items()
            },
        )


def seated(table: str) -> dict[str, Any]:
    return {"state": "seated", "table": table}


def _waiting(line: Line, people: int, seats: Mapping[Line, int], left: float) -> dict[str, Any]:
    return {
        "state": "waiting",
        "game": line[0],
        "variant": line[1],
        "waiting": people,
        "seats": seats[line],
        "seconds_left": max(0, math.ceil(left)),
    }


class QuickLines(Protocol):
    """Where the queue's state is kept."""

    async def change(self, step: Callable[[QuickQueue], T]) -> T:
        """``step`` carried out on the queue as one change, its answer returned. A keeper
        shared by processes may run it again on a fresh copy after a concurrent change,
        so ``step`` changes nothing but the queue it is given."""
        ...


class LocalLines:
    """The queue in this process: one event loop, so every step is whole."""

    def __init__(self, seconds: float) -> None:
        self.queue = QuickQueue(seconds)

    async def change(self, step: Callable[[QuickQueue], T]) -> T:
        return step(self.queue)


Step = tuple[list[tuple[Line, list[Waiting]]], dict[str, Any]]
"""A step's answer: the groups it matched, and how the asking person stands."""


class QuickMatch:
    """The queue over the lobby: a due group gets a new rated table, made by the process
    whose step matched it, sits down in the order it came (seat 0 first) and starts; each
    person then learns their table, from whichever process they ask."""

    def __init__(
        self, lobby: Lobby, seconds: float = QUEUE_SECONDS, lines: QuickLines | None = None
    ) -> None:
        self.lobby = lobby
        self.lines: QuickLines = lines if lines is not None else LocalLines(seconds)
        self._seats: dict[Line, int] = {}

    def seats_of(self, line: Line) -> int:
        """The seats of a line's table (``bad_table`` for an unknown game or variant)."""
        if line not in self._seats:
            self._seats[line] = build_game(line[0], line[1], None).traits.usual_seats
        return self._seats[line]

    async def join(
        self, player: str, name: str, account: str | None, game: str, variant: str, now: float
    ) -> dict[str, Any]:
        line = (game, variant)
        self.seats_of(line)
        person = Waiting(player, name, account, now)

        def step(queue: QuickQueue) -> Step:
            queue.join(line, person)
            return self._look(queue, player, now)

        return await self._answer(player, step)

    async def cancel(self, player: str) -> bool:
        return await self.lines.change(lambda queue: queue.cancel(player))

    async def status(self, player: str, now: float) -> dict[str, Any]:
        """How ``player`` stands (after seating every group that is due): ``seated`` at
        ``table``, ``waiting`` (with the line's people and the window's end), or ``none``."""
        return await self._answer(player, lambda queue: self._look(queue, player, now))

    def _look(self, queue: QuickQueue, player: str, now: float) -> Step:
        lines = set(queue.lines) | {m.line for m in queue.matched.values()}
        seats = {line: self.seats_of(line) for line in lines}
        groups = queue.match(now, seats)
        return groups, queue.standing(player, now, seats)

    async def _answer(self, player: str, step: Callable[[QuickQueue], Step]) -> dict[str, Any]:
        groups, standing = await self.lines.change(step)
        for line, group in groups:
            table = await self._seat(line, group, player)
            if any(w.player == player for w in group):
                standing = {"state": "none"} if table is None else seated(table)
        return standing

    async def _seat(self, line: Line, group: list[Waiting], asking: str) -> str | None:
        """The group's table, made here and started; its people's answers stored, but
        ``asking``'s, who is told now (None, and the answers forgotten, when it could not
        be made: they read ``none`` and may join again)."""
        players = [w.player for w in group]
        made: str | None = None
        try:
            table = await self.lobby.create(line[0], line[1], rated=True, creator=players[0])
            made = table.id
            for seat, person in enumerate(group):
                await table.ask(c.Sit(person.player, person.name, seat, account=person.account))
            await table.ask(c.Start(players[0]))
        except Exception:
            log.exception("Speel nu: the table of %s in %s could not be made", players, line)

        def step(queue: QuickQueue) -> None:
            queue.seat(players, made)
            if asking in players:
                queue.matched.pop(asking, None)

        await self.lines.change(step)
        return made
