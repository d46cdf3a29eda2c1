"""The fixed-size observation arrays: named fields at fixed offsets (docs/env.md).

Each game's encoding declares its fields once, in order, with :class:`Layout`; an
observation is one float32 array of ``layout.size`` holding every field at its offset.
Seats in an observation are relative: offset 0 is the observing seat, 1 the seat on
its left (the next to play after it), and so on.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]


class Layout:
    """Fields of an observation: a name, an offset and a size each, in the order added."""

    def __init__(self) -> None:
        self.fields: dict[str, tuple[int, int]] = {}
        self.size = 0

    def field(self, name: str, size: int) -> int:
        """Add a field of ``size`` values after the last one; its offset."""
        if name in self.fields:
            raise ValueError(f"field {name!r} is declared twice")
        offset = self.size
        self.fields[name] = (offset, size)
        self.size += size
        return offset

    def new(self) -> Array:
        return np.zeros(self.size, dtype=np.float32)


def set_seats(out: Array, offset: int, seats: Iterable[int], you: int, n: int) -> None:
    """Set the relative positions of ``seats`` (absolute seat numbers) to 1."""
    for seat in seats:
        out[offset + (seat - you) % n] = 1.0


def set_seat(out: Array, offset: int, seat: int | None, you: int, n: int) -> None:
    """Set the relative position of one seat to 1; nothing for None."""
    if seat is not None:
        out[offset + (seat - you) % n] = 1.0


def set_per_seat(out: Array, offset: int, values: list[int], you: int, scale: float) -> None:
    """``values[seat] / scale`` at each seat's relative position."""
    n = len(values)
    for seat, value in enumerate(values):
        out[offset + (seat - you) % n] = value / scale
