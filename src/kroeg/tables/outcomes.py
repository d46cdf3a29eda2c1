"""Who won and who lost a finished game, seat by seat, from the game's result (RECORDS.md)."""

from __future__ import annotations

from kroeg.games.base import JSON


def losing_seats(game: str, result: JSON, seats: int) -> set[int]:
    """The seats that lost: toepen's ``losers``; klaverjassen's team without the win (a
    draw, ``winner: null``, loses nobody); eurokaarten's everyone but the ``winner``."""
    if "losers" in result:
        return {int(s) for s in result["losers"]}
    winner = result.get("winner")
    if winner is None:
        return set()
    if game == "klaverjassen":
        return {s for s in range(seats) if s % 2 != winner}
    return {s for s in range(seats) if s != winner}
