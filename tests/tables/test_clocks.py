"""A table's clocks on their own: who has a clock, when the next one is due, and the
clock a waiting person gets after a restart (docs/operations.md, restarts)."""

from __future__ import annotations

from kroeg.tables.clocks import Clocks


def test_settle_starts_a_clock_for_each_new_waiting_seat_and_keeps_running_ones() -> None:
    clocks = Clocks()
    assert clocks.settle([1, 3], 30.0, wall_now=1000.0) == [1, 3]
    assert clocks.deadlines == {1: 1030.0, 3: 1030.0}
    assert clocks.settle([3, 2], 30.0, wall_now=1010.0) == [2]  # 3's clock runs on
    assert clocks.deadlines == {3: 1030.0, 2: 1040.0}  # 1 no longer waited for
    assert clocks.settle([], 30.0, wall_now=1011.0) == [] and clocks.deadlines == {}


def test_the_next_due_is_the_earliest_of_deadline_house_and_deal_pause() -> None:
    clocks = Clocks()
    assert clocks.next_due() is None
    clocks.deadlines = {2: 1012.0, 1: 1020.0}
    assert clocks.next_due() == 1012.0
    clocks.house_due = 1001.0
    assert clocks.next_due() == 1001.0
    clocks.deal_due = 1000.5
    assert clocks.next_due() == 1000.5
    clocks.clear()
    assert clocks.next_due() is None


def test_expired_lists_the_seats_whose_deadline_passed_in_seat_order() -> None:
    clocks = Clocks()
    clocks.deadlines = {3: 999.0, 0: 1000.0, 1: 1000.5}
    assert clocks.expired(wall_now=1000.0) == [0, 3]


def test_after_a_restart_the_clock_runs_on_from_its_start_but_shows_at_least_the_floor() -> None:
    clocks = Clocks()
    # Seat 0 started waiting 10 s ago on a 60 s clock: 50 s left. Seat 1 started 58 s
    # ago: 2 s left, raised to the 15 s floor. A floor above the clock is the clock.
    clocks.resume({0: 990.0, 1: 942.0}, 60.0, 15.0, wall_now=1000.0)
    assert clocks.deadlines == {0: 1050.0, 1: 1015.0}
    clocks.resume({0: 0.0}, 10.0, 15.0, wall_now=1000.0)
    assert clocks.deadlines == {0: 1010.0}


def test_a_seat_whose_person_asked_for_more_time_gets_twice_the_clock() -> None:
    """WCAG 2.2.1 (docs/accessibility.md, "Meer bedenktijd"): seat 3 doubled, seat 1 not."""
    clocks = Clocks()
    assert clocks.settle([1, 3], 30.0, wall_now=1000.0, doubled={3}) == [1, 3]
    assert clocks.deadlines == {1: 1030.0, 3: 1060.0}
    assert clocks.lengthen(1, 30.0) == 1060.0  # asked while the clock ran: 30 s more
    assert clocks.lengthen(2, 30.0) is None and 2 not in clocks.deadlines  # no clock: none
    clocks.resume({3: 990.0}, 30.0, 15.0, wall_now=1000.0, doubled={3})
    assert clocks.deadlines == {3: 1050.0}  # 60 s from its start, 10 s gone
