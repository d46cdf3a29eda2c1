"""A Swiss night over REST (docs/clubs.md, "Swiss pairing"): round 1 drawn when the night
opens, round 2 drawn by the standing when it starts, leaders against leaders, nobody
against the same pair twice."""

from __future__ import annotations

import uuid
from typing import Any

from tests.server.clubs_support import account, call, ok, refused
from tests.server.harness import Server

MADE = {"played": 0, "points": [100, 62], "roem": [20, 0]}
"""Wij played and made it: 120 for Wij, 62 for Zij (RULES.md §6.7)."""
NAT = {"played": 1, "points": [90, 72], "roem": [0, 0], "mark": "N"}
"""Zij played and went nat: Wij take 162 (RULES.md §6.7)."""


def _pair_night(server: Server, pairing: str) -> tuple[str, str, list[dict[str, Any]]]:
    org = account(server, f"Org{uuid.uuid4().hex[:8]}")
    club = ok(call(server, "POST", "/api/clubs", {"name": "De Zwitser", "season_best": 1}, org))
    members = [
        ok(call(server, "POST", f"/api/clubs/{club['id']}/members", {"guest": f"Speler {i}"}, org))
        for i in range(8)
    ]
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 3,
        "deals_per_round": 2,
        "mode": "bar",
        "pairs": True,
        "pairing": pairing,
        "seed": "zwitsers-1",
    }
    night = ok(call(server, "POST", f"/api/clubs/{club['id']}/nights", body, org))
    for i in range(0, 8, 2):
        pair = {"member": members[i]["id"], "partner": members[i + 1]["id"]}
        ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/players", pair, org))
    return org, str(night["id"]), members


def _token(server: Server, org: str, night_id: str, rnd: int, table: int) -> str:
    links = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/links", None, org))
    return next(
        str(t["token"]) for t in links["tables"] if (t["round"], t["number"]) == (rnd, table)
    )


def _line(server: Server, token: str, deal: int, line: dict[str, Any]) -> None:
    body = {"id": uuid.uuid4().hex, "deal": deal, "line": line, "by": "Mieke"}
    ok(call(server, "POST", f"/api/clubs/sheets/{token}/entries", body))


def _team(table: dict[str, Any], side: int) -> frozenset[str]:
    return frozenset(s["member"] for s in table["seats"][side::2])


def test_a_swiss_night_draws_round_two_by_the_standing(server: Server) -> None:
    org, night_id, _ = _pair_night(server, "swiss")
    night = ok(call(server, "POST", f"/api/clubs/nights/{night_id}/open", None, org))
    assert night["pairing"] == "swiss"
    assert [len(r["tables"]) for r in night["schedule"]] == [2, 0, 0]
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    # Table 1: two made deals, Wij 240 and Zij 124; table 2: two nat, Wij 324, Zij 0.
    for deal in (1, 2):
        _line(server, _token(server, org, night_id, 1, 1), deal, MADE)
        _line(server, _token(server, org, night_id, 1, 2), deal, NAT)
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/finish", None, org))
    night = ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    first, second = night["schedule"][0]["tables"], night["schedule"][1]["tables"]
    # The standing: table 2's Wij (324), table 1's Wij (240), table 1's Zij (124),
    # table 2's Zij (0): the two leaders meet at table 1, the others at table 2.
    assert (_team(second[0], 0), _team(second[0], 1)) == (_team(first[1], 0), _team(first[0], 0))
    assert (_team(second[1], 0), _team(second[1], 1)) == (_team(first[0], 1), _team(first[1], 1))
    # The new tables have scorers' links like any other.
    assert _token(server, org, night_id, 2, 2)


def test_swiss_at_klaverjassen_needs_a_pair_night(server: Server) -> None:
    org = account(server, f"Org{uuid.uuid4().hex[:8]}")
    club = ok(call(server, "POST", "/api/clubs", {"name": "De Zwitser", "season_best": 1}, org))
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 3,
        "deals_per_round": 2,
        "mode": "bar",
        "pairing": "swiss",
    }
    message = refused(
        call(server, "POST", f"/api/clubs/{club['id']}/nights", body, org), 422, "bad_night"
    )
    assert "pair night" in message
    assert ok(call(server, "GET", f"/api/clubs/{club['id']}"))["nights"] == []
