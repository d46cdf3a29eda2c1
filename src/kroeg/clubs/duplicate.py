"""Scoring a duplicate night (portefeuille-klaverjassen, issue 29; docs/clubs.md,
"Duplicate scoring", whose worked example is tests/clubs/test_duplicate.py).

A result is what one table made of one board: the pair that sat NS (seats 0 and 2), the
pair that sat EW (seats 1 and 3) and each pair's points (card points and roem, as the
sheet scores the deal). A pair is compared only with the pairs that held the same cards
in the same direction:

- **matchpoints**: on a board, 2 for every pair of the same direction it scored more
  than, 1 for every one it tied, out of a top of 2 × (pairs − 1); as a percentage, and a
  board that only one pair played in that direction gives 50 %. A pair's percentage over
  a round, a night or a season is the average of its board percentages.
- **butler**: a pair's points less the average of that direction's points on the board,
  summed over the boards.

Pure functions over plain values; :func:`check_result` is the one door a new result
goes through (a board played twice by one pair, a board that table did not hold: a
:class:`~kroeg.clubs.boards.BoardError` naming board and table).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from kroeg.clubs.boards import BoardError

Direction = Literal["NS", "EW"]
Method = Literal["matchpoints", "butler"]
METHODS: tuple[Method, ...] = ("matchpoints", "butler")


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One table's result on one board."""

    round: int
    table: int
    board: int
    ns: str
    ew: str
    ns_points: int
    ew_points: int

    def sides(self) -> tuple[tuple[Direction, str, int], tuple[Direction, str, int]]:
        return (("NS", self.ns, self.ns_points), ("EW", self.ew, self.ew_points))


@dataclass(frozen=True, slots=True)
class PairBoard:
    """One pair's score on one board, beside the others who held its cards."""

    board: int
    round: int
    pair: str
    direction: Direction
    points: int
    matchpoints: int
    top: int
    """2 × (the pairs of that direction on that board − 1)."""
    percent: float
    butler: float
    """Points less the direction's average on the board."""


@dataclass(frozen=True, slots=True)
class PairStanding:
    pair: str
    boards: int
    percent: float
    """The average of the pair's board percentages."""
    butler: float
    """The sum of the pair's butler scores."""
    rank: int


def check_result(
    held: Mapping[tuple[int, int], Iterable[int]],
    results: Sequence[BoardResult],
    new: BoardResult,
) -> None:
    """Refuse ``new`` unless its table held the board in its round (``held[(round,
    table)]``, the boards the movement gave it), no pair of it has played the board
    already, and it has two different pairs. Nothing is changed either way."""
    where = f"board {new.board} at table {new.table}"
    if new.ns == new.ew:
        raise BoardError(
            "bad_board_result", f"{where}: one pair on both sides", board=new.board, table=new.table
        )
    if new.board not in set(held.get((new.round, new.table), ())):
        raise BoardError(
            "board_not_held",
            f"{where}: table {new.table} did not hold board {new.board} in round {new.round}",
            board=new.board,
            table=new.table,
        )
    for old in results:
        twice = {old.ns, old.ew} & {new.ns, new.ew}
        if old.board == new.board and twice:
            raise BoardError(
                "board_played_twice",
                f"{where}: pair {sorted(twice)[0]} already played board {new.board}"
                f" (table {old.table}, round {old.round})",
                board=new.board,
                table=new.table,
            )


def score_boards(results: Sequence[BoardResult]) -> list[PairBoard]:
    """Every pair's matchpoints, percentage and butler score on every board it played,
    board by board, NS before EW, in the order of the results."""
    by_board: dict[tuple[int, Direction], list[tuple[int, str, int]]] = defaultdict(list)
    for r in results:
        for direction, pair, points in r.sides():
            by_board[(r.board, direction)].append((r.round, pair, points))
    out: list[PairBoard] = []
    for (board, direction), field in sorted(by_board.items(), key=_board_then_ns):
        scores = [points for _, _, points in field]
        top = 2 * (len(scores) - 1)
        average = sum(scores) / len(scores)
        for rnd, pair, points in field:
            mp = sum(2 if points > other else 1 if points == other else 0 for other in scores) - 1
            percent = 100 * mp / top if top else 50.0
            out.append(
                PairBoard(board, rnd, pair, direction, points, mp, top, percent, points - average)
            )
    return out


def _board_then_ns(item: tuple[tuple[int, Direction], object]) -> tuple[int, int]:
    (board, direction), _ = item
    return board, 0 if direction == "NS" else 1


def others_average(results: Sequence[BoardResult], board: int, table: int) -> dict[str, float]:
    """ "Met deze kaarten haalden de anderen gemiddeld 96": per direction the average
    points of the other tables that played ``board`` (a direction no other table played
    yet is left out)."""
    out: dict[str, float] = {}
    others = [r for r in results if r.board == board and r.table != table]
    if others:
        out["NS"] = sum(r.ns_points for r in others) / len(others)
        out["EW"] = sum(r.ew_points for r in others) / len(others)
    return out


def pair_standings(
    scored: Iterable[PairBoard], *, method: Method = "matchpoints"
) -> list[PairStanding]:
    """Each pair's average percentage and butler sum over the boards given (a round's, a
    night's), ranked by ``method``; equal scores share a rank (1, 1, 3)."""
    percents: dict[str, list[float]] = defaultdict(list)
    butler: dict[str, float] = defaultdict(float)
    for pb in scored:
        percents[pb.pair].append(pb.percent)
        butler[pb.pair] += pb.butler
    rows = [(p, len(v), sum(v) / len(v), butler[p]) for p, v in percents.items()]
    return _ranked(rows, by_percent=method == "matchpoints")


def season_percentages(nights: Sequence[Mapping[str, float]], *, best: int) -> list[PairStanding]:
    """A club's duplicate ranking over a season: each player's (or pair's) best ``best``
    night percentages, averaged (``boards`` is then the nights counted, ``butler`` 0)."""
    if best < 1:
        raise BoardError("bad_best", "a season counts at least the best 1 night")
    rows = []
    for player in sorted({p for night in nights for p in night}):
        counted = sorted((n[player] for n in nights if player in n), reverse=True)[:best]
        rows.append((player, len(counted), sum(counted) / len(counted), 0.0))
    return _ranked(rows, by_percent=True)


def _ranked(rows: list[tuple[str, int, float, float]], *, by_percent: bool) -> list[PairStanding]:
    """Rows (pair, boards, percent, butler) sorted best first and ranked; scores equal
    to six decimals (an average of thirds) share a rank."""

    def score(row: tuple[str, int, float, float]) -> float:
        return round(row[2] if by_percent else row[3], 6)

    rows = sorted(rows, key=lambda row: (-score(row), row[0]))
    out: list[PairStanding] = []
    for i, (pair, boards, percent, butler) in enumerate(rows):
        same = i > 0 and score(rows[i - 1]) == score(rows[i])
        out.append(PairStanding(pair, boards, percent, butler, out[-1].rank if same else i + 1))
    return out
