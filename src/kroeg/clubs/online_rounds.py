"""A club night's online rounds at the server's tables (docs/clubs.md, "Online rounds").

Starting a round opens one private, unrated table per scheduled table with the night's
game, variant and options and the round's length (:func:`kroeg.clubs.online.round_options`),
seats the registered players with their accounts (the house keeps the schedule's house
seats), and starts its game. Each table tells us (``TableTask.on_progress``) when a deal ended
or a player was taken out; what its game stands at then (each seat's total, the deals
played, who the house took over, whether it is over) is stored on the round's table
(``round_tables.online``) and the night's standings, big screen and changes follow. When
every table's game of the round is over, the round is finished.

A restart loses nothing: the tables rebuild their games from their logs, and
:meth:`OnlineRounds.resume` hooks the running round's tables again and records where each
game stands now (a deal that ended just before the restart included).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any

from kroeg import accounts
from kroeg.clubs.access import ClubAccess
from kroeg.clubs.duplicate_night import table_secret
from kroeg.clubs.errors import ClubError
from kroeg.clubs.online import round_options, seat_totals
from kroeg.store.club_writes import ClubWrites
from kroeg.store.clubs import Row
from kroeg.tables.commands import Sit, Start
from kroeg.tables.errors import TableError
from kroeg.tables.lobby import Lobby
from kroeg.tables.task import TableTask

log = logging.getLogger(__name__)


class OnlineRounds:
    def __init__(self, access: ClubAccess, lobby: Lobby) -> None:
        self.access = access
        self.lobby = lobby
        self._tasks: set[asyncio.Task[None]] = set()
        lobby.on_adopt.append(self._adopted)

    async def open_tables(
        self, night: Row, tables: Sequence[Row], members: Mapping[str, Row]
    ) -> ClubWrites:
        """Open, seat and start the round's tables; the writes that record them.
        Called under the night's lock, so no deal's record is written before them."""
        options = round_options(night["game"], night["options"], night["deals_per_round"])
        writes = ClubWrites()
        for planned in tables:
            try:
                table = await self._open(night, planned, options, members)
            except TableError as e:
                raise ClubError("table_refused", f"table {planned['number']}: {e}") from e
            self._hook(night, planned, table)
            writes.play_online(planned["id"], table.id, _stand(night["game"], table))
        return writes

    async def _open(
        self, night: Row, planned: Row, options: Mapping[str, Any], members: Mapping[str, Row]
    ) -> TableTask:
        table = await self.lobby.create(
            night["game"],
            night["variant"],
            options,
            seats=len(planned["seating"]),
            clock_seconds=night["clock_seconds"],
            private=True,
            bots_allowed=False,
            rated=False,
            boards=_boards(night, planned["round"]),
        )
        first: str | None = None
        for seat, member in enumerate(planned["seating"]):
            if member is None:
                continue  # the house's seat
            player = members[member]["player_id"]
            kind = await accounts.kind_of(self.access.accounts_store, player)
            await table.ask(Sit(player, members[member]["name"], seat, account=kind))
            first = first or player
        assert first is not None, "every table of a schedule has a player"
        await table.ask(Start(first))
        return table

    async def resume(self) -> None:
        """After a start: hook the running rounds' tables again and record where their
        games stand now."""
        for night in await self.access.store.online_nights(running=True):
            for planned in await self.access.store.round_tables(night["id"]):
                if planned["round"] != night["current_round"] or planned["table_id"] is None:
                    continue
                table = self.lobby.tables.get(planned["table_id"])
                if table is None:
                    log.info("club table %s is served by another process", planned["table_id"])
                    continue
                self._hook(night, planned, table)
                if table.state is not None:
                    stand = _stand(night["game"], table)
                    self._spawn(self.record(night["id"], planned["id"], stand))

    def _adopted(self, table: TableTask) -> None:
        """A table this process took over (from one that died, docs/cluster.md) or
        rebuilt: if it plays a running round, hook it as :meth:`resume` does."""
        self._spawn(self._rehook(table))

    async def _rehook(self, table: TableTask) -> None:
        planned = await self.access.store.round_table_at(table.id)
        if planned is None:
            return
        for night in await self.access.store.online_nights(running=True):
            if night["id"] == planned["night_id"] and night["current_round"] == planned["round"]:
                self._hook(night, planned, table)
                if table.state is not None:
                    stand = _stand(night["game"], table)
                    await self.record(night["id"], planned["id"], stand)

    def _hook(self, night: Row, planned: Row, table: TableTask) -> None:
        """Told in the table's task: read the stand there, store it in a task of ours. A
        duplicate night's table is given its round's boards again (after a restart the
        table does not know it deals boards until told)."""
        night_id, round_table = night["id"], planned["id"]
        boards = _boards(night, planned["round"])
        if boards is not None:
            table.deal_boards(boards)

        def on_progress(t: TableTask) -> None:
            self._spawn(self.record(night_id, round_table, _stand(t.config.game, t)))

        table.on_progress = on_progress

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def record(self, night_id: str, round_table: str, stand: dict[str, Any]) -> None:
        """Store a table's stand (never one older than stored); finish the round when
        its last game is over."""
        try:
            async with self.access.locks[night_id]:
                await self._record(night_id, round_table, stand)
        except Exception:
            log.exception("club night %s: table %s's stand was not recorded", night_id, round_table)
            return
        self.access.notify(night_id)

    async def _record(self, night_id: str, round_table: str, stand: dict[str, Any]) -> None:
        store = self.access.store
        planned = await store.round_table(round_table)
        night = await store.night(night_id)
        if planned is None or night is None or night["status"] == "closed":
            return  # a closed night's standings stay as they were closed
        old = planned["online"] or {}
        if old.get("over") or _progress(old) > _progress(stand):
            return
        writes = ClubWrites()
        writes.record_stand(round_table, stand)
        writes.count_change(night_id)
        running = night["round_running"] and planned["round"] == night["current_round"]
        if stand["over"] and running:
            others = [
                p
                for p in await store.round_tables(night_id)
                if p["round"] == planned["round"] and p["id"] != round_table
            ]
            if all((p["online"] or {}).get("over") for p in others):
                writes.finish_round(night_id, night["current_round"], time.time())
        await store.commit(writes)


def _boards(night: Row, round_no: int) -> bytes | None:
    """The secret of a duplicate night's round, whose boards its tables deal."""
    duplicate = night.get("duplicate")
    return None if duplicate is None else table_secret(duplicate, round_no)


def _stand(game_name: str, table: TableTask) -> dict[str, Any]:
    """Where the table's game stands, read at once (no await: the game cannot move
    meanwhile)."""
    game, state = table.game, table.state
    taken_out = sorted(table.seating.left)
    summaries = game.deal_summaries(state)
    stand: dict[str, Any] = {
        "totals": seat_totals(
            game_name,
            game.option_values,
            len(table.seats),
            game.standings(state),
            summaries,
            taken_out,
        ),
        "deals": len(summaries),
        "house_played": taken_out,
        "over": game.is_over(state),
    }
    if game_name == "klaverjassen":  # each deal's score per team: a duplicate board's result
        stand["scores"] = [list(s["score"]) for s in summaries]
        stand["contracts"] = [[s["declarer"], s["trump"]] for s in summaries]
    return stand


def _progress(stand: Mapping[str, Any]) -> tuple[int, int, bool]:
    return (
        int(stand.get("deals", 0)),
        len(stand.get("house_played", [])),
        bool(stand.get("over")),
    )
