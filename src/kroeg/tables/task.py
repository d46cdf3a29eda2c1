"""A live table's task: one asyncio task owns a table and handles everything in order
from one inbox.

Human actions, house moves, clock expiries, seats, spectators and chat all pass through
:meth:`TableTask.run`; nothing else touches the table's state, so there are no races.
What a command does is decided by :class:`~kroeg.tables.machine.TableMachine`, which
hands back effects; the task carries them out in order: every change that matters is
committed to the store and only then sent to the people following the table. The task
is the table's one contact with the world: the store (and recovering from it), its one
timer, the house's considered choices, and the hooks others give it: the cluster's
fencing epoch, relay and ``on_fenced``, and a club round's ``on_progress``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from kroeg import metrics
from kroeg.games.base import Action
from kroeg.store import Fenced, Store, TableChange
from kroeg.tables import commands as c
from kroeg.tables.delivery import broadcast, publish
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
from kroeg.tables.errors import TableError, internal
from kroeg.tables.house import House, HouseRequest
from kroeg.tables.machine import Input, TableMachine
from kroeg.tables.replay import last_finished
from kroeg.tables.seating import Seating
from kroeg.tables.seats import Seat
from kroeg.tables.staging import discard
from kroeg.tables.state import TableState

log = logging.getLogger(__name__)


class TableTask:
    def __init__(self, table: TableState, store: Store, house: House) -> None:
        self.table = table
        self.id = table.id
        self.config = table.config
        self.game = table.game
        self.machine = TableMachine(house)
        self.store = store
        self.house = house
        self.inbox: deque[c.Command] = deque()
        self.task: asyncio.Task[None] | None = None
        self.due: float | None = None
        """When the machine wants its alarm (wall time; :class:`SetAlarm`)."""
        self._wake: asyncio.Future[None] | None = None
        """Set while the task waits for a command or its alarm."""
        self._alarm: asyncio.TimerHandle | None = None
        self._alarm_at: float | None = None
        self.stale = False
        """The table's memory may hold changes the store does not have (a write failed and
        the reload after it too): it reloads before doing anything else."""
        self.epoch: int | None = None
        """The fencing epoch this process owns the table under (docs/cluster.md), stated
        with every write; None for a server that runs alone."""
        self.on_fenced: Callable[[TableTask], None] | None = None
        """Called once the store refused a write because another process took the table
        over: the table has stopped and refused what it was asked (the cluster's seam)."""
        self.on_progress: Callable[[TableTask], None] | None = None
        """Told, in the table's task, after a commit that ended a deal or took a player
        out of the game: a club night's online round keeps its standings with it
        (kroeg.clubs.online_rounds). A table with one is not idle while its game runs."""
        self.relay: c.Relay | None = None
        """Where the frames of the listeners on other processes go (docs/cluster.md,
        "Fan-out"): handed once per version and audience; None while there are none."""

    # What others read of the table (in the same thread: always its current state) ------

    @property
    def state(self) -> Any:
        """The game's state (None before the first game)."""
        return self.table.state

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def running(self) -> bool:
        return self.table.running

    @property
    def paused(self) -> bool:
        return self.table.paused

    @property
    def listeners(self) -> set[c.Listener]:
        return self.table.listeners

    @property
    def seating(self) -> Seating:
        return self.table.seating

    @property
    def seats(self) -> list[Seat]:
        return self.table.seats

    @property
    def waiting(self) -> deque[tuple[str, str]]:
        return self.table.waiting

    def seat_of(self, player: str | None) -> int | None:
        return self.table.seat_of(player)

    def summary(self) -> dict[str, Any]:
        """The table as the lobby shows it (REST)."""
        return self.table.summary()

    # Outside API (any task) ---------------------------------------------------------

    def deal_boards(self, round_secret: bytes) -> None:
        """Make this a duplicate round's table (docs/clubs.md, "Duplicate Klaverjassen"):
        its games deal the round's boards from ``round_secret`` and take no contribution.
        Given when the round opens the table, and again when the night hooks the table
        after a restart (the row keeps it too, migration 0026); a game already
        dealing from that secret stops taking contributions at once. A plain assignment
        between two of the table's commands (one event loop), so no command sees half."""
        self.table.boards = round_secret
        if self.table.fair.secret == round_secret:
            self.table.fair.boards = True

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run(), name=f"table-{self.id}")

    async def ask(self, command: c.Command) -> Any:
        """Hand a command to the table's task and wait for its answer (or TableError)."""
        command.reply = asyncio.get_running_loop().create_future()
        self._enqueue(command)
        return await command.reply

    def tell(self, command: c.Command, on_error: Callable[[BaseException], None]) -> None:
        """Hand a command to the table's task without waiting for it: its error (a
        TableError) goes to ``on_error``, its result nowhere. For a person's moves: the
        connection need not wake again when the table is done with one."""
        command.reply = c.Told(on_error)
        self._enqueue(command)

    def _enqueue(self, command: c.Command) -> None:
        if self.task is None or self.task.done():
            raise TableError("server_restarting", "the table is closed: the server restarts")
        self.inbox.append(command)
        self._ring()

    async def stop(self) -> None:
        if self.task is None or self.task.done():
            return
        with contextlib.suppress(TableError):
            await self.ask(c.Stop())
        with contextlib.suppress(asyncio.CancelledError):
            await self.task

    # The task -------------------------------------------------------------------------

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await self._carry_out(c.Begin())
        except Fenced:
            self._let_go(None)
            return
        except Exception:
            log.exception("table %s failed to resume", self.id)
            await self._recover(always=True)
        while True:
            command = await self._next_command(loop)
            if command is None:
                try:
                    await self._on_due()
                except Fenced:
                    self._let_go(None)
                    return
                continue
            if isinstance(command, c.Stop):
                command.reply.set_result(None)
                self._refuse_pending()
                return
            if self.stale and not isinstance(command, c.Unwatch) and not await self._fresh():
                command.reply.set_exception(
                    TableError(
                        "store_unavailable",
                        "the table cannot reach its records just now; try again shortly",
                    )
                )
                continue
            try:
                result = await self._handle(command)
            except Fenced:
                self._let_go(command)
                return
            except TableError as e:
                await self._recover(always=False)
                if not command.reply.done():
                    command.reply.set_exception(e)
            except Exception:
                failure = internal(log, "table %s failed on %r", self.id, command)
                await self._recover(always=True)
                if not command.reply.done():
                    command.reply.set_exception(failure)
            else:
                if isinstance(command, c.Act):
                    metrics.ACTS.inc()
                    metrics.ACT_TO_EVENT.observe(time.perf_counter() - command.received)
                if not command.reply.done():
                    command.reply.set_result(result)

    async def _handle(self, command: c.Command) -> Any:
        if not isinstance(command, c.Regain):
            return await self._carry_out(command)
        # Owned again under a new epoch: reload from the log (another process may have
        # written it meanwhile) and play on; the decision the table waits for gets a
        # fresh clock. Followers who missed versions (written elsewhere) get a snapshot.
        before = self.table.version
        self.epoch, self.stale = command.epoch, True
        fresh = await self._fresh()
        log.info("table %s continues under epoch %d", self.id, command.epoch)
        return await self._carry_out(c.Regained(before, fresh))

    async def _carry_out(self, command: Input) -> Any:
        """Hand ``command`` to the machine and carry out its effects in order; a question
        (the house's choice, a new game's id) is answered and handed back at once. The
        command's reply (None when it has none)."""
        reply = None
        asked: Input | None = command
        while asked is not None:
            _, effects = self.machine.handle(self.table, asked, time.time())
            asked = None
            for effect in effects:
                match effect:
                    case Publish():
                        publish(effect, self.id, self.relay)
                    case Commit(change=change):
                        await self._write(change)
                    case Send(listener=listener, frame=frame):
                        listener.send(frame)
                    case Broadcast():
                        broadcast(effect, self.id, self.relay)
                    case SetAlarm(at=at):
                        self.due = at
                    case AskHouse(request=request):
                        asked = c.HouseAnswer(await self._choose(request))
                    case CreateGame(change=change):
                        game_id = await self._write(change)
                        assert game_id is not None, "the store names every new game"
                        asked = c.GameCreated(game_id)
                    case Progress():
                        self._progress()
                    case BotTimedOut(player=player):
                        if self.table.settings.on_bot_timeout is not None:
                            self.table.settings.on_bot_timeout(player)
                    case Reply(value=value):
                        reply = value
        return reply

    async def _write(self, change: TableChange) -> int | None:
        """Commit under this process's fencing epoch. A write that fails may have left
        the table ahead of the store: it reloads before anything else."""
        try:
            return await self.store.write(
                change if self.epoch is None else replace(change, epoch=self.epoch)
            )
        except Fenced:
            raise
        except BaseException:
            self.stale = True
            raise

    async def _choose(self, request: HouseRequest) -> Action | None:
        try:
            return await self.house.choose(request)
        except Exception:
            log.exception("the house failed at table %s; playing the fallback", self.id)
            return None

    def _progress(self) -> None:
        if self.on_progress is None:
            return
        try:
            self.on_progress(self)
        except Exception:  # the hook's failure is its own: the game goes on
            log.exception("table %s: its progress hook failed", self.id)

    async def _next_command(self, loop: asyncio.AbstractEventLoop) -> c.Command | None:
        """The next command in the inbox, or None when the alarm is due first.

        One timer per table rings when the machine's alarm is due. It is moved only to
        ring sooner: a person's clock starts again with every move, and a timer moved for
        each would cost more than the one idle wake-up of a timer left to ring early (the
        machine then finds nothing due and sets the alarm again)."""
        while not self.inbox:
            if self.due is not None:
                wait = self.due - time.time()
                if wait <= 0:
                    return None
                at = loop.time() + wait
                if self._alarm_at is None or at < self._alarm_at - 0.001:
                    if self._alarm is not None:
                        self._alarm.cancel()
                    self._alarm_at = at
                    self._alarm = loop.call_at(at, self._on_alarm)
            self._wake = loop.create_future()
            try:
                await self._wake
            finally:
                self._wake = None
            if self._alarm_at is None and not self.inbox:
                return None  # the alarm rang: what was due is due (or nearly: the timer's grain)
        return self.inbox.popleft()

    def _on_alarm(self) -> None:
        self._alarm = self._alarm_at = None
        self._ring()

    def _ring(self) -> None:
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    async def _on_due(self) -> None:
        if not await self._fresh():
            return
        try:
            await self._carry_out(c.AlarmFired())
        except Fenced:
            raise
        except Exception:
            log.exception("table %s failed on a clock", self.id)
            await self._carry_out(c.ClockFailed())
            await self._recover(always=True)

    # Recovery ---------------------------------------------------------------------------

    async def _recover(self, *, always: bool) -> None:
        """After a failure: forget what is staged and, when anything may have changed since
        the last commit, reload the table from the store, as after a restart: the store holds
        exactly what was committed, so the table is as it was before the failed request."""
        if discard(self.table) or always:
            self.stale = True
        await self._fresh()

    async def _fresh(self) -> bool:
        """Whether the table holds only what the store has, reloading it first if needed.

        While the store cannot be read either, the table refuses every request and keeps
        no clock running: acting on changes the store never took would write a log with a
        gap, from which no restart could rebuild the game. It tries again every
        ``STORE_RETRY`` seconds; once reloaded, the decision it waits for gets a fresh clock."""
        if not self.stale:
            return True
        try:
            await self._reload()
        except Exception:
            log.exception("table %s could not reload from the store", self.id)
            await self._carry_out(c.StoreDown())
            return False
        self.stale = False
        return True

    async def _reload(self) -> None:
        """Rebuild the table from the store: its row and its unfinished game's log (or
        its last game's, when that one is over)."""
        row = await self.store.table(self.id)
        if row is None:
            raise TableError("internal", f"the store has no table {self.id}")
        running = await self.store.running_game(self.id)
        entries = [] if running is None else await self.store.log(running.id)
        finished = None if running is not None else await last_finished(self.store, self.id)
        await self._carry_out(c.Reloaded(row, running, entries, finished))

    def _refuse_pending(self, code: str = "server_restarting") -> None:
        while self.inbox:
            command = self.inbox.popleft()
            if not command.reply.done():
                command.reply.set_exception(_closed(code))

    def _let_go(self, command: c.Command | None) -> None:
        """The store refused a write: another process owns the table now. Forget what is
        staged, refuse what was asked, stop, and tell the cluster (``on_fenced``)."""
        log.warning("table %s: another process took it over; letting it go", self.id)
        discard(self.table)
        if command is not None and not command.reply.done():
            command.reply.set_exception(_closed("table_moved"))
        self._refuse_pending("table_moved")
        if self.on_fenced is not None:
            self.on_fenced(self)


def _closed(code: str) -> TableError:
    """The refusal of a command the table can no longer handle: the server restarts, or
    (``table_moved``) another process owns the table now (docs/cluster.md)."""
    if code == "table_moved":
        return TableError("table_moved", "the table moved to another server; reconnect")
    return TableError("server_restarting", "the server restarts; reconnect shortly")
