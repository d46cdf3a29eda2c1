"""Duplicate against the house under ``/api/house-sets`` (docs/clubs.md, "Duplicate
tegen het huis"; kroeg.clubs.house_sets): start a set, list your running ones, read a
set's results. Only the set's
player reads it; the boards' cards are never in it (the table shows a seat its own)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path

from kroeg import accounts
from kroeg.accounts.errors import AccountError
from kroeg.server.api import PlayerDep, RuntimeDep, responses, same_origin

router = APIRouter(prefix="/api/house-sets", dependencies=[Depends(same_origin)])

SetId = Annotated[str, Path(min_length=1, max_length=32, pattern="^[0-9a-f]+$")]


@router.post("", status_code=201, responses=responses(401, 403, 409, 429))
async def start_set(rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """A new set of boards at a private table with the house, the player in seat 0;
    ``table`` is where to play it. An account's only (``not_an_account``): the result
    is kept on the profile, which a guest has not."""
    if await accounts.kind_of(rt.store, player[0]) is None:
        raise AccountError("not_an_account", "duplicate against the house needs an account")
    return await rt.house_sets.start(
        player[0], player[1], open_limit=rt.settings.open_tables_per_player
    )


@router.get("", responses=responses(401))
async def running_sets(rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """The player's sets not finished yet, newest first (``id``, ``table``, ``count``,
    ``played``): the way back to a set's private table."""
    return {"running": await rt.house_sets.running(player[0])}


@router.get("/{set_id}", responses=responses(401, 404, 422))
async def set_results(set_id: SetId, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """The set: each board played so far beside ``meester``'s line (``mine``,
    ``house``, ``difference``, ``percent``) and the set's percentage against the house."""
    return await rt.house_sets.results(player[0], set_id)
