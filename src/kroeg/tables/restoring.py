"""A table rebuilt from the store: at a start (or a takeover), and after a failure."""

from __future__ import annotations

import logging

from kroeg.store import GameRow, LogEntry, TableRow
from kroeg.tables.fair import FairDeals
from kroeg.tables.replay import Finished, rebuild
from kroeg.tables.state import TableState

log = logging.getLogger(__name__)


def restore(
    table: TableState,
    row: TableRow,
    running: GameRow | None,
    entries: list[LogEntry],
    *,
    now: float,
    restarted: bool = False,
    finished: Finished | None = None,
) -> None:
    """Rebuild the table from its row and its unfinished game's log (after a failed
    write, or a restart). After a restart (``restarted``) each person the game waits
    for gets what was left of their clock, counted in wall time from when it started
    (the downtime is not given back), but at least ``restart_min_clock``. With no game
    running, ``finished`` (the last game, over, and its log) is what the table shows.
    Versions prepared after the stored one were never sent: the history forgets them."""
    table.version = row.version
    table.history.forget_after(row.version)
    table.staged = table.asking = table.starting = None
    table.seating.restore(row.seating)
    if running is None:
        table.fair = FairDeals(None)
        if finished is not None:
            _show_finished(table, *finished)
        return
    table.fair = FairDeals.restored(running.fair_secret, entries, boards=table.boards)
    whole_turn = table.game.traits.clock_per_turn
    rebuilt = rebuild(table.game, running, entries, whole_turn=whole_turn)
    table.play(rebuilt.state)
    table.seating.restore_left(rebuilt.left)
    table.game_id, table.number, table.seq = running.id, running.number, len(entries)
    if restarted:
        people = set(table.seating.people_at(rebuilt.waiting_since))
        table.clocks.resume(
            {s: t for s, t in rebuilt.waiting_since.items() if s in people},
            table.config.clock_seconds,
            table.settings.restart_min_clock,
            now,
            table.seating.doubled(),
        )


def _show_finished(table: TableState, game: GameRow, entries: list[LogEntry]) -> None:
    """Show the last game's end (its result, and its id for the replay). It is only
    shown: a log that no longer replays leaves the table as it was, with no game."""
    try:
        state = rebuild(table.game, game, entries).state
    except Exception:
        log.warning("table %s: its last game %s does not replay", table.id, game.id)
        return
    table.play(state)
    table.game_id = game.id
