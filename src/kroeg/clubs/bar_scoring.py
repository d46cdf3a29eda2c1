"""A movement night's boards scored against everyone who held them (docs/clubs.md, "At
the bar: boards and movement cards"): the sheets' lines are board results (the line's
number is the board's), scored by the duplicate night's own rules
(:func:`kroeg.clubs.duplicate.score_boards`: matchpoints per direction, and butler), and
answered in the shape an online duplicate night's standings have, so the big screen
shows both alike. Pure.

A board's results are shown once every table the movement gives it (in the night's
rounds) has its line: before that a later table could read what its cards are worth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from kroeg.clubs.duplicate import BoardResult, score_boards
from kroeg.clubs.duplicate_night import members_of, pair_key, player_standings
from kroeg.clubs.movements import Movement
from kroeg.clubs.printing import board_range


def bar_results(
    tables: Sequence[Mapping[str, Any]], scores: Mapping[str, Mapping[int, Sequence[int]]]
) -> list[BoardResult]:
    """Every line as a board result: ``scores`` per round table's id, per board, the
    sheet's [Wij, Zij] (Wij the NS pair, seats 0 and 2)."""
    out = []
    for t in tables:
        seating = t["seating"]
        ns, ew = pair_key(seating[0], seating[2]), pair_key(seating[1], seating[3])
        for board, (wij, zij) in sorted(scores.get(t["id"], {}).items()):
            out.append(BoardResult(t["round"], t["number"], board, ns, ew, wij, zij))
    return out


def complete_boards(results: Sequence[BoardResult], moved: Movement, deals: int) -> set[int]:
    """The boards every table the movement gives them has a result for."""
    plays: Counter[int] = Counter()
    for sittings in moved.rounds:
        for s in sittings:
            first, last = board_range(s.group, deals)
            plays.update(range(first, last + 1))
    done = Counter(r.board for r in results)
    return {board for board, n in plays.items() if done[board] == n}


def bar_duplicate_json(
    results: Sequence[BoardResult],
    moved: Movement,
    deals: int,
    names: Mapping[str, str],
) -> dict[str, Any]:
    """The night's boards (each table's result with both pairs' percentage and butler)
    and each player's matchpoint percentage, as the online duplicate standings."""
    complete = complete_boards(results, moved, deals)
    shown = [r for r in results if r.board in complete]
    scored = score_boards(shown)
    by_side = {(pb.board, pb.pair): pb for pb in scored}

    def side(pair: str) -> list[str]:
        return [names.get(m, "?") for m in members_of(pair)] or ["Huis"]

    boards: dict[int, list[dict[str, Any]]] = {}
    for r in shown:
        ns, ew = by_side[(r.board, r.ns)], by_side[(r.board, r.ew)]
        boards.setdefault(r.board, []).append(
            {
                "round": r.round,
                "table": r.table,
                "ns": side(r.ns),
                "ew": side(r.ew),
                "ns_points": r.ns_points,
                "ew_points": r.ew_points,
                "ns_percent": ns.percent,
                "ew_percent": ew.percent,
                "ns_butler": ns.butler,
                "ew_butler": ew.butler,
                "declarer": None,
                "trump": None,
                "value": None,
            }
        )
    return {
        "scoring": "matchpoints",
        "boards": [{"board": b, "results": rows} for b, rows in sorted(boards.items())],
        "players": player_standings(scored, names, "matchpoints"),
    }
