"""Messages for tables owned by another process, and the frames coming back (docs/cluster.md).

Each process reads one Redis stream, ``kroeg:proc:<process>``. A websocket's message for
a table that another process owns is added to the owner's stream with the connection's
identity (process, connection id, player, name); the owner carries it out
(:func:`~kroeg.tables.protocol.carry_out`) for a :class:`RemoteListener` standing
in for the connection, and answers on the sender's stream. What is for that connection
alone (a snapshot, the versions of a ``resume``, chat, an error) goes the same way,
batched per process and event-loop turn.

What is the same for every connection of an audience is published once on the table's
channel ``kroeg:table:<id>`` (Redis pub/sub; the router is the tables' ``Relay``): each
version's frame for each audience the table's remote listeners have (a seat, or the
spectators) with who sat where, and the clocks and presence for all. Every process
with a connection following the table subscribes to its channel and hands each of its
connections the frame of its audience: a seat's frame only to that seat's player.

Nothing here depends on Redis delivering everything: a connection that misses a version
sees the next one's number jump and sends ``resume`` (docs/protocol.md); when a table's
owner changes (it died, or was fenced), each connection that followed it is resumed at
the new owner from the last version it was sent, and gets what it missed or a snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import re
import time
from collections import defaultdict
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec
from redis.asyncio import Redis
from redis.exceptions import RedisError

from kroeg.cluster.lease import holder, lease_key
from kroeg.cluster.recovery import recover, resume_followers
from kroeg.errors import Refusal
from kroeg.tables import protocol as m
from kroeg.tables.errors import TableError, internal
from kroeg.tables.lobby import Lobby
from kroeg.tables.port import LocalTables, Sink, who_of
from kroeg.tables.task import TableTask

log = logging.getLogger(__name__)

STREAM = "kroeg:proc:"
CHANNEL = "kroeg:table:"
FORWARD_TIMEOUT = 3.0
"""Seconds a forwarded message waits for its owner's answer before it is refused."""
STREAM_MAXLEN = 100_000
"""Entries a process's stream keeps (approximately): a process that is gone for good
leaves no unbounded stream behind."""
LOOKUPS_AT_ONCE = 16
"""Lease reads under way at once: each holds one of the Redis client's connections, of
which the client has a bounded pool (100; past it a call fails at once): a thousand
clients reconnecting together must wait their turn, not fail."""
WATCH_EVERY = 0.5
"""Seconds between two checks that the tables this process's connections follow
elsewhere still have the owner they had."""

RETRY_AFTER = 1
"""Seconds after which a request refused with ``table_moving`` may be sent again: the
next owner takes a table over at its next scan (docs/cluster.md, "Failover")."""

UNREACHABLE = "the server that holds the table cannot be reached just now; try again shortly"

STOP_WAIT = 2.0
"""Seconds a stop waits for the router's tasks to end once cancelled."""

_VERSION = re.compile(rb'\{"type":"(?:event|snapshot)","table":"([^"]+)","version":(\d+)')
"""The table and version at the start of an ``event`` or ``snapshot`` frame."""

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


_Write = tuple[str, str, bytes, Callable[[], None] | None]


class Published(msgspec.Struct, array_like=True):
    """One item of a table's channel: a version's frame for each audience of the remote
    listeners (``version`` None: one frame for every listener, a clock or presence)."""

    version: int | None
    seated: tuple[str | None, ...]
    frames: list[tuple[int | None, msgspec.Raw]]


_decode_published = msgspec.json.Decoder(list[Published]).decode


@dataclass(eq=False)
class RemoteListener:
    """On the owner: a connection of another process, as the table's listener."""

    router: Router
    process: str
    conn: str
    player: str | None
    ignored: frozenset[str] = frozenset()
    """The players the connection's person blocks, as its last message said."""

    def send(self, frame: bytes) -> None:
        self.router.push(self.process, self.conn, frame)

    def hears(self, player: str) -> bool:
        """Chat from a player the connection's person blocks is never sent to it."""
        return player not in self.ignored


@dataclass
class Followed:
    """On the connection's process: a table followed at another process."""

    owner: str
    version: int | None = None
    """The newest version the connection was sent, for a ``resume`` at a new owner."""


@dataclass
class _Outbox:
    frames: list[tuple[str, msgspec.Raw]] = field(default_factory=list)


