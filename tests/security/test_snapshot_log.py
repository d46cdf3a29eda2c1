"""The log a ``snapshot`` carries (issue 18, point 5: the log restored on return) holds,
per version, exactly the events its audience was sent then: a player's own private events
(their hand) come back to them, and a spectator's log has no private event at all."""

from __future__ import annotations

import random
from typing import Any

from tests.server.harness import Client, Frame, Server, autoplay, is_state


def _live(client: Client, table: str) -> dict[int, list[Any]]:
    """The events each version's frame brought the client, by version."""
    return {
        f["version"]: f["events"]
        for f in client.frames
        if f["type"] == "event" and f.get("table") == table and f["events"]
    }


async def _snapshot(server: Server, token: str, table: str) -> Frame:
    client = await Client.connect(server, name=None, token=token)
    await client.send({"type": "watch", "table": table})
    frame = await client.expect(is_state(table))
    await client.close()
    assert frame["type"] == "snapshot"
    return frame


async def test_the_snapshot_log_is_what_its_audience_was_sent(any_server: Server) -> None:
    table = any_server.table("toepen", "kroegregels", options={"max_points": 5})
    cor = await Client.connect(any_server, "Cor")  # a spectator throughout
    await cor.send({"type": "watch", "table": table})
    await cor.expect(is_state(table))
    anna = await Client.connect(any_server, "Anna")
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
    await anna.send({"type": "start", "table": table})

    # Far enough into the game for a deal's hands and several tricks.
    await autoplay(
        anna, table, random.Random(3), seat=0, until=lambda f: len(_live(anna, table)) > 12
    )
    await anna.close()
    await cor.expect(lambda f: is_state(table)(f) and f["version"] >= max(_live(anna, table)))

    own = await _snapshot(any_server, anna.token, table)
    log = {entry["version"]: entry["events"] for entry in own["log"]}
    assert log, "the snapshot carries the log"
    live = _live(anna, table)
    for version, events in log.items():
        if version in live:
            assert events == live[version], f"version {version} as Anna was sent it"
    private = [e for events in log.values() for e in events if e["to"] == 0]
    assert any(e["kind"] == "hand" for e in private), "Anna's own hand comes back to her"

    watched = await _snapshot(any_server, cor.token, table)
    assert watched["log"], "a spectator's snapshot carries the log too"
    seen_by_cor = _live(cor, table)
    for entry in watched["log"]:
        assert all(e["to"] is None for e in entry["events"]), entry["version"]
        if entry["version"] in seen_by_cor:
            assert entry["events"] == seen_by_cor[entry["version"]]
    await cor.close()
