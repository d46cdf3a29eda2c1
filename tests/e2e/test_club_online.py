"""A klaverjas night of 12 players online (issue 21, "Done when"): three rounds of four
deals at three tables each. Anna logs in and follows the night in a real browser: the
night's page shows her the way to her table ("Je tafel voor ronde 1"), where she makes
her first decision and leaves: the house plays her seat (marked "H" on the standings).
The standings on the night's page follow round 2 live; in round 3 her lobby shows the
way to her table. The others drop out at the start of each round (the house plays for
them too, marked), so the games run at the house's speed. The final standings are
worked out here from the games' hand records (each deal's score, RULES.md §6.7), not
by the club code.

Screenshots of the night's page during an online round go to ``docs/screenshots/`` with
``KROEG_SCREENSHOTS=1``.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import shoot, wait_my_turn

NAMES = ("Anna", "Bert", "Cor", "Dini", "Eef", "Fien", "Gijs", "Hanna", "Ids", "Jet", "Kees", "Lot")
PASSWORD = "klaverjassen-1"


def _api(server: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    r = httpx.request(method, f"{server}{path}", json=body, headers=headers, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()


def _night(server: str) -> dict[str, Any]:
    tag = uuid.uuid4().hex[:6]
    org = _api(server, "POST", "/api/accounts", {"name": f"Org{tag}", "password": PASSWORD})
    club = _api(server, "POST", "/api/clubs", {"name": "De Klaverhoek"}, org["token"])
    tokens, names = {}, {}
    for name in NAMES:
        account = f"{name}{tag}"
        made = _api(server, "POST", "/api/accounts", {"name": account, "password": PASSWORD})
        member = _api(
            server, "POST", f"/api/clubs/{club['id']}/members", {"account": account}, org["token"]
        )
        tokens[member["id"]], names[name] = made["token"], (member["id"], account)
    body = {
        "title": "Klaverjasavond online",
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 3,
        "deals_per_round": 4,
        "mode": "online",
        "seed": "online-e2e",
        "clock_seconds": 30,
    }
    night = _api(server, "POST", f"/api/clubs/{club['id']}/nights", body, org["token"])
    for member in tokens:
        path = f"/api/clubs/nights/{night['id']}/players"
        _api(server, "POST", path, {"member": member}, org["token"])
    night = _api(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, org["token"])
    return {"org": org["token"], "night": night, "tokens": tokens, "names": names}


def _start_round(server: str, setup: dict[str, Any], keep: str | None) -> dict[str, str]:
    """Start the next round; everyone but ``keep`` leaves their table at once (the
    house plays for them). Per member their table."""
    night_id = setup["night"]["id"]
    _api(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, setup["org"])
    tables = {}
    for member, token in setup["tokens"].items():
        [mine] = _api(server, "GET", "/api/clubs/my-tables", None, token)["tables"]
        tables[member] = mine["table"]
        if member != keep:
            _api(server, "POST", f"/api/tables/{mine['table']}/leave", None, token)
    return tables


def _wait_round_over(server: str, night_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        night: dict[str, Any] = _api(server, "GET", f"/api/clubs/nights/{night_id}")
        if not night["round_running"]:
            return night
        time.sleep(0.1)
    raise AssertionError("the round did not end")


def _expected(server: str, setup: dict[str, Any], tables: dict[str, str]) -> dict[str, int]:
    """Per member their team's points in the round: the deal scores of their table's
    hand record summed (the deal score holds roem and the pit bonus, RULES.md §6.7)."""
    points = {}
    for member, table in tables.items():
        token = setup["tokens"][member]
        [game] = _api(server, "GET", f"/api/tables/{table}/games", None, token)["games"]
        record = _api(server, "GET", f"/api/games/{game['id']}/standings", None, token)
        assert len(record["deals"]) == 4
        [mine] = _api(server, "GET", "/api/clubs/my-tables", None, token)["tables"]
        team = mine["seat"] % 2
        points[member] = sum(d["summary"]["score"][team] for d in record["deals"])
    return points


def test_a_night_of_twelve_online_runs_three_rounds(new_page: NewPage, server: str) -> None:
    setup = _night(server)
    night_id = setup["night"]["id"]
    anna, anna_account = setup["names"]["Anna"]
    page = new_page()
    page.goto("/account")
    page.fill("#login-name", anna_account)
    page.fill("#login-password", PASSWORD)
    page.locator("#login-form").get_by_role("button", name="Inloggen", exact=True).click()
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {anna_account}.")
    page.goto(f"/web/mieke/stand.html#{night_id}")
    expect(page.locator("#round")).to_have_text("Nog niet begonnen")

    expected: dict[str, list[int]] = {m: [] for m in setup["tokens"]}
    # Round 1: Anna goes to her table, makes her first decision, and leaves: the house
    # plays her seat to the end.
    tables = _start_round(server, setup, keep=anna)
    link = page.locator("#my-table")
    expect(link).to_contain_text("Je tafel voor ronde 1", timeout=15_000)
    link.click()
    expect(page).to_have_url(f"{server}/t/{tables[anna]}")
    expect(page.locator(".seat.me")).to_be_visible()
    assert wait_my_turn(page)
    page.locator(".hand .card.legal, .actions-bar button[data-action]").first.click()
    expect(page.locator(".chat-log")).to_contain_text(f"{anna_account}: ik ")
    page.get_by_role("button", name="Van tafel gaan").click()
    page.get_by_role("button", name="Echt weg? Dan verlies je dit spel").click()
    expect(page).to_have_url(f"{server}/")
    night = _wait_round_over(server, night_id)
    for table in night["schedule"][0]["tables"]:  # everyone left: all marked
        assert table["house_played"] == [0, 1, 2, 3]
    for member, pts in _expected(server, setup, tables).items():
        expected[member].append(pts)

    # Round 2: everyone drops out at once; the night's page follows without a reload.
    page.goto(f"/web/mieke/stand.html#{night_id}")
    row = page.locator(f"tr[data-member='{anna}']")
    expect(row.locator("td.house-played")).to_have_count(1)
    tables = _start_round(server, setup, keep=None)
    _wait_round_over(server, night_id)
    for member, pts in _expected(server, setup, tables).items():
        expected[member].append(pts)
    expect(page.locator("#round")).to_have_text("Ronde 2 van 3 is klaar")
    expect(row.locator("td.house-played")).to_have_count(2)

    # Round 3: Anna's lobby shows the way to her table (it is not listed), then she
    # drops out too.
    tables = _start_round(server, setup, keep=anna)
    page.goto("/")
    expect(page.locator("#your-tables")).to_contain_text("Je tafel voor ronde 3")
    page.goto(f"/web/mieke/stand.html#{night_id}")
    expect(page.locator("#my-table")).to_contain_text("Je tafel voor ronde 3")
    shoot(page, "club-online-stand", labels=True)
    _api(server, "POST", f"/api/tables/{tables[anna]}/leave", None, setup["tokens"][anna])
    _wait_round_over(server, night_id)
    for member, pts in _expected(server, setup, tables).items():
        expected[member].append(pts)
    expect(page.locator("#round")).to_have_text("Ronde 3 van 3 is klaar")
    expect(row.locator("td.house-played")).to_have_count(3)
    expect(row.locator("td.total")).to_have_text(str(sum(expected[anna])))

    standings = _api(server, "GET", f"/api/clubs/nights/{night_id}/standings")["standings"]
    got = {s["member"]: (s["rounds"], s["total"]) for s in standings}
    assert got == {m: (pts, sum(pts)) for m, pts in expected.items()}
    totals = sorted((sum(p) for p in expected.values()), reverse=True)
    assert [s["total"] for s in standings] == totals  # best first
