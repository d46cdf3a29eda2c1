"""The arena's statistics, checked against values worked out by hand."""

from __future__ import annotations

import math

from kroeg.bots.stats import elo_ratings, mean_interval


def test_mean_interval_is_mean_plus_minus_1_96_standard_errors() -> None:
    # mean 2.5, sample variance 5/3, standard error sqrt(5/3/4) = 0.6455, half width 1.2652
    interval = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert interval.mean == 2.5
    assert math.isclose(interval.high - interval.mean, 1.2652, abs_tol=1e-4)
    assert math.isclose(interval.mean - interval.low, 1.2652, abs_tol=1e-4)
    assert interval.n == 4


def test_a_single_value_has_an_unbounded_interval() -> None:
    interval = mean_interval([3.0])
    assert interval.mean == 3.0 and interval.low == -math.inf and interval.high == math.inf


def test_elo_of_two_bots_matches_the_bradley_terry_odds() -> None:
    # 3 wins to 1, plus the prior of one draw: p = 3.5 / 5 = 0.7, 400 log10(0.7/0.3) = 147.2
    ratings = elo_ratings(["a", "b"], {("a", "b"): 3.0, ("b", "a"): 1.0})
    assert math.isclose(ratings["a"] - ratings["b"], 147.2, abs_tol=0.1)
    assert math.isclose(ratings["a"] + ratings["b"], 3000, abs_tol=1e-6)


def test_elo_orders_three_bots_by_strength() -> None:
    wins = {("a", "b"): 8.0, ("b", "a"): 2.0, ("b", "c"): 8.0, ("c", "b"): 2.0, ("a", "c"): 9.0}
    ratings = elo_ratings(["a", "b", "c"], wins)
    assert ratings["a"] > ratings["b"] > ratings["c"]
