"""\"Speel nu\" as a short queue (kroeg.tables.quick; docs/protocol.md, "Speel nu"):
join a game's line, ask how you stand (a waiting client asks twice a second), leave it.
With several processes the queue is the cluster's (kroeg.cluster.quick): any of them
answers any of these calls alike."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field

from kroeg import accounts
from kroeg.server.api import PlayerDep, RuntimeDep, responses, same_origin

router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])


class QuickBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    variant: str = Field(max_length=32)


@router.post("/quick", responses=responses(401, 404, 422, 503))
async def join(body: QuickBody, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """Wait in the line of a game and variant: ``{"state": "waiting", "game", "variant",
    "waiting", "seats", "seconds_left"}``, or at once ``{"state": "seated", "table"}``."""
    account = await accounts.kind_of(rt.store, player[0])
    return await rt.quick.join(player[0], player[1], account, body.game, body.variant, time.time())


@router.get("/quick", responses=responses(401, 503))
async def status(rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """How you stand: ``waiting``, ``seated`` (once: at ``table``) or ``none``."""
    return await rt.quick.status(player[0], time.time())


@router.delete("/quick", responses=responses(401, 503))
async def cancel(rt: RuntimeDep, player: PlayerDep) -> dict[str, bool]:
    """Leave the line; ``cancelled``: whether you waited in one."""
    return {"cancelled": await rt.quick.cancel(player[0])}
