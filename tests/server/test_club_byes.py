"""Byes at a club night over REST (issue 32, build 7 and bug 12; docs/clubs.md "Byes"):
nine klaverjassers at the bar sit out in turn instead of partnering the house, a bye is
scored by the night's rule (own average or fixed), and bad byes input changes nothing."""

from __future__ import annotations

import csv
import io
import uuid
from typing import Any

import pytest

from tests.server.clubs_support import account, call, ok, refused
from tests.server.harness import Server
from tests.server.test_club_online import wait_round_over

MADE = {"played": 0, "points": [100, 62], "roem": [20, 0]}
"""Wij played and made it: 120 for Wij, 62 for Zij (RULES.md §6.7)."""
NAT = {"played": 1, "points": [90, 72], "roem": [0, 0], "mark": "N"}
"""Zij played and went nat: Wij take 162, Zij 0 (RULES.md §6.7)."""


def _club(server: Server) -> tuple[str, str, list[str]]:
    org = account(server, f"Org{uuid.uuid4().hex[:8]}")
    club = ok(call(server, "POST", "/api/clubs", {"name": "De Rustige Boer"}, org))
    members = [
        ok(call(server, "POST", f"/api/clubs/{club['id']}/members", {"guest": f"Speler {i}"}, org))
        for i in range(9)
    ]
    return org, club["id"], [m["id"] for m in members]


