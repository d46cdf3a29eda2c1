"""What happens to an account that every server process must act on (docs/cluster.md,
"Account events"): its sessions revoked everywhere, its deletion, a change of whom it
blocks, a change of its kind or name (registered, turned into a bot), an invitation for it.

An event is published once, by the process that served the request, on an
:class:`AccountEvents` bus; every process's subscribers act on it for what they hold
(their sockets, their tables' listeners and seats). One process uses
:class:`LocalAccountEvents`; several use the Redis one (kroeg.cluster.account_events),
which also runs the publisher's own subscribers at once, so a request's own process has
acted before it answers.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import msgspec

log = logging.getLogger(__name__)


class SessionsRevoked(msgspec.Struct, tag="revoked"):
    """Every session of the player was revoked (log out everywhere): its sockets close."""

    player: str


class AccountDeleted(msgspec.Struct, tag="deleted"):
    """The player's account was deleted (its sessions with it): its sockets close."""

    player: str


class BlocksChanged(msgspec.Struct, tag="blocks"):
    """Whom the player blocks now (all of them): their chat no longer reaches the
    player's sockets, nor the player's listeners at the tables (kroeg.accounts.social)."""

    player: str
    blocked: list[str]


class AccountChanged(msgspec.Struct, tag="account"):
    """The player's account has this name and kind now (a guest registered, an account
    became a bot): its sockets and seats take them at once."""

    player: str
    name: str
    kind: str


class Invited(msgspec.Struct, tag="invite"):
    """An invitation for the player: the ``invite`` frame for each of its sockets
    (kroeg.server.invites)."""

    player: str
    frame: dict[str, Any]


AccountEvent = SessionsRevoked | AccountDeleted | BlocksChanged | AccountChanged | Invited

Handler = Callable[[AccountEvent], Awaitable[None]]


class AccountEvents(Protocol):
    """The bus: ``publish`` once, and every process's subscribers hear it once."""

    def subscribe(self, handler: Handler) -> None: ...

    async def publish(self, event: AccountEvent) -> None: ...

    async def start(self) -> None: ...

    async def stop(self) -> None: ...


class Subscribers:
    """The handlers of one process, each told every event; a failing handler is logged
    and the others still hear it."""

    def __init__(self) -> None:
        self._handlers: list[Handler] = []

    def add(self, handler: Handler) -> None:
        self._handlers.append(handler)

    async def tell(self, event: AccountEvent) -> None:
        for handler in self._handlers:
            try:
                await handler(event)
            except Exception:
                log.exception("an account event's handler failed: %r", event)


class LocalAccountEvents:
    """One process: publishing is telling this process's subscribers."""

    def __init__(self) -> None:
        self.subscribers = Subscribers()

    def subscribe(self, handler: Handler) -> None:
        self.subscribers.add(handler)

    async def publish(self, event: AccountEvent) -> None:
        await self.subscribers.tell(event)

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None
