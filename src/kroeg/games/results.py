"""How a finished game ended (:meth:`~kroeg.games.base.Game.result`): winners,
losers and places, and RECORDS.md's ``result`` form, so no layer reads a result's JSON
keys or keeps a list of games."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class GameResult(ABC):
    """How a finished game ended: who won and who lost (a draw: nobody either way), and
    each seat's place.

    :meth:`json` is the form RECORDS.md gives the result of the game (``result`` in
    records, replays and views); every other layer reads the seats. The places are not
    in RECORDS.md's form: the ratings rank by them (docs/ratings.md, "Ranking")."""

    __slots__ = ()

    @property
    @abstractmethod
    def winners(self) -> frozenset[int]:
        """The seats that won."""

    @property
    @abstractmethod
    def losers(self) -> frozenset[int]:
        """The seats that lost."""

    @property
    @abstractmethod
    def places(self) -> tuple[int, ...]:
        """Each seat's place, by seat, lower is better: 0 exactly for the winners (for
        everyone in a draw), the losers from 1 on in the order the game ranks them, with
        no place left out; seats of one place tie."""

    @abstractmethod
    def json(self) -> dict[str, Any]:
        """RECORDS.md's ``result`` of this game."""


def places_by_waves(seats: int, waves: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The places of a game whose losers went out in ``waves`` (first out first, the
    seats of a wave together) and whose other seats won: the last wave out is 1st
    after the winners, the first wave out last. An empty wave takes no place."""
    places = [0] * seats
    for place, wave in enumerate(reversed([wave for wave in waves if wave]), 1):
        for seat in wave:
            places[seat] = place
    return tuple(places)


@dataclass(frozen=True, slots=True)
class LosersResult(GameResult):
    """The game names its losers and everyone else won (Toepen: ``{"losers": [seats]}``)."""

    seats: int
    lost: tuple[int, ...]
    """The losers in the order the game lists them."""
    waves: tuple[tuple[int, ...], ...] = ()
    """The losers as the game put them out, wave by wave, first out first (Toepen); empty:
    the losers tie."""

    @property
    def winners(self) -> frozenset[int]:
        return frozenset(range(self.seats)) - self.losers

    @property
    def losers(self) -> frozenset[int]:
        return frozenset(self.lost)

    @property
    def places(self) -> tuple[int, ...]:
        return places_by_waves(self.seats, self.waves or (self.lost,))

    def json(self) -> dict[str, Any]:
        return {"losers": list(self.lost)}


@dataclass(frozen=True, slots=True)
class TeamResult(GameResult):
    """A team won, or nobody (a draw) (Klaverjassen: ``{"winner": team or null}``)."""

    teams: tuple[tuple[int, ...], ...]
    """The seats of each team, by team number."""
    team: int | None

    @property
    def winners(self) -> frozenset[int]:
        return frozenset() if self.team is None else frozenset(self.teams[self.team])

    @property
    def losers(self) -> frozenset[int]:
        if self.team is None:
            return frozenset()
        return frozenset(s for i, team in enumerate(self.teams) if i != self.team for s in team)

    @property
    def places(self) -> tuple[int, ...]:
        losers = self.losers
        seats = sum(len(team) for team in self.teams)
        return tuple(int(seat in losers) for seat in range(seats))

    def json(self) -> dict[str, Any]:
        return {"winner": self.team}


@dataclass(frozen=True, slots=True)
class WinnerResult(GameResult):
    """One seat won and everyone else lost (Eurokaarten: ``{"winner": seat}``)."""

    seats: int
    winner: int
    out: tuple[tuple[int, ...], ...] = ()
    """The others as they went out, first out first, those out together in one group
    (Eurokaarten); empty: they tie."""

    @property
    def winners(self) -> frozenset[int]:
        return frozenset((self.winner,))

    @property
    def losers(self) -> frozenset[int]:
        return frozenset(range(self.seats)) - self.winners

    @property
    def places(self) -> tuple[int, ...]:
        return places_by_waves(self.seats, self.out or (tuple(self.losers),))

    def json(self) -> dict[str, Any]:
        return {"winner": self.winner}
