"""The table as a pure machine: ``handle(state, command, now) -> (state, effects)``.

As lila-ws's ``RoomActor.receive`` and boardgame.io's reducer: what a table does with a
command is decided here, synchronously, with the time it is given, and returned as
effects (:mod:`~kroeg.tables.effects`): commit this change, send this frame, set the
alarm, ask the house, tell the club's hook. Nothing here awaits, reads the clock, writes
the store or touches a socket; :class:`~kroeg.tables.task.TableTask` carries the effects
out, in order, and hands back what the world answered (an alarm that rang, the house's
choice, a new game's id, the table reloaded from the store) as commands.

The state is changed in place and handed back: a game's state is too big to copy for
every move. A refusal (:class:`~kroeg.tables.errors.TableError`) is raised; whatever it
staged is then discarded by the task, which reloads the table from the store (nothing
was committed or sent).

The jobs live beside this module, one each: :mod:`~kroeg.tables.playing` (actions,
steps, timeouts, taking out), :mod:`~kroeg.tables.advancing` (deals, the house, the
clocks), :mod:`~kroeg.tables.sitting`, :mod:`~kroeg.tables.starting`,
:mod:`~kroeg.tables.watching` and :mod:`~kroeg.tables.restoring`.
"""

from __future__ import annotations

from kroeg.tables import commands as c
from kroeg.tables.advancing import advance, house_answered
from kroeg.tables.effects import Effect, Outbox, Reply, SetAlarm
from kroeg.tables.errors import TableError
from kroeg.tables.history import History
from kroeg.tables.house import House
from kroeg.tables.playing import abandon, act, contribute, expire
from kroeg.tables.restoring import restore
from kroeg.tables.sitting import leave, more_time, registered, sit, stand
from kroeg.tables.starting import game_created, start
from kroeg.tables.state import TableState
from kroeg.tables.watching import chat, snapshot_everyone, unwatch, watch

STORE_RETRY = 1.0
"""Seconds between a table's attempts to reload from a store it could not read."""

WRITES = (c.Act, c.Sit, c.Registered, c.Stand, c.Leave, c.Start, c.Contribute, c.Abandon)
"""The commands a paused table refuses: each may write. Watching, chat and the lobby's
summary write nothing and are served."""

Input = (
    c.Command
    | c.Begin
    | c.AlarmFired
    | c.HouseAnswer
    | c.GameCreated
    | c.Reloaded
    | c.StoreDown
    | c.ClockFailed
    | c.Regained
)
"""What the machine handles: a command from outside, or one of the task's own inputs."""


class TableMachine:
    """The decisions of a table. ``house`` is asked only what it answers at once and
    in-process (whether it decides, its out-of-turn asides); its considered choices are
    :class:`~kroeg.tables.effects.AskHouse` effects."""

    def __init__(self, house: House) -> None:
        self.house = house

    def handle(
        self, table: TableState, command: Input, now: float
    ) -> tuple[TableState, list[Effect]]:
        """The table after ``command`` at ``now`` (wall-clock seconds), and what to do."""
        out = Outbox(now)
        if table.paused and isinstance(command, WRITES):
            raise TableError(
                "table_paused",
                "the table waits for the pub's servers to agree who holds it; "
                "nothing was applied: send it again in a moment",
            )
        if self._one(table, out, command):
            advance(table, out, self.house)
        return table, out.effects

    def _one(self, table: TableState, out: Outbox, command: Input) -> bool:
        """Handle ``command`` itself; whether the table then advances (not while it waits
        for an answer, nor when the command was the answer and advanced already)."""
        match command:
            case c.Act():  # the most frequent first
                act(table, out, command)
            case c.AlarmFired():
                for seat in table.clocks.expired(out.now):
                    if seat in table.clocks.deadlines and table.running:
                        expire(table, out, seat)
            case c.HouseAnswer(action=action):
                house_answered(table, out, self.house, action)
                return False
            case c.Watch(listener=listener, since=since):
                watch(table, out, listener, since)
            case c.Unwatch(listener=listener):
                unwatch(table, out, listener)
            case c.Sit():
                sit(table, out, command)
                out.add(Reply(table.summary()))
            case c.Registered():
                registered(table, out, command)
                out.add(Reply(table.summary()))
            case c.Stand(player=player):
                stand(table, out, player)
                out.add(Reply(table.summary()))
            case c.Leave(player=player):
                leave(table, out, player)
                out.add(Reply(table.summary()))
            case c.Start(player=player):
                start(table, out, player)
                return False
            case c.GameCreated(game_id=game_id):
                game_created(table, out, game_id)
                out.add(Reply(table.summary()))
            case c.Contribute():
                contribute(table, command)
            case c.Chat():
                chat(table, out, command)
            case c.MoreTime(player=player, on=on):
                more_time(table, out, player, on)
            case c.Summary():
                out.add(Reply(table.summary()))
            case c.Abandon():
                abandon(table, out)
            case c.Begin():
                pass
            case c.Pause():
                # No writes and no clocks until the lease is regained: a person's clock
                # would run out and the house would move, and neither could be written.
                table.paused = True
                table.clocks.clear()
            case c.Regained(before=before, fresh=fresh):
                table.paused = False
                if fresh and table.version != before:
                    table.history = History(table.settings.history)
                    snapshot_everyone(table, out)
            case c.Reloaded(row=row, running=running, entries=entries, finished=finished):
                restore(table, row, running, entries, now=out.now, finished=finished)
                return False
            case c.StoreDown():
                table.clocks.deadlines.clear()
                table.clocks.house_due = out.now + STORE_RETRY
                out.add(SetAlarm(table.clocks.next_due()))
                return False
            case c.ClockFailed():
                table.clocks.deadlines.clear()
                table.clocks.house_due = None
                out.add(SetAlarm(table.clocks.next_due()))
                return False
            case _:
                raise TypeError(f"unknown command {command!r}")
        return True
