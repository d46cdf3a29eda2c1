"""Night and season standings (issue 21, "Standings"; docs/clubs.md)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kroeg.clubs.errors import ClubError
from kroeg.clubs.standings import night_standings, season_standings, table_points


def test_a_night_adds_each_players_rounds_and_ranks_ties_alike() -> None:
    rounds = [{"an": 800, "bo": 700, "cor": 900}, {"an": 700, "bo": 800, "dirk": 1000}]
    table = night_standings(rounds, higher_is_better=True)
    assert [(s.player, s.total, s.rank) for s in table] == [
        ("an", 1500, 1),
        ("bo", 1500, 1),
        ("dirk", 1000, 3),
        ("cor", 900, 4),
    ]
    assert table[2].rounds == (None, 1000)


def test_toepen_ranks_the_fewest_penalty_points_first() -> None:
    table = night_standings([{"an": 10, "bo": 3}, {"an": 2, "bo": 8}], higher_is_better=False)
    assert [(s.player, s.total) for s in table] == [("bo", 11), ("an", 12)]


def test_the_house_is_never_ranked() -> None:
    assert table_points(["an", None, "bo", None], [300, 100, 300, 100]) == {"an": 300, "bo": 300}


def test_a_season_counts_the_best_k_nights() -> None:
    nights = [{"an": 3000, "bo": 2500}, {"an": 1000, "bo": 2600}, {"an": 2900}]
    table = season_standings(nights, best=2, higher_is_better=True)
    assert [(s.player, s.total, s.counted, s.nights) for s in table] == [
        ("an", 5900, (3000, 2900), 3),
        ("bo", 5100, (2600, 2500), 2),
    ]


def test_where_lower_is_better_too_few_nights_rank_after_a_full_count() -> None:
    nights = [{"an": 20, "bo": 5}, {"an": 30}]
    table = season_standings(nights, best=2, higher_is_better=False)
    assert [(s.player, s.rank) for s in table] == [("an", 1), ("bo", 2)]
    with pytest.raises(ClubError):
        season_standings(nights, best=0, higher_is_better=False)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.dictionaries(st.sampled_from("abcdefg"), st.integers(0, 3000), max_size=7),
        min_size=1,
        max_size=6,
    ),
)
def test_night_totals_are_the_sum_of_the_rounds_and_ranks_follow_totals(
    rounds: list[dict[str, int]],
) -> None:
    table = night_standings(rounds, higher_is_better=True)
    for s in table:
        assert s.total == sum(r.get(s.player, 0) for r in rounds)
    for a, b in itertools.pairwise(table):
        assert a.total >= b.total
        assert (a.rank == b.rank) == (a.total == b.total)
