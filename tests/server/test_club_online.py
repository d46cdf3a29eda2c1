"""Online rounds of a club night (issue 21 point 3) at a real ``kroeg serve``: a round
opens its tables, seats the players, plays the round's deals, the standings follow each
deal, a player who drops out is played by the house and marked, and a restart mid-round
loses nothing. The expected standings are worked out here from the games' own records
(each deal's score in the hand record), not by the club code under test."""

from __future__ import annotations

import time
import uuid
from typing import Any

from tests.server.clubs_support import account, call, ok, refused
from tests.server.harness import Server


def _id() -> str:
    return uuid.uuid4().hex[:8]


def online_night(
    server: Server, players: int, *, clock: float, rounds: int = 2, deals: int = 4
) -> dict[str, Any]:
    """A club whose organiser registers ``players`` accounts for an online klaverjas night
    of ``rounds`` rounds of ``deals`` deals, opened."""
    org = account(server, f"Org{_id()}")
    club = ok(call(server, "POST", "/api/clubs", {"name": "Online Klaverhoek"}, org))
    tokens, members = {}, []
    for i in range(players):
        name = f"Sp{i}{_id()}"
        token = account(server, name)
        member = ok(
            call(server, "POST", f"/api/clubs/{club['id']}/members", {"account": name}, org)
        )
        tokens[member["id"]] = token
        members.append(member)
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": rounds,
        "deals_per_round": deals,
        "mode": "online",
        "seed": "online-1",
        "clock_seconds": clock,
    }
    night = ok(call(server, "POST", f"/api/clubs/{club['id']}/nights", body, org))
    for m in members:
        path = f"/api/clubs/nights/{night['id']}/players"
        ok(call(server, "POST", path, {"member": m["id"]}, org))
    night = ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, org))
    return {"org": org, "club": club, "tokens": tokens, "night": night}


def wait_round_over(server: Server, night_id: str, timeout: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        night = ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))
        if not night["round_running"]:
            return dict(night)
        time.sleep(0.1)
    raise AssertionError(f"the round did not finish: {night}")


def my_table(server: Server, token: str) -> dict[str, Any]:
    tables = ok(call(server, "GET", "/api/clubs/my-tables", None, token))["tables"]
    assert len(tables) == 1, tables
    return dict(tables[0])


def expected_round(server: Server, setup: dict[str, Any], rnd: int) -> dict[str, int]:
    """Per player their team's points at their table in round ``rnd``: the sum of the
    deal scores in the table's hand record (RULES.md §6.7: roem counts with the points)."""
    night = ok(call(server, "GET", f"/api/clubs/nights/{setup['night']['id']}"))
    points: dict[str, int] = {}
    for table in night["schedule"][rnd - 1]["tables"]:
        seats = table["seats"]
        member = next(s["member"] for s in seats if not s["house"])
        token = setup["tokens"][member]
        table_id = setup["table_of"][member]
        games = ok(call(server, "GET", f"/api/tables/{table_id}/games", None, token))["games"]
        assert len(games) == 1
        record = ok(call(server, "GET", f"/api/games/{games[0]['id']}/standings", None, token))
        deals = record["deals"]
        assert len(deals) == night["deals_per_round"]
        team = [sum(d["summary"]["score"][t] for d in deals) for t in (0, 1)]
        for seat, s in enumerate(seats):
            if not s["house"]:
                points[s["member"]] = team[seat % 2]
    return points


def note_tables(server: Server, setup: dict[str, Any]) -> None:
    setup["table_of"] = {m: my_table(server, t)["table"] for m, t in setup["tokens"].items()}


