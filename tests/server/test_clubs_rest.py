"""Club nights over REST on SQLite and PostgreSQL (issue 21: clubs and nights, the
schedule shown in advance, Mieke's score lines with their ids and history, standings,
CSV, the season, and the bad input the issue names)."""

from __future__ import annotations

import csv
import io
import uuid
from typing import Any

import httpx

from tests.server.clubs_support import account, call, ok, refused
from tests.server.harness import Server

MADE = {"played": 0, "points": [100, 62], "roem": [20, 0]}
"""Wij played and made it: 120 for Wij, 62 for Zij (RULES.md §6.7)."""
NAT = {"played": 1, "points": [90, 72], "roem": [0, 0], "mark": "N"}
"""Zij played and went nat: Wij take 162 (RULES.md §6.7)."""


def _id() -> str:
    return uuid.uuid4().hex


def _bar_night(server: Server, rounds: int = 2) -> dict[str, Any]:
    """A club with an organiser and nine members, a klaverjas night at the bar, open."""
    org = account(server, f"Org{_id()[:8]}")
    club = ok(call(server, "POST", "/api/clubs", {"name": "De Klaverhoek", "season_best": 1}, org))
    members = [
        ok(call(server, "POST", f"/api/clubs/{club['id']}/members", {"guest": f"Speler {i}"}, org))
        for i in range(9)
    ]
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": rounds,
        "deals_per_round": 2,
        "mode": "bar",
        "seed": "avond-1",
        "byes": "house",  # nine players at three tables with house seats (tests below)
    }
    night = ok(call(server, "POST", f"/api/clubs/{club['id']}/nights", body, org))
    for m in members:
        ok(
            call(
                server, "POST", f"/api/clubs/nights/{night['id']}/players", {"member": m["id"]}, org
            )
        )
    night = ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, org))
    links = ok(call(server, "GET", f"/api/clubs/nights/{night['id']}/links", None, org))
    return {"org": org, "club": club, "members": members, "night": night, "links": links}


def _token(setup: dict[str, Any], rnd: int, table: int) -> str:
    for t in setup["links"]["tables"]:
        if (t["round"], t["number"]) == (rnd, table):
            return str(t["token"])
    raise AssertionError("no such table")


def _entry(server: Server, token: str, deal: int, line: dict[str, Any], entry_id: str = "") -> Any:
    body = {"id": entry_id or _id(), "deal": deal, "line": line, "by": "Mieke"}
    return call(server, "POST", f"/api/clubs/sheets/{token}/entries", body)


def test_the_schedule_is_shown_in_advance_with_the_house_marked(server: Server) -> None:
    setup = _bar_night(server)
    night = setup["night"]
    assert night["status"] == "open" and [r["round"] for r in night["schedule"]] == [1, 2]
    for rnd in night["schedule"]:
        assert len(rnd["tables"]) == 3
        seats = [s for t in rnd["tables"] for s in t["seats"]]
        assert sum(s["house"] for s in seats) == 3 and all(
            s["name"] == "Huis" for s in seats if s["house"]
        )
        people = sorted(s["member"] for s in seats if not s["house"])
        assert people == sorted(m["id"] for m in setup["members"])
    again = ok(call(server, "GET", f"/api/clubs/nights/{night['id']}"))
    assert again["schedule"] == night["schedule"]


