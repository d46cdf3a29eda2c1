"""The fair deals' secret over a real server (issue 22, point 3; docs/fair-deals.md):
no frame and no REST answer holds a game's secret before the game is over, the record
reveals it afterwards and ``kroeg verify`` accepts the record the server wrote, with the
contribution a seated person sent over the websocket mixed in; a contribution after its
deal or of the wrong size is refused with its code and changes nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

import httpx

from kroeg.fair_records import verify
from tests.server.harness import Client, Frame, Server, autoplay

SHORT = {"max_points": 4}


def _commitment(deal: int) -> Any:
    def told(frame: Frame) -> bool:
        return frame["type"] == "event" and any(
            e["kind"] == "commitment" and e["deal"] == deal for e in frame["events"]
        )

    return told


async def _poll(server: Server, table: str, seen: list[str]) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        while True:
            summary = await http.get(f"/api/tables/{table}")
            seen.append(summary.text)
            seen.append((await http.get(f"/api/tables/{table}/games")).text)
            game_id = summary.json().get("game_id")
            if game_id:
                seen.append((await http.get(f"/api/games/{game_id}/record")).text)
            await asyncio.sleep(0.05)


async def test_the_secret_stays_on_the_server_until_the_game_is_over(
    sqlite_only: Server,
) -> None:
    table = sqlite_only.table("toepen", "kroegregels", options=SHORT)
    spectator = await Client.connect(sqlite_only, "Kijker")
    await spectator.send({"type": "watch", "table": table})
    anna = await Client.connect(sqlite_only, "Anna")
    aside = await Client.connect(sqlite_only, name=None, token=anna.token)  # her other tab
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
    answers: list[str] = []
    poller = asyncio.get_running_loop().create_task(_poll(sqlite_only, table, answers))
    await anna.send({"type": "start", "table": table})
    await anna.expect(_commitment(2))  # told in deal 1's frame; deal 1 waits for Anna
    # Asked once for certain while the game runs (the poller may not get a turn on a
    # loaded machine before the short game is over).
    running = httpx.get(f"{sqlite_only.url}/api/tables/{table}", timeout=10).json()["game_id"]
    early = httpx.get(f"{sqlite_only.url}/api/games/{running}/record", timeout=10)
    assert early.status_code == 409, early.text
    answers.append(early.text)

    def contribute(deal: int, value: str) -> Frame:
        return {"type": "contribute", "table": table, "deal": deal, "value": value}

    for message, code in (
        (contribute(1, "ab" * 32), "deal_drawn"),
        (contribute(2, "ab" * 16), "bad_contribution"),
        (contribute(2, "ab" * 64), "bad_contribution"),
        ({"type": "contribute", "table": table, "deal": 0, "value": "ab" * 32}, "bad_message"),
    ):
        await aside.send(message)
        error = await aside.error()
        assert error["code"] == code, error
        assert error["message"], "an English message says why"
    mine = random.randbytes(32).hex()
    await aside.send(contribute(2, mine))
    ack = await aside.expect(lambda f: f["type"] in ("contributed", "error"))
    assert ack == {"type": "contributed", "table": table, "deal": 2}, ack

    last = await autoplay(anna, table, random.Random(1), seat=0)
    await asyncio.sleep(0.2)  # the poller's last answers
    poller.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await poller
    record = httpx.get(f"{sqlite_only.url}/api/games/{last['game_id']}/record", timeout=10)
    assert record.status_code == 200
    doc = record.json()
    out, status = verify(doc)
    assert status == 0, out
    assert doc["fair"]["deals"][1]["contributions"] == {"0": mine}
    assert doc["fair"]["deals"][0]["contributions"] == {}, "the refused ones changed nothing"
    secret = doc["fair"]["secret"]
    frames = [json.dumps(f) for c in (anna, aside, spectator) for f in c.frames]
    assert frames and not [f for f in frames if secret in f], "a frame held the secret"
    # The record is refused while the game runs (409 game_not_over), so only a finished
    # game's record may hold the secret: never a table's summary or its list of games.
    holding = [a for a in answers if secret in a]
    assert all(json.loads(a).get("format") == "kroeg-record/1" for a in holding), holding
    assert [a for a in answers if "game_not_over" in a], "the record was asked for early"
    for client in (anna, aside, spectator):
        await client.close()
