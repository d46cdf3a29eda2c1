"""The organiser's pages (issue 21; docs/clubs.md, "Organiser pages"): an organiser with
an account goes from the lobby to "Clubs", creates a club, adds members (an account by
its name, guests by name), creates a klaverjas night at the bar of 8 players with 2
rounds, registers them, opens the night and sees every round's tables in advance, and
starts round 1; a member who does not organise sees the night without any control. Bad
input (an unknown account, a night of 0 rounds) gets a Dutch message and changes nothing.

Screenshots of each page at the three sizes go to ``docs/screenshots/clubs/`` with
``KROEG_SCREENSHOTS=1``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, NewPage
from tests.e2e.helpers import api, enter

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "clubs"
SIZES = {"phone": PHONE, "wide-phone": {"width": 844, "height": 390}, "desktop": DESKTOP}
GUESTS = ("Anna", "Bert", "Cor", "Dini", "Eef", "Fien", "Gijs")
CONTROLS = "#register-form, #open-night, #start-round, #finish-round, #close-night, #replace-form"


def _shoot(page: Page, name: str, at: str = "") -> None:
    """The page at each size as a person sees it: from its top, or from ``at``."""
    if os.environ.get("KROEG_SCREENSHOTS") != "1":
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    for label, viewport in SIZES.items():
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        if at:
            page.locator(at).evaluate("el => el.scrollIntoView({block: 'start'})")
        else:
            page.evaluate("document.getElementById('app').scrollTo(0, 0)")
        page.screenshot(path=SHOTS / f"{name}-{label}.png")
    if size:
        page.set_viewport_size(size)


def _organiser(page: Page) -> str:
    """Enter the pub and register (as the account page does); the page keeps the
    account's session as its cookie. Its token, for set-up over REST."""
    name = f"Org{secrets.token_hex(3)}"
    enter(page, name)
    body = api(page, "POST", "/accounts", {"name": name, "password": "klaverjassen-1"})
    base = page.evaluate("location.origin")
    page.context.add_cookies(
        [{"name": "kroeg_token", "value": body["token"], "url": base, "httpOnly": True}]
    )
    page.reload()
    return str(body["token"])


def _member_account(server: str) -> tuple[str, str]:
    """Another account (a club member who does not organise): its name and token."""
    name = f"Lid{secrets.token_hex(3)}"
    r = httpx.post(f"{server}/api/accounts", json={"name": name, "password": "klaverjassen-1"})
    assert r.status_code == 200, r.text
    return name, str(r.json()["token"])


def _add_member(page: Page, name: str, kind: str) -> None:
    rows = page.locator("#club-members li, #club-organisers li")
    before = rows.count()
    page.fill("#member-name", name)
    page.select_option("#member-kind", kind)
    page.click("#member-form button[type=submit]")
    expect(rows).to_have_count(before + 1)


def _online_night(server: str, token: str, club_id: str) -> str:
    """An online klaverjas night, in preparation (made over REST, as the form does)."""
    body = {"game": "klaverjassen", "variant": "nku", "rounds": 1, "deals_per_round": 4}
    headers = {"authorization": f"Bearer {token}"}
    r = httpx.post(
        f"{server}/api/clubs/{club_id}/nights",
        json={**body, "mode": "online"},
        headers=headers,
        timeout=10,
    )
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def _night(server: str, night_id: str) -> Any:
    return httpx.get(f"{server}/api/clubs/nights/{night_id}", timeout=10).json()


