"""Complete games of every game over real sockets: people (scripted) and the house.

Each game's record (GET /api/games/{id}/record) must replay, with ``kroeg replay``'s
rules, to the result the table announced (RECORDS.md)."""

from __future__ import annotations

import asyncio
import random

import pytest

from kroeg.records import replay
from tests.server.harness import Client, Server, autoplay

GAMES = [
    ("toepen", "kroegregels"),
    ("toepen", "klassiek"),
    ("klaverjassen", "nku"),
    ("klaverjassen", "amsterdams"),
    ("eurokaarten", "standaard"),
]


@pytest.mark.parametrize(("game", "variant"), GAMES)
async def test_a_person_plays_a_whole_game_against_the_house(
    server: Server, game: str, variant: str
) -> None:
    table = server.table(game, variant)
    anna = await Client.connect(server, "Anna")
    await anna.send({"type": "sit", "table": table, "seat": 1})
    await anna.send({"type": "start", "table": table})
    last = await autoplay(anna, table, random.Random(1), seat=1)
    game_id = last["game_id"]
    assert not [f for f in anna.frames if f["type"] == "error"]
    end = [e for f in anna.frames if f["type"] == "event" for e in f["events"]]
    assert end[-1]["kind"] == "game_end" or any(e["kind"] == "game_end" for e in end)
    actions = [e for e in end if e["kind"] == "action"]
    assert {e["by"] for e in actions} == {"player", "house"}
    assert all(e["seat"] == 1 for e in actions if e["by"] == "player")
    record = server.get(f"/api/games/{game_id}/record").json()
    assert record["names"][1] == "Anna"
    replayed, status = replay(record)
    assert status == 0, replayed
    assert replayed["result"] == last["view"]["result"]
    # The replay page's steps: the engine's open views, the deal and then each action.
    deals = record["deals"]
    steps = server.get(f"/api/games/{game_id}/steps/{len(deals) - 1}").json()["steps"]
    assert len(steps) == 1 + len(deals[-1]["actions"])
    dealt = [sorted(hand) for hand in deals[-1]["hands"]]
    assert [sorted(hand) for hand in steps[0]["view"]["hands"]] == dealt
    assert steps[-1]["view"]["result"] == replayed["result"]
    missing = server.get(f"/api/games/{game_id}/steps/{len(deals)}")
    assert missing.status_code == 404 and missing.json()["detail"]["code"] == "unknown_deal"
    games = server.get(f"/api/tables/{table}/games").json()["games"]
    assert games[-1]["id"] == game_id and games[-1]["result"] == replayed["result"]
    await anna.close()


async def test_two_people_play_a_game_together_and_again(server: Server) -> None:
    """Two people at one klaverjassen table, then "play again" starts the next game."""
    table = server.table("klaverjassen", "nku")
    anna, bram = await Client.connect(server, "Anna"), await Client.connect(server, "Bram")
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await bram.send({"type": "sit", "table": table, "seat": 2})
    await bram.expect(lambda f: f["type"] == "snapshot" and f["you"] == 2)
    await anna.send({"type": "start", "table": table})
    first = await asyncio.gather(
        autoplay(anna, table, random.Random(2), seat=0),
        autoplay(bram, table, random.Random(3), seat=2),
    )
    assert first[0]["game_id"] == first[1]["game_id"]
    await bram.send({"type": "start", "table": table})
    start = await anna.expect(
        lambda f: f["type"] == "event" and any(e["kind"] == "game_start" for e in f["events"])
    )
    assert start["game_id"] != first[0]["game_id"]
    await anna.close()
    await bram.close()