def moving(table_id: str, message: str) -> TableError:
    """The refusal of a request for a table between two owners: try again shortly."""
    return TableError("table_moving", message, table=table_id, retry_after=RETRY_AFTER)


def audience_of(player: str | None, seated: tuple[str | None, ...]) -> int | None:
    """The seat ``player`` held when a version was sent, or None (a spectator): as the
    owner's table counted it for its listener of that player."""
    if player is None:
        return None
    for seat, sitting in enumerate(seated):
        if sitting == player:
            return seat
    return None


class Router:
    def __init__(
        self,
        redis: Redis,
        process: str,
        lobby: Lobby,
        players: Callable[[str], Iterable[Sink]] = lambda player: (),
    ) -> None:
        self.redis = redis
        self.process = process
        self.lobby = lobby
        self.local = LocalTables(lobby)
        """The tables this process holds (the act fast path for a forwarded move)."""
        self.players = players
        """This process's connections of a player (for a frame to the player, an invite)."""
        self.sinks: dict[str, Sink] = {}
        """This process's connections that follow or asked a table elsewhere, by id."""
        self._ids: dict[int, str] = {}
        self.followed: dict[tuple[str, str], Followed] = {}
        """(connection id, table) → where the table was when the connection followed it."""
        self.remote: dict[tuple[str, str], RemoteListener] = {}
        """On the owner: (process, connection id) → the listener standing in for it."""
        self._pending: dict[str, asyncio.Future[Any]] = {}
        self._outboxes: dict[str, _Outbox] = defaultdict(_Outbox)
        self._published: dict[str, list[Published]] = defaultdict(list)
        """On the owner: what this turn publishes on each table's channel."""
        self._due = False
        self._queue: asyncio.Queue[_Write] = asyncio.Queue()
        """What to write to Redis, in order: ("x", stream, entry, lost) or ("p", channel,
        data, None); ``lost`` is told when the write failed (a move's connection gets an
        error, a forwarded request's wait ends)."""
        self.away = False
        """Whether this process's last read of Redis failed: the next that succeeds
        recovers what the outage lost (kroeg.cluster.recovery)."""
        self.pubsub = redis.pubsub()
        self.watching: dict[str, set[str]] = {}
        """Table → this process's connections following it elsewhere (its channel is
        subscribed while there is one)."""
        self._subscribed = asyncio.Event()
        self._counter = itertools.count()
        self._tasks: list[asyncio.Task[None]] = []
        self._chores: set[asyncio.Task[None]] = set()
        """Recoveries under way (kept referenced until they end)."""
        self._owners: dict[str, tuple[str | None, float]] = {}
        self._lookups = asyncio.Semaphore(LOOKUPS_AT_ONCE)

    # Lifecycle ------------------------------------------------------------------------

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._read(), name="cluster-read"),
            loop.create_task(self._write(), name="cluster-write"),
            loop.create_task(self._watch_owners(), name="cluster-owners"),
            loop.create_task(self._listen(), name="cluster-listen"),
        ]

    async def stop(self) -> None:
        """Stop reading and writing; a stop never waits long on Redis. A task blocked in
        a Redis read may not end at once when cancelled (the client finishes its read
        first): it is left to end by itself after :data:`STOP_WAIT` rather than holding
        up the server's shutdown."""
        tasks = [*self._tasks, *self._chores]
        for task in tasks:
            task.cancel()
        if tasks:
            _, stuck = await asyncio.wait(tasks, timeout=STOP_WAIT)
            if stuck:
                log.warning("%d of the router's tasks did not stop in time", len(stuck))
        self._tasks = []
        with contextlib.suppress(Exception):  # a close must not wait on a dead connection
            async with asyncio.timeout(1.0):
                await self.pubsub.aclose()

    def _spawn(self, chore: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(chore)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    # The connection's side ----------------------------------------------------------------

    def _conn_id(self, sink: Sink) -> str:
        key = id(sink)
        conn = self._ids.get(key)
        if conn is None:
            conn = self._ids[key] = f"c{next(self._counter)}"
            self.sinks[conn] = sink
        return conn

    async def owner_of(self, table_id: str) -> str:
        """The process that owns the table, read from its lease (cached for a moment)."""
        cached = self._owners.get(table_id)
        now = time.monotonic()
        if cached is not None and cached[0] is not None and now - cached[1] < WATCH_EVERY:
            return cached[0]
        async with self._lookups:
            cached = self._owners.get(table_id)  # read by another while this one waited
            if cached is not None and cached[0] is not None and cached[1] >= now:
                return cached[0]
            try:
                owner = await holder(self.redis, table_id)
            except RedisError:
                raise TableError(
                    "table_unreachable",
                    "the servers cannot say who holds the table just now; try again shortly",
                    table=table_id,
                ) from None
        self._owners[table_id] = (owner, now)
        if owner is None:
            if await self._exists(table_id):
                raise moving(
                    table_id,
                    "the table is being taken over by another server; try again in a moment",
                )
            raise TableError("unknown_table", f"there is no table {table_id!r}", table=table_id)
        return owner

    async def _exists(self, table_id: str) -> bool:
        row = await self.lobby.store.table(table_id)
        return row is not None and not row.closed

    async def forward(
        self, message: Any, sink: Sink | None = None, who: m.Who | None = None
    ) -> m.Outcome:
        """Carry the request out at the owner of its table for ``who`` (default: the
        connection ``sink``'s player; without a sink, REST's); its answer and whether the
        connection follows the table afterwards (None: as before). Its refusal is raised
        as a TableError."""
        table_id: str = message.table
        if who is None and sink is not None:
            who = who_of(sink)
        owner = await self.owner_of(table_id)
        if owner == self.process:  # taken over by this process a moment ago
            raise moving(table_id, "the table moves here; try again")
        if sink is None:
            return await self.ask_owner(owner, None, who, None, message)
        conn = self._conn_id(sink)
        key = (conn, table_id)
        new = key not in self.followed and isinstance(message, m.Watch | m.Resume | m.Sit)
        if new:  # following from before the answer: the snapshot comes before it
            await self._follow(conn, table_id, owner)
        try:
            answer, follows = await self.ask_owner(owner, conn, who, sink, message)
        except BaseException:
            if new:
                await self._unfollow(conn, table_id)
            raise
        if follows is True:
            if key not in self.followed:
                await self._follow(conn, table_id, owner)
            self.followed[key].owner = owner
        elif follows is False or new:
            await self._unfollow(conn, table_id)
        return answer, follows

    async def _follow(self, conn: str, table_id: str, owner: str) -> None:
        """The connection follows the table at ``owner``: its channel is heard here."""
        self.followed[(conn, table_id)] = Followed(owner)
        watchers = self.watching.get(table_id)
        if watchers is None:
            watchers = self.watching[table_id] = set()
            await self.pubsub.subscribe(CHANNEL + table_id)
            self._subscribed.set()
        watchers.add(conn)

    async def _unfollow(self, conn: str, table_id: str) -> None:
        """The connection no longer follows the table: the last one's going unsubscribes."""
        self.followed.pop((conn, table_id), None)
        watchers = self.watching.get(table_id)
        if watchers is None:
            return
        watchers.discard(conn)
        if not watchers:
            del self.watching[table_id]
            with contextlib.suppress(Exception):  # Redis away: it forgets us anyway
                await self.pubsub.unsubscribe(CHANNEL + table_id)

    def tell(self, sink: Sink, message: Any) -> None:
        """A move for a table elsewhere, not waited for: its refusal reaches the
        connection as an ``error``, as a local table's does."""
        asyncio.get_running_loop().create_task(self._tell(sink, message))

    async def _tell(self, sink: Sink, message: Any) -> None:
        try:
            owner = await self.owner_of(message.table)
            if owner == self.process:  # taken over here a moment ago: not through a stream
                raise moving(message.table, "the table moves here; try again")
        except TableError as e:
            sink.error(e.code, e.message, **{"table": message.table, **e.params})
            return
        conn = self._conn_id(sink)
        ask = self._who(conn, who_of(sink), sink, message)

        def lost() -> None:  # never silence: the move was not carried out
            sink.error("table_unreachable", UNREACHABLE, table=message.table)

        self._send(owner, {"t": "ask", "rid": None, **ask}, lost)

    def resync(self, process: str, tables: list[str]) -> None:
        """Tell ``process`` that what this one published on the channels of ``tables``
        may have been lost: it resumes its connections following them."""
        self._send(process, {"t": "resync", "tables": tables})

    def to_player(self, processes: Iterable[str], player: str, frame: dict[str, Any]) -> None:
        """A frame for every connection of ``player`` on each of ``processes`` (an invite)."""
        for process in processes:
            self._send(process, {"t": "player", "player": player, "frame": frame})

    async def gone(self, sink: Sink, table_id: str) -> None:
        """The connection closed: the owner stops sending it the table's frames."""
        conn = self._ids.get(id(sink))
        if conn is None:
            return
        followed = self.followed.get((conn, table_id))
        if followed is not None:
            unwatch = self._who(conn, who_of(sink), sink, m.Unwatch(table=table_id))
            self._send(followed.owner, {"t": "ask", "rid": None, **unwatch})
        await self._unfollow(conn, table_id)
        if not any(c == conn for c, _ in self.followed):
            self.sinks.pop(conn, None)
            self._ids.pop(id(sink), None)

    def follow_moved(self, table: TableTask) -> None:
        """A table this process lets go (another process holds its lease, or refused its
        write): each connection of this process that followed it is resumed wherever the
        table goes next, as one that followed a table elsewhere (:meth:`_check_owners`),
        from the table's version here (the newest it was sent, or a snapshot)."""
        for listener in table.listeners:
            if isinstance(listener, Sink):  # this process's; a RemoteListener's process resumes it
                conn = self._conn_id(listener)
                self.followed[(conn, table.id)] = Followed(owner="", version=table.version)

    def _who(
        self, conn: str | None, who: m.Who | None, sink: Sink | None, message: Any
    ) -> dict[str, Any]:
        return {
            "from": self.process,
            "conn": conn,
            "player": None if who is None else who.player,
            "name": None if who is None else who.name,
            "account": None if who is None else who.account,
            "ignored": [] if sink is None else sorted(sink.ignored),
            "msg": msgspec.Raw(_encode(message)),
        }

    async def _watch_owners(self) -> None:
        """A table followed elsewhere whose owner changed: resume it at the new owner
        from the newest version the connection was sent."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            try:
                await self._check_owners()
            except Exception:
                log.exception("checking the owners of followed tables failed")

    async def _check_owners(self) -> None:
        followed_now = list(self.followed.items())
        if not followed_now:
            return
        tables = sorted({table_id for (_, table_id), _ in followed_now})
        held = await self.redis.mget([lease_key(table_id) for table_id in tables])  # one trip
        holders = {
            t: h.decode() if isinstance(h, bytes) else h for t, h in zip(tables, held, strict=True)
        }
        for (conn, table_id), followed in followed_now:
            owner = holders[table_id]
            if owner is None or owner == followed.owner:
                continue
            sink = self.sinks.get(conn)
            who = None if sink is None else who_of(sink)
            if sink is None or who is None:
                await self._unfollow(conn, table_id)
                continue
            resume: m.Resume | m.Watch = (
                m.Watch(table=table_id)
                if followed.version is None
                else m.Resume(table=table_id, version=followed.version)
            )
            if owner == self.process:
                table = self.lobby.tables.get(table_id)
                if table is None:
                    continue  # still being taken over here: the next check resumes it
                await self._unfollow(conn, table_id)
                with contextlib.suppress(TableError):
                    await m.carry_out(table, sink, who, resume)
                continue
            try:
                await self.ask_owner(owner, conn, who, sink, resume)
            except TableError:
                continue  # the new owner is not ready yet: the next check tries again
            followed.owner = owner

    async def ask_owner(
        self, owner: str, conn: str | None, who: m.Who | None, sink: Sink | None, message: Any
    ) -> m.Outcome:
        """Carry the request out at ``owner`` and wait for its answer (a TableError)."""
        rid = f"{self.process}/{next(self._counter)}"
        reply = asyncio.get_running_loop().create_future()
        self._pending[rid] = reply

        def lost() -> None:
            if not reply.done():
                reply.set_exception(
                    TableError("table_unreachable", UNREACHABLE, table=message.table)
                )

        self._send(owner, {"t": "ask", "rid": rid, **self._who(conn, who, sink, message)}, lost)
        try:
            async with asyncio.timeout(FORWARD_TIMEOUT):
                outcome: m.Outcome = await reply
        except TimeoutError:
            raise TableError(
                "table_unreachable",
                "the server that holds the table does not answer; try again shortly",
                table=message.table,
            ) from None
        finally:
            self._pending.pop(rid, None)
        return outcome

    # The owner's side -------------------------------------------------------------------

    def push(self, process: str, conn: str, frame: bytes) -> None:
        """A frame for a connection of another process, sent with the others of this turn."""
        self._outboxes[process].frames.append((conn, msgspec.Raw(frame)))
        self._flush_soon()

    def relays(self, listener: object) -> bool:
        """The tables' Relay: another process's connection gets its audience's frames
        from the table's channel."""
        return listener.__class__ is RemoteListener

    def version(
        self,
        table: str,
        version: int,
        seated: tuple[str | None, ...],
        frames: list[tuple[int | None, bytes]],
    ) -> None:
        """A version's frame for each audience of the table's remote listeners, published
        with the others of this turn on the table's channel."""
        raw = [(audience, msgspec.Raw(frame)) for audience, frame in frames]
        self._published[table].append(Published(version, seated, raw))
        self._flush_soon()

    def everyone(self, table: str, frame: bytes) -> None:
        """A frame for every remote listener of the table (a clock, a presence change)."""
        self._published[table].append(Published(None, (), [(None, msgspec.Raw(frame))]))
        self._flush_soon()

    def _flush_soon(self) -> None:
        if not self._due:
            self._due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """This turn's frames: each process's on its stream, then each table's channel."""
        self._due = False
        outboxes, self._outboxes = self._outboxes, defaultdict(_Outbox)
        for process, outbox in outboxes.items():
            self._send(process, {"t": "frames", "frames": outbox.frames})
        published, self._published = self._published, defaultdict(list)
        for table, items in published.items():
            self._queue.put_nowait(("p", CHANNEL + table, _encode(items), None))

    async def _carry_out(self, ask: dict[str, Any]) -> None:
        process, conn, rid = ask["from"], ask.get("conn"), ask.get("rid")
        player, name = ask.get("player"), ask.get("name")
        answer: dict[str, Any] = {"t": "reply", "rid": rid}
        try:
            message: Any = m.request_decoder.decode(_encode(ask["msg"]))
            table = self.lobby.tables.get(message.table)
            if table is None:
                raise moving(message.table, "the table moves; try again")
            who = None
            if player is not None and name is not None:
                who = m.Who(player, name, ask.get("account"))
            listener = None
            if conn is not None:
                listener = self._listener(table, process, conn, player)
                listener.ignored = frozenset(ask.get("ignored", ()))
            answer["answer"], answer["follows"] = await m.carry_out(table, listener, who, message)
        except Refusal as e:
            answer["error"] = {"code": e.code, "message": e.message, "extra": e.params}
        except Exception:
            failure = internal(log, "a forwarded message failed")
            answer["error"] = {"code": failure.code, "message": failure.message, "extra": {}}
        if rid is not None:
            self._send(process, answer)
        elif "error" in answer and conn is not None:  # a told move: its refusal to the connection
            error = answer["error"]
            self._refuse(process, conn, error["code"], error["message"], error["extra"])

    def _listener(
        self, table: TableTask, process: str, conn: str, player: str | None
    ) -> RemoteListener:
        """The listener standing in for another process's connection at ``table``."""
        if table.relay is None:
            table.relay = self
        key = (process, conn)
        listener = self.remote.get(key)
        if listener is None:
            listener = self.remote[key] = RemoteListener(self, process, conn, player)
        return listener

    def _refuse(
        self, process: str, conn: str, code: str, message: str, extra: dict[str, Any]
    ) -> None:
        """A told move's refusal, as the connection's ``error``."""
        frame = {"type": "error", "code": code, "message": message}
        self.push(process, conn, _encode({**frame, **extra}))

    def _told_act(self, ask: dict[str, Any]) -> bool:
        """A forwarded move nobody waits for, told to its table at once, as a local
        connection's is (server/ws.py): no task per move. False when it is not one, or
        the table is not here (then :meth:`_carry_out` answers it)."""
        msg = ask.get("msg")
        player = ask.get("player")
        if ask.get("rid") is not None or not isinstance(msg, dict) or msg.get("type") != "act":
            return False
        table = self.lobby.tables.get(msg.get("table", ""))
        if table is None or player is None:
            return False
        try:
            act = m.decoder.decode(_encode(msg))
            assert isinstance(act, m.Act)
            process, conn = ask["from"], ask["conn"]

            def refused(error: BaseException) -> None:
                if not isinstance(error, Refusal):
                    error = internal(log, "a forwarded move failed")
                self._refuse(process, conn, error.code, error.message, error.params)

            self.local.act(table, player, act, refused)
        except Exception:
            return False  # refused by the slow path, with its reason
        return True

    # Both sides: the streams --------------------------------------------------------------

    def _send(
        self, process: str, message: dict[str, Any], lost: Callable[[], None] | None = None
    ) -> None:
        self._queue.put_nowait(("x", STREAM + process, _encode(message), lost))

    async def _write(self) -> None:
        """Add the queued messages to their streams and publish the tables' frames, in
        order, all that is queued in one round trip."""
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for kind, key, data, _ in batch:
                        if kind == "p":
                            pipe.publish(key, data)
                        else:
                            pipe.xadd(key, {"m": data}, maxlen=STREAM_MAXLEN, approximate=True)
                    await pipe.execute()
            except Exception as e:
                # Redis is away: a move or a request sent gets its error now; what the
                # followers lost is resent when Redis is back (kroeg.cluster.recovery).
                log.warning("could not forward %d messages over Redis: %r", len(batch), e)
                for *_, lost in batch:
                    if lost is not None:
                        lost()
                await asyncio.sleep(0.2)

    async def _read(self) -> None:
        stream = STREAM + self.process
        last = "0-0"  # the stream is this process's alone: from its start
        while True:
            try:
                answer: Any = await self.redis.xread({stream: last}, block=1000, count=1000)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if not self.away:
                    log.warning("Redis is away (reading this process's stream): %r", e)
                self.away = True
                await asyncio.sleep(0.2)
                continue
            if self.away:
                self.away = False
                log.warning("Redis is back: resubscribing and resuming the followers")
                self._spawn(recover(self))
            for _, entries in answer or []:
                for entry_id, fields in entries:
                    last = entry_id
                    try:
                        self._receive(_decode(fields[b"m"]))  # the Redis client's bytes
                    except Exception:
                        log.exception("a message of this process's stream failed")

    async def _listen(self) -> None:
        """The channels of the tables this process's connections follow elsewhere."""
        deaf = False
        while True:
            if not self._subscribed.is_set():
                await self._subscribed.wait()
            try:
                message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if not deaf:  # once an outage, not every retry
                    log.warning("could not read the tables' channels; retrying: %r", e)
                deaf = True
                await asyncio.sleep(0.2)
                continue
            deaf = False
            if message is None or message.get("type") != "message":
                continue
            try:
                self._hear(message["channel"][len(CHANNEL) :].decode(), message["data"])
            except Exception:
                log.exception("a message of a table's channel failed")

    def _hear(self, table_id: str, data: bytes) -> None:
        """A table's frames for its audiences: each connection here that follows it gets
        its audience's (a seat's only its player), each version once and in order."""
        watchers = self.watching.get(table_id)
        if not watchers:
            return
        for item in _decode_published(data):
            version = item.version
            for conn in watchers:
                followed = self.followed.get((conn, table_id))
                sink = self.sinks.get(conn)
                if sink is None or followed is None or followed.version is None:
                    continue  # its snapshot has not come yet: it is newer than this
                if version is None:
                    sink.send(bytes(item.frames[0][1]))
                    continue
                if version <= followed.version:
                    continue  # sent already, with a resume
                audience = audience_of(sink.player, item.seated)
                for to, frame in item.frames:
                    if to == audience:
                        followed.version = version
                        sink.send(bytes(frame))
                        break

    def _receive(self, message: Any) -> None:
        kind = message.get("t")
        if kind == "frames":
            for conn, frame in message["frames"]:
                sink = self.sinks.get(conn)
                if sink is None:
                    continue
                raw = _encode(frame)
                self._note_version(conn, raw)
                sink.send(raw)
        elif kind == "reply":
            reply = self._pending.get(message["rid"])
            if reply is None or reply.done():
                return
            error = message.get("error")
            if error is not None:
                reply.set_exception(TableError(error["code"], error["message"], **error["extra"]))
            else:
                reply.set_result((message.get("answer"), message.get("follows")))
        elif kind == "ask":
            if not self._told_act(message):
                asyncio.get_running_loop().create_task(self._carry_out(message))
        elif kind == "resync":
            tables = set(message["tables"])
            self._spawn(resume_followers(self, tables))
        elif kind == "player":
            frame = _encode(message["frame"])
            for sink in self.players(message["player"]):
                sink.send(frame)

    def _note_version(self, conn: str, frame: bytes) -> None:
        found = _VERSION.match(frame)
        if found is None:
            return
        followed = self.followed.get((conn, found[1].decode()))
        if followed is not None:
            followed.version = int(found[2])
