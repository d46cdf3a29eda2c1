"""What a process does when Redis answers again after an outage (docs/cluster.md, "Redis
away": "Its connections"). Pub/sub never redelivers what was published while a process
could not hear it, so the versions of that time are sent again over the streams:

- this process resubscribes to the channels of the tables its connections follow
  elsewhere (redis-py subscribes again once the pub/sub connection is back, which a
  ``PING`` forces), then resumes each such connection at the table's owner from the
  newest version it was sent: it gets what it missed, or a snapshot;
- it tells every process whose connections follow a table it owns to do the same for
  those tables (a ``resync``): what it published meanwhile was lost for them too.

Moves sent meanwhile were answered at once with ``table_unreachable`` when their write
failed (kroeg.cluster.routing, ``_write``): a move gets an error, never silence.
"""

from __future__ import annotations

import contextlib
import logging
from collections import defaultdict
from typing import TYPE_CHECKING

from kroeg.errors import Refusal
from kroeg.tables import protocol as m
from kroeg.tables.port import who_of

if TYPE_CHECKING:
    from kroeg.cluster.routing import Router

log = logging.getLogger(__name__)


async def recover(router: Router) -> None:
    """Redis is back: resubscribe, resume this process's followers of tables elsewhere,
    and ask the other processes to resume theirs of the tables this process owns."""
    with contextlib.suppress(Exception):
        await router.pubsub.ping()  # reconnects: redis-py subscribes to every channel again
    elsewhere: dict[str, set[str]] = defaultdict(set)
    for table in router.lobby.tables.values():
        for listener in table.listeners:
            process = getattr(listener, "process", None)
            if router.relays(listener) and process is not None:
                elsewhere[process].add(table.id)
    for process, tables in elsewhere.items():
        router.resync(process, sorted(tables))
    await resume_followers(router)


async def resume_followers(router: Router, tables: set[str] | None = None) -> None:
    """Resume each connection of this process that follows a table elsewhere (of
    ``tables``, or any) at its owner, from the newest version it was sent."""
    resumed = 0
    for (conn, table_id), followed in list(router.followed.items()):
        if tables is not None and table_id not in tables:
            continue
        sink = router.sinks.get(conn)
        who = None if sink is None else who_of(sink)
        if sink is None or who is None or not followed.owner:
            continue  # gone, or moving: the owners' check resumes it at the new owner
        resume: m.Resume | m.Watch = (
            m.Watch(table=table_id)
            if followed.version is None
            else m.Resume(table=table_id, version=followed.version)
        )
        try:
            await router.ask_owner(followed.owner, conn, who, sink, resume)
            resumed += 1
        except Refusal as e:  # the owner changed meanwhile: the owners' check resumes it
            log.info("could not resume a follower of %s: %s", table_id, e.code)
    if resumed:
        log.info("resumed %d followers after Redis came back", resumed)
