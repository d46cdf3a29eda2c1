"""The bar (issue 32, build 7): an organiser registers many members for a night at once;
an online night offers no guest, to play or to replace (bug 14)."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from tests.e2e.axe import assert_clean, check
from tests.e2e.conftest import NewPage
from tests.e2e.helpers import shoot
from tests.e2e.test_club_organiser import GUESTS, _member_account, _organiser


def _post(server: str, token: str, path: str, body: object) -> dict[str, object]:
    r = httpx.post(
        f"{server}/api{path}", json=body, headers={"authorization": f"Bearer {token}"}, timeout=10
    )
    assert r.status_code == 200, r.text
    found: dict[str, object] = r.json()
    return found


def test_many_members_at_once_and_no_guest_online(new_page: NewPage, server: str) -> None:
    page = new_page()
    token = _organiser(page)
    member, _ = _member_account(server)
    club = str(_post(server, token, "/clubs", {"name": "De Toepers"})["id"])
    _post(server, token, f"/clubs/{club}/members", {"account": member})
    for guest in GUESTS:
        _post(server, token, f"/clubs/{club}/members", {"guest": guest})
    night = {"game": "toepen", "variant": "kroegregels", "rounds": 2, "deals_per_round": 2}
    bar = str(_post(server, token, f"/clubs/{club}/nights", {**night, "mode": "bar"})["id"])

    page.goto(f"/clubs/avond/{bar}")
    form = page.locator("#register-many-form")
    # The organiser is a member too: nine to choose from.
    expect(form.locator("input[name=many]")).to_have_count(2 + len(GUESTS))
    form.get_by_label("Iedereen").check()
    form.get_by_label(f"{GUESTS[0]} (gast)").uncheck()  # one stays out
    problems: list[str] = []
    check(page, "registering many at once", problems)
    assert_clean(problems)
    shoot(page, "regular/register-many", "#register-many-form")
    form.get_by_role("button", name="Aangevinkten inschrijven").click()
    expect(page.locator("#night-players li")).to_have_count(1 + len(GUESTS))
    players = httpx.get(f"{server}/api/clubs/nights/{bar}", timeout=10).json()["players"]
    names = {p["name"] for p in players}
    assert {member, *GUESTS[1:]} < names and GUESTS[0] not in names
    expect(page.locator("#register-member option")).to_have_text([f"{GUESTS[0]} (gast)"])

    online = str(_post(server, token, f"/clubs/{club}/nights", {**night, "mode": "online"})["id"])
    page.goto(f"/clubs/avond/{online}")
    accounts = page.locator("#register-member option")
    expect(accounts).to_have_count(2)  # the organiser and the member: no guest
    expect(accounts.filter(has_text=member)).to_have_count(1)
    expect(page.locator("#register-many-form input[name=many]")).to_have_count(2)
    expect(page.locator("#new-player-kind option[value=guest]")).to_have_count(0)
