"""The JSON shapes of the club service's answers, shared by its parts (the API sends
them as they are)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kroeg.clubs.boards import stored_set
from kroeg.clubs.duplicate_night import duplicate_json

HOUSE_NAME = "Huis"
"""The name shown on a seat the house plays (a schedule's empty seat)."""

NIGHT_KEYS = (
    "id",
    "club_id",
    "title",
    "game",
    "variant",
    "options",
    "table_size",
    "rounds",
    "deals_per_round",
    "mode",
    "pairs",
    "seed",
    "status",
    "current_round",
    "round_running",
    "changes",
    "clock_seconds",
    "pairing",
    "byes",
    "bye_score",
)


def night_json(night: Mapping[str, Any]) -> dict[str, Any]:
    """The night as anyone may read it; a duplicate night's board set by its commitment
    until the close, then whole (never the secret before)."""
    out = {key: night[key] for key in NIGHT_KEYS}
    closed = night["status"] == "closed"
    out["duplicate"] = duplicate_json(night.get("duplicate"), closed=closed)
    own = night.get("imported_boards")
    out["own_boards"] = (
        None if own is None else {"count": len(own), "commitment": stored_set(own).commitment}
    )
    return out


def member_json(m: Mapping[str, Any]) -> dict[str, Any]:
    return {"id": m["id"], "name": m["name"], "role": m["role"], "guest": m["player_id"] is None}


def seat_json(member: str | None, names: Mapping[str, str]) -> dict[str, Any]:
    if member is None:
        return {"member": None, "name": HOUSE_NAME, "house": True}
    return {"member": member, "name": names.get(member, "?"), "house": False}


def online_json(online: Mapping[str, Any] | None) -> dict[str, Any]:
    """What an online table's game stands at; nothing for a table at the bar. The table's
    id is not here: its players find it with ``GET /api/clubs/my-tables``."""
    if online is None:
        return {}
    return {
        "deals": online["deals"],
        "over": online["over"],
        "house_played": online["house_played"],
    }
