"""What the running server holds: the store, the sessions, the lobby, the connections."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from redis.asyncio import Redis

from kroeg.accounts.events import AccountEvents, LocalAccountEvents
from kroeg.accounts.passkeys import Ceremonies, CeremonyStore
from kroeg.accounts.rating_store import rate_on_finish
from kroeg.accounts.sessions import SESSION_RENEW, Sessions, Tokens
from kroeg.clubs.house_sets import HouseSets
from kroeg.clubs.quotas import ClubQuotas
from kroeg.clubs.service import ClubService
from kroeg.cluster.account_events import RedisAccountEvents
from kroeg.cluster.ceremonies import SharedCeremonies
from kroeg.cluster.directory import Directory
from kroeg.cluster.owner import Owner
from kroeg.cluster.quick import RedisQuickLines
from kroeg.cluster.routing import Router
from kroeg.cluster.tables import ClusterTables
from kroeg.server.bot_conduct import SUSPENDED, TIMEOUT_WINDOW, TIMEOUTS, Conduct, send_off
from kroeg.server.connection import Connection
from kroeg.server.limits import Limits
from kroeg.server.puzzle_mining import FinishedGameMiner
from kroeg.server.settings import ServerSettings
from kroeg.store import Store, open_store
from kroeg.tables.house import House, start_bot_house
from kroeg.tables.lobby import Lobby
from kroeg.tables.port import LocalTables, Tables
from kroeg.tables.quick import QuickMatch
from kroeg.tables.state import TableSettings

log = logging.getLogger(__name__)

RESTART_NOTICE = "the server restarts; reconnect in a few seconds"

TOKEN_SWEEP = 3600.0
"""Seconds between two deletions of the bots' dead tokens (Sessions.forget_dead_tokens)."""


