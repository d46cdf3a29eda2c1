"""What a table is handed: the commands its task answers in order, the listeners
(connections) that follow it, and the inputs its task hands the machine itself.

A command is put in the table's inbox by :meth:`kroeg.tables.task.TableTask.ask`, which
sets its ``reply`` future, or by :meth:`~kroeg.tables.task.TableTask.tell`, which sets a
:class:`Told` (nobody waits; an error goes to a callback); the table's task answers each
in turn. The task's own inputs (:class:`AlarmFired`, the answers to the machine's
questions, what it read from the store) have no reply: nobody outside sends them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from kroeg.games.base import Action
    from kroeg.store import GameRow, LogEntry, TableRow
    from kroeg.tables.replay import Finished


class Listener(Protocol):
    """A connection following a table: who it is, a way to send it a frame, and whose
    chat it hears."""

    @property
    def player(self) -> str | None: ...

    def send(self, frame: bytes) -> None: ...

    def hears(self, player: str) -> bool:
        """Whether chat from ``player`` reaches this listener: not when its person
        blocked them (issue 19 point 6)."""
        ...


class Relay(Protocol):
    """Where a table's frames go for the listeners it does not send to itself: another
    process's connections (docs/cluster.md, "Fan-out"). What is the same for every
    listener of an audience is handed over once (per version, each audience those
    listeners have; or once for all), not once per listener."""

    def relays(self, listener: Listener) -> bool:
        """Whether ``listener``'s version and all-audience frames go through the relay."""
        ...

    def version(
        self,
        table: str,
        version: int,
        seated: tuple[str | None, ...],
        frames: list[tuple[int | None, bytes]],
    ) -> None:
        """A version's frame for each audience (a seat, or None: spectators) of the
        relayed listeners; ``seated``: the player at each seat when it was sent."""
        ...

    def everyone(self, table: str, frame: bytes) -> None:
        """A frame for every listener (a clock, a presence change)."""
        ...


class Told:
    """The reply of a command nobody waits for: a result is dropped, an error (always a
    ``TableError``) goes to ``on_error``. The table answers it as it answers a future."""

    __slots__ = ("on_error",)

    def __init__(self, on_error: Callable[[BaseException], None]) -> None:
        self.on_error = on_error

    def done(self) -> bool:
        return False

    def set_result(self, result: Any) -> None:
        pass

    def set_exception(self, error: BaseException) -> None:
        self.on_error(error)


@dataclass(slots=True)
class Command:
    reply: asyncio.Future[Any] | Told = field(init=False, repr=False)


@dataclass(slots=True)
class Watch(Command):
    listener: Listener
    since: int | None = None
    """A resume: the last version the client saw."""


@dataclass(slots=True)
class Unwatch(Command):
    listener: Listener


@dataclass(slots=True)
class Sit(Command):
    player: str
    name: str
    seat: int | None
    listener: Listener | None = None
    account: str | None = None
    """The kind of the player's account (``person``, ``bot``); None for a guest."""


@dataclass(slots=True)
class Registered(Command):
    """The player, seated or waiting here as a guest, made an account: their seat takes
    its name and kind at once (not only at their next sit)."""

    player: str
    name: str
    account: str


@dataclass(slots=True)
class Stand(Command):
    player: str


@dataclass(slots=True)
class Leave(Command):
    player: str


@dataclass(slots=True)
class Start(Command):
    player: str


@dataclass(slots=True)
class Act(Command):
    player: str
    version: int
    action: list[Any]
    received: float = field(default_factory=time.perf_counter)
    """When the move reached this process (kroeg.metrics' act-to-event latency)."""


@dataclass(slots=True)
class Contribute(Command):
    """A seated person's random contribution to a deal (docs/fair-deals.md)."""

    player: str
    deal: int
    value: str


@dataclass(slots=True)
class MoreTime(Command):
    """A seated or waiting person asks for twice the table's clock at their seat
    (``on``), or for the table's own clock again (WCAG 2.2.1, docs/accessibility.md)."""

    player: str
    on: bool


@dataclass(slots=True)
class Chat(Command):
    player: str
    name: str
    preset: str | None
    text: str | None


@dataclass(slots=True)
class Summary(Command):
    pass


@dataclass(slots=True)
class Abandon(Command):
    """Sent by the lobby only, as it closes the table idle while its rated game runs: the
    people still in the game are away and abandon it (docs/ratings.md, "Abandoned
    games"); the game is played to its end and rated."""


@dataclass(slots=True)
class Stop(Command):
    """Sent by :meth:`TableTask.stop` only: the task refuses what is still queued and ends."""


@dataclass(slots=True)
class Pause(Command):
    """Sent by the cluster only (docs/cluster.md, "Redis away"): this process may no longer
    hold the table's lease, so the table writes nothing and runs no clock until
    :class:`Regain`; what would write is refused with ``table_paused``."""


@dataclass(slots=True)
class Regain(Command):
    """Sent by the cluster only: the lease is this process's again, under the new fencing
    ``epoch``; the table reloads from its log and plays on."""

    epoch: int


# The task's own inputs ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Begin:
    """The task starts (a table made, or rebuilt from the store): deal and let the house
    move until a person must decide, as after every command."""


@dataclass(frozen=True, slots=True)
class AlarmFired:
    """The alarm the machine set rang: a clock may have run out, the house may move, a
    deal pause may be over (or the store may be readable again)."""


@dataclass(frozen=True, slots=True)
class HouseAnswer:
    """The house's answer to :class:`~kroeg.tables.effects.AskHouse`; None when it failed
    (the table then plays the request's fallback)."""

    action: Action | None


@dataclass(frozen=True, slots=True)
class GameCreated:
    """The store wrote the new game of :class:`~kroeg.tables.effects.CreateGame`."""

    game_id: int


@dataclass(frozen=True, slots=True)
class Reloaded:
    """The table as the store has it (after a failure): its row and its unfinished game's
    log, or its last game's when that one is over."""

    row: TableRow
    running: GameRow | None
    entries: list[LogEntry]
    finished: Finished | None


@dataclass(frozen=True, slots=True)
class StoreDown:
    """The store cannot be read: no clock runs, and the task tries again shortly."""


@dataclass(frozen=True, slots=True)
class ClockFailed:
    """Handling an alarm failed: no clock runs until the table is reloaded."""


@dataclass(frozen=True, slots=True)
class Regained:
    """The cluster's lease is this process's again and the task reloaded the table if it
    could (``fresh``); ``before``: the version the table had while paused."""

    before: int
    fresh: bool