def test_a_bar_night_counts_each_line_once_and_follows_corrections(server: Server) -> None:
    setup = _bar_night(server)
    org, night_id = setup["org"], setup["night"]["id"]
    t11 = _token(setup, 1, 1)
    refused(_entry(server, t11, 1, MADE), 409, "round_not_started")
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    refused(
        call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org),
        409,
        "round_running",
    )
    for table in (1, 2, 3):
        token = _token(setup, 1, table)
        ok(_entry(server, token, 1, MADE))
        ok(_entry(server, token, 2, NAT))
    # A line that does not add up, a deal entered twice, an offline phone's replay.
    before = ok(call(server, "GET", f"/api/clubs/sheets/{t11}"))
    bad = {"played": 0, "points": [100, 60], "roem": [0, 0]}
    refused(_entry(server, t11, 3, MADE), 422, "bad_deal")
    refused(_entry(server, _token(setup, 1, 2), 2, bad), 409, "deal_taken")
    sheet = ok(call(server, "GET", f"/api/clubs/sheets/{t11}"))
    first = sheet["entries"][0]
    refused(_entry(server, t11, 1, MADE, entry_id=first["id"]), 409, "duplicate_entry")
    assert ok(call(server, "GET", f"/api/clubs/sheets/{t11}")) == before
    assert sheet["totals"] == [282, 62, 282, 62]
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/finish", None, org))
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    t21 = _token(setup, 2, 1)
    refused(_entry(server, t21, 1, bad), 422, "points_not_162")
    refused(
        _entry(server, t21, 1, {"played": 0, "points": [60, 102], "roem": [0, 0]}),
        422,
        "mark_mismatch",
    )
    wrong = {"played": 2, "points": [0, 162], "roem": [0, 0], "mark": "N"}
    sheet = ok(_entry(server, t21, 1, wrong))
    entry = sheet["entries"][0]
    pit = {"played": 2, "points": [162, 0], "roem": [0, 0], "mark": "P"}
    body = {"change": _id(), "line": pit, "by": "Kees"}
    sheet = ok(call(server, "POST", f"/api/clubs/sheets/{t21}/entries/{entry['id']}", body))
    history = sheet["entries"][0]["history"]
    assert [(h["by"], h["line"]["mark"]) for h in history] == [("Mieke", "N"), ("Kees", "P")]
    refused(
        call(server, "POST", f"/api/clubs/sheets/{t21}/entries/{entry['id']}", body),
        409,
        "duplicate_entry",
    )
    # Standings: round 1 every table 282 for Wij and 62 for Zij; round 2 table 1 a pit for
    # Wij (162 + 100), the other tables nothing yet.
    schedule = setup["night"]["schedule"]
    expected: dict[str, list[int]] = {m["id"]: [] for m in setup["members"]}
    for rnd, per_seat in (
        (0, {1: (282, 62), 2: (282, 62), 3: (282, 62)}),
        (1, {1: (262, 0), 2: (0, 0), 3: (0, 0)}),
    ):
        for table in schedule[rnd]["tables"]:
            for seat, s in enumerate(table["seats"]):
                if not s["house"]:
                    expected[s["member"]].append(per_seat[table["number"]][seat % 2])
    table = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/standings"))["standings"]
    assert {row["member"]: row["rounds"] for row in table} == expected
    assert [row["total"] for row in table] == sorted(
        (sum(v) for v in expected.values()), reverse=True
    )
    assert table[0]["rank"] == 1
    text = call(server, "GET", f"/api/clubs/nights/{night_id}/standings.csv").text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["rank", "name", "round 1", "round 2", "total"]
    assert sorted(int(r[-1]) for r in rows[1:]) == sorted(sum(v) for v in expected.values())
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/close", None, org))
    refused(_entry(server, t21, 2, MADE), 409, "night_closed")
    season = ok(call(server, "GET", f"/api/clubs/{setup['club']['id']}/season"))
    assert {r["member"]: r["total"] for r in season["standings"]} == {
        m: sum(v) for m, v in expected.items()
    }


def test_only_organisers_with_an_account_run_a_club(server: Server) -> None:
    setup = _bar_night(server, rounds=1)
    guest = ok(call(server, "POST", "/api/guests", {"name": "Gast"}))["token"]
    refused(call(server, "POST", "/api/clubs", {"name": "X"}, guest), 403, "not_an_account")
    other = account(server, f"Ander{_id()[:8]}")
    night_id = setup["night"]["id"]
    refused(
        call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, other),
        403,
        "not_organiser",
    )
    refused(
        call(server, "GET", f"/api/clubs/nights/{night_id}/links", None, other),
        403,
        "not_organiser",
    )
    refused(call(server, "POST", "/api/clubs", {"name": "X"}), 401, "not_authenticated")
    refused(call(server, "GET", "/api/clubs/sheets/r123.abc"), 404, "unknown_sheet")
    token = _token(setup, 1, 1)
    forged = token[:-1] + ("0" if token[-1] != "0" else "1")
    refused(call(server, "GET", f"/api/clubs/sheets/{forged}"), 404, "unknown_sheet")


def test_an_account_lists_its_clubs_with_its_role(server: Server) -> None:
    """GET /api/clubs: the organiser's pages list the caller's clubs and offer their
    controls by the role listed here."""
    org = account(server, f"Org{_id()[:8]}")
    name = f"Lid{_id()[:8]}"
    member = account(server, name)
    zz = ok(call(server, "POST", "/api/clubs", {"name": "Zz Club"}, org))
    aa = ok(call(server, "POST", "/api/clubs", {"name": "Aa Club"}, org))
    ok(call(server, "POST", f"/api/clubs/{zz['id']}/members", {"account": name}, org))
    mine = ok(call(server, "GET", "/api/clubs", None, org))["clubs"]
    assert mine == [
        {"id": aa["id"], "name": "Aa Club", "role": "organiser"},
        {"id": zz["id"], "name": "Zz Club", "role": "organiser"},
    ]
    theirs = ok(call(server, "GET", "/api/clubs", None, member))["clubs"]
    assert theirs == [{"id": zz["id"], "name": "Zz Club", "role": "member"}]
    guest = ok(call(server, "POST", "/api/guests", {"name": "Gast"}))["token"]
    refused(call(server, "GET", "/api/clubs", None, guest), 403, "not_an_account")
    refused(call(server, "GET", "/api/clubs"), 401, "not_authenticated")


