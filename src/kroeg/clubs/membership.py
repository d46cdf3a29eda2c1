"""Clubs and their members: a new club (its creator its first organiser), a club as the
pages show it, the caller's clubs, and a new member (an account by its name, or a guest
by a name)."""

from __future__ import annotations

import time
from typing import Any

from kroeg import accounts
from kroeg.clubs.access import ClubAccess
from kroeg.clubs.answers import member_json
from kroeg.clubs.errors import ClubError
from kroeg.clubs.names import clean_text, new_id
from kroeg.clubs.quotas import DAY, ClubQuotas, check_quota
from kroeg.store.club_writes import ClubWrites

MAX_MEMBERS = 1000


class Clubs:
    def __init__(self, access: ClubAccess, quotas: ClubQuotas) -> None:
        self.access = access
        self.quotas = quotas

    async def create_club(self, player_id: str, name: str, season_best: int) -> dict[str, Any]:
        account = await self.access.account(player_id)
        name = clean_text(name, "bad_club", "a club's name")
        club_id = new_id("c")
        async with self.access.locks[f"creator:{player_id}"]:
            now = time.time()
            made = await self.access.store.clubs_created(player_id, now - DAY)
            check_quota(made, self.quotas.clubs_per_day, DAY, now, "new clubs per account")
            writes = ClubWrites()
            writes.add_club(club_id, name, season_best, player_id, now)
            writes.add_member(
                {
                    "id": new_id("m"),
                    "club_id": club_id,
                    "player_id": player_id,
                    "name": account,
                    "role": "organiser",
                    "created_at": now,
                }
            )
            await self.access.store.commit(writes)
        return await self.club(club_id)

    async def club(self, club_id: str) -> dict[str, Any]:
        club = await self.access.club(club_id)
        members = await self.access.store.members(club_id)
        nights = await self.access.store.nights_of(club_id)
        return {
            "id": club["id"],
            "name": club["name"],
            "season_best": club["season_best"],
            "members": [member_json(m) for m in members],
            "nights": [
                {"id": n["id"], "title": n["title"], "game": n["game"], "status": n["status"]}
                for n in nights
            ],
        }

    async def clubs_of(self, player_id: str) -> list[dict[str, Any]]:
        """The caller's clubs and their role in each (the organiser's pages start here)."""
        await self.access.account(player_id)
        return [
            {"id": r["id"], "name": r["name"], "role": r["role"]}
            for r in await self.access.store.clubs_of(player_id)
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
        async with self.access.locks["club:" + club_id]:
            await self.access.organiser(club_id, player_id)
            members = await self.access.store.members(club_id)
            if len(members) >= MAX_MEMBERS:
                raise ClubError("too_many_members", f"a club has at most {MAX_MEMBERS} members")
            if (account is None) == (guest is None):
                raise ClubError("bad_member", "give either an account name or a guest's name")
            member_player: str | None = None
            if account is not None:
                found = await accounts.by_name(self.access.accounts_store, account)
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
                "id": new_id("m"),
                "club_id": club_id,
                "player_id": member_player,
                "name": name,
                "role": role,
                "created_at": time.time(),
            }
            writes = ClubWrites()
            writes.add_member(row)
            await self.access.store.commit(writes)
            return member_json(row)
