"""The Tables port of a process among several (docs/cluster.md, "The Tables port").

A request for a table this process holds is carried out here, as by the port of one
process (:class:`~kroeg.tables.port.LocalTables`); any other goes to the table's owner
through Redis (:class:`~kroeg.cluster.routing.Router`), which answers alike: the table's
answer, or its refusal (``unknown_table`` when no process holds it, ``table_moving``
while it is between two owners). The server never knows which happened.
"""

from __future__ import annotations

from typing import Any

from kroeg.cluster.routing import Router
from kroeg.tables import protocol as m
from kroeg.tables.lobby import Lobby
from kroeg.tables.port import LocalTables, Sink, followed


class ClusterTables:
    def __init__(self, lobby: Lobby, router: Router) -> None:
        self.lobby = lobby
        self.local = LocalTables(lobby)
        self.router = router

    def _here(self, table_id: str) -> bool:
        return table_id in self.lobby.tables or table_id in self.lobby.broken

    async def ask(self, request: Any, who: m.Who | None = None, sink: Sink | None = None) -> Any:
        if self._here(request.table):
            return await self.local.ask(request, who, sink)
        answer, follows = await self.router.forward(request, sink, who)
        followed(sink, request.table, follows)
        return answer

    def tell(self, act: m.Act, sink: Sink) -> None:
        if act.table in self.lobby.tables:
            self.local.tell(act, sink)
        elif sink.player is None:
            sink.error("not_authenticated", "send hello first", table=act.table)
        else:
            self.router.tell(sink, act)  # its refusal comes back as an error

    async def watch(self, request: m.Watch | m.Resume, sink: Sink) -> None:
        await self.ask(request, sink=sink)

    async def unwatch(self, table_id: str, sink: Sink) -> None:
        if table_id in self.lobby.tables:
            await self.local.unwatch(table_id, sink)
            return
        sink.tables.discard(table_id)
        await self.router.gone(sink, table_id)
