"""The table machine's seats: sitting down, an account's name on a seat, more time,
standing up and leaving (which, during a game, takes the player out and loses it).

The seating rules themselves are :class:`~kroeg.tables.seating.Seating`'s; here they are
staged and told.
"""

from __future__ import annotations

from kroeg.tables.advancing import send_clock
from kroeg.tables.commands import Registered, Sit
from kroeg.tables.effects import Outbox
from kroeg.tables.errors import TableError
from kroeg.tables.frames import snapshot
from kroeg.tables.playing import take_out
from kroeg.tables.staging import note_seating, stage, stage_direct
from kroeg.tables.state import TableState


def sit(table: TableState, out: Outbox, cmd: Sit) -> None:
    if cmd.listener is not None:
        table.listeners.add(cmd.listener)
    if cmd.account == "bot" and not table.config.bots_allowed:
        raise TableError("bots_not_allowed", "this table does not allow bots")
    seat, event = table.seating.sit(
        cmd.player, cmd.name, cmd.seat, running=table.running, account=cmd.account
    )
    table.vacated = False
    stage(table, out, [event], seating=True)
    if cmd.listener is not None:
        log = table.history.log_for(cmd.listener.player)
        stage_direct(table, cmd.listener, snapshot(table, seat, log, out.now))


def registered(table: TableState, out: Outbox, cmd: Registered) -> None:
    """Everyone at the table gets the seat under the account's name (a snapshot: the
    name is the seating's, not an event of the game)."""
    if not table.seating.become_account(cmd.player, cmd.name, cmd.account):
        return
    note_seating(table)
    for listener in table.listeners:
        log = table.history.log_for(listener.player)
        shown = snapshot(table, table.seat_of(listener.player), log, out.now)
        stage_direct(table, listener, shown)


def more_time(table: TableState, out: Outbox, player: str, on: bool) -> None:
    """The player's seat gets twice the clock from its next decision on, and a clock
    running for it now the table's seconds more; the table is told (a log line)."""
    event = table.seating.ask_more_time(player, on)
    if event is None:
        return
    stage(table, out, [event], seating=True)
    seat = table.seat_of(player)
    if not on or seat is None:
        return  # a clock already running keeps its deadline
    if table.clocks.lengthen(seat, table.config.clock_seconds) is not None:
        send_clock(table, out, seat)


def stand(table: TableState, out: Outbox, player: str) -> None:
    stage(table, out, [table.seating.stand(player, running=table.running)], seating=True)
    table.vacated = True


def leave(table: TableState, out: Outbox, player: str) -> None:
    seat = table.seat_of(player)
    if seat is not None and table.running:
        take_out(table, out, seat, "left", [])
        table.vacated = True
        return
    if seat is None and not table.seating.is_waiting(player):
        return  # nothing to give up: leaving only stops watching
    stand(table, out, player)
