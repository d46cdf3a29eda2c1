"""The rating maths (kroeg.accounts.ratings): the order of a game's result becomes the
places OpenSkill's Plackett–Luce model ranks (issue 19 point 3, docs/ratings.md)."""

from __future__ import annotations

import pytest

from kroeg.accounts.ratings import (
    ESTABLISHED_GAMES,
    HOUSE,
    NEW_MU,
    NEW_SIGMA,
    Rating,
    Seat,
    established,
    rate,
    teams_of,
    units,
)
from kroeg.bots.levels import HOUSE_LEVELS


def _by_player(changes: list) -> dict:  # type: ignore[type-arg]
    return {c.player: c for c in changes}


def test_winners_gain_and_losers_lose_against_the_house() -> None:
    seats = [Seat(0, "a", "won"), Seat(1, None, "won"), Seat(2, "b", "lost"), Seat(3, None, "won")]
    changes = _by_player(rate(seats, {}, "basis"))
    assert set(changes) == {"a", "b"}
    assert changes["a"].before == Rating(NEW_MU, NEW_SIGMA)
    assert changes["a"].after.mu > NEW_MU > changes["b"].after.mu
    assert changes["a"].after.sigma < NEW_SIGMA and changes["b"].after.sigma < NEW_SIGMA
    assert (changes["a"].rank, changes["b"].rank) == (0, 1)


def test_a_player_who_left_is_ranked_below_the_losers_who_gain_on_them() -> None:
    """Issue 19 point 3: a player who leaves a running game (or the clock takes out) is
    ranked last: the loser who stayed finished above them."""
    seats = [Seat(0, "a", "won"), Seat(1, "b", "lost"), Seat(2, "c", "left"), Seat(3, "d", "won")]
    changes = _by_player(rate(seats, {}, "basis"))
    assert changes["c"].rank == 2 > changes["b"].rank
    assert changes["c"].after.mu < NEW_MU < changes["b"].after.mu <= changes["a"].after.mu


def test_the_house_level_sets_how_much_a_win_against_it_is_worth() -> None:
    def gain(level: str) -> float:
        [change] = rate([Seat(0, "a", "won"), Seat(1, None, "lost")], {}, level)
        return change.after.mu - NEW_MU

    assert HOUSE["huis"][0] < HOUSE["basis"][0] < HOUSE["sterk"][0] < HOUSE["meester"][0]
    assert 0 < gain("huis") < gain("basis") < gain("sterk") < gain("meester")


def test_every_house_level_a_table_offers_has_its_fixed_rating() -> None:
    """Issue 23 point 6: huis, basis, sterk and meester each have their own fixed rating
    (a rated game at a meester table failed to be rated: it had none)."""
    assert set(HOUSE) == set(HOUSE_LEVELS)


def test_a_rated_player_moves_less_than_a_newcomer() -> None:
    seats = [Seat(0, "old", "won"), Seat(1, "new", "won"), Seat(2, None, "lost")]
    changes = _by_player(rate(seats, {"old": Rating(25.0, 2.0)}, "basis"))
    assert changes["old"].before == Rating(25.0, 2.0)
    assert 0 < changes["old"].after.mu - 25.0 < changes["new"].after.mu - NEW_MU


def test_klaverjassen_ranks_two_teams_and_partners_are_no_opponents() -> None:
    team_of = teams_of(4, ((0, 2), (1, 3)))
    assert team_of == [0, 1, 0, 1]
    seats = [
        Seat(i, p, o, team_of[i])
        for i, (p, o) in enumerate([("a", "won"), ("b", "lost"), ("c", "won"), ("d", "lost")])
    ]
    assert sorted(len(members) for members, _ in units(seats)) == [2, 2]
    changes = _by_player(rate(seats, {}, "basis"))
    assert changes["a"].after == changes["c"].after  # equal partners move together
    assert changes["a"].after.mu > NEW_MU > changes["b"].after.mu
    assert changes["a"].opponents == {"b", "d"}
    assert changes["b"].opponents == {"a", "c"}


def test_a_partner_who_left_is_ranked_last_on_their_own() -> None:
    team_of = teams_of(4, ((0, 2), (1, 3)))
    outcomes = [("a", "won"), ("b", "lost"), ("c", "left"), (None, "lost")]
    seats = [Seat(i, p, o, team_of[i]) for i, (p, o) in enumerate(outcomes)]
    sides = sorted((rank, [s.seat for s in members]) for members, rank in units(seats))
    assert sides == [(0, [0]), (1, [1, 3]), (2, [2])]
    changes = _by_player(rate(seats, {}, "basis"))
    assert changes["c"].after.mu < NEW_MU < changes["a"].after.mu
    assert changes["b"].after.mu < NEW_MU  # b and the house lost to a
    assert changes["c"].opponents == {"b"}  # their partner a is no opponent


def test_a_draw_moves_equal_players_nowhere_but_narrows_them() -> None:
    team_of = teams_of(4, ((0, 2), (1, 3)))
    seats = [Seat(i, p, "won", team_of[i]) for i, p in enumerate("abcd")]
    for change in rate(seats, {}, "basis"):
        assert change.after.mu == pytest.approx(NEW_MU)
        assert change.after.sigma < NEW_SIGMA


def test_a_game_of_the_house_alone_rates_nobody() -> None:
    assert rate([Seat(0, None, "won"), Seat(1, None, "lost")], {}, "basis") == []


def test_a_free_for_all_ranks_by_the_games_places_and_leavers_below_them() -> None:
    """Issue 19 point 3: Toepen and Eurokaarten rank by the game's result, the order the
    players went out (docs/ratings.md "Ranking"); a leaver is still last, whatever place
    the house reached at their seat."""
    seats = [
        Seat(0, "a", "lost", place=2),
        Seat(1, "b", "lost", place=1),
        Seat(2, "c", "won", place=0),
        Seat(3, "d", "left", place=0),
        Seat(4, "e", "lost", place=3),
    ]
    assert sorted((rank, [s.seat for s in side]) for side, rank in units(seats)) == [
        (0, [2]),
        (1, [1]),
        (2, [0]),
        (3, [4]),
        (4, [3]),
    ]
    changes = _by_player(rate(seats, {}, "basis"))
    mus = [changes[p].after.mu for p in "cbaed"]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 5
    assert [changes[p].rank for p in "cbaed"] == [0, 1, 2, 3, 4]


def test_a_result_stored_without_places_ranks_in_the_two_tiers() -> None:
    """Migration 0011: a game finished before has no places; its winners tie first, its
    losers second, and the rating is the one the places 0 and 1 give."""
    old = [Seat(0, "a", "lost"), Seat(1, "b", "lost"), Seat(2, "c", "won"), Seat(3, "d", "left")]
    placed = [Seat(s.seat, s.player, s.outcome, place=int(s.outcome == "lost")) for s in old]
    assert rate(old, {}, "basis") == rate(placed, {}, "basis")
    changes = _by_player(rate(old, {}, "basis"))
    assert changes["a"].after == changes["b"].after
    assert [changes[p].rank for p in "cad"] == [0, 1, 2]


def test_an_established_opponent_is_an_account_with_10_rated_games_before_the_game() -> None:
    """Issue "trust" item 1: who counts for a leaderboard place (docs/ratings.md)."""
    assert ESTABLISHED_GAMES == 10
    assert established(5.0, 10, finished_at=7.0)
    assert not established(5.0, 9, finished_at=7.0)  # one game short
    assert not established(None, 500, finished_at=7.0)  # a guest, however many games
    assert not established(8.0, 10, finished_at=7.0)  # the account was made after the game
    assert established(7.0, 10, finished_at=7.0)
