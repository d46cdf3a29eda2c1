"""Frames to the people following a table: to each listener of this process, and once per
audience to the relay for the listeners of other processes (docs/cluster.md, "Fan-out")."""

from __future__ import annotations

from kroeg.tables.commands import Relay
from kroeg.tables.effects import Broadcast, Publish


def publish(effect: Publish, table_id: str, relay: Relay | None) -> None:
    """A committed version: each listener's audience gets its frame; the relay gets the
    frame of each audience its listeners have, once."""
    relayed = set()
    for listener, audience in effect.listeners:
        if relay is not None and relay.relays(listener):
            relayed.add(audience)
        else:
            listener.send(effect.frames[audience])
    if relayed and relay is not None:
        frames = [(audience, effect.frames[audience]) for audience in relayed]
        relay.version(table_id, effect.version, effect.seated, frames)


def broadcast(effect: Broadcast, table_id: str, relay: Relay | None) -> None:
    """One frame for everyone: the relay stands for all the listeners it relays."""
    relayed = False
    for listener in effect.listeners:
        if relay is not None and relay.relays(listener):
            relayed = True
        else:
            listener.send(effect.frame)
    if relayed and relay is not None:
        relay.everyone(table_id, effect.frame)
