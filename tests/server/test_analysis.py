"""GET /api/games/{id}/analysis: the analysis of a finished game (issue 23), computed
from the record once the game is over, stored with the game, read as the record is."""

from __future__ import annotations

import random

from tests.server.harness import Client, Server, autoplay


async def test_a_finished_game_s_analysis_is_computed_once_and_stored(server: Server) -> None:
    table = server.table("klaverjassen", "nku", options={"game_length": "8_deals"})
    anna = await Client.connect(server, "Anna")
    await anna.send({"type": "sit", "table": table, "seat": 1})
    await anna.send({"type": "start", "table": table})
    last = await autoplay(anna, table, random.Random(4), seat=1)
    game_id = last["game_id"]
    r = server.get(f"/api/games/{game_id}/analysis")
    assert r.status_code == 200, r.text
    analysis = r.json()
    assert analysis["game"] == "klaverjassen"
    players = analysis["players"]
    assert [p["seat"] for p in players] == [0, 1, 2, 3] and players[1]["name"] == "Anna"
    # Eight deals, the last five tricks each: 8 * 5 cards a seat (a revoke excepted).
    assert all(p["analysed"] == 40 for p in players)
    assert all(0 <= p["accuracy"] <= 100 for p in players)
    again = server.get(f"/api/games/{game_id}/analysis")
    assert again.status_code == 200 and again.json() == analysis
    await anna.close()


def test_no_analysis_of_an_unknown_game(sqlite_server: Server) -> None:
    r = sqlite_server.get("/api/games/999999/analysis")
    assert r.status_code == 404 and r.json()["detail"]["code"] == "unknown_game"
    r = sqlite_server.get("/api/games/0/analysis")
    assert r.status_code in (404, 422)
