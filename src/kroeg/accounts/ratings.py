"""The rating maths: OpenSkill's Plackett–Luce model over one finished game.

Pure: no store, no clock. :func:`rate` takes each seat of a finished game (who held it,
how it ended, its team) and the current ratings of the people in it, and returns each
person's new rating and the people they played against. The incremental update after a
game and ``kroeg ratings rebuild`` both call it, game by game in the same order, so they
agree to the last bit (docs/ratings.md).

The ranking comes from the game's result as the table stored it (``results``): each
seat's place (the game's order: the winners first, then Toepen's later waves of losers
above the earlier ones, Eurokaarten's last out above the first out), and whoever left
the game or was taken out by the clock (``left``) below everyone who stayed. A result
stored before its places were (migration 0011) ranks by its outcome: the winners first,
the losers second. A game played in teams (Klaverjassen, the game's
``GameTraits.teams``) ranks teams; a partner who left is ranked last on their own.
House seats are rated players with a fixed rating per house level (:data:`HOUSE`), never
updated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""OpenSkill's defaults: a newcomer starts at mu 25, sigma 25/3."""

NEW_MU = 25.0
NEW_SIGMA = 25.0 / 3.0

HOUSE: Mapping[str, tuple[float, float]] = {
    "huis": (18.0, 2.0),
    "basis": (25.0, 2.0),
    "sterk": (30.0, 2.0),
    "meester": (32.0, 2.0),
}
"""The fixed (mu, sigma) of the house's seats per house level (kroeg.tables.house), one
for every level a table offers (kroeg.bots.levels.HOUSE_LEVELS): ``huis`` plays
``default()`` and sits below a newcomer, ``basis`` is a newcomer's equal, ``sterk``
above, ``meester`` (``sterk`` with more budget) above that. Small sigmas: the house is
well known and never updated."""

RANK = {"won": 0, "lost": 1}
"""The place of a seat whose result has none stored (a game finished before migration
0011), by its outcome (lower is better): winners tie first, losers second."""

LEADERBOARD_GAMES = 20
LEADERBOARD_OPPONENTS = 5
"""Who appears on a leaderboard: at least this many rated games against at least this many
different established opponents (:func:`established`; kroeg.store.schema.LEADERBOARD_WHERE,
the index's condition)."""

ESTABLISHED_GAMES = 10
"""The rated games of their own an opponent needs to count for a leaderboard place."""


def established(account_since: float | None, games: int, finished_at: float) -> bool:
    """Whether an opponent counts for a leaderboard place: when the game ended
    (``finished_at``) an account (made at ``account_since``; None: never, a guest) with at
    least :data:`ESTABLISHED_GAMES` rated games of its own in the game and variant before
    this one (``games``). The house and fresh guests count for the rating, not for this:
    else a script reaches a leaderboard with games against the house and throw-away
    guests. Decided from the games alone, so the rebuild reaches the same counts."""
    return account_since is not None and account_since <= finished_at and games >= ESTABLISHED_GAMES


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a finished game: its person (None: the house), outcome, team and
    place in the game's result (None: not stored, see :data:`RANK`)."""

    seat: int
    player: str | None
    outcome: str
    team: int | None = None
    place: int | None = None


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = NEW_MU
    sigma: float = NEW_SIGMA

    @property
    def score(self) -> float:
        """The conservative rating the leaderboard sorts by: mu − 3σ."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class Change:
    """A person's rating before and after one game, and their place in it."""

    seat: int
    player: str
    rank: int
    before: Rating
    after: Rating
    opponents: frozenset[str]
    """The other people in the game not on this person's team."""


def teams_of(seats: int, teams: Sequence[Sequence[int]]) -> list[int | None]:
    """Each seat's team number, None for a game without teams."""
    team_of: list[int | None] = [None] * seats
    for number, members in enumerate(teams):
        for seat in members:
            team_of[seat] = number
    return team_of


def _place(s: Seat) -> int:
    return RANK[s.outcome] if s.place is None else s.place


def units(seats: Sequence[Seat]) -> list[tuple[list[Seat], int]]:
    """The sides the model ranks, each with its rank (lower is better): a team (those of
    it still in the game), or a seat of a game without teams, at its place; a leaver on
    their own, below everyone who stayed (all leavers tie)."""
    last = 1 + max((_place(s) for s in seats if s.outcome != "left"), default=-1)
    sides: list[tuple[list[Seat], int]] = []
    teams: dict[int, list[Seat]] = {}
    for s in seats:
        if s.outcome == "left":
            sides.append(([s], last))
        elif s.team is None:
            sides.append(([s], _place(s)))
        else:
            teams.setdefault(s.team, []).append(s)
    for members in teams.values():
        sides.append((members, min(_place(m) for m in members)))
    return sides


def rate(seats: Sequence[Seat], ratings: Mapping[str, Rating], house_level: str) -> list[Change]:
    """Each person's new rating after the game (in seat order); none when nobody or only
    one side is left to rank. ``ratings`` holds the people's current ratings (a newcomer
    may be missing)."""
    people = [s for s in seats if s.player is not None]
    sides = units(seats)
    if not people or len(sides) < 2:
        return []
    house_mu, house_sigma = HOUSE[house_level]
    current = {s.player: ratings.get(s.player, Rating()) for s in seats if s.player is not None}
    teams = [
        [
            MODEL.rating(mu=house_mu, sigma=house_sigma)
            if s.player is None
            else MODEL.rating(mu=current[s.player].mu, sigma=current[s.player].sigma)
            for s in members
        ]
        for members, _ in sides
    ]
    new = MODEL.rate(teams, ranks=[float(rank) for _, rank in sides])
    after: dict[int, tuple[Rating, int]] = {}
    for (members, rank), rated in zip(sides, new, strict=True):
        for s, r in zip(members, rated, strict=True):
            if s.player is not None:
                after[s.seat] = (Rating(float(r.mu), float(r.sigma)), rank)
    changes = []
    for s in people:
        assert s.player is not None
        rating, rank = after[s.seat]
        opponents = frozenset(
            o.player
            for o in people
            if o.player is not None
            and o.player != s.player
            and (s.team is None or o.team != s.team)
        )
        changes.append(Change(s.seat, s.player, rank, current[s.player], rating, opponents))
    return changes
