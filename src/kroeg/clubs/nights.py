"""A night before its rounds and as its pages read it: created (a draft), its players
registered, opened (the schedule of every round drawn and stored), the night with its
schedule, the scorers' links, and a player's tables in the running online rounds."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any

from kroeg.clubs.access import ClubAccess
from kroeg.clubs.answers import night_json, online_json, seat_json
from kroeg.clubs.bar_boards import (
    MOVEMENTS,
    BarBoards,
    check_movement_night,
    is_movement_night,
    movement_rounds,
    night_movement,
)
from kroeg.clubs.byes import bye_rule, resting
from kroeg.clubs.duplicate_night import board_results, new_duplicate, others_at
from kroeg.clubs.errors import ClubError
from kroeg.clubs.names import clean_text, new_id
from kroeg.clubs.online import round_options
from kroeg.clubs.quotas import DAY, ClubQuotas, check_quota
from kroeg.clubs.schedule import schedule
from kroeg.clubs.scorer_tokens import ScorerTokens
from kroeg.clubs.sheets import resolve_options
from kroeg.games import game_class
from kroeg.store.club_writes import ClubWrites


class Nights:
    def __init__(
        self, access: ClubAccess, tokens: ScorerTokens, quotas: ClubQuotas, bar: BarBoards
    ) -> None:
        self.access = access
        self.tokens = tokens
        self.quotas = quotas
        self.bar = bar

    async def create_night(
        self, club_id: str, player_id: str, body: Mapping[str, Any]
    ) -> dict[str, Any]:
        await self.access.organiser(club_id, player_id)
        game = str(body["game"])
        variant = str(body["variant"])
        options = resolve_options(game, variant, body.get("options") or {})
        traits = game_class(game).traits_of(variant)
        low, high = traits.seats
        size = body.get("table_size") or traits.usual_seats
        if not low <= size <= high:
            raise ClubError("bad_table_size", f"{game} {variant} is played by {low} to {high}")
        pairs = bool(body.get("pairs"))
        if pairs and game != "klaverjassen":
            raise ClubError("bad_night", "a pair night is a klaverjas night")
        if body["mode"] == "online":
            round_options(game, options, body["deals_per_round"])  # bad_deals
        pairing = body.get("pairing") or "random"
        if pairing in MOVEMENTS:
            check_movement_night(body, pairs)
        if pairing == "swiss" and game == "klaverjassen" and not pairs:
            raise ClubError(
                "bad_night", "Swiss pairing at Klaverjassen pairs pairs: make it a pair night"
            )
        if pairing in MOVEMENTS and body.get("duplicate") is not None:
            raise ClubError(
                "bad_night", "a Mitchell or Howell night deals its own boards: not duplicate too"
            )
        byes, bye_score = bye_rule(body, game, body["mode"], body["deals_per_round"])
        if pairing in MOVEMENTS and body.get("byes") not in (None, "house"):
            raise ClubError("bad_byes", "a Mitchell or Howell movement seats every pair")
        if pairing in MOVEMENTS:
            byes = "house"
        duplicate = None
        if body.get("duplicate") is not None:
            rounds, per_round = body["rounds"], body["deals_per_round"]
            duplicate = new_duplicate(body["duplicate"], game, options, rounds, per_round)
        row = {
            "id": new_id("n"),
            "club_id": club_id,
            "title": clean_text(
                body.get("title") or f"{game} {time.strftime('%Y-%m-%d')}",
                "bad_night",
                "a night's title",
            ),
            "game": game,
            "variant": variant,
            "options": options,
            "table_size": size,
            "rounds": body["rounds"],
            "deals_per_round": body["deals_per_round"],
            "mode": body["mode"],
            "pairs": pairs,
            "seed": str(body.get("seed") or secrets.token_hex(8)),
            "status": "draft",
            "current_round": 0,
            "round_running": False,
            "changes": 0,
            "created_at": time.time(),
            "clock_seconds": body.get("clock_seconds"),
            "created_by": player_id,
            "pairing": pairing,
            "duplicate": duplicate,
            "byes": byes,
            "bye_score": bye_score,
        }
        async with self.access.locks[f"creator:{player_id}"]:
            now = row["created_at"] = time.time()
            made = await self.access.store.nights_created(player_id, now - DAY)
            check_quota(made, self.quotas.nights_per_day, DAY, now, "new nights per account")
            writes = ClubWrites()
            writes.add_night(row)
            await self.access.store.commit(writes)
        return await self.night(row["id"])

    async def register(
        self, night_id: str, player_id: str, member_id: str, partner_id: str | None
    ) -> dict[str, Any]:
        async with self.access.locks[night_id]:
            night = await self.access.night(night_id)
            await self.access.organiser(night["club_id"], player_id)
            if night["status"] != "draft":
                raise ClubError("night_open", "players register before the night opens")
            store = self.access.store
            members = {m["id"]: m for m in await store.members(night["club_id"])}
            registered = {r["member_id"]: r for r in await store.registrations(night_id)}
            for who in (member_id, partner_id):
                if who is not None and who not in members:
                    raise ClubError("unknown_member", f"{who!r} is not a member of the club")
                if who is not None and night["mode"] == "online":
                    check_online_player(members[who])
                if who is not None and who in registered:
                    raise ClubError(
                        "already_registered", f"{members[who]['name']} is already registered"
                    )
            if night["pairs"] != (partner_id is not None) or partner_id == member_id:
                raise ClubError(
                    "bad_pairs",
                    "on a pair night register a pair (two members), else one member",
                )
            now = time.time()
            writes = ClubWrites()
            writes.register(night_id, member_id, partner_id, now)
            if partner_id is not None:
                writes.register(night_id, partner_id, member_id, now)
            writes.count_change(night_id)
            await store.commit(writes)
        self.access.notify(night_id)
        return await self.night(night_id)

    async def open(self, night_id: str, player_id: str) -> dict[str, Any]:
        """Draw the schedule of every round (shown in advance) and open the night."""
        async with self.access.locks[night_id]:
            night = await self.access.night(night_id)
            await self.access.organiser(night["club_id"], player_id)
            if night["status"] != "draft":
                raise ClubError("night_open", "the night is already open")
            registered = await self.access.store.registrations(night_id)
            players = [r["member_id"] for r in registered]
            pairs = None
            if night["pairs"]:
                pairs = [
                    (r["member_id"], r["partner_id"])
                    for r in registered
                    if r["member_id"] < r["partner_id"]
                ]
            if is_movement_night(night):
                assert pairs is not None  # a movement night is a pair night
                moved = night_movement(night, len(pairs))
                rounds = movement_rounds(moved, pairs, night["seed"])
            else:
                # A Swiss night draws round 1 now; each later round when it starts.
                swiss = night["pairing"] == "swiss"
                rounds = schedule(
                    players,
                    1 if swiss else night["rounds"],
                    night["seed"],
                    table_size=night["table_size"],
                    partners=night["game"] == "klaverjassen",
                    pairs=pairs,
                    byes=night["byes"] != "house",
                )
            writes = ClubWrites()
            for number in range(1, night["rounds"] + 1):
                writes.add_round(night_id, number)
            for number, tables in enumerate(rounds, 1):
                for row in self.table_rows(night_id, number, tables):
                    writes.add_round_table(row)
                if night["byes"] != "house":
                    writes.sit_out(night_id, number, resting(players, tables))
            writes.open_night(night_id)
            writes.count_change(night_id)
            await self.access.store.commit(writes)
        self.access.notify(night_id)
        return await self.night(night_id)

    def table_rows(
        self, night_id: str, number: int, tables: Sequence[Sequence[str | None]]
    ) -> list[dict[str, Any]]:
        """The ``round_tables`` rows of round ``number``, each with its scorer's hash."""
        rows = []
        for index, seating in enumerate(tables, 1):
            table_id = new_id("r")
            rows.append(
                {
                    "id": table_id,
                    "night_id": night_id,
                    "round": number,
                    "number": index,
                    "seating": list(seating),
                    "secret_hash": self.tokens.token_hash(table_id),
                }
            )
        return rows

    async def night(self, night_id: str) -> dict[str, Any]:
        """The night, its players and its schedule (names; ``null`` is the house)."""
        night = await self.access.night(night_id)
        names = await self.access.names(night["club_id"])
        store = self.access.store
        registered = await store.registrations(night_id)
        tables = await store.round_tables(night_id)
        rounds = await store.rounds(night_id)
        boards = {t["id"]: await self.bar.table_boards(night, t) for t in tables}
        return {
            **night_json(night),
            "boards": await self.bar.published(night),
            "players": [
                {
                    "member": r["member_id"],
                    "name": names.get(r["member_id"], "?"),
                    "partner": r["partner_id"],
                    "left": r["left_at"] is not None,
                }
                for r in registered
            ],
            "schedule": [
                {
                    "round": r["number"],
                    "started": r["started_at"],
                    "finished": r["finished_at"],
                    "sitting_out": [seat_json(m, names) for m in (r["sitting_out"] or [])],
                    "tables": [
                        {
                            "number": t["number"],
                            "seats": [seat_json(s, names) for s in t["seating"]],
                            "boards": boards[t["id"]],
                            **online_json(t["online"]),
                        }
                        for t in tables
                        if t["round"] == r["number"]
                    ],
                }
                for r in rounds
            ],
        }

    async def scorer_links(self, night_id: str, player_id: str) -> dict[str, Any]:
        """Per table its scorer's token (the organiser prints the links and QR codes)."""
        night = await self.access.night(night_id)
        await self.access.organiser(night["club_id"], player_id)
        return {
            "tables": [
                {"round": t["round"], "number": t["number"], "token": self.tokens.token(t["id"])}
                for t in await self.access.store.round_tables(night_id)
            ]
        }

    async def my_tables(self, player_id: str) -> list[dict[str, Any]]:
        """The tables where ``player_id`` has a seat in the current (or last played)
        round of the open online nights."""
        store = self.access.store
        mine = []
        for night in await store.online_nights(running=False):
            members = {
                m["id"]
                for m in await store.members(night["club_id"])
                if m["player_id"] == player_id
            }
            tables = await store.round_tables(night["id"])
            for t in tables:
                if t["round"] != night["current_round"] or t["table_id"] is None:
                    continue
                for seat, member in enumerate(t["seating"]):
                    if member in members:
                        mine.append(
                            {
                                **_boards_of(night, tables, t),
                                "night": night["id"],
                                "title": night["title"],
                                "round": t["round"],
                                "number": t["number"],
                                "table": t["table_id"],
                                "seat": seat,
                                "over": bool((t["online"] or {}).get("over")),
                                "running": night["round_running"],
                            }
                        )
        return mine


def _boards_of(
    night: Mapping[str, Any], tables: Sequence[Mapping[str, Any]], table: Mapping[str, Any]
) -> dict[str, Any]:
    """On a duplicate night, the boards the table has played, each beside what the other
    tables that played it made of the same cards; nothing on another night."""
    duplicate = night.get("duplicate")
    if duplicate is None:
        return {}
    results = board_results(duplicate["per_round"], tables)
    return {"boards": others_at(results, table["round"], table["number"])}


def check_online_player(member: Mapping[str, Any]) -> None:
    """An online night seats accounts: a guest is refused (``guest_online``)."""
    if member["player_id"] is None:
        raise ClubError(
            "guest_online",
            f"{member['name']} is a guest: an online night seats accounts (a guest plays at "
            "the bar)",
        )
