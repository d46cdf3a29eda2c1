"""The table machine's followers: watching (a snapshot, or the versions missed since a
resume), who is away, and chat.

What is sent here is not a version of the table: it goes out at once, as an effect
(:class:`~kroeg.tables.effects.Send`, :class:`~kroeg.tables.effects.Broadcast`), not
after a commit.
"""

from __future__ import annotations

from kroeg.games.base import JSON
from kroeg.tables.commands import Chat, Listener
from kroeg.tables.effects import Broadcast, Outbox, Send
from kroeg.tables.frames import encode, snapshot, version_frame
from kroeg.tables.state import TableState


def watch(table: TableState, out: Outbox, listener: Listener, since: int | None) -> None:
    table.listeners.add(listener)
    _presence(table, out)
    missed = table.history.since(since, table.version)
    if missed is None:
        log = table.history.log_for(listener.player)
        shown = snapshot(table, table.seat_of(listener.player), log, out.now)
        out.add(Send(listener, encode(shown)))
        return
    # Each version as its audience then was: a seat's private events reach the person
    # who sat there at the time, never a later occupant. The newest is the current
    # seating, the state the frame carries.
    for i, kept in enumerate(missed):
        audience = kept.audience(listener.player)
        last = i == len(missed) - 1
        frame = version_frame(table, audience, kept.version, kept.events, last, out.now)
        out.add(Send(listener, frame))


def unwatch(table: TableState, out: Outbox, listener: Listener) -> None:
    table.listeners.discard(listener)
    _presence(table, out)


def snapshot_everyone(table: TableState, out: Outbox) -> None:
    """Each follower gets the table afresh (its versions were written elsewhere)."""
    for listener in table.listeners:
        log = table.history.log_for(listener.player)
        shown = snapshot(table, table.seat_of(listener.player), log, out.now)
        out.add(Send(listener, encode(shown)))


def _presence(table: TableState, out: Outbox) -> None:
    connected = {listener.player for listener in table.listeners}
    for i, seat in enumerate(table.seats):
        away = seat.player is not None and seat.player not in connected
        if table.away.get(i, False) != away:
            table.away[i] = away
            send_all(table, out, {"type": "presence", "table": table.id, "seat": i, "away": away})


def chat(table: TableState, out: Outbox, cmd: Chat) -> None:
    """To everyone following the table but those who block the speaker."""
    frame = encode(
        {
            "type": "chat",
            "table": table.id,
            "player": cmd.player,
            "name": cmd.name,
            "seat": table.seat_of(cmd.player),
            "preset": cmd.preset,
            "text": cmd.text,
            "now": out.now,
        }
    )
    for listener in table.listeners:
        if listener.hears(cmd.player):  # never to someone who blocked the speaker
            out.add(Send(listener, frame))


def send_all(table: TableState, out: Outbox, message: JSON) -> None:
    """To everyone following the table (the task hands the relayed ones to the relay)."""
    out.add(Broadcast(encode(message), tuple(table.listeners)))
