"""Swiss pairing ("Zwitsers"): from the second round on, a round's tables are drawn by
standing, so the leaders meet the leaders, and nobody meets an opponent twice while
that can be avoided.

A **unit** is what is paired: a player at Toepen and Eurokaarten (tables of the table
size), a pair at Klaverjassen (two pairs to a table; a pair night). The order:

1. the total so far (higher first in Klaverjassen, lower first where points are
   penalties: Toepen's, Eurokaarten's lives lost);
2. **Buchholz**: the sum of the totals (now) of every opponent met, counted per meeting;
   better the same way as the total (a Toepen player who met low-penalty players faced
   the stronger field);
3. the **points difference**: per round the unit's points less the average of its
   opponents' at that table (in Klaverjassen the points for less the points against);
4. **the draw**: a seeded random number per unit and round.

A round against the house (a seat nobody fills) adds nothing to Buchholz or the
difference: the house is not ranked and has no total.

The tables are filled from the top: the best unit not yet seated heads a table and the
next units in that order who have met nobody at it join it; when that leaves the units
below without a table free of repeats the search goes back (depth first, at most
:data:`SEARCH_BUDGET` steps). When no pairing without a repeat turns up within it, each
table takes the next unit with the fewest meetings at it (the fewest repeats, not
proven the fewest). House seats go to the bottom tables, spread as in the drawn
schedule (:mod:`kroeg.clubs.schedule`); a pair night with an odd count has a house pair,
given to the lowest unit that has not yet played it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kroeg.clubs.schedule import Round, Seat

Unit = tuple[str, ...]
"""A player ``(id,)`` or a pair ``(id, partner)``; a unit's points are its first member's."""

SEARCH_BUDGET = 20_000
"""Steps of the backtracking search before the fewest-repeats fallback."""


@dataclass(frozen=True)
class SwissRank:
    unit: Unit
    total: int
    buchholz: int
    difference: float
    draw: float


def swiss_round(
    units: Sequence[Unit],
    played: Sequence[Round],
    points: Sequence[Mapping[str, int]],
    *,
    table_size: int,
    higher_is_better: bool,
    seed: int | str,
) -> Round:
    """The next round's tables (seats of member ids, ``None`` the house) after the
    rounds ``played`` with their ``points`` (per round member → points)."""
    ranks = swiss_ranks(units, played, points, higher_is_better=higher_is_better, seed=seed)
    order = [r.unit for r in ranks]
    met = meetings(units, played)
    pairs = len(units[0]) == 2 if units else False
    if pairs:
        slots: list[Unit | None] = [*order, *([None] if len(order) % 2 else [])]
        tables = _fill(slots, [2] * (len(slots) // 2), met)
        return tuple((a[0], b[0], a[1], b[1]) for a, b in (_pair_seats(t) for t in tables))
    count = -(-len(order) // table_size)
    houses = count * table_size - len(order)
    sizes = [
        table_size - houses // count - (1 if i >= count - houses % count else 0)
        for i in range(count)
    ]
    filled = _fill(list(order), sizes, met)
    return tuple(
        tuple([*(u[0] for u in t if u is not None), *([None] * (table_size - len(t)))])
        for t in filled
    )


def _pair_seats(table: list[Unit | None]) -> tuple[Sequence[Seat], Sequence[Seat]]:
    a, b = table
    return (a if a is not None else (None, None)), (b if b is not None else (None, None))


def swiss_ranks(
    units: Sequence[Unit],
    played: Sequence[Round],
    points: Sequence[Mapping[str, int]],
    *,
    higher_is_better: bool,
    seed: int | str,
) -> list[SwissRank]:
    """The units best first, by total, Buchholz, points difference and the draw."""
    owner = {m: u for u in units for m in u}
    total = {u: sum(r.get(u[0], 0) for r in points) for u in units}
    buchholz = dict.fromkeys(units, 0)
    difference = dict.fromkeys(units, 0.0)
    for number, tables in enumerate(played):
        for table in tables:
            here = sorted({owner[s] for s in table if s is not None and s in owner})
            for u in here:
                others = [o for o in here if o != u]
                buchholz[u] += sum(total[o] for o in others)
                mine = points[number].get(u[0]) if number < len(points) else None
                theirs = [points[number][o[0]] for o in others if o[0] in points[number]]
                if mine is not None and theirs:
                    difference[u] += mine - sum(theirs) / len(theirs)
    rng = random.Random(f"kroeg-swiss:{seed}:{len(played)}")
    draw = {u: rng.random() for u in sorted(units)}
    sign = -1 if higher_is_better else 1
    ranked = sorted(
        units,
        key=lambda u: (sign * total[u], sign * buchholz[u], sign * difference[u], draw[u]),
    )
    return [SwissRank(u, total[u], buchholz[u], difference[u], draw[u]) for u in ranked]


def meetings(units: Sequence[Unit], played: Sequence[Round]) -> Counter[frozenset[Unit | None]]:
    """How often two units have sat at one table; a unit that played the house pair (a
    whole team of house seats) has met ``None`` once per such round."""
    owner = {m: u for u in units for m in u}
    pairs = bool(units) and len(units[0]) == 2
    met: Counter[frozenset[Unit | None]] = Counter()
    for tables in played:
        for table in tables:
            here: list[Unit | None] = [*sorted({owner[s] for s in table if s in owner})]
            if pairs and None in (table[0], table[1]) and table.count(None) == 2:
                here.append(None)
            for i, a in enumerate(here):
                for b in here[i + 1 :]:
                    met[frozenset((a, b))] += 1
    return met


def _fill(
    order: list[Unit | None], sizes: list[int], met: Counter[frozenset[Unit | None]]
) -> list[list[Unit | None]]:
    """Tables of ``sizes`` from ``order`` (best first): without a repeat when the
    search finds it within :data:`SEARCH_BUDGET`, else the fewest repeats, greedily."""
    steps = [0]

    def clash(a: Unit | None, b: Unit | None) -> bool:
        return met[frozenset((a, b))] > 0

    def place(rest: list[Unit | None], index: int) -> list[list[Unit | None]] | None:
        if index == len(sizes):
            return []
        return grow([rest[0]], rest[1:], index, 0)

    def grow(
        table: list[Unit | None], rest: list[Unit | None], index: int, start: int
    ) -> list[list[Unit | None]] | None:
        if len(table) == sizes[index]:
            below = place(rest, index + 1)
            return None if below is None else [table, *below]
        for i in range(start, len(rest)):
            steps[0] += 1
            if steps[0] > SEARCH_BUDGET:
                return None
            candidate = rest[i]
            if any(clash(candidate, t) for t in table):
                continue
            found = grow([*table, candidate], rest[:i] + rest[i + 1 :], index, i)
            if found is not None:
                return found
        return None

    found = place(order, 0)
    if found is not None:
        return found
    return _fewest_repeats(order, sizes, met)


def _fewest_repeats(
    order: list[Unit | None], sizes: list[int], met: Counter[frozenset[Unit | None]]
) -> list[list[Unit | None]]:
    rest = list(order)
    tables = []
    for size in sizes:
        table = [rest.pop(0)]
        while len(table) < size:
            best = min(
                range(len(rest)),
                key=lambda i: (sum(met[frozenset((rest[i], t))] for t in table), i),
            )
            table.append(rest.pop(best))
        tables.append(table)
    return tables