class Runtime:
    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.connections: set[Connection] = set()
        self.limits = Limits(
            guests_per_minute=settings.guests_per_minute,
            tables_per_minute=settings.tables_per_minute,
            sockets_per_address=settings.sockets_per_address,
            sockets_per_player=settings.sockets_per_player,
            logins_per_address=settings.logins_per_address,
            logins_per_name=settings.logins_per_name,
            chat_per_player=settings.chat_per_player,
            chat_per_address=settings.chat_per_address,
        )
        self.closing = False
        self.conduct = Conduct()
        """The bots disconnected for misbehaviour, and who is suspended."""
        self._store: Store | None = None
        self._sessions: Sessions | None = None
        self._lobby: Lobby | None = None
        self._tables: Tables | None = None
        self._quick: QuickMatch | None = None
        self._clubs: ClubService | None = None
        self._house_sets: HouseSets | None = None
        self.house = House()
        self.miner: FinishedGameMiner | None = None
        self.redis: Redis | None = None
        self.owner: Owner | None = None
        self.router: Router | None = None
        """With several server processes (docs/cluster.md): the tables owned elsewhere."""
        self.ceremonies: CeremonyStore = Ceremonies()
        """The passkey ceremonies under way (kroeg.accounts.passkeys); in Redis with
        several server processes, whose calls of one ceremony may reach two of them."""
        self.directory: Directory | None = None
        """With several server processes: the open tables and presence of all of them."""
        self._token_sweep: asyncio.Task[None] | None = None
        self.account_events: AccountEvents = LocalAccountEvents()
        """Sessions revoked, blocks, ... (kroeg.accounts.events): over Redis to every
        process with several; its subscribers are the server's (kroeg.server.account_sockets),
        subscribed once the runtime started."""

    @property
    def store(self) -> Store:
        assert self._store is not None, "the server has not started"
        return self._store

    @property
    def sessions(self) -> Sessions:
        assert self._sessions is not None, "the server has not started"
        return self._sessions

    @property
    def clubs(self) -> ClubService:
        assert self._clubs is not None, "the server has not started"
        return self._clubs

    @property
    def tables(self) -> Tables:
        """The Tables port (kroeg.tables.port): every table by its id, wherever it lives;
        the cluster's with several processes, else this process's lobby."""
        assert self._tables is not None, "the server has not started"
        return self._tables

    @property
    def house_sets(self) -> HouseSets:
        assert self._house_sets is not None, "the server has not started"
        return self._house_sets

    @property
    def lobby(self) -> Lobby:
        assert self._lobby is not None, "the server has not started"
        return self._lobby

    @property
    def quick(self) -> QuickMatch:
        assert self._quick is not None, "the server has not started"
        return self._quick

    async def start(self) -> None:
        """Open the store (migrating it) and rebuild every open table from its log."""
        self._store = await open_store(self.settings.database_url)
        rate_on_finish(self._store)
        self.miner = FinishedGameMiner(self)
        self.miner.register()
        ttl = self.settings.session_days * 24 * 3600
        self._sessions = Sessions(
            self._store,
            ttl=ttl,
            renew_after=min(SESSION_RENEW, ttl / 10),
            legacy=Tokens(await self._store.secret()),
        )
        quotas = ClubQuotas(
            clubs_per_day=self.settings.clubs_per_day,
            nights_per_day=self.settings.nights_per_day,
            corrections_per_minute=self.settings.corrections_per_minute,
        )
        self._clubs = ClubService(self._store, await self._store.secret(), quotas)
        table_settings = TableSettings(
            house_delay=self.settings.house_delay,
            deal_pause=self.settings.deal_pause,
            history=self.settings.history,
            test_seed=self.settings.test_seed,
            restart_min_clock=self.settings.restart_min_clock,
            on_bot_timeout=self._bot_timed_out,
        )
        if self.settings.test_seed is not None:
            log.warning("KROEG_TEST_SEED is set: shuffles are repeatable, NOT for real play")
        if self.settings.house_bots:
            self.house = await start_bot_house()
        self._lobby = Lobby(
            self._store, self.house, table_settings, min_clock=self.settings.min_clock
        )
        if self.settings.redis_url is not None and self._store.backend != "sqlite":
            await self._join_cluster(self.settings.redis_url)
            assert self.router is not None
            self._tables = ClusterTables(self._lobby, self.router)
        else:
            self._tables = LocalTables(self._lobby)
            if self.settings.redis_url is not None:
                log.warning("KROEG_REDIS_URL is ignored: with SQLite the server is one process")
            await self._lobby.load()
            log.info("kroeg started: %d tables restored", len(self._lobby.tables))
        await self._clubs.serve_tables(self._lobby)
        seconds = self.settings.queue_seconds
        lines = None if self.redis is None else RedisQuickLines(self.redis, seconds)
        self._quick = QuickMatch(self._lobby, seconds, lines)
        self._house_sets = HouseSets(self._store, self._lobby, self.settings.house_set_boards)
        await self._house_sets.resume()
        self._lobby.start_closing_idle(self.settings.idle_close)
        self._token_sweep = asyncio.get_running_loop().create_task(self._sweep_tokens())

    async def _sweep_tokens(self) -> None:
        """Delete the bots' tokens revoked or expired 30 days ago: now, then every
        :data:`TOKEN_SWEEP` seconds (docs/security.md, "API tokens")."""
        while True:
            try:
                await self.sessions.forget_dead_tokens()
            except Exception:
                log.exception("could not delete the dead API tokens")
            await asyncio.sleep(TOKEN_SWEEP)

    def _bot_timed_out(self, player: str) -> None:
        """A bot's clock ran out at one of its tables (kroeg.server.bot_conduct): too
        often, and its connections here are told why and closed; disconnected too often,
        and it is suspended. Counted even when it has no connection: it misbehaved."""
        if not self.conduct.timeout(player):
            return
        message = f"disconnected: {TIMEOUTS} time-outs within {TIMEOUT_WINDOW:g} seconds"
        if self.conduct.offence(player):
            message += SUSPENDED
        for connection in list(self.connections):
            if connection.player == player and connection.bot and not connection.closed:
                send_off(connection, message)

    async def _join_cluster(self, redis_url: str) -> None:
        """Share the tables with the other processes (docs/cluster.md): take over the
        tables nobody owns (the owner's first scan) and route the rest."""
        assert self._lobby is not None and self._store is not None
        self.redis = Redis.from_url(redis_url)
        await self.redis.ping()
        self.ceremonies = SharedCeremonies(self.redis)
        ttl = self.settings.lease_ttl
        self.owner = Owner(self.redis, self._store, self._lobby, ttl=ttl, renew_every=ttl / 5)
        self.account_events = RedisAccountEvents(self.redis, self.owner.process)
        await self.account_events.start()
        self.router = Router(self.redis, self.owner.process, self._lobby)
        self.owner.on_lost = self.router.follow_moved
        self.router.start()
        self.directory = Directory(
            self.redis,
            self._store,
            self._lobby,
            self.owner.process,
            lambda: (c.player for c in self.connections),
            ttl=3 * ttl,
        )
        await self.owner.scan()
        self.owner.start()
        self.directory.start(ttl / 5)
        log.info(
            "kroeg started as %s: %d tables taken over", self.owner.process, len(self._lobby.tables)
        )

    async def listed(self) -> list[dict[str, Any]]:
        """The open public tables: of every process in a cluster, else of this one."""
        if self.directory is not None:
            return await self.directory.listed()
        return self.lobby.listed()

    async def online(self) -> set[str]:
        """The players with an open connection: to any process in a cluster."""
        here = {c.player for c in self.connections if c.player is not None}
        if self.directory is not None:
            return here | await self.directory.online()
        return here

    async def announce_restart(self) -> None:
        """Before a shutdown: stop the tables, say goodbye to every client, let it drain."""
        if self.closing:
            return
        self.closing = True
        if self.directory is not None:
            await self.directory.stop()
        if self.owner is not None:
            await self.owner.stop(release=True)  # the others take the tables over at once
        if self._lobby is not None:
            await self._lobby.stop()
        for connection in list(self.connections):
            connection.send_json(
                {"type": "bye", "reason": "restart", "message": RESTART_NOTICE, "now": time.time()}
            )
            connection.finish(1012)
        deadline = time.monotonic() + 2.0
        while any(c.queue for c in self.connections) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    async def stop(self) -> None:
        await self.announce_restart()
        if self._token_sweep is not None:
            self._token_sweep.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._token_sweep
        if self.router is not None:
            await self.router.stop()
        await self.account_events.stop()
        if self.redis is not None:
            await self.redis.aclose()
        if self.miner is not None:
            await self.miner.close()
        await self.house.close()
        if self._store is not None:
            await self._store.close()
