"""Standings: a night's totals per player and per round with their rank, and a season's
sum over each player's best K nights.

Ranks are shared on a tie and the next rank skips ("1, 1, 3"), as a club's list does.
A house seat (``None``) is never ranked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kroeg.clubs.errors import ClubError


@dataclass(frozen=True)
class Standing:
    player: str
    total: int
    rounds: tuple[int | None, ...]
    """Per round the player's points, None for a round they did not play."""
    rank: int


@dataclass(frozen=True)
class SeasonStanding:
    player: str
    total: int
    """The sum of the counted nights."""
    counted: tuple[int, ...]
    """The night totals that count (the best K), best first."""
    nights: int
    """How many nights the player played."""
    rank: int


def night_standings(
    rounds: Sequence[Mapping[str, int]], *, higher_is_better: bool
) -> list[Standing]:
    """Per round a mapping player → points; a player's total is the sum of their rounds."""
    players = sorted({p for r in rounds for p in r})
    per_player = {p: tuple(r.get(p) for r in rounds) for p in players}
    totals = {p: sum(v for v in per_player[p] if v is not None) for p in players}
    order = sorted(players, key=lambda p: (-totals[p] if higher_is_better else totals[p], p))
    ranks = _ranks([totals[p] for p in order])
    return [
        Standing(p, totals[p], per_player[p], rank) for p, rank in zip(order, ranks, strict=True)
    ]


def season_standings(
    nights: Sequence[Mapping[str, int]], *, best: int, higher_is_better: bool
) -> list[SeasonStanding]:
    """Each player's ``best`` night totals summed. Where lower is better (Toepen's penalty
    points) a player with fewer than ``best`` nights would gain by staying home, so they
    rank after everyone who has ``best`` nights (docs/clubs.md)."""
    if best < 1:
        raise ClubError("bad_best", "a season counts at least the best 1 night")
    players = sorted({p for n in nights for p in n})
    rows = []
    for p in players:
        scores = sorted((n[p] for n in nights if p in n), reverse=higher_is_better)
        counted = tuple(scores[:best])
        rows.append((p, sum(counted), counted, len(scores)))

    def key(row: tuple[str, int, tuple[int, ...], int]) -> tuple[int, int, str]:
        p, total, counted, _ = row
        if higher_is_better:
            return (0, -total, p)
        return (0 if len(counted) >= best else best - len(counted), total, p)

    rows.sort(key=key)
    ranks = _ranks([key(r)[:2] for r in rows])
    return [
        SeasonStanding(p, t, c, n, rank) for (p, t, c, n), rank in zip(rows, ranks, strict=True)
    ]


def _ranks(values: Sequence[object]) -> list[int]:
    """Standard competition ranks of sorted values: equal values share a rank."""
    ranks: list[int] = []
    for i, v in enumerate(values):
        ranks.append(ranks[-1] if i and values[i - 1] == v else i + 1)
    return ranks


def table_points(seating: Sequence[str | None], totals: Sequence[int]) -> dict[str, int]:
    """A table's result per player (the house's seats left out)."""
    return {p: totals[s] for s, p in enumerate(seating) if p is not None}
