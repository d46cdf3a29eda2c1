"""An open night's rounds, as its organiser runs them: start the next round (online:
its tables open and play, :mod:`kroeg.clubs.online_rounds`), finish it, close the night,
and seat a replacement for a player who left."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from kroeg.clubs.access import ClubAccess
from kroeg.clubs.duplicate_night import valued
from kroeg.clubs.errors import ClubError
from kroeg.clubs.nights import Nights, check_online_player
from kroeg.clubs.online_rounds import OnlineRounds
from kroeg.clubs.results import Results
from kroeg.clubs.swiss_rounds import next_swiss_round
from kroeg.games import make_game
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.store.club_writes import ClubWrites
from kroeg.store.clubs import Row

log = logging.getLogger(__name__)


class Rounds:
    def __init__(self, access: ClubAccess, nights: Nights, results: Results) -> None:
        self.access = access
        self.nights = nights
        """The night as the answers show it."""
        self.results = results
        """The standings a Swiss night's next round is drawn by."""
        self.online: OnlineRounds | None = None
        """The online rounds, once the server's tables are there
        (:meth:`kroeg.clubs.service.ClubService.serve_tables`)."""
        self._valuing: set[asyncio.Task[None]] = set()

    async def start_round(self, night_id: str, player_id: str) -> dict[str, Any]:
        async with self.access.locks[night_id]:
            night = await self.access.open_night(night_id, player_id)
            if night["round_running"]:
                raise ClubError("round_running", f"round {night['current_round']} is still running")
            number = night["current_round"] + 1
            if number > night["rounds"]:
                raise ClubError("no_rounds_left", f"all {night['rounds']} rounds are played")
            writes = ClubWrites()
            writes.start_round(night_id, number, time.time())
            writes.count_change(night_id)
            drawn = None
            if night["pairing"] == "swiss" and number > 1:
                tables, resting = await next_swiss_round(self.access, self.results, night, number)
                if night["byes"] != "house":
                    writes.sit_out(night_id, number, resting)
                drawn = self.nights.table_rows(night_id, number, tables)
                for row in drawn:
                    writes.add_round_table(row)
            if night["mode"] == "online":
                writes.extend(await self._open_tables(night, number, drawn))
            await self.access.store.commit(writes)
        self.access.notify(night_id)
        return await self.nights.night(night_id)

    async def _open_tables(
        self, night: Row, number: int, drawn: list[dict[str, Any]] | None
    ) -> ClubWrites:
        """Open the round's tables: the stored ones, or those just ``drawn`` (a Swiss
        round, written in the same transaction)."""
        if self.online is None:
            raise ClubError("server_starting", "the server's tables are not there yet")
        store = self.access.store
        tables = drawn
        if tables is None:
            tables = [t for t in await store.round_tables(night["id"]) if t["round"] == number]
        members = {m["id"]: m for m in await store.members(night["club_id"])}
        return await self.online.open_tables(night, tables, members)

    async def finish_round(self, night_id: str, player_id: str) -> dict[str, Any]:
        async with self.access.locks[night_id]:
            night = await self.access.open_night(night_id, player_id)
            if not night["round_running"]:
                raise ClubError("no_round_running", "no round is running")
            writes = ClubWrites()
            writes.finish_round(night_id, night["current_round"], time.time())
            await self.access.store.commit(writes)
        self.access.notify(night_id)
        return await self.nights.night(night_id)

    async def close(self, night_id: str, player_id: str) -> dict[str, Any]:
        async with self.access.locks[night_id]:
            night = await self.access.open_night(night_id, player_id)
            writes = ClubWrites()
            now = time.time()
            if night["round_running"]:
                writes.finish_round(night_id, night["current_round"], now)
            writes.close_night(night_id, now)
            writes.count_change(night_id)
            await self.access.store.commit(writes)
        self.access.notify(night_id)
        if night.get("duplicate") is not None and valued(night["options"]):
            task = asyncio.get_running_loop().create_task(self._value_boards(night_id))
            self._valuing.add(task)
            task.add_done_callback(self._valuing.discard)
        return await self.nights.night(night_id)

    async def _value_boards(self, night_id: str) -> None:
        """After a duplicate night's close: each board's double-dummy value for every
        contract played (:mod:`kroeg.clubs.board_values`), solved in a thread, stored
        with the night's board set; the pages redraw."""
        try:
            night = await self.access.night(night_id)
            tables = await self.access.store.round_tables(night_id)
            game = make_game("klaverjassen", night["variant"], night["options"])
            assert isinstance(game, Klaverjassen)
            duplicate = night["duplicate"]
            # Imported here: the solver loads numba, which nothing else of a night needs.
            from kroeg.clubs.board_values import night_values

            values = await asyncio.to_thread(night_values, duplicate, game, tables)
            async with self.access.locks[night_id]:
                writes = ClubWrites()
                writes.set_duplicate(night_id, {**duplicate, "values": values})
                writes.count_change(night_id)
                await self.access.store.commit(writes)
        except Exception:
            log.exception("club night %s: its boards' values were not worked out", night_id)
            return
        self.access.notify(night_id)

    async def replace(
        self, night_id: str, player_id: str, out: str, replacement: str
    ) -> dict[str, Any]:
        """``replacement`` takes ``out``'s seat from the running round on (or the next):
        the seat's points of that round go to the replacement (docs/clubs.md)."""
        async with self.access.locks[night_id]:
            night = await self.access.open_night(night_id, player_id)
            store = self.access.store
            members = {m["id"]: m for m in await store.members(night["club_id"])}
            registered = {r["member_id"]: r for r in await store.registrations(night_id)}
            if out not in registered or registered[out]["left_at"] is not None:
                raise ClubError("unknown_member", f"{out!r} does not play tonight")
            if replacement not in members:
                raise ClubError("unknown_member", f"{replacement!r} is not a member of the club")
            online = night["mode"] == "online"
            if online:
                check_online_player(members[replacement])
            if replacement in registered:
                raise ClubError(
                    "player_on_two_tables", "the replacement already plays tonight: one seat each"
                )
            # Online, the running round's game keeps its seats: the house plays for the
            # player who left, and the replacement sits down from the next round.
            running = night["round_running"] and not online
            first = night["current_round"] if running else night["current_round"] + 1
            now = time.time()
            writes = ClubWrites()
            writes.leave(night_id, out, now)
            writes.register(night_id, replacement, registered[out]["partner_id"], now)
            for table in await store.round_tables(night_id):
                if table["round"] >= first and out in table["seating"]:
                    seating = [replacement if s == out else s for s in table["seating"]]
                    writes.reseat(table["id"], seating)
            for r in await store.rounds(night_id):
                if r["number"] >= first and out in (r["sitting_out"] or []):
                    resting = [replacement if m == out else m for m in r["sitting_out"]]
                    writes.sit_out(night_id, r["number"], resting)
            writes.count_change(night_id)
            await store.commit(writes)
        self.access.notify(night_id)
        return await self.nights.night(night_id)
