"""What the store reads and writes: tables, games, log entries, and a table's changes.

Plain data, apart from the store that writes it, so that the writers and the statements
they run can take it without importing the store itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    game: str
    variant: str
    options: JSON
    seats: int
    clock_seconds: float
    private: bool
    house_level: str
    created_at: float
    version: int
    seating: JSON
    closed: bool = False
    public_records: bool = False
    """Whether anyone may read the records of the table's finished games (else only
    their players)."""
    created_by: str | None = None
    """The player who created the table (None: before migration 0004)."""
    bots_allowed: bool = True
    """Whether bot accounts may sit at the table (docs/bots-api.md)."""
    rated: bool = False
    """Whether the table's finished games change ratings (migration 0006)."""
    boards: str | None = None
    """A duplicate round's secret, hex, when the table deals that round's boards
    (migration 0026); never sent to anyone: the night publishes it when it closes."""


@dataclass(frozen=True, slots=True)
class SessionRow:
    """A signed-in session (kroeg.accounts.sessions): never the token, only its hash."""

    id: str
    player_id: str
    token_hash: str
    kind: str
    """``guest`` (a guest's token); the accounts will add their logins."""
    created_at: float
    last_used_at: float
    expires_at: float
    revoked_at: float | None = None


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game about to start at a table; the store gives it its id."""

    table_id: str
    number: int
    game: str
    variant: str
    options: JSON
    seats: int
    dealer: int
    seed: int
    players: list[str | None]
    names: list[str]
    started_at: float
    fair_secret: str | None
    """The game's secret for its fair deals (docs/fair-deals.md), as hex; None for a game
    from before them. It never leaves the server before the game is over."""


@dataclass(frozen=True, slots=True)
class GameRow(NewGame):
    """A game as stored: what it started with, its id, and how it ended (None: running)."""

    id: int
    finished_at: float | None
    result: JSON | None


@dataclass(slots=True)
class LogEntry:
    """One step of a game's log: a ``deal``, an ``act`` or a player taken ``out``.

    ``data`` is the deal (RECORDS.md form), the action (record form) or ``{"reason"}``;
    ``by`` says who decided it: ``player``, ``house``, ``timeout`` or ``table``.

    Not frozen, unlike the other rows: a table makes one for every step, and a frozen
    dataclass sets each field through ``object.__setattr__`` (about 1 µs a step against
    0.2). Nothing hashes an entry or changes one once made; it still compares by value."""

    seq: int
    version: int
    seat: int
    kind: str
    data: Any
    by: str
    created_at: float


@dataclass(frozen=True, slots=True)
class Finish:
    """A game's end: its result and each seat's outcome (``won``, ``lost``, ``left``)."""

    game_id: int
    result: JSON
    finished_at: float
    outcomes: list[tuple[str | None, str, str]]
    """Per seat: player id (None for the house), display name, outcome."""
    places: tuple[int, ...] = ()
    """Per seat, its place in the game's result (``GameResult.places``: 0 won, losers from
    1); empty: not known, stored as NULL and read as the outcome's tier (docs/ratings.md)."""


@dataclass(slots=True)
class TableChange:
    """One versioned change of a table, written in one transaction.

    ``entries`` append to the log of game ``game_id``; ``new_game`` starts a game (the
    write returns its id); ``seating`` replaces the table's seating; ``finish`` ends a game.
    ``version`` is the table's version after the change. ``epoch`` is the owner's fencing
    epoch (docs/cluster.md): the change is refused with :class:`Fenced`, in its own
    transaction, unless the table's stored epoch is still that one; None (a server that
    runs alone) checks nothing.
    """

    table_id: str
    version: int
    seating: JSON | None = None
    new_game: NewGame | None = None
    game_id: int | None = None
    entries: list[LogEntry] = field(default_factory=list)
    finish: Finish | None = None
    epoch: int | None = None


class Fenced(Exception):
    """A table change written under an epoch that is no longer the table's: another
    process has taken the table over since. Nothing of the change was written."""

    def __init__(self, table_id: str, epoch: int, stored: int | None) -> None:
        super().__init__(
            f"table {table_id} is owned under epoch {stored}, not {epoch}: "
            "another process took it over"
        )
        self.table_id = table_id
        self.epoch = epoch
        self.stored = stored
