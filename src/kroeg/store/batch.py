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

from kroeg.store.changes import JSON, Fenced, NewGame, TableChange

Work: TypeAlias = TableChange | sa.Executable
"""What the writer commits: a table change, or any other write as a SQLAlchemy statement."""

Rows = list[tuple[Any, ...]]

_GAME_COLUMNS = (
    "table_id, number, game, variant, options, seats, dealer, seed, players, names, started_at, "
    "fair_secret"
)
INSERT_GAME = f"INSERT INTO games ({_GAME_COLUMNS}) VALUES ({', '.join('?' * 12)})"
INSERT_GAME_WITH_ID = f"INSERT INTO games (id, {_GAME_COLUMNS}) VALUES ({', '.join('?' * 13)})"
INSERT_RUNS = "INSERT INTO game_log (game_id, seq, entries) VALUES (?, ?, ?)"
FINISH_GAME = "UPDATE games SET finished_at = ?, result = ? WHERE id = ?"
INSERT_RESULTS = (
    "INSERT INTO results (game_id, seat, player_id, name, outcome, place) VALUES (?, ?, ?, ?, ?, ?)"
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
        g.fair_secret,
    )


def run_rows(changes: Sequence[TableChange], game_ids: Sequence[int]) -> Rows:
    """The rows of :data:`INSERT_RUNS`: per change with log entries, its run of steps
    (``game_log`` in kroeg.store.schema), its JSON made at once. ``game_ids`` are the ids
    the started games got, in the order of ``changes``.

    A change's entries must follow each other (``seq`` one more each time): a run is
    stored under its first, and a gap or a repeat inside it would go unnoticed by the
    database's key, so it fails here as a duplicate key would."""
    ids = iter(game_ids)
    rows: Rows = []
    encode = _json.encode
    for change in changes:
        game_id = next(ids) if change.new_game is not None else change.game_id
        entries = change.entries
        if not entries:
            continue
        if game_id is None:
            raise ValueError("log entries need the game they belong to")
        first = entries[0].seq
        steps = []
        for i, e in enumerate(entries):
            if e.seq != first + i:
                raise _not_consecutive(game_id, first, i, e.seq)
            steps.append((e.version, e.seat, e.kind, e.data, e.by, e.created_at))
        rows.append((game_id, first, encode(steps).decode()))
    return rows


def _not_consecutive(game_id: int, first: int, i: int, seq: int) -> sa.exc.IntegrityError:
    message = (
        f"the log entries of game {game_id} from seq {first} do not follow each other: "
        f"entry {i} has seq {seq}, not {first + i}"
    )
    return sa.exc.IntegrityError(INSERT_RUNS, (game_id, first), ValueError(message))


def statements(changes: Sequence[TableChange]) -> list[tuple[str, Rows]]:
    """Everything after the game starts and the log entries, one statement each with all
    its rows: the game ends, each table's newest version (and seating, when it changed)."""
    finishes: Rows = []
    results: Rows = []
    tables: dict[str, tuple[int, JSON | None]] = {}
    for change in changes:
        if (f := change.finish) is not None:
            finishes.append((f.finished_at, _encode(f.result), f.game_id))
            places = f.places or (None,) * len(f.outcomes)
            results.extend(
                (f.game_id, seat, *outcome, place)
                for seat, (outcome, place) in enumerate(zip(f.outcomes, places, strict=True))
            )
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


def fence_query(changes: Sequence[TableChange]) -> tuple[str, tuple[str, ...]] | None:
    """The query that reads the stored epochs of the batch's fenced tables (those whose
    changes state an epoch), or None when no change states one.

    Run after the batch's table updates, in the same transaction: those updates hold the
    tables' rows locked until the commit, so a takeover (which raises the epoch with an
    update of the same row) either committed before them, and the query sees its epoch,
    or waits until this transaction is over, and then reads the log with this batch in it.
    """
    ids = tuple(sorted({c.table_id for c in changes if c.epoch is not None}))
    if not ids:
        return None
    marks = ", ".join("?" * len(ids))
    return f"SELECT id, owner_epoch FROM tables WHERE id IN ({marks})", ids


def check_fence(changes: Sequence[TableChange], stored: dict[str, int]) -> None:
    """Refuse the batch when a change states an epoch that is not its table's (the writer
    then commits each change alone, so that only the fenced ones fail)."""
    for change in changes:
        epoch = change.epoch
        if epoch is not None and stored.get(change.table_id) != epoch:
            raise Fenced(change.table_id, epoch, stored.get(change.table_id))


def results(works: Sequence[Work], game_ids: Sequence[int]) -> list[int | None]:
    """What each write returns: the id of the game a change started, else None."""
    ids = iter(game_ids)
    return [
        next(ids) if not isinstance(w, sa.Executable) and w.new_game is not None else None
        for w in works
    ]


def _encode(value: Any) -> str:
    return _json.encode(value).decode()