def test_an_online_night_plays_its_rounds_and_the_standings_follow(server: Server) -> None:
    """Five players at two tables, with the house on the three empty seats; every
    person's clock runs out twice, so the house plays for them (marked); each round ends
    after its 4 deals."""
    setup = online_night(server, 5, clock=0.05)
    night_id = setup["night"]["id"]
    expected: dict[str, list[int]] = {m: [] for m in setup["tokens"]}
    for rnd in (1, 2):
        started = ok(
            call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, setup["org"])
        )
        assert started["current_round"] == rnd
        note_tables(server, setup)
        assert len(set(setup["table_of"].values())) == 2
        listed = {t["id"] for t in ok(call(server, "GET", "/api/tables"))["tables"]}
        assert not listed & set(setup["table_of"].values())  # private: not in the lobby
        night = wait_round_over(server, night_id)
        tables = night["schedule"][rnd - 1]["tables"]
        assert all(t["over"] and t["deals"] == 4 for t in tables)
        for t in tables:  # the people's seats were all taken over by the house
            assert t["house_played"] == [i for i, s in enumerate(t["seats"]) if not s["house"]]
        for member, pts in expected_round(server, setup, rnd).items():
            expected[member].append(pts)
    standings = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/standings"))
    got = {s["member"]: (s["rounds"], s["total"]) for s in standings["standings"]}
    assert got == {m: (pts, sum(pts)) for m, pts in expected.items()}
    refused(
        call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, setup["org"]),
        409,
        "no_rounds_left",
    )


def test_online_nights_refuse_what_they_cannot_play(server: Server) -> None:
    org = account(server, f"Org{_id()}")
    club = ok(call(server, "POST", "/api/clubs", {"name": "Online"}, org))
    body = {"game": "klaverjassen", "variant": "nku", "rounds": 2, "mode": "online"}
    nights = f"/api/clubs/{club['id']}/nights"
    message = refused(
        call(server, "POST", nights, {**body, "deals_per_round": 5}, org), 422, "bad_deals"
    )
    assert "4, 8, 12, 16" in message
    night = ok(call(server, "POST", nights, {**body, "deals_per_round": 4}, org))
    guest = ok(call(server, "POST", f"/api/clubs/{club['id']}/members", {"guest": "Gast"}, org))
    path = f"/api/clubs/nights/{night['id']}/players"
    refused(call(server, "POST", path, {"member": guest["id"]}, org), 422, "guest_online")
    assert ok(call(server, "GET", f"/api/clubs/nights/{night['id']}"))["players"] == []
    refused(call(server, "GET", "/api/clubs/my-tables"), 401, "not_authenticated")


def test_a_restart_mid_round_loses_nothing(sqlite_server: Server) -> None:
    """A player leaves (the house plays for them, marked), the server restarts (the
    session's SQLite server: it is back up for the next test; the tables' own restart
    is tested on both databases in test_restart.py), the round goes on from where it was
    and its standings are the games' own."""
    server = sqlite_server
    setup = online_night(server, 2, clock=60.0, rounds=1)  # and two house seats
    night_id = setup["night"]["id"]
    org = setup["org"]
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    refused(
        call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org),
        409,
        "round_running",
    )
    note_tables(server, setup)
    members = list(setup["tokens"])
    first = members[0]
    table_id = setup["table_of"][first]
    seat = my_table(server, setup["tokens"][first])["seat"]
    ok(call(server, "POST", f"/api/tables/{table_id}/leave", None, setup["tokens"][first]))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        table = ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))["schedule"][0]["tables"][0]
        if table["house_played"]:
            break
        time.sleep(0.05)
    assert table["house_played"] == [seat] and not table["over"]
    server.terminate()
    server.start()
    night = ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))
    assert night["round_running"] and night["schedule"][0]["tables"][0]["house_played"] == [seat]
    assert my_table(server, setup["tokens"][members[1]])["table"] == table_id
    for member in members[1:]:
        ok(call(server, "POST", f"/api/tables/{table_id}/leave", None, setup["tokens"][member]))
    night = wait_round_over(server, night_id)
    [table] = night["schedule"][0]["tables"]
    assert table["house_played"] == [i for i, s in enumerate(table["seats"]) if not s["house"]]
    expected = expected_round(server, setup, 1)
    standings = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/standings"))
    assert {s["member"]: s["total"] for s in standings["standings"]} == expected
