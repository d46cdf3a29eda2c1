"""The Tables port: how the server reaches a table by its id, wherever it lives (DESIGN.md,
"Live tables"; docs/cluster.md, "The Tables port").

The server asks, tells, watches and unwatches by table id and never asks where a table
is: one process implements the port with its lobby (:class:`LocalTables`), several with
the cluster, which carries what is for a table owned elsewhere to its owner
(kroeg.cluster.tables). Both answer alike: a table nobody holds is ``unknown_table``,
one between two owners ``table_moving`` (retry after ``retry_after`` seconds).

A connection (a :class:`Sink`) that comes to follow a table through the port has the
table's id in its ``tables``, and loses it when it stops following; so a closing
connection unwatches exactly those.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from kroeg.errors import Refusal
from kroeg.tables import commands as t
from kroeg.tables import protocol as m
from kroeg.tables.errors import internal
from kroeg.tables.lobby import Lobby
from kroeg.tables.task import TableTask

log = logging.getLogger(__name__)


@runtime_checkable
class Sink(Protocol):
    """A connection as the tables see it: a player, and a place to send frames to
    (kroeg.server.connection's ``Connection`` is one)."""

    player: str | None
    name: str | None
    account: str | None
    """The kind of the connection's account (``person``, ``bot``); None for a guest."""
    ignored: frozenset[str]
    """The players the connection's person blocks (their chat is never sent to it)."""
    tables: set[str]
    """The tables the connection follows (kept by the port)."""

    def send(self, frame: bytes) -> None: ...

    def hears(self, player: str) -> bool: ...

    def error(self, code: str, message: str, **extra: Any) -> None: ...


def who_of(sink: Sink) -> m.Who | None:
    """The connection's player, or None before its ``hello``."""
    if sink.player is None or sink.name is None:
        return None
    return m.Who(sink.player, sink.name, sink.account)


def followed(sink: Sink | None, table_id: str, follows: bool | None) -> None:
    """Keep the connection's ``tables`` as a request's outcome says."""
    if sink is None or follows is None:
        return
    if follows:
        sink.tables.add(table_id)
    else:
        sink.tables.discard(table_id)


class Tables(Protocol):
    """The port: a request to a table by its id, wherever the table lives."""

    async def ask(self, request: Any, who: m.Who | None = None, sink: Sink | None = None) -> Any:
        """Carry ``request`` (a message of kroeg.tables.protocol's ``Request``) out for
        ``who`` (default: the sink's player) and answer it; a ``sit`` with a sink makes
        it follow the table, a ``leave`` or an ``unwatch`` stops it. A refusal is
        raised."""
        ...

    def tell(self, act: m.Act, sink: Sink) -> None:
        """A move nobody waits for (the fast path): its refusal reaches the sink as an
        ``error``, its result nowhere."""
        ...

    async def watch(self, request: m.Watch | m.Resume, sink: Sink) -> None:
        """The sink follows the table from now on: a snapshot, or the versions after the
        resume's, then every version."""
        ...

    async def unwatch(self, table_id: str, sink: Sink) -> None:
        """The sink no longer follows the table (a closing connection: whatever became
        of the table meanwhile)."""
        ...


class LocalTables:
    """The port of one process: every table is its lobby's."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    async def ask(self, request: Any, who: m.Who | None = None, sink: Sink | None = None) -> Any:
        if who is None and sink is not None:
            who = who_of(sink)
        table = self.lobby.get(request.table)
        answer, follows = await m.carry_out(table, sink, who, request)
        followed(sink, table.id, follows)
        return answer

    def tell(self, act: m.Act, sink: Sink) -> None:
        def refused(error: BaseException) -> None:
            report(sink, act.table, error)

        if sink.player is None:
            sink.error("not_authenticated", "send hello first", table=act.table)
            return
        try:
            self.act(self.lobby.get(act.table), sink.player, act, refused)
        except Refusal as e:
            refused(e)

    @staticmethod
    def act(
        table: TableTask, player: str, act: m.Act, refused: Callable[[BaseException], None]
    ) -> None:
        """The act fast path, the one place it is: the move goes into the table's inbox,
        nobody waits for it, a refusal goes to ``refused``."""
        table.tell(t.Act(player, act.version, act.action), refused)

    async def watch(self, request: m.Watch | m.Resume, sink: Sink) -> None:
        await self.ask(request, sink=sink)

    async def unwatch(self, table_id: str, sink: Sink) -> None:
        table = self.lobby.tables.get(table_id)
        sink.tables.discard(table_id)
        if table is not None:
            await table.ask(t.Unwatch(sink))


def report(sink: Sink, table_id: str | None, error: BaseException) -> None:
    """A request's failure as the connection's ``error``: a refusal as it is, anything
    else as ``internal``."""
    if not isinstance(error, Refusal):
        error = internal(log, "a told command failed")
    params = dict(error.params)
    if table_id is not None:
        params.setdefault("table", table_id)
    sink.error(error.code, error.message, **params)
