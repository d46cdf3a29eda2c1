"""A batch of writes as plain SQL, shared by the SQLite and the PostgreSQL writer.

The table changes bypass SQLAlchemy's statement compiling and per-row type processing
(which cost more than the database itself under load): plain SQL with ``?`` marks, the
JSON encoded here by msgspec, one statement for all rows of a kind. The other writes
(players, tables, the secret) are rare and stay SQLAlchemy statements.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

import msgspec
import sqlalchemy as sa

from kroeg.store.changes import JSON, NewGame, TableChange

Work: TypeAlias = TableChange | sa.Executable
"""What the writer commits: a table change, or any other write as a SQLAlchemy statement."""

Rows = list[tuple[Any, ...]]

_GAME_COLUMNS = (
    "table_id, number, game, variant, options, seats, dealer, seed, players, names, started_at"
)
INSERT_GAME = f"INSERT INTO games ({_GAME_COLUMNS}) VALUES ({', '.join('?' * 11)})"
INSERT_GAME_WITH_ID = f"INSERT INTO games (id, {_GAME_COLUMNS}) VALUES ({', '.join('?' * 12)})"
INSERT_ENTRIES = (
    'INSERT INTO actions (game_id, seq, version, seat, kind, data, "by", created_at) '
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
ENTRY_FIELDS = 8
"""Values per log entry in :func:`entry_values`, in the order of :data:`INSERT_ENTRIES`."""
FINISH_GAME = "UPDATE games SET finished_at = ?, result = ? WHERE id = ?"
INSERT_RESULTS = (
    "INSERT INTO results (game_id, seat, player_id, name, outcome) VALUES (?, ?, ?, ?, ?)"
)
UPDATE_TABLE = "UPDATE tables SET version = ?, seating = ? WHERE id = ?"
UPDATE_VERSION = "UPDATE tables SET version = ? WHERE id = ?"
"""For a table whose seating stays (most changes: one a step), without the seating's
COALESCE that the one statement for both cases evaluated for every table."""

_json = msgspec.json.Encoder()


def split(works: Sequence[Work]) -> tuple[list[sa.Executable], list[TableChange]]:
    """The other writes and the table changes of a batch. The writers run the other writes
    first: they never depend on a table change, while a change may need a table created
    in the same batch."""
    statements = [w for w in works if isinstance(w, sa.Executable)]
    changes = [w for w in works if not isinstance(w, sa.Executable)]
    return statements, changes


def game_row(g: NewGame) -> tuple[Any, ...]:
    """The values of :data:`INSERT_GAME`."""
    return (
        g.table_id,
        g.number,
        g.game,
        g.variant,
        _encode(g.options),
        g.seats,
        g.dealer,
        g.seed,
        _encode(g.players),
        _encode(g.names),
        g.started_at,
    )


def entry_values(changes: Sequence[TableChange], game_ids: Sequence[int]) -> list[Any]:
    """The values of every log entry of the batch, in order, one entry after the other
    (:data:`ENTRY_FIELDS` each, the data as JSON text). The SQLite writer binds them many
    entries to a statement as they are; :func:`entry_rows` makes them rows. ``game_ids``
    are the ids the started games got, in the order of ``changes``.

    Flat rather than a row per entry: a log entry is most of what a batch writes, and
    building a tuple per entry that the SQLite writer then flattened cost twice as much."""
    ids = iter(game_ids)
    values: list[Any] = []
    extend = values.extend
    encode = _json.encode
    for change in changes:
        game_id = next(ids) if change.new_game is not None else change.game_id
        if not change.entries:
            continue
        if game_id is None:
            raise ValueError("log entries need the game they belong to")
        for e in change.entries:
            data = encode(e.data).decode()
            extend((game_id, e.seq, e.version, e.seat, e.kind, data, e.by, e.created_at))
    return values


def entry_rows(values: list[Any]) -> Rows:
    """The rows of :data:`INSERT_ENTRIES` in flat ``values`` (see :func:`entry_values`)."""
    return list(zip(*[iter(values)] * ENTRY_FIELDS, strict=True))


def statements(changes: Sequence[TableChange]) -> list[tuple[str, Rows]]:
    """Everything after the game starts and the log entries, one statement each with all
    its rows: the game ends, each table's newest version (and seating, when it changed)."""
    finishes: Rows = []
    results: Rows = []
    tables: dict[str, tuple[int, JSON | None]] = {}
    for change in changes:
        if (f := change.finish) is not None:
            finishes.append((f.finished_at, _encode(f.result), f.game_id))
            results.extend((f.game_id, seat, *outcome) for seat, outcome in enumerate(f.outcomes))
        seating = change.seating
        if seating is None and change.table_id in tables:
            seating = tables[change.table_id][1]
        tables[change.table_id] = (change.version, seating)
    seatings = [
        (version, _encode(seating), table_id)
        for table_id, (version, seating) in tables.items()
        if seating is not None
    ]
    versions = [
        (version, table_id) for table_id, (version, seating) in tables.items() if seating is None
    ]
    every = [
        (FINISH_GAME, finishes),
        (INSERT_RESULTS, results),
        (UPDATE_TABLE, seatings),
        (UPDATE_VERSION, versions),
    ]
    return [(sql, rows) for sql, rows in every if rows]


def results(works: Sequence[Work], game_ids: Sequence[int]) -> list[int | None]:
    """What each write returns: the id of the game a change started, else None."""
    ids = iter(game_ids)
    return [
        next(ids) if not isinstance(w, sa.Executable) and w.new_game is not None else None
        for w in works
    ]


def _encode(value: Any) -> str:
    return _json.encode(value).decode()
