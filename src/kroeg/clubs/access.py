"""What every part of the club service shares (:mod:`kroeg.clubs.service`): the club
store and the accounts, one lock per night, the night's change notification for the live
pages, and the lookups that refuse (an unknown club or night, a caller who is not an
organiser).

A night's checks and its writes run under the night's lock (``club:<id>`` for a club's
members, ``creator:<player>`` for what a quota counts), so a refusal changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict

from kroeg import accounts
from kroeg.clubs.errors import ClubError
from kroeg.store import Store
from kroeg.store.clubs import ClubStore, Row

WAIT_SECONDS = 20.0
"""How long a live page's ``wait`` waits for a change before it answers anyway."""


class ClubAccess:
    def __init__(self, store: Store) -> None:
        self.accounts_store = store
        self.store = ClubStore(store.engine)
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        """One per night (and ``club:<id>`` per club): its checks and writes in turn."""
        self._changed: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)

    async def account(self, player_id: str) -> str:
        """The caller's account name; an organiser or member must have an account."""
        found = await accounts.of_player(self.accounts_store, player_id)
        if found is None:
            raise ClubError("not_an_account", "clubs need an account: register first")
        return found.name

    async def club(self, club_id: str) -> Row:
        club = await self.store.club(club_id)
        if club is None:
            raise ClubError("unknown_club", f"there is no club {club_id!r}")
        return club

    async def organiser(self, club_id: str, player_id: str) -> Row:
        """The club, when ``player_id`` is one of its organisers."""
        club = await self.club(club_id)
        members = await self.store.members(club_id)
        if not any(m["player_id"] == player_id and m["role"] == "organiser" for m in members):
            raise ClubError("not_organiser", "only the club's organisers may do this")
        return club

    async def night(self, night_id: str) -> Row:
        night = await self.store.night(night_id)
        if night is None:
            raise ClubError("unknown_night", f"there is no night {night_id!r}")
        return night

    async def open_night(self, night_id: str, player_id: str) -> Row:
        """The night, when it is open and ``player_id`` organises its club."""
        night = await self.night(night_id)
        await self.organiser(night["club_id"], player_id)
        if night["status"] == "draft":
            raise ClubError("night_not_open", "the night is not open yet")
        if night["status"] == "closed":
            raise ClubError("night_closed", "the night is closed")
        return night

    async def names(self, club_id: str) -> dict[str, str]:
        """Each member's name by member id."""
        return {m["id"]: m["name"] for m in await self.store.members(club_id)}

    # Live pages ------------------------------------------------------------------------

    def notify(self, night_id: str) -> None:
        self._changed.pop(night_id, asyncio.Event()).set()

    async def wait(self, night_id: str, after: int) -> int:
        """The night's change count once it is above ``after`` (or after a while)."""
        night = await self.night(night_id)
        if night["changes"] > after:
            return int(night["changes"])
        event = self._changed[night_id]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), WAIT_SECONDS)
        return int((await self.night(night_id))["changes"])
