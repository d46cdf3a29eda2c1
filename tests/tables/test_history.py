"""The versions a table keeps for a resume (docs/protocol.md, ``resume``): a client that
missed versions gets exactly those, as its audience then was, or a snapshot when they are
no longer all kept."""

from __future__ import annotations

from kroeg.tables.history import History

STEP = ((None, b'{"kind":"action"}'),)


def _history(first: int, last: int, size: int = 4) -> History:
    history = History(size)
    for version in range(first, last + 1):
        history.add(version, STEP, ("anna", None, "bram"))
    return history


def test_a_client_behind_by_kept_versions_gets_each_of_them_in_order() -> None:
    history = _history(1, 4)
    missed = history.since(2, current=4)
    assert missed is not None and [k.version for k in missed] == [3, 4]
    assert all(k.events == STEP for k in missed)


def test_only_the_newest_versions_are_kept() -> None:
    history = _history(1, 10, size=4)
    assert list(history.versions()) == [7, 8, 9, 10] and len(history) == 4
    assert history.since(6, current=10) is not None  # 7 onwards: all kept
    assert history.since(5, current=10) is None  # 6 is gone: a snapshot


def test_a_client_that_names_no_version_a_current_or_a_future_one_gets_a_snapshot() -> None:
    history = _history(1, 4)
    assert history.since(None, current=4) is None
    assert history.since(4, current=4) is None  # nothing missed: the snapshot is the state
    assert history.since(9, current=4) is None  # a version the table never had
    assert History(4).since(0, current=0) is None  # nothing kept yet


def test_each_version_names_the_seat_its_player_held_then() -> None:
    history = History(4)
    history.add(1, STEP, ("anna", None))
    history.add(2, STEP, (None, "anna"))  # anna moved to seat 1
    missed = history.since(0, current=2)
    assert missed is not None
    assert [k.audience("anna") for k in missed] == [0, 1]
    assert [k.audience("cor") for k in missed] == [None, None]  # a spectator throughout
    assert missed[0].audience(None) is None
