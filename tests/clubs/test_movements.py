"""Mitchell and Howell movements (docs/clubs.md, "Movements"): who meets whom, which
board group each table holds, and that no pair plays a group twice."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from kroeg.clubs.errors import ClubError
from kroeg.clubs.movements import Movement, howell, mitchell, movement


def _groups_per_pair(m: Movement) -> dict[int, list[int]]:
    played: dict[int, list[int]] = {p: [] for p in range(1, m.pairs + 1)}
    for r in m.rounds:
        for s in r:
            played[s.ns].append(s.group)
            played[s.ew].append(s.group)
    return played


def _check_round_shape(m: Movement) -> None:
    for r in m.rounds:
        assert [s.table for s in r] == list(range(1, m.tables + 1))
        seated = [p for s in r for p in (s.ns, s.ew)]
        assert sorted(seated) == list(range(1, m.pairs + 1)), "every pair plays every round"
        groups = [s.group for s in r]
        assert len(set(groups)) == len(groups), "no group lies on two tables at once"


def test_mitchell_of_three_tables_by_hand() -> None:
    # Worked out on paper: EW pairs 4, 5, 6 move up a table, groups down a table.
    m = mitchell(3)
    assert [[(s.ns, s.ew, s.group) for s in r] for r in m.rounds] == [
        [(1, 4, 1), (2, 5, 2), (3, 6, 3)],
        [(1, 6, 2), (2, 4, 3), (3, 5, 1)],
        [(1, 5, 3), (2, 6, 1), (3, 4, 2)],
    ]


@pytest.mark.parametrize("tables", [3, 5, 7, 9, 15])
def test_odd_mitchell_every_ew_meets_every_ns_and_plays_every_group(tables: int) -> None:
    m = mitchell(tables)
    assert len(m.rounds) == tables
    _check_round_shape(m)
    met = Counter((s.ns, s.ew) for r in m.rounds for s in r)
    ns_pairs, ew_pairs = range(1, tables + 1), range(tables + 1, 2 * tables + 1)
    assert set(met) == {(n, e) for n in ns_pairs for e in ew_pairs}
    assert max(met.values()) == 1
    for pair, groups in _groups_per_pair(m).items():
        assert sorted(groups) == list(range(1, tables + 1)), pair
    # Both directions: each group is played once by every NS pair and every EW pair.
    for g in range(1, tables + 1):
        assert sorted(s.ns for r in m.rounds for s in r if s.group == g) == list(ns_pairs)
        assert sorted(s.ew for r in m.rounds for s in r if s.group == g) == list(ew_pairs)


@pytest.mark.parametrize("tables", [4, 6, 8, 14])
def test_even_mitchell_skips_a_table_and_nothing_repeats(tables: int) -> None:
    m = mitchell(tables)
    assert len(m.rounds) == tables - 1
    _check_round_shape(m)
    met = Counter((s.ns, s.ew) for r in m.rounds for s in r)
    assert max(met.values()) == 1, "no NS pair meets an EW pair twice"
    for pair, groups in _groups_per_pair(m).items():
        assert len(set(groups)) == len(groups) == tables - 1, pair
    for s_now, s_next in zip(m.rounds[0], m.rounds[1], strict=True):
        assert s_now.ns == s_next.ns, "NS pairs stay"
    # Boards go down a table every round, the skip included.
    for r in range(len(m.rounds) - 1):
        for t in range(2, tables + 1):
            assert m.rounds[r + 1][t - 2].group == m.rounds[r][t - 1].group


def test_even_mitchell_of_four_tables_by_hand() -> None:
    # EW pairs move up one table in round 2, then skip: up two tables in round 3.
    m = mitchell(4)
    assert [[(s.ns, s.ew, s.group) for s in r] for r in m.rounds] == [
        [(1, 5, 1), (2, 6, 2), (3, 7, 3), (4, 8, 4)],
        [(1, 8, 2), (2, 5, 3), (3, 6, 4), (4, 7, 1)],
        [(1, 6, 3), (2, 7, 4), (3, 8, 1), (4, 5, 2)],
    ]


@pytest.mark.parametrize("tables", [4, 5, 6, 7, 8])
def test_howell_every_pair_meets_every_other_once_and_plays_every_group_once(
    tables: int,
) -> None:
    m = howell(tables)
    pairs = 2 * tables
    assert len(m.rounds) == pairs - 1
    _check_round_shape(m)
    met = Counter(frozenset((s.ns, s.ew)) for r in m.rounds for s in r)
    assert set(met) == {frozenset(c) for c in combinations(range(1, pairs + 1), 2)}
    assert max(met.values()) == 1
    for pair, groups in _groups_per_pair(m).items():
        assert sorted(groups) == list(range(1, pairs)), pair
    # Each group is played at `tables` tables, by every pair once, in one of the two
    # directions; each pair sits NS in T - 1 or T of its rounds.
    for g in range(1, pairs):
        sittings = [s for r in m.rounds for s in r if s.group == g]
        assert len(sittings) == tables
    ns_count = Counter(s.ns for r in m.rounds for s in r)
    assert set(ns_count.values()) <= {tables - 1, tables}
    assert sum(ns_count.values()) == tables * (pairs - 1)
    # The last pair stays at table 1.
    assert all(pairs in (r[0].ns, r[0].ew) for r in m.rounds)


@pytest.mark.parametrize(
    ("kind", "tables"),
    [("howell", 3), ("howell", 2), ("howell", 9), ("mitchell", 2), ("mitchell", 16)],
)
def test_a_movement_that_does_not_fit_names_the_table_count(kind: str, tables: int) -> None:
    with pytest.raises(ClubError) as refused:
        movement(kind, tables)
    assert refused.value.code == "movement_unfit"
    assert f"not {tables}" in str(refused.value)


def test_a_night_longer_than_the_movement_is_refused() -> None:
    with pytest.raises(ClubError) as refused:
        movement("mitchell", 4, rounds=4)
    assert refused.value.code == "movement_too_short"
    assert movement("howell", 6, rounds=4).rounds == howell(6).rounds[:4]


def test_sitting_names_a_missing_table() -> None:
    with pytest.raises(ClubError) as refused:
        mitchell(3).sitting(1, 4)
    assert refused.value.code == "unknown_table"
    assert mitchell(3).sitting(2, 3).group == 1
