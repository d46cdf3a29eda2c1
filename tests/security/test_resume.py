"""``resume`` shows each missed version as its audience was when it was sent (issue 17,
Build 5): a person who takes a seat after a game does not get the previous occupant's
private events of that game, however far back they resume."""

from __future__ import annotations

from tests.security.helpers import finished_game
from tests.server.harness import Client, Frame, Server, is_state


async def _resume(server: Server, token: str, table: str, since: int) -> list[Frame]:
    """Every frame a fresh connection gets for ``resume`` from ``since``, up to the one
    that carries the current state."""
    client = await Client.connect(server, name=None, token=token)
    await client.send({"type": "resume", "table": table, "version": since})
    frames = [await client.expect(is_state(table))]
    while frames[-1]["type"] == "event" and frames[-1]["view"] is None:
        frames.append(await client.expect(is_state(table)))
    await client.close()
    return frames


async def test_a_new_occupant_resuming_gets_none_of_the_old_ones_private_events(
    any_server: Server,
) -> None:
    table = any_server.table("toepen", "kroegregels", options={"max_points": 5})
    cor = await Client.connect(any_server, "Cor")  # never seated: a spectator throughout
    await cor.send({"type": "watch", "table": table})
    since = (await cor.expect(is_state(table)))["version"]
    anna = await Client.connect(any_server, "Anna")
    await finished_game(any_server, table, anna, seat=0)
    private = [e for f in anna.frames if f["type"] == "event" for e in f["events"] if e["to"] == 0]
    assert private, "the game sent seat 0 no private event: nothing to check"
    await anna.send({"type": "stand", "table": table})
    bram = await Client.connect(any_server, "Bram")
    await bram.send({"type": "sit", "table": table, "seat": 0})
    sat = (await bram.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0))["version"]
    await bram.close()
    await cor.close()

    resumed = await _resume(any_server, bram.token, table, since)
    versions = [f["version"] for f in resumed]
    assert versions == sorted(set(versions)) and versions[0] > since and versions[-1] == sat
    watched = await _resume(any_server, cor.token, table, since)
    for as_bram, as_spectator in zip(resumed[:-1], watched[:-1], strict=True):
        assert as_bram["events"] == as_spectator["events"], as_bram["version"]
        assert all(e["to"] is None for e in as_bram["events"])
    assert resumed[-1]["legal"] == [] and resumed[-1]["seats"][0]["player"] == bram.player
