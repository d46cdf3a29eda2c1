"""A table's clocks: each waiting person's deadline, the house's next move and the pause
after a deal.

Every time here is a wall-clock time, the ``now`` the table machine is handed: deadlines
are shown to people and survive a restart; the house's move and the deal pause are only
the machine's. Nothing here waits or sends: the machine asks what is due and when (its
alarm), and tells people about new clocks.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping


class Clocks:
    __slots__ = ("deadlines", "deal_due", "house_due")

    def __init__(self) -> None:
        self.deadlines: dict[int, float] = {}
        """Wall-clock deadlines of the people the game waits for, by seat."""
        self.house_due: float | None = None
        """When the house may move (it waits so people can follow)."""
        self.deal_due: float | None = None
        """When the pause after a deal's end is over and the next deal may be dealt."""

    def clear(self) -> None:
        """No clock runs: a new game, or a table that cannot reach its store."""
        self.deadlines = {}
        self.house_due = None
        self.deal_due = None

    def next_due(self) -> float | None:
        """When the earliest clock is due, or None when none runs."""
        dues: list[float] = []
        if self.deadlines:
            dues.append(min(self.deadlines.values()))
        if self.house_due is not None:
            dues.append(self.house_due)
        if self.deal_due is not None:
            dues.append(self.deal_due)
        return min(dues) if dues else None

    def expired(self, wall_now: float) -> list[int]:
        """The seats whose deadline has passed, in seat order."""
        return sorted(seat for seat, d in self.deadlines.items() if d <= wall_now)

    def settle(
        self,
        waiting: Iterable[int],
        seconds: float,
        wall_now: float,
        doubled: Collection[int] = (),
    ) -> list[int]:
        """A clock for each seat in ``waiting`` and none for any other seat; the seats whose
        clock starts now (a running clock keeps its deadline). A seat in ``doubled`` (its
        person asked for more time, WCAG 2.2.1) gets twice ``seconds``."""
        waiting = list(waiting)
        deadlines = self.deadlines
        for seat in [s for s in deadlines if s not in waiting]:
            del deadlines[seat]
        started: list[int] = []
        for seat in waiting:
            if seat not in deadlines:
                deadlines[seat] = wall_now + seconds_of(seat, seconds, doubled)
                started.append(seat)
        return started

    def resume(
        self,
        waiting_since: Mapping[int, float],
        seconds: float,
        least: float,
        wall_now: float,
        doubled: Collection[int] = (),
    ) -> None:
        """After a restart: each waiting seat gets what was left of its clock, counted in
        wall time from when it started (the downtime is not given back), but at least
        ``least`` seconds (at most the table's ``seconds``); a seat in ``doubled`` counts
        twice ``seconds``."""
        floor = wall_now + min(seconds, least)
        self.deadlines = {
            seat: max(started + seconds_of(seat, seconds, doubled), floor)
            for seat, started in waiting_since.items()
        }

    def lengthen(self, seat: int, seconds: float) -> float | None:
        """The seat's running clock gets ``seconds`` more (its person asked for more time
        while it ran): its new deadline, or None when no clock runs for it."""
        if seat not in self.deadlines:
            return None
        self.deadlines[seat] += seconds
        return self.deadlines[seat]


def seconds_of(seat: int, seconds: float, doubled: Collection[int]) -> float:
    """A seat's clock: the table's ``seconds``, twice that for a seat whose person asked
    for more time."""
    return 2 * seconds if seat in doubled else seconds
