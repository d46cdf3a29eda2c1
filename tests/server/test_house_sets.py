"""Duplicate against the house (issue 29 point 5) at a real ``kroeg serve``, with sets of
4 boards (``KROEG_HOUSE_SET_BOARDS``): a person starts a set, plays it at the private
table with the house in the other three seats, and reads each board beside
``meester``'s line; the figures are checked against the game's hand record (the deals
are the committed set's boards, the person's score is the record's) and ``meester``'s
line worked out here; the percentage is on the profile; nobody else reads the set."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kroeg.clubs.against_house import board_percent, meester_scores
from kroeg.clubs.boards import deal_boards, set_commitment
from kroeg.games.base import Deal
from tests.server.clubs_support import account, call, ok, refused
from tests.server.harness import Client, Server, autoplay, is_state, log_path, serving
from tests.store.databases import BACKENDS, database

BOARDS = 4
OPTIONS = {"game_length": "4_deals"}


@pytest.fixture(scope="module", params=BACKENDS)
def house_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp(f"house-sets-{request.param}")
    with serving(request.param, tmp, request, KROEG_HOUSE_SET_BOARDS=str(BOARDS)) as server:
        yield server


def _finished(server: Server, set_id: str, token: str, timeout: float = 120.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = ok(call(server, "GET", f"/api/house-sets/{set_id}", None, token))
        if got["finished"]:
            return got
        time.sleep(0.2)
    raise AssertionError(f"the set was not compared in time: {got}")


async def test_a_set_against_the_house_is_compared_board_by_board_with_meester(
    house_server: Server,
) -> None:
    server = house_server
    token = account(server, "Hanna")
    anna = await Client.connect(server, None, token=token)
    r = call(server, "POST", "/api/house-sets", None, token)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["count"] == BOARDS and made["seat"] == 0
    assert made["boards"] == [] and made["percent"] is None and made["secret"] is None
    table = made["table"]
    await anna.send({"type": "watch", "table": table})
    await autoplay(anna, table, random.Random(7), seat=0)
    await anna.close()

    got = _finished(server, made["id"], token)
    secret = bytes.fromhex(got["secret"])
    assert set_commitment(secret, BOARDS, BOARDS) == made["commitment"]
    boards = deal_boards(BOARDS, secret).boards

    games = ok(call(server, "GET", f"/api/tables/{table}/games", None, token))["games"]
    record = ok(call(server, "GET", f"/api/games/{games[0]['id']}/record", None, token))
    assert [Deal.from_json(d) for d in record["deals"]] == [b.deal for b in boards]
    standings = ok(call(server, "GET", f"/api/games/{games[0]['id']}/standings", None, token))
    ns_scores = [d["summary"]["score"][0] for d in standings["deals"]]

    rows = got["boards"]
    assert [b["board"] for b in rows] == [1, 2, 3, 4]
    for row, board, mine in zip(rows, boards, ns_scores, strict=True):
        house = meester_scores(board, "nku", OPTIONS)[0]
        assert (row["mine"], row["house"]) == (mine, house)
        assert row["difference"] == mine - house
        assert row["percent"] == board_percent(mine, house)
    assert got["percent"] == sum(b["percent"] for b in rows) / BOARDS

    profile = ok(call(server, "GET", "/api/players/Hanna"))
    assert profile["house_duplicate"]["sets"] == [
        {"id": made["id"], "boards": BOARDS, "percent": got["percent"]}
    ]
    assert profile["house_duplicate"]["average"] == got["percent"]


def test_only_the_sets_player_reads_it(house_server: Server) -> None:
    server = house_server
    owner, other = account(server, "Ilse"), account(server, "Joost")
    made = call(server, "POST", "/api/house-sets", None, owner).json()
    path = f"/api/house-sets/{made['id']}"
    refused(call(server, "GET", path, None, other), 404, "unknown_house_set")
    refused(call(server, "GET", "/api/house-sets/abc123", None, owner), 404, "unknown_house_set")
    refused(call(server, "GET", path), 401, "not_authenticated")
    refused(call(server, "POST", "/api/house-sets"), 401, "not_authenticated")
    assert ok(call(server, "GET", path, None, owner))["played"] >= 0
    # A guest has no profile to keep the result on: refused, and no set is made.
    guest = ok(call(server, "POST", "/api/guests", {"name": "Gast"}))["token"]
    refused(call(server, "POST", "/api/house-sets", None, guest), 403, "not_an_account")
    assert ok(call(server, "GET", "/api/house-sets", None, guest))["running"] == []


def test_a_player_lists_only_their_own_running_sets(house_server: Server) -> None:
    """The way back to a set's private table (the lobby offers it)."""
    server = house_server
    owner, other = account(server, "Lotte"), account(server, "Maarten")
    made = call(server, "POST", "/api/house-sets", None, owner).json()
    running = ok(call(server, "GET", "/api/house-sets", None, owner))["running"]
    assert running == [{"id": made["id"], "table": made["table"], "count": BOARDS, "played": 0}]
    assert ok(call(server, "GET", "/api/house-sets", None, other))["running"] == []
    refused(call(server, "GET", "/api/house-sets"), 401, "not_authenticated")


async def test_after_a_restart_the_sets_table_still_deals_boards_without_contributions(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The table's boards are not stored with it: the set tells the rebuilt table again
    (without that it would take a contribution into the next deal's shuffle, and the
    board would no longer be the set's)."""
    env = {"KROEG_HOUSE_SET_BOARDS": str(BOARDS)}
    with database("sqlite", tmp_path) as url:
        server = Server(url, log_path(request), **env).start()
        try:
            token = account(server, "Kees")
            made = call(server, "POST", "/api/house-sets", None, token).json()
            table = made["table"]
            server.terminate()
            server = Server(url, log_path(request), **env).start()
            kees = await Client.connect(server, None, token=token)
            await kees.send({"type": "watch", "table": table})
            await kees.expect(is_state(table))
            await kees.send({"type": "contribute", "table": table, "deal": 2, "value": "ab" * 32})
            assert (await kees.error())["code"] == "no_fair_deal"
            await kees.close()
        finally:
            server.stop()
