"""Club nights on the server: clubs, members, nights, rounds and the score lines kept at
the bar, on top of the pure :mod:`kroeg.clubs` functions and :mod:`kroeg.store.clubs`.

Every refusal is a :class:`~kroeg.clubs.errors.ClubError` and changes nothing: a night's
checks and its writes run under one lock per night, and the writes of one request are
one transaction. A score line keeps the id its phone gave it, so a phone that syncs
again after being offline gets ``duplicate_entry`` and nothing is counted twice
(docs/clubs.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from kroeg import accounts
from kroeg.clubs.errors import ClubError
from kroeg.clubs.online import round_options
from kroeg.clubs.quotas import DAY, MINUTE, ClubQuotas, check_quota
from kroeg.clubs.schedule import schedule
from kroeg.clubs.sheets import HIGHER_IS_BETTER, TableSheet, resolve_options, score_sheet
from kroeg.clubs.standings import night_standings, season_standings, table_points
from kroeg.games import game_class
from kroeg.server.club_rounds import OnlineRounds
from kroeg.store import Store, schema
from kroeg.store.clubs import ClubStore, Row, bump
from kroeg.tables.lobby import Lobby

ENTRY_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
HOUSE_NAME = "Huis"
MAX_DEALS = 32
MAX_MEMBERS = 1000
WAIT_SECONDS = 20.0


def _new_id(prefix: str) -> str:
    return prefix + secrets.token_hex(12)


class ClubNights:
    def __init__(self, store: Store, secret: str, quotas: ClubQuotas | None = None) -> None:
        self.quotas = quotas or ClubQuotas()
        self.accounts_store = store
        self.store = ClubStore(store.engine)
        self._secret = secret.encode()
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        """One per night (and ``club:<id>`` per club): its checks and writes in turn."""
        self._changed: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)
        self.online: OnlineRounds | None = None
        """The online rounds, once the server's tables are there (:meth:`serve_tables`)."""

    async def serve_tables(self, lobby: Lobby) -> None:
        """Play online rounds at ``lobby``'s tables; hook the running ones again."""
        self.online = OnlineRounds(self, lobby)
        await self.online.resume()

    # Who may -----------------------------------------------------------------------

    async def account(self, player_id: str) -> str:
        """The caller's account name; an organiser or member must have an account."""
        found = await accounts.of_player(self.accounts_store, player_id)
        if found is None:
            raise ClubError("not_an_account", "clubs need an account: register first")
        return found.name

    async def _club(self, club_id: str) -> Row:
        club = await self.store.club(club_id)
        if club is None:
            raise ClubError("unknown_club", f"there is no club {club_id!r}")
        return club

    async def _organiser(self, club_id: str, player_id: str) -> Row:
        club = await self._club(club_id)
        members = await self.store.members(club_id)
        if not any(m["player_id"] == player_id and m["role"] == "organiser" for m in members):
            raise ClubError("not_organiser", "only the club's organisers may do this")
        return club

    async def _night(self, night_id: str) -> Row:
        night = await self.store.night(night_id)
        if night is None:
            raise ClubError("unknown_night", f"there is no night {night_id!r}")
        return night

    # Clubs and members ---------------------------------------------------------------

    async def create_club(self, player_id: str, name: str, season_best: int) -> dict[str, Any]:
        account = await self.account(player_id)
        name = clean_text(name, "bad_club", "a club's name")
        club_id = _new_id("c")
        async with self.locks[f"creator:{player_id}"]:
            now = time.time()
            made = await self.store.clubs_created(player_id, now - DAY)
            check_quota(made, self.quotas.clubs_per_day, DAY, now, "new clubs per account")
            await self._write_club(club_id, name, season_best, player_id, account, now)
        return await self.club(club_id)

    async def _write_club(
        self, club_id: str, name: str, season_best: int, player_id: str, account: str, now: float
    ) -> None:
        await self.store.write(
            [
                sa.insert(schema.clubs).values(
                    id=club_id,
                    name=name,
                    season_best=season_best,
                    created_by=player_id,
                    created_at=now,
                ),
                sa.insert(schema.club_members).values(
                    id=_new_id("m"),
                    club_id=club_id,
                    player_id=player_id,
                    name=account,
                    role="organiser",
                    created_at=now,
                ),
            ]
        )

    async def club(self, club_id: str) -> dict[str, Any]:
        club = await self._club(club_id)
        members = await self.store.members(club_id)
        nights = await self.store.nights_of(club_id)
        return {
            "id": club["id"],
            "name": club["name"],
            "season_best": club["season_best"],
            "members": [_member_json(m) for m in members],
            "nights": [
                {"id": n["id"], "title": n["title"], "game": n["game"], "status": n["status"]}
                for n in nights
            ],
        }

    async def clubs_of(self, player_id: str) -> list[dict[str, Any]]:
        """The caller's clubs and their role in each (the organiser's pages start here)."""
        await self.account(player_id)
        return [
            {"id": r["id"], "name": r["name"], "role": r["role"]}
            for r in await self.store.clubs_of(player_id)
        ]

    async def add_member(
        self,
        club_id: str,
        player_id: str,
        *,
        account: str | None,
        guest: str | None,
        role: str,
    ) -> dict[str, Any]:
        """An account (by its name) or a guest entered by name; organisers are accounts."""
        async with self.locks["club:" + club_id]:
            await self._organiser(club_id, player_id)
            members = await self.store.members(club_id)
            if len(members) >= MAX_MEMBERS:
                raise ClubError("too_many_members", f"a club has at most {MAX_MEMBERS} members")
            if (account is None) == (guest is None):
                raise ClubError("bad_member", "give either an account name or a guest's name")
            member_player: str | None = None
            if account is not None:
                found = await accounts.by_name(self.accounts_store, account)
                if found is None:
                    raise ClubError("unknown_account", f"there is no account {account!r}")
                member_player, name = found.player_id, found.name
                if any(m["player_id"] == member_player for m in members):
                    raise ClubError("already_member", f"{name} is already a member")
            else:
                assert guest is not None
                name = clean_text(guest, "bad_member", "a guest's name")
                if role == "organiser":
                    raise ClubError("bad_member", "an organiser must be an account")
            row = {
                "id": _new_id("m"),
                "club_id": club_id,
                "player_id": member_player,
                "name": name,
                "role": role,
                "created_at": time.time(),
            }
            await self.store.write([sa.insert(schema.club_members).values(**row)])
            return _member_json(row)

    # Nights --------------------------------------------------------------------------

    async def create_night(
        self, club_id: str, player_id: str, body: Mapping[str, Any]
    ) -> dict[str, Any]:
        await self._organiser(club_id, player_id)
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
        row = {
            "id": _new_id("n"),
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
        }
        async with self.locks[f"creator:{player_id}"]:
            now = row["created_at"] = time.time()
            made = await self.store.nights_created(player_id, now - DAY)
            check_quota(made, self.quotas.nights_per_day, DAY, now, "new nights per account")
            await self.store.write([sa.insert(schema.club_nights).values(**row)])
        return await self.night(row["id"])

    async def register(
        self, night_id: str, player_id: str, member_id: str, partner_id: str | None
    ) -> dict[str, Any]:
        async with self.locks[night_id]:
            night = await self._night(night_id)
            await self._organiser(night["club_id"], player_id)
            if night["status"] != "draft":
                raise ClubError("night_open", "players register before the night opens")
            members = {m["id"]: m for m in await self.store.members(night["club_id"])}
            registered = {r["member_id"]: r for r in await self.store.registrations(night_id)}
            for who in (member_id, partner_id):
                if who is not None and who not in members:
                    raise ClubError("unknown_member", f"{who!r} is not a member of the club")
                if who is not None and night["mode"] == "online":
                    _check_online_player(members[who])
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
            statements: list[sa.Executable] = [
                sa.insert(schema.night_players).values(
                    night_id=night_id, member_id=member_id, partner_id=partner_id, registered_at=now
                )
            ]
            if partner_id is not None:
                statements.append(
                    sa.insert(schema.night_players).values(
                        night_id=night_id,
                        member_id=partner_id,
                        partner_id=member_id,
                        registered_at=now,
                    )
                )
            statements.append(bump(night_id))
            await self.store.write(statements)
        self.notify(night_id)
        return await self.night(night_id)

    async def open(self, night_id: str, player_id: str) -> dict[str, Any]:
        """Draw the schedule of every round (shown in advance) and open the night."""
        async with self.locks[night_id]:
            night = await self._night(night_id)
            await self._organiser(night["club_id"], player_id)
            if night["status"] != "draft":
                raise ClubError("night_open", "the night is already open")
            registered = await self.store.registrations(night_id)
            players = [r["member_id"] for r in registered]
            pairs = None
            if night["pairs"]:
                pairs = [
                    (r["member_id"], r["partner_id"])
                    for r in registered
                    if r["member_id"] < r["partner_id"]
                ]
            rounds = schedule(
                players,
                night["rounds"],
                night["seed"],
                table_size=night["table_size"],
                partners=night["game"] == "klaverjassen",
                pairs=pairs,
            )
            statements: list[sa.Executable] = []
            for number, tables in enumerate(rounds, 1):
                statements.append(
                    sa.insert(schema.night_rounds).values(night_id=night_id, number=number)
                )
                for index, seating in enumerate(tables, 1):
                    table_id = _new_id("r")
                    statements.append(
                        sa.insert(schema.round_tables).values(
                            id=table_id,
                            night_id=night_id,
                            round=number,
                            number=index,
                            seating=list(seating),
                            secret_hash=hashlib.sha256(
                                self.scorer_token(table_id).encode()
                            ).hexdigest(),
                        )
                    )
            n = schema.club_nights
            statements.append(sa.update(n).where(n.c.id == night_id).values(status="open"))
            statements.append(bump(night_id))
            await self.store.write(statements)
        self.notify(night_id)
        return await self.night(night_id)

    async def start_round(self, night_id: str, player_id: str) -> dict[str, Any]:
        async with self.locks[night_id]:
            night = await self._open_night(night_id, player_id)
            if night["round_running"]:
                raise ClubError("round_running", f"round {night['current_round']} is still running")
            number = night["current_round"] + 1
            if number > night["rounds"]:
                raise ClubError("no_rounds_left", f"all {night['rounds']} rounds are played")
            n, r = schema.club_nights, schema.night_rounds
            statements: list[sa.Executable] = [
                sa.update(n)
                .where(n.c.id == night_id)
                .values(current_round=number, round_running=True),
                sa.update(r)
                .where(r.c.night_id == night_id, r.c.number == number)
                .values(started_at=time.time()),
                bump(night_id),
            ]
            if night["mode"] == "online":
                statements.extend(await self._open_tables(night, number))
            await self.store.write(statements)
        self.notify(night_id)
        return await self.night(night_id)

    async def _open_tables(self, night: Row, number: int) -> list[sa.Executable]:
        if self.online is None:
            raise ClubError("server_starting", "the server's tables are not there yet")
        tables = [t for t in await self.store.round_tables(night["id"]) if t["round"] == number]
        members = {m["id"]: m for m in await self.store.members(night["club_id"])}
        return await self.online.open_tables(night, tables, members)

    def finish_statements(self, night: Row) -> list[sa.Executable]:
        """The writes that finish the night's running round."""
        return _finish_round(night)

    async def finish_round(self, night_id: str, player_id: str) -> dict[str, Any]:
        async with self.locks[night_id]:
            night = await self._open_night(night_id, player_id)
            if not night["round_running"]:
                raise ClubError("no_round_running", "no round is running")
            await self.store.write(_finish_round(night))
        self.notify(night_id)
        return await self.night(night_id)

    async def close(self, night_id: str, player_id: str) -> dict[str, Any]:
        async with self.locks[night_id]:
            night = await self._open_night(night_id, player_id)
            n = schema.club_nights
            statements = _finish_round(night) if night["round_running"] else []
            statements.append(
                sa.update(n)
                .where(n.c.id == night_id)
                .values(status="closed", closed_at=time.time(), round_running=False)
            )
            statements.append(bump(night_id))
            await self.store.write(statements)
        self.notify(night_id)
        return await self.night(night_id)

    async def replace(
        self, night_id: str, player_id: str, out: str, replacement: str
    ) -> dict[str, Any]:
        """``replacement`` takes ``out``'s seat from the running round on (or the next):
        the seat's points of that round go to the replacement (docs/clubs.md)."""
        async with self.locks[night_id]:
            night = await self._open_night(night_id, player_id)
            members = {m["id"]: m for m in await self.store.members(night["club_id"])}
            registered = {r["member_id"]: r for r in await self.store.registrations(night_id)}
            if out not in registered or registered[out]["left_at"] is not None:
                raise ClubError("unknown_member", f"{out!r} does not play tonight")
            if replacement not in members:
                raise ClubError("unknown_member", f"{replacement!r} is not a member of the club")
            online = night["mode"] == "online"
            if online:
                _check_online_player(members[replacement])
            if replacement in registered:
                raise ClubError(
                    "player_on_two_tables", "the replacement already plays tonight: one seat each"
                )
            # Online, the running round's game keeps its seats: the house plays for the
            # player who left, and the replacement sits down from the next round.
            running = night["round_running"] and not online
            first = night["current_round"] if running else night["current_round"] + 1
            t, p = schema.round_tables, schema.night_players
            now = time.time()
            statements: list[sa.Executable] = [
                sa.update(p)
                .where(p.c.night_id == night_id, p.c.member_id == out)
                .values(left_at=now),
                sa.insert(schema.night_players).values(
                    night_id=night_id,
                    member_id=replacement,
                    partner_id=registered[out]["partner_id"],
                    registered_at=now,
                ),
            ]
            for table in await self.store.round_tables(night_id):
                if table["round"] >= first and out in table["seating"]:
                    seating = [replacement if s == out else s for s in table["seating"]]
                    statements.append(
                        sa.update(t).where(t.c.id == table["id"]).values(seating=seating)
                    )
            statements.append(bump(night_id))
            await self.store.write(statements)
        self.notify(night_id)
        return await self.night(night_id)

    async def _open_night(self, night_id: str, player_id: str) -> Row:
        night = await self._night(night_id)
        await self._organiser(night["club_id"], player_id)
        if night["status"] == "draft":
            raise ClubError("night_not_open", "the night is not open yet")
        if night["status"] == "closed":
            raise ClubError("night_closed", "the night is closed")
        return night

    async def night(self, night_id: str) -> dict[str, Any]:
        """The night, its players and its schedule (names; ``null`` is the house)."""
        night = await self._night(night_id)
        names = await self._names(night["club_id"])
        registered = await self.store.registrations(night_id)
        tables = await self.store.round_tables(night_id)
        rounds = await self.store.rounds(night_id)
        return {
            **_night_json(night),
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
                    "tables": [
                        {
                            "number": t["number"],
                            "seats": [_seat_json(s, names) for s in t["seating"]],
                            **_online_json(t["online"]),
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
        night = await self._night(night_id)
        await self._organiser(night["club_id"], player_id)
        return {
            "tables": [
                {"round": t["round"], "number": t["number"], "token": self.scorer_token(t["id"])}
                for t in await self.store.round_tables(night_id)
            ]
        }

    async def my_tables(self, player_id: str) -> list[dict[str, Any]]:
        """The tables where ``player_id`` has a seat in the current (or last played)
        round of the open online nights."""
        mine = []
        for night in await self.store.online_nights(running=False):
            members = {
                m["id"]
                for m in await self.store.members(night["club_id"])
                if m["player_id"] == player_id
            }
            for t in await self.store.round_tables(night["id"]):
                if t["round"] != night["current_round"] or t["table_id"] is None:
                    continue
                for seat, member in enumerate(t["seating"]):
                    if member in members:
                        mine.append(
                            {
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

    async def _names(self, club_id: str) -> dict[str, str]:
        return {m["id"]: m["name"] for m in await self.store.members(club_id)}

    # The scorer's sheet ----------------------------------------------------------------

    def scorer_token(self, table_id: str) -> str:
        """A table's scorer link secret: derived from the server's secret, so the
        organiser can print it again, and checked without a lookup of the secret."""
        mac = hmac.new(self._secret, b"kroeg-scorer:" + table_id.encode(), hashlib.sha256)
        return f"{table_id}.{mac.hexdigest()[:32]}"

    async def _scorer_table(self, token: str) -> tuple[Row, Row]:
        table_id, _, _ = token.partition(".")
        if not hmac.compare_digest(token.encode(), self.scorer_token(table_id).encode()):
            raise ClubError("unknown_sheet", "this score link is not valid")
        table = await self.store.round_table(table_id)
        if table is None:
            raise ClubError("unknown_sheet", "this score link is not valid")
        return table, await self._night(table["night_id"])

    async def sheet(self, token: str) -> dict[str, Any]:
        table, night = await self._scorer_table(token)
        return await self._sheet_json(table, night)

    async def add_entry(
        self, token: str, entry_id: str, deal: int, line: Mapping[str, Any], by: str
    ) -> dict[str, Any]:
        table, night = await self._scorer_table(token)
        async with self.locks[night["id"]]:
            night = await self._night(night["id"])
            _check_entry_id(entry_id)
            if await self.store.entry(entry_id) is not None:
                raise _duplicate(entry_id)
            self._check_scoring(night, table)
            if not 1 <= deal <= night["deals_per_round"]:
                raise ClubError(
                    "bad_deal", f"a round has deals 1 to {night['deals_per_round']}, not {deal}"
                )
            current = await self._current_lines(night["id"], table["id"])
            if deal in current:
                raise ClubError(
                    "deal_taken", f"deal {deal} already has a line: correct that one instead"
                )
            _check_sheet(night, table, {**current, deal: dict(line)})
            now = time.time()
            try:
                await self.store.write(
                    [
                        sa.insert(schema.score_entries).values(
                            id=entry_id,
                            round_table_id=table["id"],
                            night_id=night["id"],
                            deal=deal,
                            created_at=now,
                        ),
                        sa.insert(schema.score_changes).values(
                            id=entry_id,
                            entry_id=entry_id,
                            night_id=night["id"],
                            line=dict(line),
                            by=by,
                            at=now,
                        ),
                        bump(night["id"]),
                    ]
                )
            except sa.exc.IntegrityError:  # the same id from another process at once
                raise _duplicate(entry_id) from None
        self.notify(night["id"])
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
        async with self.locks[night["id"]]:
            night = await self._night(night["id"])
            _check_entry_id(change_id)
            if await self.store.change(change_id) is not None:
                raise _duplicate(change_id)
            entry = await self.store.entry(entry_id)
            if entry is None or entry["round_table_id"] != table["id"]:
                raise ClubError("unknown_entry", f"this table has no line {entry_id!r}")
            self._check_scoring(night, table)
            await self._check_corrections(night["id"], table["id"])
            current = await self._current_lines(night["id"], table["id"])
            current.pop(entry["deal"], None)
            if line is not None:
                current[entry["deal"]] = dict(line)
            _check_sheet(night, table, current)
            await self.store.write(
                [
                    sa.insert(schema.score_changes).values(
                        id=change_id,
                        entry_id=entry_id,
                        night_id=night["id"],
                        line=None if line is None else dict(line),
                        by=by,
                        at=time.time(),
                    ),
                    bump(night["id"]),
                ]
            )
        self.notify(night["id"])
        return await self._sheet_json(table, night)

    async def _check_corrections(self, night_id: str, table_id: str) -> None:
        """The sheet's corrections in the last minute (an entry's first version is not
        one: its change has the entry's id) against the quota."""
        on_table = {
            e["id"] for e in await self.store.entries(night_id) if e["round_table_id"] == table_id
        }
        times = [
            c["at"]
            for c in await self.store.changes(night_id)
            if c["entry_id"] in on_table and c["id"] != c["entry_id"]
        ]
        limit = self.quotas.corrections_per_minute
        check_quota(times, limit, MINUTE, time.time(), "corrections of a sheet")

    def _check_scoring(self, night: Row, table: Row) -> None:
        if night["mode"] == "online":
            raise ClubError("online_night", "an online night's tables keep their own score")
        if night["status"] == "closed":
            raise ClubError("night_closed", "the night is closed: no more score lines")
        if night["status"] != "open" or table["round"] > night["current_round"]:
            raise ClubError("round_not_started", f"round {table['round']} has not started")

    async def _current_lines(self, night_id: str, table_id: str) -> dict[int, dict[str, Any]]:
        """The table's lines as they stand now, by deal (withdrawn lines left out)."""
        entries = {e["id"]: e for e in await self.store.entries(night_id)}
        latest: dict[str, Any] = {}
        for change in await self.store.changes(night_id):
            if entries[change["entry_id"]]["round_table_id"] == table_id:
                latest[change["entry_id"]] = change["line"]
        return {entries[eid]["deal"]: line for eid, line in latest.items() if line is not None}

    async def _sheet_json(self, table: Row, night: Row) -> dict[str, Any]:
        names = await self._names(night["club_id"])
        night = await self._night(night["id"])
        table = await self.store.round_table(table["id"]) or table
        entries = {
            e["id"]: e
            for e in await self.store.entries(night["id"])
            if e["round_table_id"] == table["id"]
        }
        history: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
        for change in await self.store.changes(night["id"]):
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
        sheet = _check_sheet(night, table, lines)
        scored = dict(zip(sorted(lines), sheet.lines, strict=True))
        return {
            "night": _night_json(night),
            "round": table["round"],
            "table": table["number"],
            "seats": [_seat_json(s, names) for s in table["seating"]],
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

    # Standings -------------------------------------------------------------------------

    async def standings(self, night_id: str) -> dict[str, Any]:
        night = await self._night(night_id)
        names = await self._names(night["club_id"])
        per_round = await self._round_points(night)
        higher = HIGHER_IS_BETTER[night["game"]]
        rows = night_standings(per_round, higher_is_better=higher)
        house = _house_rounds(await self.store.round_tables(night_id), night["current_round"])
        return {
            "night": _night_json(night),
            "higher_is_better": higher,
            "standings": [
                {
                    "member": s.player,
                    "name": names.get(s.player, "?"),
                    "total": s.total,
                    "rounds": list(s.rounds),
                    "rank": s.rank,
                    "house_rounds": house.get(s.player, []),
                }
                for s in rows
            ],
        }

    async def _round_points(self, night: Row) -> list[dict[str, int]]:
        """Per round started, each player's points from the tables' sheets."""
        tables = await self.store.round_tables(night["id"])
        entries = {e["id"]: e for e in await self.store.entries(night["id"])}
        latest: dict[str, Any] = {}
        for change in await self.store.changes(night["id"]):
            latest[change["entry_id"]] = change["line"]
        by_table: defaultdict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
        for eid, line in latest.items():
            if line is not None:
                by_table[entries[eid]["round_table_id"]][entries[eid]["deal"]] = line
        out: list[dict[str, int]] = [{} for _ in range(night["current_round"])]
        for table in tables:
            if table["round"] > night["current_round"]:
                continue
            if table["online"] is not None:
                points = table_points(table["seating"], table["online"]["totals"])
                out[table["round"] - 1].update(points)
                continue
            sheet = _check_sheet(night, table, by_table.get(table["id"], {}))
            out[table["round"] - 1].update(table_points(table["seating"], sheet.totals))
        return out

    async def season(self, club_id: str) -> dict[str, Any]:
        club = await self._club(club_id)
        names = await self._names(club_id)
        nights = [n for n in await self.store.nights_of(club_id) if n["status"] == "closed"]
        games = {n["game"] for n in nights}
        if len(games) > 1:
            raise ClubError("mixed_games", "a season adds up nights of one game")
        higher = HIGHER_IS_BETTER[games.pop()] if games else True
        totals = []
        for night in nights:
            per_round = await self._round_points(night)
            totals.append(
                {s.player: s.total for s in night_standings(per_round, higher_is_better=higher)}
            )
        rows = season_standings(totals, best=club["season_best"], higher_is_better=higher)
        return {
            "club": club_id,
            "best": club["season_best"],
            "nights": len(nights),
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

    # Live pages ------------------------------------------------------------------------

    def notify(self, night_id: str) -> None:
        self._changed.pop(night_id, asyncio.Event()).set()

    async def wait(self, night_id: str, after: int) -> int:
        """The night's change count once it is above ``after`` (or after a while)."""
        night = await self._night(night_id)
        if night["changes"] > after:
            return int(night["changes"])
        event = self._changed[night_id]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), WAIT_SECONDS)
        return int((await self._night(night_id))["changes"])


def clean_text(text: str, code: str, what: str) -> str:
    """A name as shown: spaces collapsed; empty, or with control or invisible characters,
    it is refused."""
    cleaned = " ".join(text.split())
    if not cleaned or any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        raise ClubError(code, f"{what} needs 1 to 64 visible characters")
    return cleaned


def _finish_round(night: Row) -> list[sa.Executable]:
    n, r = schema.club_nights, schema.night_rounds
    return [
        sa.update(n).where(n.c.id == night["id"]).values(round_running=False),
        sa.update(r)
        .where(r.c.night_id == night["id"], r.c.number == night["current_round"])
        .values(finished_at=time.time()),
        bump(night["id"]),
    ]


def _check_entry_id(entry_id: str) -> None:
    if not ENTRY_ID.fullmatch(entry_id):
        raise ClubError("bad_entry_id", "an entry id has 8 to 64 letters, digits, - or _")


def _duplicate(entry_id: str) -> ClubError:
    return ClubError("duplicate_entry", f"entry {entry_id} is already on the sheet")


def _check_sheet(night: Row, table: Row, lines: Mapping[int, Mapping[str, Any]]) -> TableSheet:
    """Score a table's lines in deal order; a line that does not fit raises ClubError."""
    ordered: Sequence[Mapping[str, Any]] = [lines[d] for d in sorted(lines)]
    return score_sheet(
        night["game"], night["variant"], night["options"], len(table["seating"]), ordered
    )


def _check_online_player(member: Mapping[str, Any]) -> None:
    if member["player_id"] is None:
        raise ClubError(
            "guest_online",
            f"{member['name']} is a guest: an online night seats accounts (a guest plays at "
            "the bar)",
        )


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


def _online_json(online: Mapping[str, Any] | None) -> dict[str, Any]:
    """What an online table's game stands at; nothing for a table at the bar. The table's
    id is not here: its players find it with ``GET /api/clubs/my-tables``."""
    if online is None:
        return {}
    return {
        "deals": online["deals"],
        "over": online["over"],
        "house_played": online["house_played"],
    }


def _member_json(m: Mapping[str, Any]) -> dict[str, Any]:
    return {"id": m["id"], "name": m["name"], "role": m["role"], "guest": m["player_id"] is None}


def _seat_json(member: str | None, names: Mapping[str, str]) -> dict[str, Any]:
    if member is None:
        return {"member": None, "name": HOUSE_NAME, "house": True}
    return {"member": member, "name": names.get(member, "?"), "house": False}


def _night_json(n: Mapping[str, Any]) -> dict[str, Any]:
    return {
        key: n[key]
        for key in (
            "id",
            "club_id",
            "title",
            "game",
            "variant",
            "options",
            "table_size",
            "rounds",
            "deals_per_round",
            "mode",
            "pairs",
            "seed",
            "status",
            "current_round",
            "round_running",
            "changes",
            "clock_seconds",
        )
    }
