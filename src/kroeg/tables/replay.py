"""Rebuilding a running game from its log after a restart (and reading log entries); and
finding a table's last game when that one is over, so a restarted table shows its end."""

from __future__ import annotations

import contextlib
from typing import Any, NamedTuple

from kroeg.games.base import Deal, Game, RuleError
from kroeg.games.match import OUT, Match
from kroeg.store import GameRow, LogEntry, Store

Left = dict[int, tuple[str, str]]
"""Seats whose player was taken out of the game: (player id, name)."""


class Rebuilt(NamedTuple):
    state: Any
    left: Left
    waiting_since: dict[int, float]
    """Since when (wall clock) each seat the game waits for has been waiting: when its
    clock started, as the table runs its clocks (Table._update_clocks)."""


def rebuild(
    game: Game[Any], row: GameRow, entries: list[LogEntry], *, whole_turn: bool = False
) -> Rebuilt:
    """The game's state after every logged step, the seats whose player was taken out, and
    since when each seat it waits for has been waiting. ``whole_turn``: one clock covers
    the seat's whole turn (the game's trait clock_per_turn), not each decision.

    The log was written by the same rules, so a step that no longer applies is a bug (or
    rules that changed under a running game): it raises rather than guessing."""
    match = Match.new(game, row.seats, dealer=None, seed=row.seed)
    left: Left = {}
    since: dict[int, float] = {}
    for entry in entries:
        if entry.kind == "deal":
            match.step(entry.seat, Deal.from_json(entry.data))
        elif entry.kind == "act":
            match.step(entry.seat, game.parse_action(entry.data))
        elif entry.kind == "out":
            with contextlib.suppress(RuleError):  # as at the table: already out by the rules
                match.step(entry.seat, OUT)
            left[entry.seat] = (entry.data["player"], entry.data["name"])
        else:
            raise ValueError(f"unknown log entry kind {entry.kind!r} in game {row.id}")
        if entry.kind == "out" or (
            entry.kind == "act" and entry.by in ("player", "timeout") and not whole_turn
        ):
            since.pop(entry.seat, None)  # the seat's next decision got a fresh clock
        waiting = match.pending().seats
        for seat in [s for s in since if s not in waiting]:
            del since[seat]
        for seat in waiting:
            since.setdefault(seat, entry.created_at)
    return Rebuilt(match.state, left, since)


Finished = tuple[GameRow, list[LogEntry]]
"""A table's last game, over, and its log."""


async def last_finished(store: Store, table_id: str) -> Finished | None:
    """The table's last game and its log when that game is over (None when the table has
    had no game, or its last one still runs): after a restart the table shows its result
    and names it for the replay (issue 18), instead of no game at all."""
    last = await store.last_game(table_id)
    if last is None or last.finished_at is None:
        return None
    return last, await store.log(last.id)
