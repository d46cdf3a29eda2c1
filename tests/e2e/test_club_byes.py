"""Byes at the bar (issue 32, build 7 and bug 12): a klaverjas night of nine players
made on the night form with a fixed bye score; no bar table seats the house ("Huis"),
one player sits out each round ("Rust: …"), in turn, and the big screen shows the
bye's score marked "rust" (docs/clubs.md, "Byes")."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.e2e.axe import assert_clean, check
from tests.e2e.conftest import DESKTOP, PHONE, NewPage
from tests.e2e.helpers import shoot
from tests.e2e.test_club_bar import _enter
from tests.e2e.test_club_organiser import _organiser

NINE = ("Anna", "Bert", "Cor", "Dini", "Eef", "Fien", "Gijs", "Hanna", "Ids")


def _api(server: str, method: str, path: str, token: str, body: Any = None) -> Any:
    headers = {"authorization": f"Bearer {token}"}
    r = httpx.request(method, f"{server}/api{path}", json=body, headers=headers, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()


def test_nine_klaverjassers_at_the_bar_sit_out_in_turn(new_page: NewPage, server: str) -> None:
    page = new_page(DESKTOP)
    token = _organiser(page)
    club = _api(server, "POST", "/clubs", token, {"name": "De Rustige Boer"})["id"]
    for name in NINE:
        _api(server, "POST", f"/clubs/{club}/members", token, {"guest": name})

    # The night form: at the bar the byes are the default, scored by the own average;
    # the organiser picks a fixed score instead.
    page.goto(f"/clubs/{club}")
    page.click("#new-night")
    expect(page.locator("#night-mode")).to_have_value("bar")
    expect(page.locator("#night-byes")).to_have_value("average")
    page.select_option("#night-byes", "fixed")
    expect(page.locator("#night-bye-score")).to_have_attribute("placeholder", str(16 * 81))
    page.fill("#night-title", "Rustavond")
    page.fill("#night-rounds", "3")
    page.fill("#night-deals", "2")
    page.locator("#night-deals").blur()
    expect(page.locator("#night-bye-score")).to_have_attribute("placeholder", "162")
    page.fill("#night-bye-score", "-5")
    page.click("#night-form button[type=submit]")
    expect(page.locator("#night-refused")).to_have_text(
        "Kies bij Score per rustronde een getal van 0 tot en met 1000."
    )
    assert _api(server, "GET", f"/clubs/{club}", token)["nights"] == []
    page.fill("#night-bye-score", "150")
    problems: list[str] = []
    check(page, "the night form with byes", problems)
    shoot(page, "club-byes/night-form", "#night-byes")
    page.click("#night-form button[type=submit]")
    expect(page.locator("#night-title")).to_have_text("Rustavond")
    night_id = page.url.rsplit("/", 1)[1]

    members = {m["name"]: m["id"] for m in _api(server, "GET", f"/clubs/{club}", token)["members"]}
    for name in NINE:
        _api(server, "POST", f"/clubs/nights/{night_id}/players", token, {"member": members[name]})
    night = _api(server, "POST", f"/clubs/nights/{night_id}/open", token)
    assert (night["byes"], night["bye_score"]) == ("fixed", 150)

    # The schedule: two tables of four a round, no house seat, one player resting.
    page.reload()
    expect(page.locator(".club-round")).to_have_count(3)
    expect(page.locator(".club-round li.house")).to_have_count(0)
    expect(page.get_by_text("heeft die ronde rust (om de beurt)")).to_be_visible()
    resting = []
    for rnd in night["schedule"]:
        shown = page.locator(f'.club-round[data-round="{rnd["round"]}"]')
        expect(shown.locator(".tablecard")).to_have_count(2)
        (out,) = rnd["sitting_out"]
        expect(shown.locator(".sitting-out")).to_have_text(f"Rust: {out['name']}")
        seated = {s["name"] for t in rnd["tables"] for s in t["seats"]}
        assert "Huis" not in seated and seated | {out["name"]} == set(NINE)
        resting.append(out["name"])
    assert len(set(resting)) == 3  # nobody rests twice in three rounds
    expect(page.locator("main")).not_to_contain_text("Huis")
    check(page, "the schedule with byes", problems)
    shoot(page, "club-byes/schedule", "#schedule-h")

    # Round 1 at the bar: a phone at each table, no house seat on the sheets.
    _api(server, "POST", f"/clubs/nights/{night_id}/rounds/start", token)
    links = _api(server, "GET", f"/clubs/nights/{night_id}/links", token)["tables"]
    tokens = {t["number"]: t["token"] for t in links if t["round"] == 1}
    assert sorted(tokens) == [1, 2]
    screen = new_page(DESKTOP)
    screen.goto(f"/web/mieke/stand.html#{night_id}")
    for number, table_token in tokens.items():
        phone = new_page(PHONE, touch=True)
        phone.goto(f"/web/mieke/sheet.html#{table_token}")
        expect(phone.locator("#where")).to_have_text(f"Ronde 1 · tafel {number}")
        expect(phone.locator("body")).not_to_contain_text("Huis")
        _enter(phone, 0, 100, (20, 0))  # Wij 120, Zij 62 (RULES.md §6.7)
        _enter(phone, 1, 90, mark="N")  # Zij nat: Wij 162
        if number == 1:
            check(phone, "the sheet of a night with byes", problems)
            shoot(phone, "club-byes/sheet", labels=True)

    # The big screen: the resting player's round is the fixed 150, marked "rust".
    rows = screen.locator("#standings tbody tr")
    expect(rows).to_have_count(9)
    rester = screen.locator(f'#standings tr[data-member="{members[resting[0]]}"]')
    expect(rester.locator("td.bye")).to_have_text("rust 150")
    expect(rester.locator("td.total")).to_have_text("150")
    expect(screen.locator("#standings td.bye")).to_have_count(1)
    expect(screen.locator("#bye-legend")).to_contain_text("150")
    expect(rows.first.locator("td.total")).to_have_text("282")
    check(screen, "the standings with a bye", problems)
    shoot(screen, "club-byes/standings", labels=True)
    assert_clean(problems)
