"""The schedules of club nights (issue 21, "Schedules"; docs/clubs.md)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kroeg.clubs.errors import ClubError
from kroeg.clubs.schedule import Round, circle_rounds, schedule
from tests.support import LONG


def _players(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def _partners(rounds: list[Round]) -> Counter[frozenset[str]]:
    seen: Counter[frozenset[str]] = Counter()
    for rnd in rounds:
        for t in rnd:
            for a, b in ((t[0], t[2]), (t[1], t[3])):
                if a is not None and b is not None:
                    seen[frozenset((a, b))] += 1
    return seen


def _check_rounds(players: list[str], rounds: list[Round], size: int) -> None:
    """Every player sits exactly once a round, tables have the size, house seats spread."""
    for rnd in rounds:
        seated = [p for t in rnd for p in t if p is not None]
        assert sorted(seated) == sorted(players)
        assert all(len(t) == size for t in rnd)
        houses = [sum(p is None for p in t) for t in rnd]
        assert max(houses) - min(houses) <= 1


def test_the_circle_method_pairs_every_two_slots_exactly_once() -> None:
    for slots in (4, 8, 12, 64):
        rounds = circle_rounds(slots)
        assert len(rounds) == slots - 1
        pairs = Counter(frozenset(p) for r in rounds for p in r)
        assert len(pairs) == slots * (slots - 1) // 2 and set(pairs.values()) == {1}
        for r in rounds:
            assert sorted(x for p in r for x in p) == list(range(slots))


@pytest.mark.parametrize("n", range(8, 65))
def test_klaverjassen_no_partner_repeats_over_six_rounds_for_8_to_64_players(n: int) -> None:
    players = _players(n)
    rounds = schedule(players, 6, seed=n, table_size=4, partners=True)
    _check_rounds(players, rounds, 4)
    assert max(_partners(rounds).values()) == 1
    for rnd in rounds:  # at most one house seat a table: n >= 8 leaves at most 3 over 2+ tables
        assert all(sum(p is None for p in t) <= 1 for t in rnd)


@pytest.mark.parametrize(("n", "rounds"), [(4, 4), (4, 12), (8, 8), (8, 12), (5, 12)])
def test_klaverjassen_with_more_rounds_than_the_round_robin_repeats_partners_evenly(
    n: int, rounds: int
) -> None:
    """4T players have 4T - 1 rounds of new partners; a longer night used to fail on an
    assertion (a 500 at the opening). The round robin starts over: each round seats
    everyone, and no two play together more often than the rounds make necessary."""
    players = _players(n)
    night = schedule(players, rounds, seed="lang", table_size=4, partners=True)
    _check_rounds(players, night, 4)
    slots = 4 * -(-n // 4)
    assert max(_partners(night).values()) == -(-rounds // (slots - 1))


@pytest.mark.parametrize("rounds", [3, 4, 5])
@pytest.mark.parametrize("n", range(8, 65) if LONG else [8, 9, 10, 11, 13, 22, 37, 64])
def test_klaverjassen_no_partner_repeats_for_3_to_5_rounds(n: int, rounds: int) -> None:
    """A shorter night is the same draw cut short: the night's seed fixes each round.
    Every size from 8 to 64 under ``KROEG_LONG=1``, a spread of sizes otherwise."""
    players = _players(n)
    night = schedule(players, rounds, seed="avond", table_size=4, partners=True)
    assert max(_partners(night).values()) == 1
    assert night == schedule(players, 6, seed="avond", table_size=4, partners=True)[:rounds]


def test_opponents_repeat_rarely_where_the_numbers_allow() -> None:
    """With 24 players over 3 rounds nobody need meet an opponent twice; the search finds it."""
    night = schedule(_players(24), 3, seed=1, table_size=4, partners=True)
    opponents: Counter[frozenset[str]] = Counter()
    for rnd in night:
        for t in rnd:
            for a in (t[0], t[2]):
                for b in (t[1], t[3]):
                    assert a is not None and b is not None
                    opponents[frozenset((a, b))] += 1
    assert max(opponents.values()) == 1


def test_the_schedule_follows_from_the_seed() -> None:
    players = _players(20)
    a = schedule(players, 4, seed=7, table_size=4, partners=True)
    assert a == schedule(list(players), 4, seed=7, table_size=4, partners=True)
    assert a != schedule(players, 4, seed=8, table_size=4, partners=True)


def test_a_pair_night_keeps_the_pairs_and_no_two_pairs_meet_twice() -> None:
    players = _players(14)
    pairs = [(players[i], players[i + 1]) for i in range(0, 14, 2)]
    night = schedule(players, 5, seed=3, table_size=4, partners=True, pairs=pairs)
    met: Counter[frozenset[tuple[str | None, str | None]]] = Counter()
    for rnd in night:
        assert len(rnd) == 4  # 7 pairs and the house's pair
        for t in rnd:
            us, them = (t[0], t[2]), (t[1], t[3])
            for pair in (us, them):
                assert pair in pairs or pair == (None, None)
            met[frozenset((us, them))] += 1
    assert max(met.values()) == 1


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 40),
    size=st.sampled_from([3, 4, 5, 6]),
    rounds=st.integers(1, 4),
    seed=st.integers(0, 2**32),
)
def test_tables_without_partners_seat_everyone_once_and_spread_the_house(
    n: int, size: int, rounds: int, seed: int
) -> None:
    players = _players(n)
    night = schedule(players, rounds, seed=seed, table_size=size)
    _check_rounds(players, night, size)
    assert len(night[0]) == -(-n // size)


def test_toepen_tables_of_four_mix_the_players_over_the_rounds() -> None:
    """16 players, 3 rounds at tables of 4: nobody shares a table with someone twice."""
    night = schedule(_players(16), 3, seed=5, table_size=4)
    met: Counter[frozenset[str]] = Counter()
    for rnd in night:
        for t in rnd:
            for i, a in enumerate(t):
                for b in t[i + 1 :]:
                    assert a is not None and b is not None
                    met[frozenset((a, b))] += 1
    assert max(met.values()) == 1


@pytest.mark.parametrize(
    ("players", "rounds", "size", "partners", "code"),
    [
        (["a", "a", "b", "c"], 3, 4, True, "duplicate_player"),
        (["a"], 3, 4, False, "too_few_players"),
        (["a", "b", "c", "d"], 0, 4, False, "bad_rounds"),
        (["a", "b", "c", "d"], 13, 4, False, "bad_rounds"),
        (["a", "b", "c", "d"], 3, 6, True, "bad_table_size"),
    ],
)
def test_a_night_that_cannot_be_drawn_is_refused_with_its_reason(
    players: list[str], rounds: int, size: int, partners: bool, code: str
) -> None:
    with pytest.raises(ClubError) as e:
        schedule(players, rounds, seed=1, table_size=size, partners=partners)
    assert e.value.code == code


def test_pairs_must_hold_every_player_once() -> None:
    with pytest.raises(ClubError) as e:
        schedule(["a", "b", "c", "d"], 2, 1, table_size=4, partners=True, pairs=[("a", "b")])
    assert e.value.code == "bad_pairs"