def test_a_replacement_takes_the_seat_and_may_not_sit_twice(server: Server) -> None:
    setup = _bar_night(server)
    org, night_id = setup["org"], setup["night"]["id"]
    club_id = setup["club"]["id"]
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    members = setup["members"]
    refused(
        call(
            server,
            "POST",
            f"/api/clubs/nights/{night_id}/replace",
            {"out": members[0]["id"], "replacement": members[1]["id"]},
            org,
        ),
        409,
        "player_on_two_tables",
    )
    fresh = ok(call(server, "POST", f"/api/clubs/{club_id}/members", {"guest": "Invaller"}, org))
    night = ok(
        call(
            server,
            "POST",
            f"/api/clubs/nights/{night_id}/replace",
            {"out": members[0]["id"], "replacement": fresh["id"]},
            org,
        )
    )
    seated = [s["member"] for r in night["schedule"] for t in r["tables"] for s in t["seats"]]
    assert members[0]["id"] not in seated and seated.count(fresh["id"]) == 2


def test_clubs_are_in_the_openapi_document(server: Server) -> None:
    paths = server.get("/openapi.json").json()["paths"]
    for path in (
        "/api/clubs",
        "/api/clubs/nights/{night_id}/standings",
        "/api/clubs/sheets/{token}/entries",
        "/api/clubs/my-tables",
    ):
        assert path in paths


def test_a_lone_surrogate_in_a_score_line_is_refused_and_the_sheet_still_answers(
    server: Server,
) -> None:
    """The trust issue, item 3: a line with an extra field holding a lone surrogate was
    stored, and from then on the table's sheet answered 500 for good. Now the body is not
    strict JSON (422 ``malformed``), nothing is stored, and the sheet answers."""
    setup = _bar_night(server)
    token = _token(setup, 1, 1)
    ok(
        call(
            server,
            "POST",
            f"/api/clubs/nights/{setup['night']['id']}/rounds/start",
            None,
            setup["org"],
        )
    )
    line = '{"played": 0, "points": [100, 62], "roem": [20, 0], "note": "\\ud800"}'
    body = '{"id": "%s", "deal": 1, "line": ' + line + ', "by": "Mieke"}'
    r = httpx.post(
        f"{server.url}/api/clubs/sheets/{token}/entries",
        content=(body % _id()).encode(),
        headers={"content-type": "application/json"},
        timeout=20,
    )
    refused(r, 422, "malformed")
    sheet = ok(call(server, "GET", f"/api/clubs/sheets/{token}"))
    assert sheet["entries"] == []
    ok(_entry(server, token, 1, MADE))  # the deal is still free


def test_a_score_line_is_validated_to_the_letter(server: Server) -> None:
    """A ``mark`` that is a list or an object (a 500 before) and a field the game does not
    have (stored as sent before) are refused with ``bad_line``; nothing is stored."""
    setup = _bar_night(server)
    token = _token(setup, 1, 1)
    ok(
        call(
            server,
            "POST",
            f"/api/clubs/nights/{setup['night']['id']}/rounds/start",
            None,
            setup["org"],
        )
    )
    for line in (
        {**NAT, "mark": ["N"]},
        {**NAT, "mark": {"N": True}},
        {**MADE, "note": "Piet schreef"},
    ):
        refused(_entry(server, token, 1, line), 422, "bad_line")
    assert ok(call(server, "GET", f"/api/clubs/sheets/{token}"))["entries"] == []
    entry = _id()
    ok(_entry(server, token, 1, MADE, entry))
    change = {"change": _id(), "line": {**NAT, "mark": ["N"]}, "by": "Mieke"}
    r = call(server, "POST", f"/api/clubs/sheets/{token}/entries/{entry}", change)
    refused(r, 422, "bad_line")
    entries = ok(call(server, "GET", f"/api/clubs/sheets/{token}"))["entries"]
    assert [len(e["history"]) for e in entries] == [1]
