"""A live table: one asyncio task owns it and handles everything in order from one inbox.

Human actions, house moves, clock expiries, seats, spectators and chat all pass through
:meth:`Table.run`; nothing else touches the table's state, so there are no races. Every
change that matters gets the table's next *version*, is committed to the store, and only
then sent to the people following the table, each in the form they may see
(``view(state, seat)``; spectators the public view and public events).

This module is the actor: its run loop, clocks, seating, play, the house and the end of
a game. It leans on :mod:`~kroeg.tables.commands` (what it is asked),
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

from kroeg.cards import CardError
from kroeg.games.base import JSON, Action, Deal, Event, Game, InvalidInput, RuleError
from kroeg.store import Finish, GameRow, LogEntry, NewGame, Store, TableChange, TableRow
from kroeg.tables.commands import (
    Act,
    Chat,
    Command,
    Leave,
    Listener,
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
from kroeg.tables.frames import (
    encode,
    event_frame,
    lobby_summary,
    seats_json,
    snapshot,
)
from kroeg.tables.house import House, HouseRequest, budget_of, house_name
from kroeg.tables.replay import rebuild
from kroeg.tables.seats import Seat
from kroeg.tables.staging import (
    History,
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

STORE_RETRY = 1.0
"""Seconds between a table's attempts to reload from a store it could not read."""

