"""A table's changes staged between commits: applied at once, committed together, sent after.

Steps are applied and their frames prepared at once, but committed together and only
then sent: consecutive house moves cost one commit, and nobody hears of a step the store
does not have. If the commit (or anything before it) fails, :func:`discard` forgets the
staged changes and the table reloads itself from the store, which holds exactly what was
committed (the same rebuild as after a restart). Nothing is copied in advance for that:
failures are rare, and a copy of the state for every batch was a steady cost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Protocol

from kroeg.games.base import JSON, Event
from kroeg.store import Finish, LogEntry, Store, TableChange
from kroeg.tables.commands import Listener, Relay
from kroeg.tables.frames import Shown, encode, version_frame
from kroeg.tables.history import History, Seated
from kroeg.tables.seating import Seating

Audiences = list[tuple[Listener, int | None]]
"""Who hears a version: each listener with its audience (its seat, or None)."""


@dataclass(slots=True)
class Send:
    """A staged version's events and who hears them (each listener with its audience at
    that moment), or a ready message for one listener (``version`` None)."""

    version: int | None
    events: list[Event]
    audiences: Audiences
    ready: bytes | None = None
    seated: Seated = ()
    relayed: tuple[int | None, ...] = ()
    """The audiences of the listeners the table's relay stands for (another process's
    connections): their frame is built once each and handed to the relay."""


@dataclass(slots=True)
class Staged:
    """Changes made since the last commit: what to write, and what to send once written."""

    entries: list[LogEntry] = field(default_factory=list)
    seating: bool = False
    finish: Finish | None = None
    sends: list[Send] = field(default_factory=list)
    newest: int = -1
    """The index in ``sends`` of the newest version (-1: none yet)."""
    audiences: Audiences | None = None
    """The listeners' audiences, kept while no seat or listener changes."""
    seated: Seated = ()
    """Who sits where, computed with ``audiences``."""
    relayed: tuple[int | None, ...] = ()
    """The relayed listeners' audiences, computed with ``audiences``."""


class Staging(Shown, Protocol):
    """A table as staging sees it: what it commits and remembers for resumes."""

    seq: int
    staged: Staged | None
    store: Store
    history: History
    seating: Seating
    epoch: int | None
    relay: Relay | None

    def finish_record(self) -> Finish: ...


def begin(table: Staging) -> Staged:
    """Start staging unless already staging."""
    staged = table.staged
    if staged is None:
        staged = table.staged = Staged()
    return staged


def stage(
    table: Staging, events: list[Event], *, entry: LogEntry | None = None, seating: bool = False
) -> None:
    """A new version: its log entry and seating to commit, its frames to send after."""
    staged = begin(table)
    table.version += 1
    if entry is not None:
        staged.entries.append(entry)
        table.seq += 1
        if staged.finish is None and table.game.is_over(table.state):
            staged.finish = table.finish_record()
            outcomes = [outcome for _, _, outcome in staged.finish.outcomes]
            data = {"game_id": table.game_id, "result": staged.finish.result}
            events = [*events, Event("game_end", {**data, "outcomes": outcomes})]
    audiences = staged.audiences
    if seating or audiences is None:
        staged.seating = staged.seating or seating
        seat_by_player: dict[str | None, int] = {
            s.player: i for i, s in enumerate(table.seats) if s.player is not None
        }
        relay = table.relay
        audiences = staged.audiences = []
        relayed: set[int | None] = set()
        for listener in table.listeners:
            audience = seat_by_player.get(listener.player)
            if relay is not None and relay.relays(listener):
                relayed.add(audience)
            else:
                audiences.append((listener, audience))
        staged.relayed = tuple(relayed)
        staged.seated = tuple([s.player for s in table.seats])
    staged.newest = len(staged.sends)
    send = Send(table.version, events, audiences, seated=staged.seated, relayed=staged.relayed)
    staged.sends.append(send)


def note_seating(table: Staging) -> None:
    """Commit the seating with what is staged: a seat's state that is not an event's
    (its timeouts in a row) changed."""
    begin(table).seating = True


def stage_direct(table: Staging, listener: Listener, message: JSON) -> None:
    """A message for one listener, sent after the staged changes are committed."""
    begin(table).sends.append(Send(None, [], [(listener, None)], encode(message)))


async def flush(table: Staging) -> None:
    """Commit what is staged in one transaction, then send its frames in order."""
    staged = table.staged
    if staged is None:
        return
    if staged.entries or staged.seating or staged.finish is not None:
        change = TableChange(
            table.id,
            table.version,
            seating=table.seating.json() if staged.seating else None,
            game_id=table.game_id,
            entries=staged.entries,
            finish=staged.finish,
            epoch=table.epoch,
        )
        await table.store.write(change)  # on failure the table discards and reloads
    table.staged = None
    sends = staged.sends
    newest = staged.newest
    now = time.time()
    history = table.history
    for i, send in enumerate(sends):
        if send.version is None:
            for listener, _ in send.audiences:
                listener.send(send.ready or b"")
            continue
        events = tuple([(e.to, e.encoded or _encode_event(e)) for e in send.events])
        history.add(send.version, events, send.seated)
        # Only the newest version of a batch carries the state (docs/protocol.md): the
        # steps before it were never the state anyone could act on.
        full = i == newest
        by_audience: dict[int | None, bytes] = {}  # one encoding per audience
        for listener, audience in send.audiences:
            frame = by_audience.get(audience)
            if frame is None:
                frame = by_audience[audience] = version_frame(
                    table, audience, send.version, events, full, now
                )
            listener.send(frame)
        if send.relayed and table.relay is not None:
            frames = []
            for audience in send.relayed:
                frame = by_audience.get(audience)
                if frame is None:
                    frame = version_frame(table, audience, send.version, events, full, now)
                frames.append((audience, frame))
            table.relay.version(table.id, send.version, send.seated, frames)


def _encode_event(event: Event) -> bytes:
    encoded = event.encoded = encode(event.json())
    return encoded


def discard(table: Staging) -> bool:
    """Forget what is staged; True when something was (the table must then reload)."""
    staged, table.staged = table.staged, None
    return staged is not None
