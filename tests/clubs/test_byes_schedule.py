"""Byes in a night's schedule (issue 32, build 7; docs/clubs.md "Byes"): the players who
do not fill a table sit out in turn, and no seat is the house's."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kroeg.clubs.byes import sit_outs
from kroeg.clubs.schedule import Round, schedule


def _players(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def _resting(players: list[str], night: list[Round]) -> list[set[str]]:
    """Per round who is not seated."""
    return [set(players) - {p for t in rnd for p in t if p is not None} for rnd in night]


def _check_rotation(units: int, resting: list[set[str]], per_round: int) -> None:
    counts: Counter[str] = Counter()
    if not per_round:  # the players fill the tables: nobody sits out
        assert not any(resting)
        return
    for number, rest in enumerate(resting):
        assert len(rest) == per_round
        counts.update(rest)
        # nobody sits out twice before everyone has sat out once
        sat = [counts[u] for u in counts]
        low = min(sat) if len(counts) == units else 0
        assert max(sat) - low <= 1
        # never two rounds in a row (always avoidable: the surplus is under half)
        if number:
            assert not rest & resting[number - 1]


@settings(max_examples=120, deadline=None)
@given(
    n=st.integers(4, 41),
    rounds=st.integers(1, 12),
    size=st.sampled_from([3, 4, 5, 6]),
    seed=st.integers(0, 10**6),
)
def test_a_table_night_with_byes_seats_whole_tables_and_rotates_the_rest(
    n: int, rounds: int, size: int, seed: int
) -> None:
    if n < size:
        n = size + n % size
    players = _players(n)
    night = schedule(players, rounds, seed, table_size=size, byes=True)
    for rnd in night:
        seated = [p for t in rnd for p in t]
        assert None not in seated and all(len(t) == size for t in rnd)
        assert len(seated) == len(set(seated)) == n - n % size
    _check_rotation(n, _resting(players, night), n % size)


@settings(max_examples=80, deadline=None)
@given(n=st.integers(4, 30), rounds=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_an_individual_klaverjas_night_with_byes_has_no_house_partner(
    n: int, rounds: int, seed: int
) -> None:
    """Bug 12: nine players seated the house at every table and partnered a player with it."""
    assume(n % 4 or rounds < n)  # a full count is the round robin's: at most n - 1 rounds
    players = _players(n)
    night = schedule(players, rounds, seed, table_size=4, partners=True, byes=True)
    for rnd in night:
        seated = [p for t in rnd for p in t]
        assert None not in seated and len(seated) == len(set(seated)) == n - n % 4
    _check_rotation(n, _resting(players, night), n % 4)


@settings(max_examples=80, deadline=None)
@given(pairs=st.integers(2, 15), rounds=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_a_pair_night_with_an_odd_count_gives_one_pair_a_bye_each_round(
    pairs: int, rounds: int, seed: int
) -> None:
    units = [(f"a{i:02d}", f"b{i:02d}") for i in range(pairs)]
    players = [p for u in units for p in u]
    night = schedule(players, rounds, seed, table_size=4, partners=True, pairs=units, byes=True)
    resting = _resting(players, night)
    for rnd, rest in zip(night, resting, strict=True):
        assert all(None not in t for t in rnd)
        assert len(rest) == 2 * (pairs % 2)
        assert rest in ({a, b} for a, b in units) or not rest
    by_pair = [{f"a{p[1:]}" for p in rest if p.startswith("a")} for rest in resting]
    _check_rotation(pairs, by_pair, pairs % 2)


def test_nine_klaverjassers_partner_nobody_twice_over_four_rounds() -> None:
    """The hill climb keeps partners apart where the numbers allow (8 seated of 9)."""
    night = schedule(_players(9), 4, "bar", table_size=4, partners=True, byes=True)
    partners: Counter[frozenset[str]] = Counter()
    for rnd in night:
        for t in rnd:
            assert t[0] is not None and t[1] is not None and t[2] is not None
            assert t[3] is not None
            partners.update([frozenset((t[0], t[2])), frozenset((t[1], t[3]))])
    assert max(partners.values()) == 1


def test_without_byes_nine_klaverjassers_still_get_house_seats() -> None:
    """The ``house`` rule keeps the online behaviour: empty seats are the house's."""
    night = schedule(_players(9), 3, "bar", table_size=4, partners=True)
    assert all(sum(p is None for t in rnd for p in t) == 3 for rnd in night)


def test_sit_outs_prefer_fewest_byes_then_not_last_round() -> None:
    rng = random.Random(1)
    units = ["a", "b", "c", "d"]
    assert sit_outs(units, 1, [["a"], ["b"], ["c"]], rng) == ["d"]
    assert set(sit_outs(units, 2, [["a", "b"]], rng)) == {"c", "d"}
    assert sit_outs(units, 0, [], rng) == []


def test_a_shorter_night_with_byes_is_the_longer_one_cut_short() -> None:
    """The night's seed fixes each round, byes included (docs/clubs.md, "Schedules")."""
    for partners, size in ((True, 4), (False, 3)):
        long = schedule(_players(11), 8, "kort", table_size=size, partners=partners, byes=True)
        short = schedule(_players(11), 3, "kort", table_size=size, partners=partners, byes=True)
        assert short == long[:3]
