"""Who reads a game's analysis (issue 23; docs/security.md, "Who reads what"): exactly
who reads its record, and nobody before the game is over: the analysis shows every
hand's cards, so during the game it would show the hidden ones."""

from __future__ import annotations

from tests.security.helpers import finished_game, get, guest
from tests.server.harness import Client, Server

OPTIONS = {"game_length": "8_deals"}


def test_no_analysis_while_the_game_runs_not_even_for_its_player(any_server: Server) -> None:
    _, token = guest(any_server, "Cor")
    table = any_server.table("klaverjassen", "nku", options=OPTIONS)
    any_server.post(f"/api/tables/{table}/sit", token=token)
    started = any_server.post(f"/api/tables/{table}/start", token=token).json()
    assert started["running"]
    r = get(any_server, f"/api/games/{started['game_id']}/analysis", token)
    assert r.status_code == 409 and r.json()["detail"]["code"] == "game_not_over"
    assert "values" not in r.text


async def test_a_private_table_s_analysis_is_for_its_players_only(any_server: Server) -> None:
    r = any_server.post(
        "/api/tables",
        {"game": "klaverjassen", "variant": "nku", "options": OPTIONS, "private": True},
        token=any_server.host_token(),
    )
    assert r.status_code == 200, r.text
    _, token = guest(any_server, "Speler")
    client = await Client.connect(any_server, name=None, token=token)
    last = await finished_game(any_server, r.json()["id"], client)
    await client.close()
    path = f"/api/games/{last['game_id']}/analysis"
    _, stranger = guest(any_server, "Vreemde")
    for who in (stranger, None):
        refused = get(any_server, path, who)
        assert refused.status_code == 403 and refused.json()["detail"]["code"] == "private_record"
        assert "Speler" not in refused.text
    mine = get(any_server, path, token)
    assert mine.status_code == 200 and mine.json()["players"][0]["name"] == "Speler"
