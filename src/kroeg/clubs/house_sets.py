"""Duplicate against the house, the service (docs/clubs.md, "Duplicate tegen het huis"):
a person starts a set of boards at a private table where the house holds the other three
seats, and reads each board beside ``meester``'s line with the same cards in the same
seat (:mod:`kroeg.clubs.against_house`).

The set is a board set dealt from a fresh secret (:func:`kroeg.clubs.boards.deal_boards`,
one round), committed to when it starts; its table deals the round's boards as a
duplicate night's table does (``Lobby.create(boards=...)``), so the table's hand record
verifies as any other. The person sits in seat 0 (NS, the house their partner in seat 2).

As the table plays, its [NS, EW] score per deal is kept in ``house_sets.played``; each
board played gets ``meester``'s line, worked out in a thread (a few seconds of CPU a
board, never on the event loop) and kept in ``lines``; once every board has both, the
set's percentage is stored, and the profile shows it. Reading a set brings it up to date
too. After a restart (:meth:`HouseSets.resume`) and when this process takes a set's table
over from one that died (``Lobby.on_adopt``, docs/cluster.md), the table is told its boards
and hooked again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import defaultdict
from typing import Any

from kroeg import accounts
from kroeg.clubs.against_house import compare, meester_scores, set_percent
from kroeg.clubs.boards import deal_boards, round_secret
from kroeg.clubs.errors import ClubError
from kroeg.store.house_sets import HouseSetStore, Row
from kroeg.store.store import Store
from kroeg.tables.commands import Sit, Start
from kroeg.tables.lobby import Lobby
from kroeg.tables.task import TableTask

log = logging.getLogger(__name__)

VARIANT = "nku"
SEAT = 0
BOARD_COUNTS = (4, 8, 12, 16)
"""A set is one klaverjas game of these lengths (``game_length``); 16 by default."""


class HouseSets:
    def __init__(self, store: Store, lobby: Lobby, boards: int = 16) -> None:
        if boards not in BOARD_COUNTS:
            raise ValueError(f"a set against the house has 4, 8, 12 or 16 boards, not {boards}")
        self.store = store
        self.sets = HouseSetStore(store)
        self.lobby = lobby
        self.boards = boards
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()
        lobby.on_adopt.append(self._adopted)

    def options(self) -> dict[str, Any]:
        return {"game_length": f"{self.boards}_deals"}

    async def start(self, player: str, name: str, open_limit: int | None = None) -> Row:
        """A new set for ``player``: its table created, the player seated in seat 0 and
        the game started; the set as :meth:`results` shows it."""
        made = deal_boards(self.boards)
        assert made.secret is not None
        table = await self.lobby.create(
            "klaverjassen",
            VARIANT,
            self.options(),
            seats=4,
            private=True,
            house_level="meester",
            creator=player,
            open_limit=open_limit,
            rated=False,
            boards=round_secret(made.secret, 1),
        )
        set_id = secrets.token_hex(12)
        await self.sets.add(
            {
                "id": set_id,
                "player_id": player,
                "table_id": table.id,
                "seat": SEAT,
                "count": self.boards,
                "secret": made.secret.hex(),
                "commitment": made.commitment,
                "played": [],
                "lines": {},
                "percent": None,
                "created_at": time.time(),
                "finished_at": None,
            }
        )
        self._hook(set_id, table)
        kind = await accounts.kind_of(self.store, player)
        await table.ask(Sit(player, name, SEAT, account=kind))
        await table.ask(Start(player))
        return await self.results(player, set_id)

    async def results(self, player: str, set_id: str) -> Row:
        """The set, brought up to date: each board compared so far (both scores, the
        difference, its percentage) and the set's percentage; once finished, the set's
        secret, so that its boards can be checked against the commitment. Only its
        player reads it (another player's set is ``unknown_house_set``, as one that does
        not exist)."""
        row = await self.sets.get(set_id)
        if row is None or row["player_id"] != player:
            raise ClubError("unknown_house_set", f"no set against the house {set_id!r} of yours")
        row = await self.refresh(set_id) or row
        boards = compare(row["seat"], row["played"], _lines(row))
        return {
            "id": row["id"],
            "table": row["table_id"],
            "seat": row["seat"],
            "count": row["count"],
            "commitment": row["commitment"],
            "played": len(row["played"]),
            "boards": [b.json() for b in boards],
            "percent": row["percent"] if row["percent"] is not None else set_percent(boards),
            "finished": row["percent"] is not None,
            "secret": row["secret"] if row["percent"] is not None else None,
        }

    async def profile(self, player: str) -> dict[str, Any]:
        """What the profile shows: the player's finished sets and their average."""
        done = await self.sets.finished_of(player)
        average = sum(r["percent"] for r in done) / len(done) if done else None
        return {
            "sets": [{"id": r["id"], "boards": r["count"], "percent": r["percent"]} for r in done],
            "average": average,
        }

    async def running(self, player: str) -> list[dict[str, Any]]:
        """The player's sets not finished yet, newest first, for the way back to their
        tables (a set's table is private: the lobby's list of tables does not show it)."""
        return [
            {"id": r["id"], "table": r["table_id"], "count": r["count"], "played": len(r["played"])}
            for r in await self.sets.running_of(player)
        ]

    async def refresh(self, set_id: str) -> Row | None:
        """Store the table's new deal scores and ``meester``'s line of every board
        played; the percentage once all are compared. The row as stored after."""
        async with self._locks[set_id]:
            row = await self.sets.get(set_id)
            if row is None or row["percent"] is not None:
                return row
            table = self.lobby.tables.get(row["table_id"])
            played = list(row["played"])
            if table is not None and table.state is not None and table.table.number == 1:
                scores = [list(s["score"]) for s in table.game.deal_summaries(table.state)]
                if len(scores) > len(played):
                    played = scores[: row["count"]]
                    await self.sets.update(set_id, played=played)
            lines = dict(row["lines"])
            made = deal_boards(row["count"], bytes.fromhex(row["secret"]))
            for n in range(1, len(played) + 1):
                if str(n) not in lines:
                    board = made.board(n)
                    line = await asyncio.to_thread(meester_scores, board, VARIANT, self.options())
                    lines[str(n)] = list(line)
                    await self.sets.update(set_id, lines=lines)
            values: dict[str, Any] = {}
            if len(played) == row["count"] and len(lines) == row["count"]:
                compared = compare(row["seat"], played, {int(k): v for k, v in lines.items()})
                values = {"percent": set_percent(compared), "finished_at": time.time()}
                await self.sets.update(set_id, **values)
            return {**row, "played": played, "lines": lines, **values}

    async def resume(self) -> None:
        """After a start: each unfinished set's table that this process rebuilt is told
        again that it deals boards (a table made before migration 0026 has no secret
        in its row) and hooked, and the set brought up to date."""
        for row in await self.sets.unfinished():
            table = self.lobby.tables.get(row["table_id"])
            if table is None:
                continue
            self._rehook(row, table)

    def _adopted(self, table: TableTask) -> None:
        """A table this process took over (from one that died, docs/cluster.md) or
        rebuilt: if an unfinished set plays at it, hook it again as :meth:`resume` does."""
        task = asyncio.get_running_loop().create_task(self._rehook_adopted(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rehook_adopted(self, table: TableTask) -> None:
        try:
            rows = await self.sets.unfinished(table.id)
        except Exception:
            log.exception("table %s: its set against the house not looked up", table.id)
            return
        if rows and self.lobby.tables.get(table.id) is table:
            self._rehook(rows[0], table)

    def _rehook(self, row: Row, table: TableTask) -> None:
        """Tell ``row``'s table its boards again (its row has them since migration
        0026; a table made before has not), hook it, and bring the set up to date."""
        table.deal_boards(round_secret(bytes.fromhex(row["secret"]), 1))
        self._hook(row["id"], table)
        self._spawn(row["id"])

    def _hook(self, set_id: str, table: TableTask) -> None:
        def on_progress(t: TableTask) -> None:
            self._spawn(set_id)

        table.on_progress = on_progress

    def _spawn(self, set_id: str) -> None:
        task = asyncio.get_running_loop().create_task(self._refresh_logged(set_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh_logged(self, set_id: str) -> None:
        try:
            await self.refresh(set_id)
        except Exception:
            log.exception("set against the house %s: not brought up to date", set_id)


def _lines(row: Row) -> dict[int, list[int]]:
    return {int(k): v for k, v in row["lines"].items()}
