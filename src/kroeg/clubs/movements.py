"""Movements for duplicate Klaverjassen at the bar (portefeuille-klaverjassen): per round
and table which pairs sit Wij and Zij (NS and EW in bridge's words) and which **board
group** lies on the table. A board group is the round's boards of one table (the night's
``deals_per_round`` portefeuilles, numbered ``group * deals + 1 …``).

**Mitchell** (:func:`mitchell`): the NS pairs stay at their table, the EW pairs move up a
table and the board groups down a table after each round. With an odd number of tables
that is a whole round: T rounds, every EW pair meets every NS pair and every pair plays
every group once. With an even number the EW pairs would meet half the groups twice, so
they **skip** a table after half the rounds (the bridge clubs' "skip Mitchell"): T − 1
rounds, each EW pair misses one NS pair and one group. NS pairs are compared with NS
pairs, EW with EW (two fields).

**Howell** (:func:`howell`): every pair moves (but the last, who stays at table 1) and
meets every other pair once in 2T − 1 rounds, and plays each of the 2T − 1 board groups
exactly once, no group lying on two tables in one round. Such a schedule is a *Room
square* of side 2T − 1 (rows the rounds, columns the groups, each cell a match); it is
made here by the cyclic starter-adder construction (Mullin and Nemeth; W. D. Wallis,
*Room squares*, 1972): a starter (pairs of Z_m whose differences cover every non-zero
element once, with the pair {∞, 0}) is turned round by round, and an adder says in which
column each of its pairs lies. :func:`_room_starter` finds both by a small deterministic
search, for 4 to 8 tables in well under a second. A Room square of side 3 or 5 does not
exist, so a Howell of 2 or 3 tables is refused: 4 or 6 pairs would need shared boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kroeg.clubs.errors import ClubError

MITCHELL_TABLES = (3, 15)
HOWELL_TABLES = (4, 8)


@dataclass(frozen=True)
class Sitting:
    """One table in one round: pairs are numbered from 1, groups from 1."""

    table: int
    ns: int
    ew: int
    group: int


@dataclass(frozen=True)
class Movement:
    kind: str
    """``mitchell`` or ``howell``."""
    tables: int
    rounds: tuple[tuple[Sitting, ...], ...]
    """Per round its tables, table 1 first."""

    @property
    def pairs(self) -> int:
        return 2 * self.tables

    @property
    def groups(self) -> int:
        return max(s.group for r in self.rounds for s in r)

    def sitting(self, round_number: int, table: int) -> Sitting:
        """The sitting of ``table`` in round ``round_number`` (both from 1)."""
        if not 1 <= round_number <= len(self.rounds):
            raise ClubError(
                "unknown_round",
                f"the movement has rounds 1 to {len(self.rounds)}, not {round_number}",
            )
        if not 1 <= table <= self.tables:
            raise ClubError(
                "unknown_table", f"the movement has tables 1 to {self.tables}, not {table}"
            )
        return self.rounds[round_number - 1][table - 1]


def movement(kind: str, tables: int, rounds: int | None = None) -> Movement:
    """The movement ``kind`` for ``tables`` tables, cut to its first ``rounds`` rounds
    (all of them when None). A table count it does not fit is refused (``movement_unfit``,
    naming the count), as is a night longer than the movement (``movement_too_short``)."""
    if kind == "mitchell":
        whole = mitchell(tables)
    elif kind == "howell":
        whole = howell(tables)
    else:
        raise ClubError("bad_movement", f"a movement is mitchell or howell, not {kind!r}")
    if rounds is None:
        return whole
    if not 1 <= rounds <= len(whole.rounds):
        raise ClubError(
            "movement_too_short",
            f"a {kind} movement of {tables} tables has {len(whole.rounds)} rounds, not {rounds}",
        )
    return Movement(kind, tables, whole.rounds[:rounds])


def mitchell(tables: int) -> Movement:
    """NS pair ``t`` stays at table ``t``; EW pair ``T + e`` sits at table ``e + r`` in
    round ``r`` (0-based, one table further after the skip); group ``t + r`` lies on
    table ``t``, so a group goes down a table each round."""
    low, high = MITCHELL_TABLES
    if not low <= tables <= high:
        raise ClubError(
            "movement_unfit",
            f"a Mitchell movement needs {low} to {high} tables, not {tables}",
            tables=tables,
        )
    skip = tables % 2 == 0
    count = tables - 1 if skip else tables
    rounds = []
    for r in range(count):
        moved = r + (1 if skip and r >= tables // 2 else 0)
        rounds.append(
            tuple(
                Sitting(
                    table=t + 1,
                    ns=t + 1,
                    ew=tables + (t - moved) % tables + 1,
                    group=(t + r) % tables + 1,
                )
                for t in range(tables)
            )
        )
    return Movement("mitchell", tables, tuple(rounds))


def howell(tables: int) -> Movement:
    """Round ``r`` (0-based) plays the starter turned by ``r``: its pair ``i`` at table
    ``i + 1`` with group ``r - a_i``, ``∞`` being pair 2T (stationary at table 1). Of a
    pair ``{x, y}`` of Z_m, NS is the one from which the other lies 1 to T − 1 steps on
    (a regular tournament); the stationary pair sits NS in the even rounds. So each pair
    sits NS in T − 1 or T of its rounds."""
    low, high = HOWELL_TABLES
    if not low <= tables <= high:
        raise ClubError(
            "movement_unfit",
            f"a Howell movement needs {low} to {high} tables, not {tables}"
            + (
                " (with fewer than 4 it would need shared boards: play a Mitchell)"
                if tables < low
                else ""
            ),
            tables=tables,
        )
    m = 2 * tables - 1
    starter, adder = _room_starter(m)
    rounds = []
    for r in range(m):
        sittings = [
            Sitting(
                table=1,
                ns=(2 * tables if r % 2 == 0 else r + 1),
                ew=(r + 1 if r % 2 == 0 else 2 * tables),
                group=(r - adder[0]) % m + 1,
            )
        ]
        for i, (x, y) in enumerate(starter, 1):
            u, v = (x + r) % m, (y + r) % m
            ns, ew = (u, v) if 1 <= (v - u) % m < tables else (v, u)
            sittings.append(
                Sitting(table=i + 1, ns=ns + 1, ew=ew + 1, group=(r - adder[i]) % m + 1)
            )
        rounds.append(tuple(sittings))
    return Movement("howell", tables, tuple(rounds))


@cache
def _room_starter(m: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """A starter of Z_m (its pairs besides {∞, 0}) and an adder (``a_0`` for {∞, 0}, then
    one per pair): the pairs' differences ±(y − x) cover Z_m \\ {0} once, the adders are
    distinct, and the pairs moved by their adders, with ``a_0``, cover Z_m once. Pair i
    plays group ``r - a_i`` in round r, so group g holds the pairs moved by ``g + a_i``:
    a whole round of matches, every pair once. Depth-first, smallest first: deterministic."""

    def extend(
        pairs: tuple[tuple[int, int], ...],
        used: frozenset[int],
        differences: frozenset[int],
        adders: tuple[int, ...],
        covered: frozenset[int],
    ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | None:
        rest = [x for x in range(1, m) if x not in used]
        if not rest:
            return pairs, adders
        x = rest[0]
        for y in rest[1:]:
            d = min((y - x) % m, (x - y) % m)
            if d in differences:
                continue
            for a in range(m):
                moved = {(x + a) % m, (y + a) % m}
                if a in adders or moved & covered:
                    continue
                found = extend(
                    (*pairs, (x, y)),
                    used | {x, y},
                    differences | {d},
                    (*adders, a),
                    covered | moved,
                )
                if found is not None:
                    return found
        return None

    for a0 in range(m):
        found = extend((), frozenset(), frozenset(), (a0,), frozenset({a0}))
        if found is not None:
            return found
    raise AssertionError(f"no cyclic Room square of side {m}")  # pragma: no cover