GREETING = "Hallo allemaal, ik ben {name}!"
"""The newcomer's greeting (seed 000: "Degene die instapt, stelt zich voor aan de overige
drie met hand en woord")."""


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
        self.seats = [Seat(None, house_name(i)) for i in range(config.seats)]
        self.waiting: deque[tuple[str, str]] = deque()
        self.listeners: set[Listener] = set()
        self.state: Any = None
        self.game_id: int | None = None
        self.number = 0
        self.seq = 0
        self.left: dict[int, tuple[str, str]] = {}
        """Seats whose person was taken out of the current game: (player, name)."""
        self.deadlines: dict[int, float] = {}
        """Wall-clock deadlines of the people the game waits for, by seat."""
        self.house_due: float | None = None
        self.deal_due: float | None = None
        """When the pause after a deal's end is over and the next deal may be dealt."""
        self.history: History = deque(maxlen=settings.history)
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

    # The task -------------------------------------------------------------------------

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await self._advance()
        except Exception:
            log.exception("table %s failed to resume", self.id)
            await self._recover(always=True)
        while True:
            command = await self._next_command(loop)
            if command is None:
                await self._on_due()
                continue
            if isinstance(command, Stop):
                command.reply.set_result(None)
                self._refuse_pending()
                return
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
            self.deadlines.clear()
            self.house_due = asyncio.get_running_loop().time() + STORE_RETRY
            return False
        self.stale = False
        return True

    async def reload(self) -> None:
        """Rebuild the table from the store: its row and its unfinished game's log."""
        row = await self.store.table(self.id)
        if row is None:
            raise TableError("internal", f"the store has no table {self.id}")
        running = await self.store.running_game(self.id)
        entries = [] if running is None else await self.store.log(running.id)
        self.restore(row, running, entries)
        self.staged = None

    def _refuse_pending(self) -> None:
        while self.inbox:
            command = self.inbox.popleft()
            if not command.reply.done():
                command.reply.set_exception(
                    TableError("server_restarting", "the server restarts; reconnect shortly")
                )

    def _next_due(self, loop: asyncio.AbstractEventLoop) -> float | None:
        dues: list[float] = []
        if self.deadlines:
            dues.append(loop.time() + (min(self.deadlines.values()) - time.time()))
        if self.house_due is not None:
            dues.append(self.house_due)
        if self.deal_due is not None:
            dues.append(self.deal_due)
        return min(dues) if dues else None

    async def _on_due(self) -> None:
        if not await self._fresh():
            return
        now = time.time()
        expired = sorted(seat for seat, d in self.deadlines.items() if d <= now)
        try:
            for seat in expired:
                if seat in self.deadlines and self.running:
                    await self._expire(seat)
            await self._advance()
        except Exception:
            log.exception("table %s failed on a clock", self.id)
            self.deadlines.clear()
            self.house_due = None
            await self._recover(always=True)

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
            case Stand(player=player):
                await self._stand(player)
                return self.summary()
            case Leave(player=player):
                await self._leave(player)
                return self.summary()
            case Start(player=player):
                await self._start(player)
                return self.summary()
            case Chat():
                self._chat(command)
                return None
            case Summary():
                return self.summary()
        raise TypeError(f"unknown command {command!r}")

    # Seats ------------------------------------------------------------------------------

    def seat_of(self, player: str | None) -> int | None:
        if player is None:
            return None
        for i, seat in enumerate(self.seats):
            if seat.player == player:
                return i
        return None

    def _is_house(self, seat: int) -> bool:
        return self.seats[seat].player is None

    async def _sit(self, cmd: Sit) -> None:
        if cmd.listener is not None:
            self.listeners.add(cmd.listener)
        if self.seat_of(cmd.player) is not None or any(p == cmd.player for p, _ in self.waiting):
            raise TableError("already_seated", "you already sit or wait at this table")
        if cmd.seat is not None and not 0 <= cmd.seat < len(self.seats):
            raise TableError(
                "bad_seat", f"seat {cmd.seat} does not exist: seats are 0 to {len(self.seats) - 1}"
            )
        if cmd.seat is not None and not self._is_house(cmd.seat):
            raise TableError(
                "seat_taken", f"seat {cmd.seat} is taken by {self.seats[cmd.seat].name}"
            )
        free = [i for i in range(len(self.seats)) if self._is_house(i)]
        if self.running or not free:
            self.waiting.append((cmd.player, cmd.name))
            stage(self, [self._waiting_event(cmd.player, cmd.name)], seating=True)
            if cmd.listener is not None:
                stage_direct(self, cmd.listener, snapshot(self, None))
            return
        seat = cmd.seat if cmd.seat is not None else free[0]
        self.seats[seat] = Seat(cmd.player, cmd.name)
        sit = Event("sit", {"seat": seat, "player": cmd.player, "name": cmd.name})
        stage(self, [sit], seating=True)
        if cmd.listener is not None:
            stage_direct(self, cmd.listener, snapshot(self, seat))

    def _waiting_event(self, player: str, name: str) -> Event:
        waiting = [{"player": p, "name": n} for p, n in self.waiting]
        return Event("waiting", {"player": player, "name": name, "waiting": waiting})

    async def _stand(self, player: str) -> None:
        seat = self.seat_of(player)
        if seat is None:
            for i, (p, name) in enumerate(self.waiting):
                if p == player:
                    del self.waiting[i]
                    stage(self, [self._waiting_event(p, name)], seating=True)
                    return
            raise TableError("not_seated", "you have no seat at this table")
        if self.running and not self.seats[seat].out:
            raise TableError(
                "game_running", "a game is running: use leave to give up the seat (and lose)"
            )
        name = self.seats[seat].name
        self.seats[seat] = Seat(None, house_name(seat))
        stage(self, [Event("stand", {"seat": seat, "player": player, "name": name})], seating=True)

    async def _leave(self, player: str) -> None:
        seat = self.seat_of(player)
        if seat is not None and self.running:
            self._take_out(seat, "left", [])
            return
        if seat is None and not any(p == player for p, _ in self.waiting):
            return  # nothing to give up: leaving only stops watching
        await self._stand(player)

    # Games --------------------------------------------------------------------------------

    async def _start(self, player: str) -> None:
        if self.seat_of(player) is None:
            raise TableError("not_seated", "only a player seated at the table may start a game")
        if self.running:
            raise TableError("game_running", "a game is already running at this table")
        seed = self.rng.getrandbits(62)
        state = self.game.new_state(len(self.seats), dealer=None, seed=seed)
        dealer = self.game.view(state, None).get("dealer")
        for seat in self.seats:
            seat.out = False
            seat.timeouts = 0
        self.left = {}
        self.deadlines = {}
        self.house_due = None
        self.deal_due = None
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
        )
        await flush(self)
        game_id = await self.store.write(
            TableChange(self.id, self.version + 1, seating=self.seating(), new_game=new_game)
        )
        self.version += 1
        self.state, self.game_id, self.number, self.seq = state, game_id, self.number + 1, 0
        stage(self, [Event("game_start", {"game_id": game_id, "seats": seats_json(self)})])

    def _act(self, cmd: Act) -> None:
        if self.state is None or not self.running:
            raise TableError("no_game", "no game is running at this table")
        seat = self.seat_of(cmd.player)
        if seat is None:
            if any(p == cmd.player for p, _ in self.left.values()):
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

    def _step(self, seat: int, action: Action | Deal, by: str, first: Iterable[Event] = ()) -> None:
        """Apply one step and stage it (sent once committed). RuleError changes nothing."""
        events = self.game.apply(self.state, seat, action)
        if self.settings.deal_pause > 0 and any(e.kind == "deal_end" for e in events):
            self.deal_due = asyncio.get_running_loop().time() + self.settings.deal_pause
        data: Any
        if isinstance(action, Deal):
            kind, data = "deal", action.json()
            announce: list[Event] = []
        else:
            kind, data = "act", self.game.action_json(action)
            announce = [Event("action", {"seat": seat, "action": data, "by": by})]
        entry = LogEntry(self.seq, self.version + 1, seat, kind, data, by, time.time())
        if by in ("player", "timeout") and not self.game.traits.clock_per_turn:
            self.deadlines.pop(seat, None)  # a new decision of the same seat gets a fresh clock
        stage(self, [*first, *announce, *events], entry=entry)

    def finish_record(self) -> Finish:
        """The store's record of the game's end: its result and each seat's outcome."""
        result = self.game.result(self.state)
        assert result is not None and self.game_id is not None
        losers = result.losers
        outcomes: list[tuple[str | None, str, str]] = []
        for i, seat in enumerate(self.seats):
            if i in self.left:
                player, name = self.left[i]
                outcomes.append((player, name, "left"))
            else:
                outcomes.append((seat.player, seat.name, "lost" if i in losers else "won"))
        return Finish(self.game_id, result.json(), time.time(), outcomes)

    def _take_out(self, seat: int, reason: str, first: list[Event]) -> None:
        """Two timeouts in a row, or leave: the player is out of this game and loses."""
        person = self.seats[seat]
        assert person.player is not None
        try:
            events, eliminated = self.game.eliminate(self.state, seat), True
        except RuleError:
            # The rules already have the seat out (Eurokaarten: no coins left).
            events, eliminated = [], False
        self.left[seat] = (person.player, person.name)
        self.seats[seat] = Seat(None, house_name(seat), out=True)
        self.deadlines.pop(seat, None)
        data = {"reason": reason, "player": person.player, "name": person.name}
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
        stage(self, [*first, out, *events], entry=entry, seating=True)

    async def _expire(self, seat: int) -> None:
        """The clock of a person ran out: the house plays; the second time in a row, out."""
        del self.deadlines[seat]
        person = self.seats[seat]
        person.timeouts += 1
        note_seating(self)  # a restart remembers the count (docs/operations.md)
        timeout = Event("timeout", {"seat": seat, "timeouts": person.timeouts})
        if person.timeouts >= 2:
            self._take_out(seat, "timeouts", [timeout])
            return
        first: list[Event] = [timeout]
        for _ in range(MAX_TURN_STEPS):
            if not self.running or seat not in self.game.to_act(self.state):
                break
            action = self.game.default(self.state, seat)
            if self.house.decides(self.config.house_level, timeout=True):
                action = await self._house_choice(seat, action, timeout=True)
            self._step(seat, action, "timeout", first)
            first = []
            if not self.game.traits.clock_per_turn:
                break
        self.deadlines.pop(seat, None)

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
        loop = asyncio.get_running_loop()
        while self.running:
            dealer = self.game.pending_deal(self.state)
            if dealer is not None:
                if self.deal_due is not None and loop.time() < self.deal_due:
                    self.house_due = None
                    break  # the pause after a deal's end: the next deal comes when it is over
                self.deal_due = None
                self._step(dealer, self.game.random_deal(self.state, self.rng), "table")
                continue
            seat = self._house_seat()
            if seat is None:
                self.house_due = None
                break
            if self.settings.house_delay > 0:
                if self.house_due is None:
                    self.house_due = loop.time() + self.settings.house_delay
                if loop.time() < self.house_due:
                    break
            self.house_due = None
            action = self.game.default(self.state, seat)
            if self.house.decides(self.config.house_level, timeout=False):
                action = await self._house_choice(seat, action, timeout=False)
            self._step(seat, action, "house")
        if self.deal_due is not None and loop.time() >= self.deal_due:
            self.deal_due = None  # the game ended during its pause: nothing is due any more
        if self.state is not None and not self.running and self.game_id is not None:
            self._after_game()
        await flush(self)
        self._update_clocks()

    def _house_seat(self) -> int | None:
        """The first house seat the game waits for, if any."""
        for seat in sorted(self.game.to_act(self.state)):
            if self.seats[seat].player is None:
                return seat
        return None

    def _update_clocks(self) -> None:
        """A clock for each person the game waits for, and none for anyone else."""
        seats = self.seats
        waiting = (
            [s for s in sorted(self.game.to_act(self.state)) if seats[s].player is not None]
            if self.running
            else []
        )
        deadlines = self.deadlines
        for seat in [s for s in deadlines if s not in waiting]:
            del deadlines[seat]
        for seat in waiting:
            if seat in deadlines:
                continue
            deadline = time.time() + self.config.clock_seconds
            deadlines[seat] = deadline
            self._send_all(
                {
                    "type": "clock",
                    "table": self.id,
                    "seat": seat,
                    "deadline": deadline,
                    "seconds": self.config.clock_seconds,
                    "now": time.time(),
                }
            )

    def _after_game(self) -> None:
        """Seat rotation after a game (RULES.md §2.8), then waiting people take house seats."""
        if self.settled == self.game_id:
            return
        self.settled = self.game_id
        self.deadlines.clear()
        self.house_due = None
        events: list[Event] = []
        rotation = self.game.traits.loser_rotation
        result = self.game.result(self.state)
        if rotation and result is not None:
            for seat in sorted(result.losers):
                loser = self.seats[seat]
                if loser.player is None or not self.waiting:
                    continue
                events.append(
                    Event("stand", {"seat": seat, "player": loser.player, "name": loser.name})
                )
                events.extend(self._seat_newcomer(seat, greet=True))
        for seat in range(len(self.seats)):
            if self._is_house(seat) and self.waiting:
                events.extend(self._seat_newcomer(seat, greet=rotation))
        if events:
            stage(self, events, seating=True)

    def _seat_newcomer(self, seat: int, *, greet: bool) -> list[Event]:
        player, name = self.waiting.popleft()
        self.seats[seat] = Seat(player, name)
        events = [Event("sit", {"seat": seat, "player": player, "name": name})]
        if greet:
            text = GREETING.format(name=name)
            events.append(
                Event("greeting", {"seat": seat, "player": player, "name": name, "text": text})
            )
        return events

    # Restart --------------------------------------------------------------------------

    def restore(
        self,
        row: TableRow,
        running: GameRow | None,
        entries: list[LogEntry],
        *,
        restarted: bool = False,
    ) -> None:
        """Rebuild the table from its row and its unfinished game's log (after a failed
        write, or a restart). After a restart (``restarted``) each person the game waits
        for gets what was left of their clock, counted in wall time from when it started
        (the downtime is not given back), but at least ``restart_min_clock``."""
        self.version = row.version
        timeouts = row.seating.get("timeouts", [])
        self.seats = [
            Seat(None, house_name(i))
            if s is None
            else Seat(s[0], s[1], timeouts=timeouts[i] if i < len(timeouts) else 0)
            for i, s in enumerate(row.seating.get("seats", []))
        ]
        self.waiting = deque((p, n) for p, n in row.seating.get("waiting", []))
        if running is None:
            return
        whole_turn = self.game.traits.clock_per_turn
        rebuilt = rebuild(self.game, running, entries, whole_turn=whole_turn)
        self.state, self.left = rebuilt.state, rebuilt.left
        for seat in self.left:
            self.seats[seat].out = True
        self.game_id, self.number, self.seq = running.id, running.number, len(entries)
        if restarted:
            clock = self.config.clock_seconds
            floor = time.time() + min(clock, self.settings.restart_min_clock)
            self.deadlines = {
                seat: max(started + clock, floor)
                for seat, started in rebuilt.waiting_since.items()
                if self.seats[seat].player is not None
            }

    def seating(self) -> JSON:
        """Who sits where and waits, and each seat's timeouts in a row (stored with every
        seating change, and whenever a count changes)."""
        return {
            "seats": [None if s.player is None else [s.player, s.name] for s in self.seats],
            "waiting": [[p, n] for p, n in self.waiting],
            "timeouts": [s.timeouts for s in self.seats],
        }

    # Telling people ----------------------------------------------------------------------

    def _watch(self, listener: Listener, since: int | None) -> None:
        self.listeners.add(listener)
        self._presence()
        oldest = self.history[0][0] if self.history else None
        if since is not None and oldest is not None and oldest <= since + 1 <= self.version:
            # Each version as its audience then was: a seat's private events reach the
            # person who sat there at the time, never a later occupant. The newest is the
            # current seating, the state the frame carries.
            missed = [entry for entry in self.history if entry[0] > since]
            for i, (version, events, seated) in enumerate(missed):
                audience = _seat_in(seated, listener.player)
                last = i == len(missed) - 1
                listener.send(encode(event_frame(self, audience, version, events, full=last)))
            return
        listener.send(encode(snapshot(self, self.seat_of(listener.player))))

    def _presence(self) -> None:
        connected = {listener.player for listener in self.listeners}
        for i, seat in enumerate(self.seats):
            away = seat.player is not None and seat.player not in connected
            if self.away.get(i, False) != away:
                self.away[i] = away
                self._send_all({"type": "presence", "table": self.id, "seat": i, "away": away})

    def _chat(self, cmd: Chat) -> None:
        self._send_all(
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

    def _send_all(self, message: JSON) -> None:
        frame = encode(message)
        for listener in self.listeners:
            listener.send(frame)

    def summary(self) -> JSON:
        """The table as the lobby shows it (REST)."""
        return lobby_summary(self)


def _seat_in(seated: tuple[str | None, ...], player: str | None) -> int | None:
    """The seat ``player`` held in a version's seating, or None (a spectator then)."""
    if player is None:
        return None
    for seat, holder in enumerate(seated):
        if holder == player:
            return seat
    return None
