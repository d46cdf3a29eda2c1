"""All the live tables of this server: creating them, finding them, and restarting them."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Mapping
from typing import Any

from kroeg.store import Store, TableRow
from kroeg.tables.config import make_config
from kroeg.tables.errors import TableError
from kroeg.tables.house import House
from kroeg.tables.table import Table, TableSettings

log = logging.getLogger(__name__)

PUBLIC_ID_BYTES = 4
PRIVATE_ID_BYTES = 16
"""A private table is found only by its invite, so its id is 128 random bits; a public
table is listed anyway and keeps a short id for its URL."""

BROKEN = "its log no longer replays"


class Lobby:
    def __init__(
        self, store: Store, house: House, settings: TableSettings, *, min_clock: float = 5.0
    ) -> None:
        self.store = store
        self.house = house
        self.settings = settings
        self.min_clock = min_clock
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, tuple[TableRow, str]] = {}
        """Tables that could not be rebuilt at start-up, and why: not served, reported
        (``/api/health``, the lobby) and refused with ``table_broken``."""

    async def load(self) -> None:
        """Rebuild every open table from the store; unfinished games continue from their log
        and the decision they wait for gets what was left of its clock (at least
        ``TableSettings.restart_min_clock``). A table that cannot be rebuilt is broken."""
        for row in await self.store.open_tables():
            try:
                config, game = make_config(
                    row.game,
                    row.variant,
                    row.options,
                    seats=row.seats,
                    clock_seconds=row.clock_seconds,
                    private=row.private,
                    public_records=row.public_records,
                    house_level=row.house_level,
                    min_clock=0.0,
                )
                table = Table(
                    row.id,
                    config,
                    game,
                    self.store,
                    self.house,
                    self.settings,
                    created_at=row.created_at,
                )
                running = await self.store.running_game(row.id)
                entries = [] if running is None else await self.store.log(running.id)
                table.number = len(await self.store.games_of(row.id))
                table.restore(row, running, entries, restarted=True)
            except Exception as e:
                log.exception("table %s could not be restored; it is marked broken", row.id)
                self.broken[row.id] = (row, f"{BROKEN} ({type(e).__name__})")
                continue
            self.tables[row.id] = table
            table.start()

    async def create(
        self,
        game: str,
        variant: str,
        options: Mapping[str, object] | None = None,
        *,
        seats: int | None = None,
        clock_seconds: float | None = None,
        private: bool = False,
        public_records: bool | None = None,
        house_level: str = "basis",
    ) -> Table:
        config, built = make_config(
            game,
            variant,
            options,
            seats=seats,
            clock_seconds=clock_seconds,
            private=private,
            public_records=public_records,
            house_level=house_level,
            min_clock=self.min_clock,
        )
        table_id = secrets.token_hex(PRIVATE_ID_BYTES if private else PUBLIC_ID_BYTES)
        rng = None
        if self.settings.test_seed is not None:
            rng = random.Random(self.settings.test_seed + len(self.tables))
        table = Table(
            table_id,
            config,
            built,
            self.store,
            self.house,
            self.settings,
            created_at=time.time(),
            rng=rng,
        )
        await self.store.create_table(
            TableRow(
                id=table_id,
                game=config.game,
                variant=config.variant,
                options=config.options,
                seats=config.seats,
                clock_seconds=config.clock_seconds,
                private=config.private,
                house_level=config.house_level,
                created_at=table.created_at,
                version=0,
                seating=table.seating(),
                public_records=config.public_records,
            )
        )
        self.tables[table_id] = table
        table.start()
        return table

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None and table_id in self.broken:
            raise TableError(
                "table_broken",
                f"the table {table_id} could not be rebuilt after a restart: "
                f"{self.broken[table_id][1]}; its finished games stay in the history",
                table=table_id,
            )
        if table is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}", table=table_id)
        return table

    def listed(self) -> list[dict[str, Any]]:
        return [t.summary() for t in self.tables.values() if not t.config.private]

    def broken_list(self, *, public_only: bool = False) -> list[dict[str, Any]]:
        """The broken tables; a private one without its id (an invite is its secret)."""
        return [
            {
                "id": None if row.private else row.id,
                "private": row.private,
                "game": row.game,
                "variant": row.variant,
                "reason": reason,
            }
            for row, reason in self.broken.values()
            if not (public_only and row.private)
        ]

    async def stop(self) -> None:
        await asyncio.gather(*(t.stop() for t in self.tables.values()))
