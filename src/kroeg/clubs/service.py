"""The club-night service (docs/clubs.md): what the API's club routes call, on top of the
pure :mod:`kroeg.clubs` functions and the store (:mod:`kroeg.store.clubs`,
:mod:`kroeg.store.club_writes`).

Its parts, one job each: :attr:`ClubService.clubs` (clubs and members),
:attr:`~ClubService.nights` (a night, its players, its schedule),
:attr:`~ClubService.rounds` (running an open night's rounds; online ones at the server's
tables), :attr:`~ClubService.sheets` (the scorer's sheet at the bar) and
:attr:`~ClubService.results` (the standings and the season), :attr:`~ClubService.bar`
(a movement night's boards and movement cards); :attr:`~ClubService.access`
is what they share. Every refusal is a :class:`~kroeg.clubs.errors.ClubError` and changes
nothing: a night's checks and its writes run under one lock per night, and the writes of
one request are one transaction.
"""

from __future__ import annotations

from kroeg.clubs.access import ClubAccess
from kroeg.clubs.bar_boards import BarBoards
from kroeg.clubs.membership import Clubs
from kroeg.clubs.nights import Nights
from kroeg.clubs.online_rounds import OnlineRounds
from kroeg.clubs.quotas import ClubQuotas
from kroeg.clubs.results import Results
from kroeg.clubs.rounds import Rounds
from kroeg.clubs.scorer_tokens import ScorerTokens
from kroeg.clubs.scoring import ScoreSheets
from kroeg.store import Store
from kroeg.tables.lobby import Lobby


class ClubService:
    def __init__(self, store: Store, secret: str, quotas: ClubQuotas | None = None) -> None:
        quotas = quotas or ClubQuotas()
        tokens = ScorerTokens(secret)
        self.access = ClubAccess(store)
        self.clubs = Clubs(self.access, quotas)
        self.bar = BarBoards(self.access, secret)
        self.nights = Nights(self.access, tokens, quotas, self.bar)
        self.results = Results(self.access, self.bar)
        self.rounds = Rounds(self.access, self.nights, self.results)
        self.sheets = ScoreSheets(self.access, tokens, quotas, self.bar)

    async def serve_tables(self, lobby: Lobby) -> None:
        """Play online rounds at ``lobby``'s tables; hook the running ones again."""
        self.rounds.online = OnlineRounds(self.access, lobby)
        await self.rounds.online.resume()
