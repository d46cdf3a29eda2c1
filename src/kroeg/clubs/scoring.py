"""The scorer's sheet at the bar (docs/clubs.md, "At the bar: Mieke"): the sheet behind a
table's link, a new line, and a correction (or withdrawal) that keeps every version.

A score line keeps the id its phone gave it, so a phone that syncs again after being
offline gets ``duplicate_entry`` and nothing is counted twice.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from kroeg.clubs.access import ClubAccess
from kroeg.clubs.answers import night_json, seat_json
from kroeg.clubs.bar_boards import BarBoards, check_board
from kroeg.clubs.errors import ClubError
from kroeg.clubs.quotas import MINUTE, ClubQuotas, check_quota
from kroeg.clubs.scorer_tokens import ScorerTokens
from kroeg.clubs.sheets import TableSheet, score_sheet
from kroeg.store.club_writes import ClubWrites
from kroeg.store.clubs import Row
from kroeg.store.errors import DuplicateKey

ENTRY_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


class ScoreSheets:
    def __init__(
        self, access: ClubAccess, tokens: ScorerTokens, quotas: ClubQuotas, bar: BarBoards
    ) -> None:
        self.access = access
        self.tokens = tokens
        self.quotas = quotas
        self.bar = bar
        """A movement night's boards: its lines are for the boards the table held."""

    async def _scorer_table(self, token: str) -> tuple[Row, Row]:
        table_id = self.tokens.table_of(token)
        table = None if table_id is None else await self.access.store.round_table(table_id)
        if table is None:
            raise ClubError("unknown_sheet", "this score link is not valid")
        return table, await self.access.night(table["night_id"])

    async def sheet(self, token: str) -> dict[str, Any]:
        table, night = await self._scorer_table(token)
        return await self._sheet_json(table, night)

    async def add_entry(
        self, token: str, entry_id: str, deal: int, line: Mapping[str, Any], by: str
    ) -> dict[str, Any]:
        table, night = await self._scorer_table(token)
        store = self.access.store
        async with self.access.locks[night["id"]]:
            night = await self.access.night(night["id"])
            _check_entry_id(entry_id)
            if await store.entry(entry_id) is not None:
                raise _duplicate(entry_id)
            _check_scoring(night, table)
            boards = await self.bar.table_boards(night, table)
            if boards is not None:
                check_board(deal, boards, table)
            elif not 1 <= deal <= night["deals_per_round"]:
                raise ClubError(
                    "bad_deal", f"a round has deals 1 to {night['deals_per_round']}, not {deal}"
                )
            current = await self._current_lines(night["id"], table["id"])
            if deal in current:
                raise ClubError(
                    "deal_taken", f"deal {deal} already has a line: correct that one instead"
                )
            check_sheet(night, table, {**current, deal: dict(line)})
            now = time.time()
            writes = ClubWrites()
            writes.add_entry(entry_id, table["id"], night["id"], deal, now)
            writes.add_change(entry_id, entry_id, night["id"], line, by, now)
            writes.count_change(night["id"])
            try:
                await store.commit(writes)
            except DuplicateKey:  # the same id from another process at once
                raise _duplicate(entry_id) from None
        self.access.notify(night["id"])
        return await self._sheet_json(table, night)

    async def correct(
        self,
        token: str,
        entry_id: str,
        change_id: str,
        line: Mapping[str, Any] | None,
        by: str,
    ) -> dict[str, Any]:
        """A new version of a line (``None``: withdrawn); the old versions are kept."""
        table, night = await self._scorer_table(token)
        store = self.access.store
        async with self.access.locks[night["id"]]:
            night = await self.access.night(night["id"])
            _check_entry_id(change_id)
            if await store.change(change_id) is not None:
                raise _duplicate(change_id)
            entry = await store.entry(entry_id)
            if entry is None or entry["round_table_id"] != table["id"]:
                raise ClubError("unknown_entry", f"this table has no line {entry_id!r}")
            _check_scoring(night, table)
            await self._check_corrections(night["id"], table["id"])
            current = await self._current_lines(night["id"], table["id"])
            current.pop(entry["deal"], None)
            if line is not None:
                current[entry["deal"]] = dict(line)
            check_sheet(night, table, current)
            writes = ClubWrites()
            writes.add_change(change_id, entry_id, night["id"], line, by, time.time())
            writes.count_change(night["id"])
            await store.commit(writes)
        self.access.notify(night["id"])
        return await self._sheet_json(table, night)

    async def _check_corrections(self, night_id: str, table_id: str) -> None:
        """The sheet's corrections in the last minute (an entry's first version is not
        one: its change has the entry's id) against the quota."""
        store = self.access.store
        on_table = {
            e["id"] for e in await store.entries(night_id) if e["round_table_id"] == table_id
        }
        times = [
            c["at"]
            for c in await store.changes(night_id)
            if c["entry_id"] in on_table and c["id"] != c["entry_id"]
        ]
        limit = self.quotas.corrections_per_minute
        check_quota(times, limit, MINUTE, time.time(), "corrections of a sheet")

    async def _current_lines(self, night_id: str, table_id: str) -> dict[int, dict[str, Any]]:
        """The table's lines as they stand now, by deal (withdrawn lines left out)."""
        entries = {e["id"]: e for e in await self.access.store.entries(night_id)}
        latest: dict[str, Any] = {}
        for change in await self.access.store.changes(night_id):
            if entries[change["entry_id"]]["round_table_id"] == table_id:
                latest[change["entry_id"]] = change["line"]
        return {entries[eid]["deal"]: line for eid, line in latest.items() if line is not None}

    async def _sheet_json(self, table: Row, night: Row) -> dict[str, Any]:
        store = self.access.store
        names = await self.access.names(night["club_id"])
        night = await self.access.night(night["id"])
        table = await store.round_table(table["id"]) or table
        entries = {
            e["id"]: e
            for e in await store.entries(night["id"])
            if e["round_table_id"] == table["id"]
        }
        history: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
        for change in await store.changes(night["id"]):
            if change["entry_id"] in entries:
                history[change["entry_id"]].append(
                    {
                        "id": change["id"],
                        "line": change["line"],
                        "by": change["by"],
                        "at": change["at"],
                    }
                )
        lines = {
            e["deal"]: history[eid][-1]["line"]
            for eid, e in entries.items()
            if history[eid][-1]["line"] is not None
        }
        sheet = check_sheet(night, table, lines)
        scored = dict(zip(sorted(lines), sheet.lines, strict=True))
        return {
            "night": night_json(night),
            "round": table["round"],
            "table": table["number"],
            "seats": [seat_json(s, names) for s in table["seating"]],
            "boards": await self.bar.table_boards(night, table),
            "entries": sorted(
                (
                    {
                        "id": eid,
                        "deal": e["deal"],
                        "line": history[eid][-1]["line"],
                        "scored": scored.get(e["deal"]) if history[eid][-1]["line"] else None,
                        "history": history[eid],
                    }
                    for eid, e in entries.items()
                ),
                key=lambda item: (item["deal"], item["id"]),
            ),
            "totals": sheet.totals,
            "over": sheet.over,
        }


def check_sheet(night: Row, table: Row, lines: Mapping[int, Mapping[str, Any]]) -> TableSheet:
    """Score a table's lines in deal order; a line that does not fit raises ClubError."""
    ordered: Sequence[Mapping[str, Any]] = [lines[d] for d in sorted(lines)]
    return score_sheet(
        night["game"], night["variant"], night["options"], len(table["seating"]), ordered
    )


def _check_scoring(night: Row, table: Row) -> None:
    if night["mode"] == "online":
        raise ClubError("online_night", "an online night's tables keep their own score")
    if night["status"] == "closed":
        raise ClubError("night_closed", "the night is closed: no more score lines")
    if night["status"] != "open" or table["round"] > night["current_round"]:
        raise ClubError("round_not_started", f"round {table['round']} has not started")


def _check_entry_id(entry_id: str) -> None:
    if not ENTRY_ID.fullmatch(entry_id):
        raise ClubError("bad_entry_id", "an entry id has 8 to 64 letters, digits, - or _")


def _duplicate(entry_id: str) -> ClubError:
    return ClubError("duplicate_entry", f"entry {entry_id} is already on the sheet")
