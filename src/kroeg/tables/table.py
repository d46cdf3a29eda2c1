"""A live table: one asyncio task owns it and handles everything in order from one inbox.

Human actions, house moves, clock expiries, seats, spectators and chat all pass through
:meth:`Table.run`; nothing else touches the table's state, so there are no races. Every
change that matters gets the table's next *version*, is committed to the store, and only
then sent to the people following the table, each in the form they may see
(``view(state, seat)``; spectators the public view and public events).

This module is the actor: its inbox, its run loop and the step (play, the house, the end
of a game). It leans on :mod:`~kroeg.tables.commands` (what it is asked),
:mod:`~kroeg.tables.seating` (who sits where and waits), :mod:`~kroeg.tables.clocks`
(what is due when), :mod:`~kroeg.tables.history` (the versions kept for a resume),
:mod:`~kroeg.tables.staging` (commit, then send; or roll back) and
:mod:`~kroeg.tables.frames` (what each audience is shown).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from kroeg.bots.asides import aside_chances
from kroeg.cards import CardError
from kroeg.fairness import SECRET_BYTES
from kroeg.games.base import JSON, RESTOCK, Action, Deal, Event, Game, InvalidInput, RuleError
from kroeg.store import Fenced, Finish, GameRow, LogEntry, NewGame, Store, TableChange, TableRow
from kroeg.tables.clocks import Clocks, seconds_of
from kroeg.tables.commands import (
    Abandon,
    Act,
    Chat,
    Command,
    Contribute,
    Leave,
    Listener,
    MoreTime,
    Pause,
    Regain,
    Registered,
    Relay,
    Sit,
    Stand,
    Start,
    Stop,
    Summary,
    Told,
    Unwatch,
    Watch,
)
from kroeg.tables.config import TableConfig
from kroeg.tables.errors import TableError, internal
from kroeg.tables.fair import FairDeals
from kroeg.tables.frames import (
    encode,
    lobby_summary,
    seats_json,
    snapshot,
    version_frame,
)
from kroeg.tables.history import History
from kroeg.tables.house import House, HouseRequest, budget_of
from kroeg.tables.replay import Finished, last_finished, rebuild
from kroeg.tables.seating import Seating
from kroeg.tables.seats import Seat
from kroeg.tables.staging import (
    Staged,
    discard,
    flush,
    note_seating,
    stage,
    stage_direct,
)

log = logging.getLogger(__name__)

HISTORY = 256
"""Versions a table keeps in memory for reconnecting clients."""

MAX_TURN_STEPS = 64
"""A bound on the decisions the house makes to finish one expired turn."""

MAX_PLAY_OUT = 100_000
"""A bound on the steps of an abandoned game played to its end (:meth:`Table._abandon`)."""

STORE_RETRY = 1.0
"""Seconds between a table's attempts to reload from a store it could not read."""

FIRST_DEAL_WINDOW = 1.0
"""Seconds, at most the deal pause, between a game's start and its first deal: the time
the seated people's clients have to contribute to it (docs/protocol.md, "Fair deals")."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    house_delay: float = 0.8
    """Seconds the house waits before it moves, so people can follow (zero in tests)."""
    deal_pause: float = 0.0
    """Seconds between a deal's end and the next deal: the people at the table see the
    last trick and the deal's summary, and nobody's clock runs, the house's neither."""
    history: int = HISTORY
    test_seed: int | None = None
    """Tests only: shuffle with ``random.Random(test_seed + n)`` for the n-th table made,
    instead of the CSPRNG, so a browser test can look for a deal."""
    restart_min_clock: float = 15.0
    """After a restart, the least a waiting person's clock shows (at most the table's)."""
    on_bot_timeout: Callable[[str], None] | None = None
    """Told the player of a bot's seat whose clock ran out (the server's bot conduct,
    kroeg.server.bot_conduct)."""


