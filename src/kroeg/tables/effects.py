"""What the table machine asks the world to do: its effects, as values.

:meth:`~kroeg.tables.machine.TableMachine.handle` decides and returns a list of these;
:class:`~kroeg.tables.task.TableTask` carries them out in order. A commit always comes
before the frames that tell of it. Two effects are questions whose answer the machine
needs to go on (:class:`AskHouse`, :class:`CreateGame`): each is the last of its list,
and the task hands the answer back as a command (:class:`~kroeg.tables.commands.HouseAnswer`,
:class:`~kroeg.tables.commands.GameCreated`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kroeg.store import TableChange
from kroeg.tables.commands import Listener
from kroeg.tables.history import Seated
from kroeg.tables.house import HouseRequest


@dataclass(frozen=True, slots=True)
class Commit:
    """Write this change (one transaction) under the task's fencing epoch."""

    change: TableChange


@dataclass(frozen=True, slots=True)
class Publish:
    """A committed version's frame for each audience (a seat, or None: spectators), and
    who follows the table with which audience; ``seated``: the player at each seat."""

    version: int
    seated: Seated
    frames: dict[int | None, bytes]
    listeners: tuple[tuple[Listener, int | None], ...]


@dataclass(frozen=True, slots=True)
class Send:
    """This frame to this one listener."""

    listener: Listener
    frame: bytes


@dataclass(frozen=True, slots=True)
class Broadcast:
    """This frame to everyone following the table (a clock, a presence change)."""

    frame: bytes
    listeners: tuple[Listener, ...]


@dataclass(frozen=True, slots=True)
class SetAlarm:
    """Hand the table an :class:`~kroeg.tables.commands.AlarmFired` at ``at`` (wall
    time), or never (None). The latest one stands."""

    at: float | None


@dataclass(frozen=True, slots=True)
class AskHouse:
    """The house decides for a seat: answer with a ``HouseAnswer`` (None: it failed)."""

    request: HouseRequest


@dataclass(frozen=True, slots=True)
class CreateGame:
    """Write this change, which starts a game, and answer with its id (``GameCreated``)."""

    change: TableChange


@dataclass(frozen=True, slots=True)
class Progress:
    """A committed change ended a deal or took a player out (a club round's hook)."""


@dataclass(frozen=True, slots=True)
class BotTimedOut:
    """The clock of a bot account's seat ran out (the server's bot conduct)."""

    player: str


@dataclass(frozen=True, slots=True)
class Reply:
    """What the command that asked is answered (once every effect is carried out)."""

    value: Any


Effect = (
    Commit | Publish | Send | Broadcast | SetAlarm | AskHouse | CreateGame | Progress | BotTimedOut
) | Reply


@dataclass(slots=True)
class Outbox:
    """The effects of one command, in the order they are decided, and the time the
    machine was told it is (every time it writes down or shows is this one)."""

    now: float
    effects: list[Effect] = field(default_factory=list)

    def add(self, effect: Effect) -> None:
        self.effects.append(effect)
