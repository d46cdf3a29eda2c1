"""Who reads a finished game's record (issue 17, Build 2; docs/security.md, "Who reads
what"): its players always; everyone else only when the table's records are public
(default: public tables yes, private tables no). Ids in URLs never reach the database
out of range, and private tables cannot be found by guessing."""

from __future__ import annotations

import re

import pytest

from tests.security.helpers import finished_game, get, guest
from tests.server.harness import Client, Server

OPTIONS = {"max_points": 5}


async def _played(server: Server, *, private: bool, **table: object) -> tuple[int, str, str]:
    """A finished toepen game at a new table: its id, the table and its player's token."""
    r = server.post(
        "/api/tables",
        {"game": "toepen", "variant": "kroegregels", "options": OPTIONS, "private": private}
        | table,
        token=server.host_token(),
    )
    assert r.status_code == 200, r.text
    table_id: str = r.json()["id"]
    _, token = guest(server, "Speler")
    client = await Client.connect(server, name=None, token=token)
    last = await finished_game(server, table_id, client)
    await client.close()
    return int(last["game_id"]), table_id, token


async def test_a_private_tables_records_are_for_its_players_only(any_server: Server) -> None:
    game_id, table, token = await _played(any_server, private=True)
    _, stranger = guest(any_server, "Vreemde")
    path = f"/api/games/{game_id}/record"
    mine = get(any_server, path, token)
    assert mine.status_code == 200 and mine.json()["names"][0] == "Speler"
    for who in (stranger, None, "not-a-token"):
        r = get(any_server, path, who)
        assert r.status_code == 403, (who, r.text)
        assert r.json()["detail"]["code"] == "private_record"
        assert "Speler" not in r.text
    by_cookie = get(any_server, path, cookies={"kroeg_token": token})
    assert by_cookie.status_code == 200
    # The replay's scores (issue 18) are read as the record is.
    scores = f"/api/games/{game_id}/standings"
    assert get(any_server, scores, token).status_code == 200
    for who in (stranger, None):
        r = get(any_server, scores, who)
        assert r.status_code == 403 and r.json()["detail"]["code"] == "private_record"
    # Nor does the table's list of games name its players to a stranger.
    assert get(any_server, f"/api/tables/{table}/games", stranger).json() == {"games": []}
    [listed] = get(any_server, f"/api/tables/{table}/games", token).json()["games"]
    assert listed["id"] == game_id and listed["names"][0] == "Speler"


async def test_a_public_tables_records_are_public_unless_it_says_otherwise(
    any_server: Server,
) -> None:
    public, _, _ = await _played(any_server, private=False)
    assert get(any_server, f"/api/games/{public}/record").status_code == 200
    closed, _, token = await _played(any_server, private=False, public_records=False)
    assert get(any_server, f"/api/games/{closed}/record").status_code == 403
    assert get(any_server, f"/api/games/{closed}/record", token).status_code == 200
    opened, _, _ = await _played(any_server, private=True, public_records=True)
    assert get(any_server, f"/api/games/{opened}/record").status_code == 200


@pytest.mark.parametrize(
    "game_id", ["2147483648", "9223372036854775808", "99999999999999999999", "0", "-1", "1e3"]
)
def test_a_game_id_out_of_range_is_refused_not_a_500(any_server: Server, game_id: str) -> None:
    r = get(any_server, f"/api/games/{game_id}/record")
    assert r.status_code == 422, r.text


def test_an_unknown_game_in_range_is_a_404(any_server: Server) -> None:
    r = get(any_server, "/api/games/2147483647/record")
    assert r.status_code == 404 and r.json()["detail"]["code"] == "unknown_game"


def test_private_table_ids_are_128_random_bits(any_server: Server) -> None:
    ids = [any_server.table("toepen", "kroegregels", private=True) for _ in range(3)]
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids) and len(set(ids)) == 3
    assert all(i not in str(any_server.get("/api/tables").json()) for i in ids)