class Table:
    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        game: Game[Any],
        store: Store,
        house: House,
        settings: TableSettings,
        *,
        created_at: float,
        rng: random.Random | None = None,
    ) -> None:
        self.id = table_id
        self.config = config
        self.game = game
        self.store = store
        self.house = house
        self.settings = settings
        self.created_at = created_at
        self.version = 0
        self.seating = Seating(config.seats)
        self.clocks = Clocks()
        self.listeners: set[Listener] = set()
        self.state: Any = None
        self.game_id: int | None = None
        self.number = 0
        self.seq = 0
        self.history = History(settings.history)
        self.inbox: deque[Command] = deque()
        self._wake: asyncio.Future[None] | None = None
        """Set while the task waits for a command, a clock or the house."""
        self._alarm: asyncio.TimerHandle | None = None
        self._alarm_at: float | None = None
        self.rng = rng or secrets.SystemRandom()
        """Shuffles and game seeds: the CSPRNG; never sent anywhere."""
        self.task: asyncio.Task[None] | None = None
        self.away: dict[int, bool] = {}
        self.staged: Staged | None = None
        self.stale = False
        """The table's memory may hold changes the store does not have (a write failed and
        the reload after it too): it reloads before doing anything else."""
        self.settled: int | None = None
        """The last game whose seats were settled after its end."""
        self.fair = FairDeals(None)
        """The running game's secret and the contributions to its next deal."""
        self.epoch: int | None = None
        """The fencing epoch this process owns the table under (docs/cluster.md), stated
        with every write; None for a server that runs alone."""
        self.on_fenced: Callable[[Table], None] | None = None
        """Called once the store refused a write because another process took the table
        over: the table has stopped and refused what it was asked (the cluster's seam)."""
        self.on_progress: Callable[[Table], None] | None = None
        """Told, in the table's task, after a commit that ended a deal or took a player
        out of the game: a club night's online round keeps its standings with it
        (kroeg.clubs.online_rounds). A table with one is not idle while its game runs."""
        self._progressed = False
        self.paused = False
        """The cluster cannot say this process still holds the table's lease (Redis is
        away, docs/cluster.md): nothing is written and no clock runs until it regains it."""
        self.relay: Relay | None = None
        """Where the frames of the listeners on other processes go (docs/cluster.md,
        "Fan-out"): published once per version and audience; None while there are none."""

    # Outside API (any task) ---------------------------------------------------------

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run(), name=f"table-{self.id}")

    async def ask(self, command: Command) -> Any:
        """Hand a command to the table's task and wait for its answer (or TableError)."""
        command.reply = asyncio.get_running_loop().create_future()
        self._enqueue(command)
        return await command.reply

    def tell(self, command: Command, on_error: Callable[[BaseException], None]) -> None:
        """Hand a command to the table's task without waiting for it: its error (a
        TableError) goes to ``on_error``, its result nowhere. For a person's moves: the
        connection need not wake again when the table is done with one."""
        command.reply = Told(on_error)
        self._enqueue(command)

    def _enqueue(self, command: Command) -> None:
        if self.task is None or self.task.done():
            raise TableError("server_restarting", "the table is closed: the server restarts")
        self.inbox.append(command)
        self._ring()

    async def stop(self) -> None:
        if self.task is None or self.task.done():
            return
        with contextlib.suppress(TableError):
            await self.ask(Stop())
        with contextlib.suppress(asyncio.CancelledError):
            await self.task

    @property
    def running(self) -> bool:
        return self.state is not None and not self.game.is_over(self.state)

    @property
    def seats(self) -> list[Seat]:
        return self.seating.seats

    @property
    def waiting(self) -> deque[tuple[str, str]]:
        return self.seating.waiting

    @property
    def accounts(self) -> dict[str, str]:
        return self.seating.accounts

    @property
    def deadlines(self) -> dict[int, float]:
        return self.clocks.deadlines

    # The task -------------------------------------------------------------------------

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await self._advance()
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
            if isinstance(command, Stop):
                command.reply.set_result(None)
                self._refuse_pending()
                return
            if self.paused and isinstance(command, WRITES):
                command.reply.set_exception(_paused())
                continue
            if self.stale and not isinstance(command, Unwatch) and not await self._fresh():
                command.reply.set_exception(
                    TableError(
                        "store_unavailable",
                        "the table cannot reach its records just now; try again shortly",
                    )
                )
                continue
            try:
                result = await self._handle(command)
                await self._advance()
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
                if not command.reply.done():
                    command.reply.set_result(result)

    async def _next_command(self, loop: asyncio.AbstractEventLoop) -> Command | None:
        """The next command in the inbox, or None when a clock or the house is due first.

        One timer per table rings when the earliest of them is due. It is moved only to
        ring sooner: a person's clock starts again with every move, and a timer moved for
        each would cost more than the one idle wake-up of a timer left to ring early (it
        then finds nothing due and is set again)."""
        while not self.inbox:
            due = self._next_due(loop)
            if due is not None and due <= loop.time():
                return None
            if due is not None and (self._alarm_at is None or due < self._alarm_at - 0.001):
                if self._alarm is not None:
                    self._alarm.cancel()
                self._alarm_at = due
                self._alarm = loop.call_at(due, self._on_alarm)
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

    async def _recover(self, *, always: bool) -> None:
        """After a failure: forget what is staged and, when anything may have changed since
        the last commit, reload the table from the store, as after a restart: the store holds
        exactly what was committed, so the table is as it was before the failed request."""
        if discard(self) or always:
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
            await self.reload()
        except Exception:
            log.exception("table %s could not reload from the store", self.id)
            self.clocks.deadlines.clear()
            self.clocks.house_due = asyncio.get_running_loop().time() + STORE_RETRY
            return False
        self.stale = False
        return True

    async def reload(self) -> None:
        """Rebuild the table from the store: its row and its unfinished game's log (or
        its last game's, when that one is over)."""
        row = await self.store.table(self.id)
        if row is None:
            raise TableError("internal", f"the store has no table {self.id}")
        running = await self.store.running_game(self.id)
        entries = [] if running is None else await self.store.log(running.id)
        finished = None if running is not None else await last_finished(self.store, self.id)
        self.restore(row, running, entries, finished=finished)
        self.staged = None

    def _refuse_pending(self, code: str = "server_restarting") -> None:
        while self.inbox:
            command = self.inbox.popleft()
            if not command.reply.done():
                command.reply.set_exception(_closed(code))

    def _let_go(self, command: Command | None) -> None:
        """The store refused a write: another process owns the table now. Forget what is
        staged, refuse what was asked, stop, and tell the cluster (``on_fenced``)."""
        log.warning("table %s: another process took it over; letting it go", self.id)
        discard(self)
        if command is not None and not command.reply.done():
            command.reply.set_exception(_closed("table_moved"))
        self._refuse_pending("table_moved")
        if self.on_fenced is not None:
            self.on_fenced(self)

    def _next_due(self, loop: asyncio.AbstractEventLoop) -> float | None:
        return self.clocks.next_due(loop.time(), time.time())

    async def _on_due(self) -> None:
        if not await self._fresh():
            return
        clocks = self.clocks
        try:
            for seat in clocks.expired(time.time()):
                if seat in clocks.deadlines and self.running:
                    await self._expire(seat)
            await self._advance()
        except Fenced:
            raise
        except Exception:
            log.exception("table %s failed on a clock", self.id)
            clocks.deadlines.clear()
            clocks.house_due = None
            await self._recover(always=True)

    def _pause(self) -> None:
        """No writes and no clocks until :meth:`_regain`: a person's clock would run out
        and the house would move, and neither could be written."""
        self.paused = True
        self.clocks.clear()
        log.warning("table %s paused: its lease cannot be renewed", self.id)

    async def _regain(self, epoch: int) -> None:
        """Owned again under ``epoch``: reload from the log (another process may have
        written it meanwhile) and play on; the decision the table waits for gets a fresh
        clock. Followers who missed versions (written elsewhere) get a snapshot."""
        before = self.version
        self.epoch, self.stale = epoch, True
        fresh = await self._fresh()
        self.paused = False
        if fresh and self.version != before:
            self.history = History(self.settings.history)
            for listener in self.listeners:
                seat = self.seat_of(listener.player)
                listener.send(encode(snapshot(self, seat, self.history.log_for(listener.player))))
        log.info("table %s continues under epoch %d", self.id, epoch)

    async def _handle(self, command: Command) -> Any:
        match command:
            case Act():  # the most frequent first
                self._act(command)
                return None
            case Watch(listener=listener, since=since):
                self._watch(listener, since)
                return None
            case Unwatch(listener=listener):
                self.listeners.discard(listener)
                self._presence()
                return None
            case Sit():
                await self._sit(command)
                return self.summary()
            case Registered():
                self._registered(command)
                return self.summary()
            case Stand(player=player):
                await self._stand(player)
                return self.summary()
            case Leave(player=player):
                await self._leave(player)
                return self.summary()
            case Start(player=player):
                await self._start(player)
                return self.summary()
            case Contribute():
                self._contribute(command)
                return None
            case Chat():
                self._chat(command)
                return None
            case MoreTime(player=player, on=on):
                self._more_time(player, on)
                return None
            case Summary():
                return self.summary()
            case Pause():
                self._pause()
                return None
            case Regain(epoch=epoch):
                await self._regain(epoch)
                return None
            case Abandon():
                self._abandon()
                return None
        raise TypeError(f"unknown command {command!r}")

    # Seats ------------------------------------------------------------------------------

    def seat_of(self, player: str | None) -> int | None:
        return self.seating.seat_of(player)

    async def _sit(self, cmd: Sit) -> None:
        if cmd.listener is not None:
            self.listeners.add(cmd.listener)
        if cmd.account == "bot" and not self.config.bots_allowed:
            raise TableError("bots_not_allowed", "this table does not allow bots")
        seat, event = self.seating.sit(
            cmd.player, cmd.name, cmd.seat, running=self.running, account=cmd.account
        )
        stage(self, [event], seating=True)
        if cmd.listener is not None:
            log = self.history.log_for(cmd.listener.player)
            stage_direct(self, cmd.listener, snapshot(self, seat, log))

    def _registered(self, cmd: Registered) -> None:
        """Everyone at the table gets the seat under the account's name (a snapshot: the
        name is the seating's, not an event of the game)."""
        if not self.seating.become_account(cmd.player, cmd.name, cmd.account):
            return
        note_seating(self)
        for listener in self.listeners:
            log = self.history.log_for(listener.player)
            stage_direct(self, listener, snapshot(self, self.seat_of(listener.player), log))

    def _more_time(self, player: str, on: bool) -> None:
        """The player's seat gets twice the clock from its next decision on, and a clock
        running for it now the table's seconds more; the table is told (a log line)."""
        event = self.seating.ask_more_time(player, on)
        if event is None:
            return
        stage(self, [event], seating=True)
        seat = self.seat_of(player)
        if not on or seat is None:
            return  # a clock already running keeps its deadline
        if self.clocks.lengthen(seat, self.config.clock_seconds) is not None:
            self._send_clock(seat)

    async def _stand(self, player: str) -> None:
        stage(self, [self.seating.stand(player, running=self.running)], seating=True)

    async def _leave(self, player: str) -> None:
        seat = self.seat_of(player)
        if seat is not None and self.running:
            self._take_out(seat, "left", [])
            return
        if seat is None and not self.seating.is_waiting(player):
            return  # nothing to give up: leaving only stops watching
        await self._stand(player)

    # Games --------------------------------------------------------------------------------

    async def _start(self, player: str) -> None:
        if self.seat_of(player) is None:
            raise TableError("not_seated", "only a player seated at the table may start a game")
        if self.running:
            raise TableError("game_running", "a game is already running at this table")
        seed = self.rng.getrandbits(62)
        secret = self.rng.randbytes(SECRET_BYTES)  # a test seed derives it, as the shuffles
        state = self.game.new_state(len(self.seats), dealer=None, seed=seed)
        dealer = self.game.view(state, None).get("dealer")
        self.seating.new_game()
        self.clocks.clear()
        self.settled = None
        new_game = NewGame(
            table_id=self.id,
            number=self.number + 1,
            game=self.config.game,
            variant=self.config.variant,
            options=self.game.options,
            seats=len(self.seats),
            dealer=dealer if isinstance(dealer, int) else -1,
            seed=seed,
            players=[s.player for s in self.seats],
            names=[s.name for s in self.seats],
            started_at=time.time(),
            fair_secret=secret.hex(),
        )
        await flush(self)
        game_id = await self.store.write(
            TableChange(
                self.id,
                self.version + 1,
                seating=self.seating.json(),
                new_game=new_game,
                epoch=self.epoch,
            )
        )
        self.version += 1
        self.state, self.game_id, self.number, self.seq = state, game_id, self.number + 1, 0
        self.fair = FairDeals(secret)
        if self.settings.deal_pause > 0:
            window = min(self.settings.deal_pause, FIRST_DEAL_WINDOW)
            self.clocks.deal_due = asyncio.get_running_loop().time() + window
        start = Event("game_start", {"game_id": game_id, "seats": seats_json(self)})
        stage(self, [start, *filter(None, [self.fair.commitment_event()])])

    def _contribute(self, cmd: Contribute) -> None:
        """A seated person's contribution to the next deal (nothing staged: it is told in
        that deal's frame)."""
        if self.state is None or not self.running:
            raise TableError("no_game", "no game is running at this table")
        seat = self.seat_of(cmd.player)
        if seat is None:
            raise TableError("not_seated", "only a seated player may contribute to a deal")
        self.fair.contribute(seat, cmd.deal, cmd.value)

    def _act(self, cmd: Act) -> None:
        if self.state is None or not self.running:
            raise TableError("no_game", "no game is running at this table")
        seat = self.seat_of(cmd.player)
        if seat is None:
            if self.seating.was_taken_out(cmd.player):
                raise TableError("out_of_game", "you were taken out of this game")
            raise TableError("not_seated", "you have no seat at this table")
        if cmd.version != self.version:
            raise TableError(
                "stale_version",
                f"the table is at version {self.version}, not {cmd.version}: act on the "
                "current state",
                current=self.version,
            )
        try:
            action = self.game.parse_action(cmd.action)
        except CardError as e:
            raise TableError("invalid_action", str(e), rule="bad_card", args={}) from None
        except InvalidInput as e:
            raise TableError.refusal("invalid_action", e) from None
        try:
            self._step(seat, action, "player")
        except RuleError as e:
            raise TableError.refusal("illegal_action", e) from None
        except InvalidInput as e:
            raise TableError.refusal("invalid_action", e) from None
        if self.seats[seat].timeouts:
            self.seats[seat].timeouts = 0
            note_seating(self)  # the count is part of the table's stored state

    def _step(
        self,
        seat: int,
        action: Action | Deal,
        by: str,
        first: Iterable[Event] = (),
        fair: JSON | None = None,
    ) -> None:
        """Apply one step and stage it (sent once committed). RuleError changes nothing.
        ``fair``: a fair deal's commitment and contributions, logged with the deal."""
        events = self.game.apply(self.state, seat, action)
        if any(e.kind == "deal_end" for e in events):
            self._progressed = True
        if self.settings.deal_pause > 0 and any(e.kind == "deal_end" for e in events):
            self.clocks.deal_due = asyncio.get_running_loop().time() + self.settings.deal_pause
        data: Any
        if isinstance(action, Deal):
            kind, data = "deal", action.json()
            if fair is not None:
                data["fair"] = fair
            announce: list[Event] = []
        else:
            kind, data = "act", self.game.action_json(action)
            announce = [Event("action", {"seat": seat, "action": data, "by": by})]
            if action[0] == RESTOCK:
                announce = []  # the new stock's order is hidden: the log and record only
        entry = LogEntry(self.seq, self.version + 1, seat, kind, data, by, time.time())
        if by in ("player", "timeout") and not self.game.traits.clock_per_turn:
            self.clocks.deadlines.pop(
                seat, None
            )  # a new decision of the same seat gets a fresh clock
        stage(self, [*first, *announce, *events], entry=entry)
        cards = self.game.pending_restock(self.state)
        if cards is not None:
            # Chance is the table's, at once: nobody acts between the draw that turned
            # the pile over and its shuffle (the house's and a timeout's turn included).
            self._step(seat, self.fair.restock(cards, self.rng), "table")

    def finish_record(self) -> Finish:
        """The store's record of the game's end: its result and each seat's outcome and
        place (the game's place also for a seat whose player left: the outcome says so)."""
        result = self.game.result(self.state)
        assert result is not None and self.game_id is not None
        losers = result.losers
        left = self.seating.left
        outcomes: list[tuple[str | None, str, str]] = []
        for i, seat in enumerate(self.seats):
            if i in left:
                player, name = left[i]
                outcomes.append((player, name, "left"))
            else:
                outcomes.append((seat.player, seat.name, "lost" if i in losers else "won"))
        return Finish(self.game_id, result.json(), time.time(), outcomes, result.places)

    def _take_out(
        self, seat: int, reason: str, first: list[Event], taken: tuple[str, str] | None = None
    ) -> None:
        """Two timeouts in a row, leave, or away when the table closes idle: the player is
        out of this game and loses. ``taken``: the seating took them out already."""
        assert taken is not None or self.seats[seat].player is not None
        try:
            events, eliminated = self.game.eliminate(self.state, seat), True
        except RuleError:
            # The rules already have the seat out (Eurokaarten: no coins left).
            events, eliminated = [], False
        player, name = taken or self.seating.take_out(seat)
        self.clocks.deadlines.pop(seat, None)
        data = {"reason": reason, "player": player, "name": name}
        entry = LogEntry(
            self.seq,
            self.version + 1,
            seat,
            "out",
            {**data, "eliminated": eliminated},
            "table",
            time.time(),
        )
        out = Event("out", {"seat": seat, **data})
        self._progressed = True
        stage(self, [*first, out, *events], entry=entry, seating=True)

    def _abandon(self) -> None:
        """The lobby closes the table idle while its game runs: everyone still in the game
        is away and abandons it (reason ``away``, ranked last, docs/ratings.md). All are
        out of the seating before the first is logged, so that an end the take-outs bring
        (Eurokaarten) has none of them win. Then the house plays the game to its end at
        once with the rules' ``default()``: nobody follows it, and no person's rank
        depends on it any more."""
        if not self.running:
            return
        away = self.seating.people_at(range(len(self.seats)))
        taken = [(seat, self.seating.take_out(seat)) for seat in away]
        for seat, person in taken:
            self._take_out(seat, "away", [], person)
        for _ in range(MAX_PLAY_OUT):
            if self.game.is_over(self.state):
                return
            dealer = self.game.pending_deal(self.state)
            if dealer is not None:
                drawn = self.fair.draw(self.game, self.config.game, self.state, self.rng)
                self._step(dealer, drawn.deal, "table", drawn.events, drawn.note)
                continue
            house = self.seating.house_seat(self.game.to_act(self.state))
            if house is None:
                break
            self._step(house, self.game.default(self.state, house), "house")
        log.warning("table %s: its abandoned game did not end", self.id)

    async def _expire(self, seat: int) -> None:
        """The clock of a person ran out: the house plays; the second time in a row, out."""
        del self.clocks.deadlines[seat]
        person = self.seats[seat]
        person.timeouts += 1
        note_seating(self)  # a restart remembers the count (docs/operations.md)
        if person.bot and person.player is not None and self.settings.on_bot_timeout:
            self.settings.on_bot_timeout(person.player)
        timeout = Event("timeout", {"seat": seat, "timeouts": person.timeouts})
        if person.timeouts >= 2:
            self._take_out(seat, "timeouts", [timeout])
            return
        first: list[Event] = [timeout]
        for _ in range(MAX_TURN_STEPS):
            if not self.running or seat not in self.game.to_act(self.state):
                break
            # The game's one timeout rule, whatever the house's level: no bot chooses for
            # a person who let the clock run (RULES.md §2.7, Game.timeout_action).
            action = self.game.timeout_action(self.state, seat)
            self._step(seat, action, "timeout", first)
            first = []
            if not self.game.traits.clock_per_turn:
                break
        self.clocks.deadlines.pop(seat, None)

    async def _house_choice(self, seat: int, fallback: Action, *, timeout: bool) -> Action:
        """What the house chooses when it decides (:meth:`House.decides`); else the table
        plays ``fallback``, ``default()``, at once: no request, no coroutine to await."""
        if not self.house.quick:
            await flush(self)  # tell people what happened before the house thinks
        legal = self.game.legal(self.state, seat)
        request = HouseRequest(
            game=self.config.game,
            variant=self.config.variant,
            options=self.game.options,
            seat=seat,
            view=self.game.view(self.state, seat),
            legal=tuple(legal),
            level=self.config.house_level,
            budget=budget_of(self.config.house_level),
            fallback=fallback,
            timeout=timeout,
        )
        try:
            action = await self.house.choose(request)
        except Exception:
            log.exception("the house failed at table %s; playing the fallback", self.id)
            return fallback
        return action if action in legal else fallback

    async def _advance(self) -> None:
        """Deal when a deal is due and let the house move, until a person must decide."""
        if self.paused:
            return
        loop = asyncio.get_running_loop()
        clocks = self.clocks
        while self.running:
            dealer = self.game.pending_deal(self.state)
            if dealer is not None:
                if clocks.deal_due is not None and loop.time() < clocks.deal_due:
                    clocks.house_due = None
                    break  # the pause after a deal's end: the next deal comes when it is over
                clocks.deal_due = None
                drawn = self.fair.draw(self.game, self.config.game, self.state, self.rng)
                self._step(dealer, drawn.deal, "table", drawn.events, drawn.note)
                continue
            cards = self.game.pending_restock(self.state)
            if cards is not None:  # a state restored between a draw and its restock
                turn = min(self.game.to_act(self.state))
                self._step(turn, self.fair.restock(cards, self.rng), "table")
                continue
            if self._house_asides():
                continue
            seat = self.seating.house_seat(self.game.to_act(self.state))
            if seat is None:
                clocks.house_due = None
                break
            if self.settings.house_delay > 0:
                if clocks.house_due is None:
                    clocks.house_due = loop.time() + self.settings.house_delay
                if loop.time() < clocks.house_due:
                    break
            clocks.house_due = None
            action = self.game.default(self.state, seat)
            if self.house.decides(self.config.house_level, timeout=False):
                action = await self._house_choice(seat, action, timeout=False)
            self._step(seat, action, "house")
        if clocks.deal_due is not None and loop.time() >= clocks.deal_due:
            clocks.deal_due = None  # the game ended during its pause: nothing is due any more
        if self.state is not None and not self.running and self.game_id is not None:
            self._after_game()
        await flush(self)
        if self._progressed and self.on_progress is not None:
            self._progressed = False
            try:
                self.on_progress(self)
            except Exception:  # the hook's failure is its own: the game goes on
                log.exception("table %s: its progress hook failed", self.id)
        self._update_clocks()

    def _house_asides(self) -> bool:
        """Offer every house seat the game does not wait for its out-of-turn chance (a
        Toepen knock after any event, also after its last card); True when one acted.
        The house answers in-process and at once (:meth:`House.aside`)."""
        level = self.config.house_level
        if not self.house.has_asides(level):
            return False
        for seat, legal in aside_chances(self.game, self.state):
            if not self.seating.is_house(seat):
                continue  # a person acts for themselves
            request = HouseRequest(
                game=self.config.game,
                variant=self.config.variant,
                options=self.game.options,
                seat=seat,
                view=self.game.view(self.state, seat),
                legal=tuple(legal),
                level=level,
                budget=budget_of(level),
                fallback=legal[0],
                timeout=False,
            )
            action = self.house.aside(request)
            if action is not None and action in legal:
                self._step(seat, action, "house")
                return True
        return False

    def _update_clocks(self) -> None:
        """A clock for each person the game waits for, and none for anyone else."""
        waiting = self.seating.people_at(self.game.to_act(self.state)) if self.running else []
        seconds, doubled = self.config.clock_seconds, self.seating.doubled()
        for seat in self.clocks.settle(waiting, seconds, time.time(), doubled):
            self._send_clock(seat)

    def _send_clock(self, seat: int) -> None:
        """Everyone hears the seat's deadline and its clock's length."""
        self._send_all(
            {
                "type": "clock",
                "table": self.id,
                "seat": seat,
                "deadline": self.clocks.deadlines[seat],
                "seconds": seconds_of(seat, self.config.clock_seconds, self.seating.doubled()),
                "now": time.time(),
            }
        )

    def _after_game(self) -> None:
        """Seat rotation after a game (RULES.md §2.8), then waiting people take house seats."""
        if self.settled == self.game_id:
            return
        self.settled = self.game_id
        self.clocks.deadlines.clear()
        self.clocks.house_due = None
        result = self.game.result(self.state)
        losers = result.losers if result is not None else ()
        events = self.seating.after_game(losers, rotation=self.game.traits.loser_rotation)
        if events:
            stage(self, events, seating=True)

    # Restart --------------------------------------------------------------------------

    def restore(
        self,
        row: TableRow,
        running: GameRow | None,
        entries: list[LogEntry],
        *,
        restarted: bool = False,
        finished: Finished | None = None,
    ) -> None:
        """Rebuild the table from its row and its unfinished game's log (after a failed
                write, or a restart). After a restart (``restarted``) each person the game waits
                for gets what was left of their clock, counted in wall time from when it started
                (the downtime is not given back), but at least ``restart_min_clock``. With no game
        running, ``finished`` (the last game, over, and its log) is what the table shows."""
        self.version = row.version
        self.seating.restore(row.seating)
        if running is None:
            self.fair = FairDeals(None)
            if finished is not None:
                self._show_finished(*finished)
            return
        self.fair = FairDeals.restored(running.fair_secret, entries)
        whole_turn = self.game.traits.clock_per_turn
        rebuilt = rebuild(self.game, running, entries, whole_turn=whole_turn)
        self.state = rebuilt.state
        self.seating.restore_left(rebuilt.left)
        self.game_id, self.number, self.seq = running.id, running.number, len(entries)
        if restarted:
            people = set(self.seating.people_at(rebuilt.waiting_since))
            self.clocks.resume(
                {s: t for s, t in rebuilt.waiting_since.items() if s in people},
                self.config.clock_seconds,
                self.settings.restart_min_clock,
                time.time(),
                self.seating.doubled(),
            )

    def _show_finished(self, game: GameRow, entries: list[LogEntry]) -> None:
        """Show the last game's end (its result, and its id for the replay). It is only
        shown: a log that no longer replays leaves the table as it was, with no game."""
        try:
            state = rebuild(self.game, game, entries).state
        except Exception:
            log.warning("table %s: its last game %s does not replay", self.id, game.id)
            return
        self.state, self.game_id = state, game.id

    # Telling people ----------------------------------------------------------------------

    def _watch(self, listener: Listener, since: int | None) -> None:
        self.listeners.add(listener)
        self._presence()
        missed = self.history.since(since, self.version)
        if missed is None:
            log = self.history.log_for(listener.player)
            listener.send(encode(snapshot(self, self.seat_of(listener.player), log)))
            return
        # Each version as its audience then was: a seat's private events reach the person
        # who sat there at the time, never a later occupant. The newest is the current
        # seating, the state the frame carries.
        now = time.time()
        for i, kept in enumerate(missed):
            audience = kept.audience(listener.player)
            last = i == len(missed) - 1
            listener.send(version_frame(self, audience, kept.version, kept.events, last, now))

    def _presence(self) -> None:
        connected = {listener.player for listener in self.listeners}
        for i, seat in enumerate(self.seats):
            away = seat.player is not None and seat.player not in connected
            if self.away.get(i, False) != away:
                self.away[i] = away
                self._send_all({"type": "presence", "table": self.id, "seat": i, "away": away})

    def _chat(self, cmd: Chat) -> None:
        """To everyone following the table but those who block the speaker."""
        frame = encode(
            {
                "type": "chat",
                "table": self.id,
                "player": cmd.player,
                "name": cmd.name,
                "seat": self.seat_of(cmd.player),
                "preset": cmd.preset,
                "text": cmd.text,
                "now": time.time(),
            }
        )
        for listener in self.listeners:
            if listener.hears(cmd.player):  # never to someone who blocked the speaker
                listener.send(frame)

    def _send_all(self, message: JSON) -> None:
        frame = encode(message)
        relay, relayed = self.relay, False
        for listener in self.listeners:
            if relay is not None and relay.relays(listener):
                relayed = True
            else:
                listener.send(frame)
        if relayed and relay is not None:
            relay.everyone(self.id, frame)

    def summary(self) -> JSON:
        """The table as the lobby shows it (REST)."""
        return lobby_summary(self)


WRITES = (Act, Sit, Registered, Stand, Leave, Start, Contribute, Abandon)
"""The commands a paused table refuses: each may write. Watching, chat and the lobby's
summary write nothing and are served."""


def _paused() -> TableError:
    return TableError(
        "table_paused",
        "the table waits for the pub's servers to agree who holds it; "
        "nothing was applied: send it again in a moment",
    )


def _closed(code: str) -> TableError:
    """The refusal of a command the table can no longer handle: the server restarts, or
    (``table_moved``) another process owns the table now (docs/cluster.md)."""
    if code == "table_moved":
        return TableError("table_moved", "the table moved to another server; reconnect")
    return TableError("server_restarting", "the server restarts; reconnect shortly")
