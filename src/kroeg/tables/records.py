"""A finished game's hand record (RECORDS.md), written from its log."""

from __future__ import annotations

from typing import Any

from kroeg.fair_records import fair_field
from kroeg.games import make_game
from kroeg.games.base import JSON, Deal
from kroeg.games.match import OUT
from kroeg.records import RecordWriter
from kroeg.store import GameRow, LogEntry


def game_record(row: GameRow, entries: list[LogEntry]) -> JSON:
    """The ``kroeg-record/1`` of a game; a player taken out (two timeouts, or leaving) is
    the record step ``[seat, "out"]``. A game dealt fairly adds the ``fair`` field
    (docs/records.md), with the secret only once the game is over."""
    game = make_game(row.game, row.variant, row.options)
    writer = RecordWriter(
        game,
        row.seats,
        names=row.names,
        dealer=row.dealer if row.dealer >= 0 else None,
        seed=row.seed,
    )
    notes: list[JSON] = []
    for entry in entries:
        if entry.kind == "deal":
            writer.add(entry.seat, Deal.from_json(entry.data))
            if "fair" in entry.data:
                notes.append(entry.data["fair"])
        elif entry.kind == "act":
            writer.add(entry.seat, game.parse_action(entry.data))
        elif entry.kind == "out" and entry.data.get("eliminated", True):
            writer.add(entry.seat, OUT)  # not when the rules had the seat out already
    doc: dict[str, Any] = writer.json()
    if row.fair_secret is not None:
        over = row.finished_at is not None
        doc["fair"] = fair_field(bytes.fromhex(row.fair_secret), notes, over=over)
    return doc
