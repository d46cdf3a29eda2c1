"""A table's changes staged between commits: applied at once, committed together, sent after.

Steps are applied and their frames prepared at once, but committed together and only
then sent: consecutive house moves cost one commit, and nobody hears of a step the store
does not have. :func:`flush` turns what is staged into effects, a
:class:`~kroeg.tables.effects.Commit` and then the frames that tell of it. If the commit
(or anything before it) fails, the task forgets the staged changes (:func:`discard`) and
reloads the table from the store, which holds exactly what was committed (the same
rebuild as after a restart). Nothing is copied in advance for that: failures are rare,
and a copy of the state for every batch was a steady cost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kroeg.games.base import JSON, Event
from kroeg.store import Finish, LogEntry, TableChange
from kroeg.tables.commands import Listener
from kroeg.tables.effects import Commit, Outbox, Publish, Send
from kroeg.tables.frames import encode, version_frame
from kroeg.tables.history import Seated

if TYPE_CHECKING:
    from kroeg.tables.state import TableState

Audiences = tuple[tuple[Listener, int | None], ...]
"""Who hears a version: each listener with its audience (its seat, or None)."""


@dataclass(slots=True)
class Staged:
    """Changes made since the last commit: what to write, and what to send once written:
    each version (with its events and who hears it) or a ready frame for one listener."""

    entries: list[LogEntry] = field(default_factory=list)
    seating: bool = False
    finish: Finish | None = None
    sends: list[tuple[int, list[Event], Audiences, Seated] | Send] = field(default_factory=list)
    newest: int = -1
    """The index in ``sends`` of the newest version (-1: none yet)."""
    audiences: Audiences | None = None
    """The listeners' audiences, kept while no seat or listener changes."""
    seated: Seated = ()
    """Who sits where, computed with ``audiences``."""


def begin(table: TableState) -> Staged:
    """Start staging unless already staging."""
    staged = table.staged
    if staged is None:
        staged = table.staged = Staged()
    return staged


def stage(
    table: TableState,
    out: Outbox,
    events: list[Event],
    *,
    entry: LogEntry | None = None,
    seating: bool = False,
) -> None:
    """A new version: its log entry and seating to commit, its frames to send after."""
    staged = begin(table)
    table.version += 1
    if entry is not None:
        staged.entries.append(entry)
        table.seq += 1
        if staged.finish is None and table.game.is_over(table.state):
            staged.finish = finish_record(table, out.now)
            outcomes = [outcome for _, _, outcome in staged.finish.outcomes]
            data = {"game_id": table.game_id, "result": staged.finish.result}
            events = [*events, Event("game_end", {**data, "outcomes": outcomes})]
    audiences = staged.audiences
    if seating or audiences is None:
        staged.seating = staged.seating or seating
        seat_by_player: dict[str | None, int] = {
            s.player: i for i, s in enumerate(table.seats) if s.player is not None
        }
        audiences = staged.audiences = tuple(
            [(listener, seat_by_player.get(listener.player)) for listener in table.listeners]
        )
        staged.seated = tuple([s.player for s in table.seats])
    staged.newest = len(staged.sends)
    staged.sends.append((table.version, events, audiences, staged.seated))


def note_seating(table: TableState) -> None:
    """Commit the seating with what is staged: a seat's state that is not an event's
    (its timeouts in a row) changed."""
    begin(table).seating = True


def stage_direct(table: TableState, listener: Listener, message: JSON) -> None:
    """A message for one listener, sent after the staged changes are committed."""
    begin(table).sends.append(Send(listener, encode(message)))


def flush(table: TableState, out: Outbox) -> None:
    """What is staged as effects: its commit (one transaction), then its frames in order.
    The versions go into the table's history as they are sent."""
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
        )
        out.add(Commit(change))
    table.staged = None
    now = out.now
    for i, send in enumerate(staged.sends):
        if isinstance(send, Send):
            out.add(send)
            continue
        version, events, audiences, seated = send
        encoded = tuple([(e.to, e.encoded or _encode_event(e)) for e in events])
        table.history.add(version, encoded, seated)
        # Only the newest version of a batch carries the state (docs/protocol.md): the
        # steps before it were never the state anyone could act on.
        full = i == staged.newest
        frames: dict[int | None, bytes] = {}  # one encoding per audience
        for _, audience in audiences:
            if audience not in frames:
                frames[audience] = version_frame(table, audience, version, encoded, full, now)
        out.add(Publish(version, seated, frames, audiences))


def _encode_event(event: Event) -> bytes:
    encoded = event.encoded = encode(event.json())
    return encoded


def discard(table: TableState) -> bool:
    """Forget what is staged; True when something was (the table must then reload)."""
    staged, table.staged = table.staged, None
    return staged is not None


def finish_record(table: TableState, now: float) -> Finish:
    """The store's record of the game's end: its result and each seat's outcome and
    place (the game's place also for a seat whose player left: the outcome says so)."""
    result = table.game.result(table.state)
    assert result is not None and table.game_id is not None
    losers = result.losers
    left = table.seating.left
    outcomes: list[tuple[str | None, str, str]] = []
    for i, seat in enumerate(table.seats):
        if i in left:
            player, name = left[i]
            outcomes.append((player, name, "left"))
        else:
            outcomes.append((seat.player, seat.name, "lost" if i in losers else "won"))
    return Finish(table.game_id, result.json(), now, outcomes, result.places)
