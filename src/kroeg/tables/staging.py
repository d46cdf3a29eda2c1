"""A table's changes staged between commits: applied at once, committed together, sent after.

Steps are applied and their frames prepared at once, but committed together and only
then sent: consecutive house moves cost one commit, and nobody hears of a step the store
does not have. If the commit (or anything before it) fails, :func:`rollback` puts the
table back as it was at the last commit.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from kroeg.games.base import JSON, Event
from kroeg.store import Finish, LogEntry, Store, TableChange
from kroeg.tables.commands import Listener
from kroeg.tables.frames import Encoded, Shown, encode, version_frames
from kroeg.tables.seats import Seat


@dataclass(slots=True)
class Send:
    """A staged version's events and who hears them (each listener with its audience at
    that moment), or a ready message for one listener (``version`` None)."""

    version: int | None
    events: list[Event]
    audiences: list[tuple[Listener, int | None]]
    ready: bytes | None = None


@dataclass(slots=True)
class Staged:
    """Changes made since the last commit, with what to restore if the commit fails."""

    state: Any
    version: int
    seq: int
    seats: list[Seat]
    waiting: deque[tuple[str, str]]
    left: dict[int, tuple[str, str]]
    entries: list[LogEntry] = field(default_factory=list)
    seating: bool = False
    finish: Finish | None = None
    sends: list[Send] = field(default_factory=list)


class Staging(Shown, Protocol):
    """A table as staging sees it: what it restores, commits and remembers for resumes."""

    seq: int
    left: dict[int, tuple[str, str]]
    staged: Staged | None
    store: Store
    history: deque[tuple[int, Encoded]]

    def finish_record(self) -> Finish: ...

    def seating(self) -> JSON: ...


def checkpoint(table: Staging, state_copy: Any = None) -> Staged:
    """Start staging (remembering what to restore) unless already staging."""
    if table.staged is None:
        if state_copy is None and table.state is not None:
            state_copy = table.game.copy(table.state)
        table.staged = Staged(
            state=state_copy,
            version=table.version,
            seq=table.seq,
            seats=[Seat(s.player, s.name, s.out, s.timeouts) for s in table.seats],
            waiting=deque(table.waiting),
            left=dict(table.left),
        )
    return table.staged


def stage(
    table: Staging, events: list[Event], *, entry: LogEntry | None = None, seating: bool = False
) -> None:
    """A new version: its log entry and seating to commit, its frames to send after."""
    staged = checkpoint(table)
    table.version += 1
    if entry is not None:
        staged.entries.append(entry)
        table.seq += 1
        if table.game.is_over(table.state) and staged.finish is None:
            staged.finish = table.finish_record()
            outcomes = [outcome for _, _, outcome in staged.finish.outcomes]
            data = {"game_id": table.game_id, "result": staged.finish.result}
            events = [*events, Event("game_end", {**data, "outcomes": outcomes})]
    staged.seating = staged.seating or seating
    seat_by_player: dict[str | None, int] = {
        s.player: i for i, s in enumerate(table.seats) if s.player is not None
    }
    audiences = [(listener, seat_by_player.get(listener.player)) for listener in table.listeners]
    staged.sends.append(Send(table.version, events, audiences))


def stage_direct(table: Staging, listener: Listener, message: JSON) -> None:
    """A message for one listener, sent after the staged changes are committed."""
    checkpoint(table).sends.append(Send(None, [], [(listener, None)], encode(message)))


async def flush(table: Staging) -> None:
    """Commit what is staged in one transaction, then send its frames in order."""
    staged = table.staged
    if staged is None:
        return
    if staged.entries or staged.seating or staged.finish is not None:
        change = TableChange(
            table.id,
            table.version,
            seating=table.seating() if staged.seating else None,
            game_id=table.game_id,
            entries=staged.entries,
            finish=staged.finish,
        )
        await table.store.write(change)  # on failure rollback restores the checkpoint
    table.staged = None
    last = max((i for i, send in enumerate(staged.sends) if send.version), default=-1)
    for i, send in enumerate(staged.sends):
        if send.version is None:
            for listener, _ in send.audiences:
                listener.send(send.ready or b"")
            continue
        events = tuple((e.to, encode(e.json())) for e in send.events)
        table.history.append((send.version, events))
        # Only the newest version of a batch carries the state (docs/protocol.md): the
        # steps before it were never the state anyone could act on.
        for listener, frame in version_frames(
            table, send.version, events, send.audiences, i == last
        ):
            listener.send(frame)


def rollback(table: Staging) -> None:
    """Forget what is staged: the table is as it was at the last commit."""
    staged, table.staged = table.staged, None
    if staged is None:
        return
    table.state, table.version, table.seq = staged.state, staged.version, staged.seq
    table.seats, table.waiting, table.left = staged.seats, staged.waiting, staged.left
