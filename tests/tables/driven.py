"""A table machine driven by hand, at times the test gives: no event loop, no store, no
sleeping. What the task would carry out is done here: frames go to the listeners, commits
are kept, a new game gets the next id, the house answers with its fallback, and the alarm
rings when the test lets the time it was set for pass (:meth:`Driven.wait`)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from kroeg.games.base import JSON
from kroeg.store import GameRow, LogEntry, TableChange, TableRow
from kroeg.tables import commands as c
from kroeg.tables.config import TableConfig
from kroeg.tables.effects import (
    AskHouse,
    BotTimedOut,
    Broadcast,
    Commit,
    CreateGame,
    Progress,
    Publish,
    Reply,
    Send,
    SetAlarm,
)
from kroeg.tables.house import House
from kroeg.tables.machine import Input, TableMachine
from kroeg.tables.state import TableSettings, TableState
from tests.tables.fake import SayGame

START = 1_800_000_000.0
"""The wall-clock time a driven table starts at."""


class Ear:
    """A listener that keeps what it is sent."""

    def __init__(self, player: str | None, blocked: frozenset[str] = frozenset()) -> None:
        self.player = player
        self.blocked = blocked
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: bytes) -> None:
        self.frames.append(json.loads(frame))

    def hears(self, player: str) -> bool:
        return player not in self.blocked

    def events(self, kind: str) -> list[dict[str, Any]]:
        return [
            e for f in self.frames if f["type"] == "event" for e in f["events"] if e["kind"] == kind
        ]

    def kinds(self) -> list[str]:
        return [e["kind"] for f in self.frames if f["type"] == "event" for e in f["events"]]


class Driven:
    def __init__(
        self,
        table: TableState,
        house: House | None = None,
        on_progress: Callable[[TableState], None] | None = None,
    ) -> None:
        self.table = table
        self.on_progress = on_progress
        self.machine = TableMachine(house or House())
        self.now = START
        self.alarm: float | None = None
        self.commits: list[TableChange] = []
        self.progress: list[int] = []
        """For each Progress effect: how many commits came before it."""
        self.bot_timeouts: list[str] = []

    def do(self, command: Input) -> Any:
        """Hand the machine ``command`` now, carry its effects out; its reply."""
        reply = None
        asked: Input | None = command
        while asked is not None:
            _, effects = self.machine.handle(self.table, asked, self.now)
            asked = None
            for effect in effects:
                match effect:
                    case Commit(change=change):
                        self.commits.append(change)
                    case CreateGame(change=change):
                        self.commits.append(change)
                        asked = c.GameCreated(len(self.commits))
                    case AskHouse(request=request):
                        asked = c.HouseAnswer(request.fallback)
                    case Publish(frames=frames, listeners=listeners):
                        for listener, audience in listeners:
                            listener.send(frames[audience])
                    case Send(listener=listener, frame=frame):
                        listener.send(frame)
                    case Broadcast(frame=frame, listeners=listeners):
                        for listener in listeners:
                            listener.send(frame)
                    case SetAlarm(at=at):
                        self.alarm = at
                    case Progress():
                        self.progress.append(len(self.commits))
                        if self.on_progress is not None:
                            self.on_progress(self.table)
                    case BotTimedOut(player=player):
                        self.bot_timeouts.append(player)
                    case Reply(value=value):
                        reply = value
        return reply

    def stored(self) -> tuple[TableRow, GameRow, list[LogEntry]]:
        """What the store would hold: the table's row, its last game and that game's log."""
        table = self.table
        config = table.config
        seating: JSON = {}
        for change in self.commits:
            seating = change.seating if change.seating is not None else seating
        row = TableRow(
            table.id,
            config.game,
            config.variant,
            config.options,
            config.seats,
            config.clock_seconds,
            config.private,
            config.house_level,
            table.created_at,
            table.version,
            seating,
        )
        started = [change for change in self.commits if change.new_game is not None][-1]
        assert started.new_game is not None
        game_id = self.commits.index(started) + 1
        ends = [ch.finish for ch in self.commits if ch.finish and ch.finish.game_id == game_id]
        game = GameRow(
            **dataclasses.asdict(started.new_game),
            id=game_id,
            finished_at=ends[0].finished_at if ends else None,
            result=ends[0].result if ends else None,
        )
        entries = [
            e for change in self.commits if change.game_id == game_id for e in change.entries
        ]
        return row, game, entries

    def act(self, player: str, action: list[Any]) -> None:
        self.do(c.Act(player, self.table.version, action))

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass; the alarm rings at each time it is set for."""
        end = self.now + seconds
        for _ in range(100_000):
            if self.alarm is None or self.alarm > end:
                self.now = end
                return
            self.now = max(self.now, self.alarm)
            self.do(c.AlarmFired())
        raise AssertionError("the alarm rings for ever")


def say_table(
    variant: str = "rotating", clock: float = 60.0, game_class: type = SayGame, **settings: Any
) -> TableState:
    """A table of the say game (tests/tables/fake.py) whose house moves at once."""
    config = TableConfig("say", variant, {}, 4, clock, False, "huis", True)
    return TableState(
        "t1",
        config,
        game_class(variant),
        TableSettings(**{"house_delay": 0, **settings}),
        created_at=START,
    )