def _night(server: Server, extra: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A nine-player klaverjas night at the bar (two tables of four and one over), open."""
    org, club, members = _club(server)
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 2,
        "deals_per_round": 2,
        "mode": "bar",
        "seed": "rust-1",
        **extra,
    }
    night = ok(call(server, "POST", f"/api/clubs/{club}/nights", body, org))
    for m in members:
        ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/players", {"member": m}, org))
    return org, ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, org))


def _entry(server: Server, token: str, deal: int, line: dict[str, Any]) -> None:
    body = {"id": uuid.uuid4().hex, "deal": deal, "line": line, "by": "Mieke"}
    ok(call(server, "POST", f"/api/clubs/sheets/{token}/entries", body))


def _play_round(server: Server, org: str, night: dict[str, Any], number: int, lines: Any) -> None:
    """Start round ``number``, enter ``lines`` at each of its tables, finish it."""
    nid = night["id"]
    ok(call(server, "POST", f"/api/clubs/nights/{nid}/rounds/start", None, org))
    links = ok(call(server, "GET", f"/api/clubs/nights/{nid}/links", None, org))["tables"]
    for t in links:
        if t["round"] == number:
            for deal, line in enumerate(lines, 1):
                _entry(server, t["token"], deal, line)
    ok(call(server, "POST", f"/api/clubs/nights/{nid}/rounds/finish", None, org))


def test_nine_klaverjassers_at_the_bar_sit_out_in_turn_without_the_house(server: Server) -> None:
    """Bug 12: the bar's default is byes; no seat is the house's."""
    _, night = _night(server, {})
    assert night["byes"] == "average"
    everyone = {p["member"] for p in night["players"]}
    resting = []
    for rnd in night["schedule"]:
        seats = [s for t in rnd["tables"] for s in t["seats"]]
        assert len(rnd["tables"]) == 2 and not any(s["house"] for s in seats)
        assert [s["name"] for s in seats].count("Huis") == 0
        out = [s["member"] for s in rnd["sitting_out"]]
        assert len(out) == 1 and out[0] not in {s["member"] for s in seats}
        assert {s["member"] for s in seats} | set(out) == everyone
        resting.append(out[0])
    assert resting[0] != resting[1]


def test_a_bye_scores_the_players_own_average_of_the_rounds_played(server: Server) -> None:
    org, night = _night(server, {"byes": "average"})
    first, second = (rnd["sitting_out"][0]["member"] for rnd in night["schedule"])
    _play_round(server, org, night, 1, [MADE, NAT])  # Wij 282, Zij 62
    _play_round(server, org, night, 2, [NAT, NAT])  # Wij 324, Zij 0
    body = ok(call(server, "GET", f"/api/clubs/nights/{night['id']}/standings"))
    rows = {s["member"]: s for s in body["standings"]}
    # Round 1's sitter played round 2 only: their bye is that round's points.
    assert rows[first]["bye_rounds"] == [1]
    assert rows[first]["rounds"][0] == rows[first]["rounds"][1] in (324, 0)
    assert rows[second]["bye_rounds"] == [2]
    assert rows[second]["rounds"][1] == rows[second]["rounds"][0] in (282, 62)
    assert rows[first]["total"] == 2 * rows[first]["rounds"][1]
    others = [s for s in body["standings"] if s["member"] not in (first, second)]
    assert all(s["bye_rounds"] == [] and None not in s["rounds"] for s in others)
    text = call(server, "GET", f"/api/clubs/nights/{night['id']}/standings.csv").text
    table = list(csv.reader(io.StringIO(text)))
    assert table[0] == ["rank", "name", "round 1", "round 2", "total", "byes"]
    assert {row[-1] for row in table[1:]} == {"", "1", "2"}


@pytest.mark.parametrize(("given", "score"), [(None, 162), (100, 100)])
def test_a_fixed_bye_scores_the_nights_fixed_points(
    server: Server, given: int | None, score: int
) -> None:
    """The default at Klaverjassen is half a deal's 162 per deal of the round."""
    extra: dict[str, Any] = {"byes": "fixed"}
    if given is not None:
        extra["bye_score"] = given
    org, night = _night(server, extra)
    assert night["bye_score"] == score
    first = night["schedule"][0]["sitting_out"][0]["member"]
    _play_round(server, org, night, 1, [MADE, NAT])
    body = ok(call(server, "GET", f"/api/clubs/nights/{night['id']}/standings"))
    row = next(s for s in body["standings"] if s["member"] == first)
    assert row["rounds"] == [score] and row["bye_rounds"] == [1] and row["total"] == score


def test_the_house_rule_keeps_house_seats(server: Server) -> None:
    _, night = _night(server, {"byes": "house"})
    for rnd in night["schedule"]:
        assert rnd["sitting_out"] == []
        assert sum(s["house"] for t in rnd["tables"] for s in t["seats"]) == 3


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"byes": "random"}, "bad_byes"),
        ({"byes": "fixed", "bye_score": -1}, "bad_bye_score"),
        ({"byes": "fixed", "bye_score": 10**6}, "bad_bye_score"),
        ({"byes": "average", "bye_score": 50}, "bad_bye_score"),
        ({"byes": "fixed", "pairs": True, "pairing": "mitchell"}, "bad_byes"),
    ],
)
def test_bad_byes_are_refused_and_make_no_night(
    server: Server, extra: dict[str, Any], code: str
) -> None:
    org, club, _ = _club(server)
    body = {"game": "klaverjassen", "variant": "nku", "rounds": 2, "deals_per_round": 2}
    r = call(server, "POST", f"/api/clubs/{club}/nights", {**body, "mode": "bar", **extra}, org)
    refused(r, 422, code)
    assert ok(call(server, "GET", f"/api/clubs/{club}", None, org))["nights"] == []


def test_a_swiss_pair_night_with_five_pairs_gives_each_round_one_pair_a_bye(
    server: Server,
) -> None:
    """Swiss rounds are drawn as they start: the bye still goes round, a pair at a time."""
    org, club, members = _club(server)
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 3,
        "deals_per_round": 2,
        "mode": "bar",
        "pairs": True,
        "pairing": "swiss",
        "seed": "zwitsers",
    }
    night = ok(call(server, "POST", f"/api/clubs/{club}/nights", body, org))
    extra = ok(call(server, "POST", f"/api/clubs/{club}/members", {"guest": "Tien"}, org))
    everyone = [*members, extra["id"]]
    for a, b in zip(everyone[::2], everyone[1::2], strict=True):
        pair = {"member": a, "partner": b}
        ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/players", pair, org))
    night = ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, org))
    for number in (1, 2, 3):
        _play_round(server, org, night, number, [MADE, NAT])
    night = ok(call(server, "GET", f"/api/clubs/nights/{night['id']}"))
    resting = [frozenset(s["member"] for s in rnd["sitting_out"]) for rnd in night["schedule"]]
    assert all(len(r) == 2 for r in resting) and len(set(resting)) == 3
    for rnd, out in zip(night["schedule"], resting, strict=True):
        seats = [s for t in rnd["tables"] for s in t["seats"]]
        assert len(rnd["tables"]) == 2 and not any(s["house"] for s in seats)
        assert not out & {s["member"] for s in seats}


