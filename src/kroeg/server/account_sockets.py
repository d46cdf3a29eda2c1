"""What an account event (kroeg.accounts.events) does to this process's sockets and the
tables' listeners here, whichever process published it (docs/cluster.md, "Account events").
"""

from __future__ import annotations

from kroeg.accounts.events import (
    AccountChanged,
    AccountDeleted,
    AccountEvent,
    BlocksChanged,
    Invited,
    SessionsRevoked,
)
from kroeg.server.registered import seat_as_account
from kroeg.server.runtime import Runtime

LOGGED_OUT = 4001
"""The close code of a websocket whose session was logged out (docs/protocol.md)."""


def listen(rt: Runtime) -> None:
    """Act on every account event of the server's bus."""

    async def handle(event: AccountEvent) -> None:
        await on_event(rt, event)

    rt.account_events.subscribe(handle)


async def on_event(rt: Runtime, event: AccountEvent) -> None:
    if isinstance(event, SessionsRevoked | AccountDeleted):
        for connection in list(rt.connections):
            if connection.player == event.player:
                connection.finish(LOGGED_OUT)
    elif isinstance(event, BlocksChanged):
        blocked = frozenset(event.blocked)
        for connection in rt.connections:
            if connection.player == event.player:
                connection.ignored = blocked
        if rt.router is not None:  # its sockets on other processes, at tables here
            rt.router.set_ignored(event.player, blocked)
    elif isinstance(event, AccountChanged):
        await seat_as_account(rt, event.player, event.name, event.kind)
    elif isinstance(event, Invited):
        for connection in rt.connections:
            if connection.player == event.player:
                connection.send_json(event.frame)
