"""A player's line in a game's analysis: how many of its analysed decisions cost nothing."""

from __future__ import annotations

from kroeg.games.base import JSON


def player_summary(seat: int, name: str, plays: list[JSON]) -> JSON:
    """The seat's analysed decisions, how many were best, the share in per cent (None
    without any) and the points they cost, from ``plays`` (each with ``seat``, ``loss``)."""
    own = [p for p in plays if p["seat"] == seat]
    best = sum(1 for p in own if p["loss"] == 0)
    return {
        "seat": seat,
        "name": name,
        "analysed": len(own),
        "best": best,
        "accuracy": round(100 * best / len(own), 1) if own else None,
        "lost": sum(p["loss"] for p in own),
    }