def test_a_replacement_takes_over_the_byes_of_who_left(server: Server) -> None:
    org, night = _night(server, {})
    nid = night["id"]
    later = night["schedule"][1]["sitting_out"][0]["member"]
    club = night["club_id"]
    new = ok(call(server, "POST", f"/api/clubs/{club}/members", {"guest": "Invaller"}, org))
    swap = {"out": later, "replacement": new["id"]}
    night = ok(call(server, "POST", f"/api/clubs/nights/{nid}/replace", swap, org))
    assert [s["member"] for s in night["schedule"][1]["sitting_out"]] == [new["id"]]
    assert [s["name"] for s in night["schedule"][1]["sitting_out"]] == ["Invaller"]


def test_an_online_night_with_byes_plays_whole_tables_and_scores_the_bye(
    server: Server,
) -> None:
    """Five accounts online with the average rule: four play at one table (the house
    plays for whoever's clock runs out, as on any online night), one sits out; the bye
    is that player's other round."""
    org, club, _ = _club(server)
    players = {}
    for i in range(5):
        name = f"Rust{i}{uuid.uuid4().hex[:6]}"
        token = account(server, name)
        m = ok(call(server, "POST", f"/api/clubs/{club}/members", {"account": name}, org))
        players[m["id"]] = token
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 2,
        "deals_per_round": 4,
        "mode": "online",
        "seed": "online-rust",
        "clock_seconds": 0.05,
        "byes": "average",
    }
    night = ok(call(server, "POST", f"/api/clubs/{club}/nights", body, org))
    for m in players:
        ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/players", {"member": m}, org))
    night = ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, org))
    resting = [rnd["sitting_out"][0]["member"] for rnd in night["schedule"]]
    for number in (1, 2):
        ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/rounds/start", None, org))
        mine = ok(call(server, "GET", "/api/clubs/my-tables", None, players[resting[number - 1]]))
        assert mine["tables"] == []  # who sits out has no table
        night = wait_round_over(server, night["id"])
        (table,) = night["schedule"][number - 1]["tables"]
        assert table["over"] and not any(s["house"] for s in table["seats"])
    standings = ok(call(server, "GET", f"/api/clubs/nights/{night['id']}/standings"))
    rows = {s["member"]: s for s in standings["standings"]}
    for number, member in enumerate(resting, 1):
        played = rows[member]["rounds"][2 - number]
        assert rows[member]["bye_rounds"] == [number]
        assert rows[member]["rounds"][number - 1] == played


def test_byes_on_a_night_whose_players_fill_the_tables_are_fine(server: Server) -> None:
    """Eight klaverjassers with the fixed rule: two full tables, nobody sits out."""
    org, club, members = _club(server)
    body = {"game": "klaverjassen", "variant": "nku", "rounds": 2, "deals_per_round": 2}
    night = ok(
        call(
            server,
            "POST",
            f"/api/clubs/{club}/nights",
            {**body, "mode": "bar", "byes": "fixed"},
            org,
        )
    )
    for m in members[:8]:
        ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/players", {"member": m}, org))
    night = ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, org))
    for rnd in night["schedule"]:
        assert rnd["sitting_out"] == [] and len(rnd["tables"]) == 2
        assert not any(s["house"] for t in rnd["tables"] for s in t["seats"])
