"""A night's standings (per round and in total, from the tables' sheets or, online, the
games' own stands) and a club's season (each member's best nights)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from kroeg.clubs.access import ClubAccess
from kroeg.clubs.answers import night_json
from kroeg.clubs.bar_boards import BarBoards, is_movement_night
from kroeg.clubs.bar_scoring import bar_duplicate_json, bar_results
from kroeg.clubs.byes import with_byes
from kroeg.clubs.duplicate import season_percentages
from kroeg.clubs.duplicate_night import standings_json
from kroeg.clubs.errors import ClubError
from kroeg.clubs.scoring import check_sheet
from kroeg.clubs.sheets import HIGHER_IS_BETTER
from kroeg.clubs.standings import night_standings, season_standings, table_points
from kroeg.store.clubs import Row


class Results:
    def __init__(self, access: ClubAccess, bar: BarBoards) -> None:
        self.access = access
        self.bar = bar
        """A movement night's movement, for its boards' matchpoints."""

    async def standings(self, night_id: str) -> dict[str, Any]:
        night = await self.access.night(night_id)
        names = await self.access.names(night["club_id"])
        per_round = await self.round_points(night)
        higher = HIGHER_IS_BETTER[night["game"]]
        rows = night_standings(per_round, higher_is_better=higher)
        tables = await self.access.store.round_tables(night_id)
        house = _house_rounds(tables, night["current_round"])
        byes = _bye_rounds(await self.access.store.rounds(night_id), night["current_round"])
        duplicate = night.get("duplicate")
        return {
            "night": night_json(night),
            "duplicate": (
                await self._bar_duplicate(night, tables, names)
                if duplicate is None
                else standings_json(duplicate, tables, names)
            ),
            "higher_is_better": higher,
            "standings": [
                {
                    "member": s.player,
                    "name": names.get(s.player, "?"),
                    "total": s.total,
                    "rounds": list(s.rounds),
                    "rank": s.rank,
                    "house_rounds": house.get(s.player, []),
                    "bye_rounds": byes.get(s.player, []),
                }
                for s in rows
            ],
        }

    async def _lines(self, night: Row) -> dict[str, dict[int, dict[str, Any]]]:
        """Per round table's id its sheet's lines as they stand, by deal (withdrawn
        lines left out)."""
        store = self.access.store
        entries = {e["id"]: e for e in await store.entries(night["id"])}
        latest: dict[str, Any] = {}
        for change in await store.changes(night["id"]):
            latest[change["entry_id"]] = change["line"]
        by_table: defaultdict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
        for eid, line in latest.items():
            if line is not None:
                by_table[entries[eid]["round_table_id"]][entries[eid]["deal"]] = line
        return by_table

    async def _bar_duplicate(
        self, night: Row, tables: Sequence[Row], names: Mapping[str, str]
    ) -> dict[str, Any] | None:
        """A movement night's boards scored against the other tables that held them."""
        if not is_movement_night(night) or night["status"] == "draft":
            return None
        moved = await self.bar.movement_of(night)
        lines = await self._lines(night)
        scores = {}
        for table in tables:
            mine = lines.get(table["id"], {})
            sheet = check_sheet(night, table, mine)
            scores[table["id"]] = dict(
                zip(sorted(mine), (line["score"] for line in sheet.lines), strict=True)
            )
        results = bar_results(tables, scores)
        out = bar_duplicate_json(results, moved, night["deals_per_round"], names)
        # The set's commitment (whole after the close): an online duplicate night has it
        # in the night's own JSON, a movement night's set is derived (bar_boards).
        out["set"] = await self.bar.published(night)
        return out

    async def round_points(self, night: Row) -> list[dict[str, int]]:
        """Per round started, each player's points from the tables' sheets."""
        tables = await self.access.store.round_tables(night["id"])
        by_table = await self._lines(night)
        out: list[dict[str, int]] = [{} for _ in range(night["current_round"])]
        for table in tables:
            if table["round"] > night["current_round"]:
                continue
            if table["online"] is not None:
                points = table_points(table["seating"], table["online"]["totals"])
                out[table["round"] - 1].update(points)
                continue
            sheet = check_sheet(night, table, by_table.get(table["id"], {}))
            out[table["round"] - 1].update(table_points(table["seating"], sheet.totals))
        if night["byes"] == "house":
            return out
        rounds = (await self.access.store.rounds(night["id"]))[: len(out)]
        resting = [r["sitting_out"] or [] for r in rounds]
        finished = [r["finished_at"] is not None for r in rounds]
        return with_byes(out, resting, finished, night["byes"], night["bye_score"])

    async def season(self, club_id: str) -> dict[str, Any]:
        club = await self.access.club(club_id)
        names = await self.access.names(club_id)
        nights = [n for n in await self.access.store.nights_of(club_id) if n["status"] == "closed"]
        games = {n["game"] for n in nights}
        if len(games) > 1:
            raise ClubError("mixed_games", "a season adds up nights of one game")
        higher = HIGHER_IS_BETTER[games.pop()] if games else True
        totals = []
        for night in nights:
            per_round = await self.round_points(night)
            totals.append(
                {s.player: s.total for s in night_standings(per_round, higher_is_better=higher)}
            )
        rows = season_standings(totals, best=club["season_best"], higher_is_better=higher)
        return {
            "club": club_id,
            "best": club["season_best"],
            "nights": len(nights),
            "duplicate": await self._duplicate_season(nights, names, club["season_best"]),
            "standings": [
                {
                    "member": s.player,
                    "name": names.get(s.player, "?"),
                    "total": s.total,
                    "counted": list(s.counted),
                    "nights": s.nights,
                    "rank": s.rank,
                }
                for s in rows
            ],
        }

    async def _duplicate_season(
        self, nights: Sequence[Row], names: dict[str, str], best: int
    ) -> list[dict[str, Any]]:
        """The club's duplicate ranking: each member's best ``best`` closed duplicate
        nights' percentages, averaged (``nights``: how many counted). An online duplicate
        night and a movement night at the bar (Mitchell, Howell) count alike."""
        percents = []
        for night in nights:
            tables = await self.access.store.round_tables(night["id"])
            if night.get("duplicate") is not None:
                players = standings_json(night["duplicate"], tables, names)["players"]
            elif (bar := await self._bar_duplicate(night, tables, names)) is not None:
                players = bar["players"]
            else:
                continue
            percents.append({p["member"]: p["percent"] for p in players})
        return [
            {
                "member": s.pair,
                "name": names.get(s.pair, "?"),
                "percent": round(s.percent, 2),
                "nights": s.boards,
                "rank": s.rank,
            }
            for s in season_percentages(percents, best=best)
        ]


def _bye_rounds(rounds: Sequence[Row], current: int) -> dict[str, list[int]]:
    """Per player the rounds started so far that they sat out ("rust")."""
    out: defaultdict[str, list[int]] = defaultdict(list)
    for r in rounds:
        if r["number"] <= current:
            for member in r["sitting_out"] or []:
                out[member].append(r["number"])
    return dict(out)


def _house_rounds(tables: Sequence[Row], current: int) -> dict[str, list[int]]:
    """Per player the online rounds where the house played for them ("door het huis
    gespeeld": they dropped out, and their seat's points still count for them)."""
    rounds: defaultdict[str, list[int]] = defaultdict(list)
    for table in tables:
        if table["online"] is None or table["round"] > current:
            continue
        for seat in table["online"]["house_played"]:
            member = table["seating"][seat]
            if member is not None:
                rounds[member].append(table["round"])
    return {member: sorted(r) for member, r in rounds.items()}