def test_an_organiser_runs_a_night_from_the_pages(new_page: NewPage, server: str) -> None:
    page = new_page(PHONE, touch=True)
    token = _organiser(page)
    member_name, member_token = _member_account(server)

    # The lobby shows an account the way to its clubs.
    _shoot(page, "lobby-entry", "#clubs-entry")
    page.get_by_role("button", name="Naar je clubs").click()
    expect(page).to_have_url(f"{server}/clubs")
    expect(page.locator("main")).to_contain_text("Je bent nog bij geen enkele club.")
    _shoot(page, "clubs")
    page.fill("#club-name", "De Klaverhoek")
    page.click("#club-form button[type=submit]")
    expect(page.locator("#club-title")).to_have_text("De Klaverhoek")
    club_id = page.url.rsplit("/", 1)[1]

    # Members: an account by its name, guests by name. An unknown account is refused in
    # Dutch and adds nobody.
    _add_member(page, member_name, "member")
    for guest in GUESTS:
        _add_member(page, guest, "guest")
    page.fill("#member-name", "Niemand Bekend")
    page.select_option("#member-kind", "member")
    page.click("#member-form button[type=submit]")
    expect(page.locator("#member-refused")).to_have_text("Er is geen account met die naam.")
    expect(page.locator("#member-name")).to_have_value("Niemand Bekend")
    club = httpx.get(f"{server}/api/clubs/{club_id}", timeout=10).json()
    assert sorted(m["name"] for m in club["members"] if m["role"] == "member") == sorted(
        [member_name, *GUESTS]
    )
    expect(page.locator("#club-members li")).to_have_count(8)

    # A night: 0 rounds is refused in Dutch before anything is sent; nothing is made.
    page.click("#new-night")
    expect(page.locator("#night-game")).to_have_value("klaverjassen")
    expect(page.locator("#night-mode")).to_have_value("bar")
    # At the bar the sheet cannot score kraken or double spades: not offered.
    expect(page.locator("#opt-double_spades")).to_have_count(0)
    expect(page.locator("#opt-trump_mode option[value=kraken]")).to_have_count(0)
    page.fill("#night-title", "Klaverjasavond")
    page.fill("#night-rounds", "0")
    page.click("#night-form button[type=submit]")
    expect(page.locator("#night-refused")).to_have_text(
        "Kies bij Rondes een getal van 1 tot en met 12."
    )
    assert httpx.get(f"{server}/api/clubs/{club_id}", timeout=10).json()["nights"] == []
    _shoot(page, "new-night", "#night-form-h")
    page.fill("#night-rounds", "2")
    page.fill("#night-deals", "4")
    page.click("#night-form button[type=submit]")
    expect(page.locator("#night-title")).to_have_text("Klaverjasavond")
    night_id = page.url.rsplit("/", 1)[1]
    expect(page.locator("#night-status")).to_contain_text("In voorbereiding")

    # Register the eight (the organiser stays out): each registered member leaves the
    # choice, so nobody can be registered twice.
    for n, name in enumerate([member_name, *(f"{g} (gast)" for g in GUESTS)], 1):
        page.select_option("#register-member", label=name)
        page.click("#register-form button[type=submit]")
        expect(page.locator("#night-players li")).to_have_count(n)
    expect(page.locator("#register-member option")).to_have_count(1)
    _shoot(page, "night-draft")
    page.click("#open-night")
    expect(page.locator("#night-status")).to_contain_text("Open")

    # The schedule of both rounds, in advance, as the server drew it: two tables of four,
    # everyone once a round, nobody's seat the house's.
    night = _night(server, night_id)
    expect(page.locator(".club-round")).to_have_count(2)
    for rnd in night["schedule"]:
        shown = page.locator(f'.club-round[data-round="{rnd["round"]}"] .tablecard')
        expect(shown).to_have_count(2)
        for i, table in enumerate(rnd["tables"]):
            names = shown.nth(i).locator("li")
            expect(names).to_have_count(4)
            for seat, s in enumerate(table["seats"]):
                expect(names.nth(seat)).to_contain_text(s["name"])
        everyone = [s["name"] for table in rnd["tables"] for s in table["seats"]]
        assert sorted(everyone) == sorted([member_name, *GUESTS])
    expect(page.locator(".clubs li.house")).to_have_count(0)

    page.click("#start-round")
    expect(page.locator("#night-status")).to_have_text("Ronde 1 van 2 is bezig")
    expect(page.locator("#finish-round")).to_have_text("Ronde 1 afronden")
    expect(page.locator('.club-round[data-round="1"] h3')).to_contain_text("bezig")
    expect(page.locator("#link-sheets")).to_have_attribute(
        "href", f"/web/mieke/links.html#{night_id}"
    )
    assert _night(server, night_id)["round_running"] is True
    _shoot(page, "night-running")
    _shoot(page, "night-schedule", "#schedule-h")

    # A member who does not organise sees the night and the schedule, no controls.
    other = new_page(DESKTOP)
    other.context.add_cookies([{"name": "kroeg_token", "value": member_token, "url": server}])
    other.goto(f"/clubs/avond/{night_id}")
    expect(other.locator("#night-status")).to_have_text("Ronde 1 van 2 is bezig")
    expect(other.locator(".club-round")).to_have_count(2)
    expect(other.locator("#link-stand")).to_be_visible()
    expect(other.locator(CONTROLS)).to_have_count(0)
    expect(other.locator("#link-sheets")).to_have_count(0)
    other.goto(f"/clubs/{club_id}")
    expect(other.locator("#club-title")).to_have_text("De Klaverhoek")
    expect(other.locator("#club-nights li")).to_have_count(1)
    expect(other.locator("#member-form, #new-night")).to_have_count(0)
    page.goto(f"/clubs/{club_id}")
    expect(page.locator("#club-nights li")).to_have_count(1)
    _shoot(page, "club")

    # An online night seats accounts at the server's tables: no guest is offered, to play
    # nor as a new player (issue 32, bug 14; the server's refusal of one, guest_online:
    # tests/server/test_club_online.py).
    online = _online_night(server, token, club_id)
    page.goto(f"/clubs/avond/{online}")
    # One round, said in the singular (issue 32, bug 14: "1 rondes").
    expect(page.locator("#night-what")).to_contain_text("1 ronde van 4 spellen")
    offered = page.locator("#register-member option")
    expect(offered).to_have_count(2)  # the two accounts: the organiser and the member
    expect(offered.filter(has_text=member_name)).to_have_count(1)
    expect(page.locator("#new-player-kind option[value=guest]")).to_have_count(0)
    expect(page.locator("#night-players li")).to_have_count(0)
    assert _night(server, online)["players"] == []
