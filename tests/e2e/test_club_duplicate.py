"""A duplicate klaverjas night online in a real browser (issue 29 points 2, 4 and 7):
eight players at two tables play the same four boards (the house plays for everyone:
they leave at once); Anna, signed in, follows the night's page: the ranking in
percent, each board with both tables' results, and her own boards beside what the
other table made of the same cards ("met deze kaarten haalden de anderen gemiddeld");
after the close, each board's double-dummy value; at 640×360, 844×390 and 1280×720
nothing leaves the page's width. Screenshots go to ``docs/screenshots/clubs/`` with
``KROEG_SCREENSHOTS=1``."""

from __future__ import annotations

import uuid
from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import THREE_SIZES, shoot
from tests.e2e.test_club_online import PASSWORD, _api, _wait_round_over

NAMES = ("Anna", "Bert", "Cor", "Dini", "Eef", "Fien", "Gijs", "Hanna")


def _night(server: str) -> dict[str, Any]:
    tag = uuid.uuid4().hex[:6]
    org = _api(server, "POST", "/api/accounts", {"name": f"Org{tag}", "password": PASSWORD})
    club = _api(server, "POST", "/api/clubs", {"name": "De Portefeuille"}, org["token"])
    tokens, names = {}, {}
    for name in NAMES:
        account = f"{name}{tag}"
        made = _api(server, "POST", "/api/accounts", {"name": account, "password": PASSWORD})
        member = _api(
            server, "POST", f"/api/clubs/{club['id']}/members", {"account": account}, org["token"]
        )
        tokens[member["id"]], names[name] = made["token"], (member["id"], account)
    body = {
        "title": "Portefeuille online",
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 1,
        "deals_per_round": 4,
        "mode": "online",
        "seed": "dup-e2e",
        "clock_seconds": 30,
        "duplicate": "matchpoints",
    }
    night = _api(server, "POST", f"/api/clubs/{club['id']}/nights", body, org["token"])
    for member in tokens:
        _api(
            server,
            "POST",
            f"/api/clubs/nights/{night['id']}/players",
            {"member": member},
            org["token"],
        )
    night = _api(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, org["token"])
    return {"org": org["token"], "night": night, "tokens": tokens, "names": names}


def test_a_duplicate_night_page_shows_the_boards_and_the_others_average(
    new_page: NewPage, server: str
) -> None:
    setup = _night(server)
    night_id = setup["night"]["id"]
    anna, anna_account = setup["names"]["Anna"]
    page = new_page()
    page.goto("/account")
    page.fill("#login-name", anna_account)
    page.fill("#login-password", PASSWORD)
    page.locator("#login-form").get_by_role("button", name="Inloggen", exact=True).click()
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {anna_account}.")

    _api(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, setup["org"])
    for token in setup["tokens"].values():  # everyone leaves: the house plays the boards
        [mine] = _api(server, "GET", "/api/clubs/my-tables", None, token)["tables"]
        _api(server, "POST", f"/api/tables/{mine['table']}/leave", None, token)
    _wait_round_over(server, night_id)

    page.goto(f"/web/mieke/stand.html#{night_id}")
    expect(page.locator("#dup-title")).to_have_text("Portefeuille: de stand in procenten")
    expect(page.locator("#dup-standings tbody tr")).to_have_count(8)
    expect(page.locator("#dup-boards tbody tr")).to_have_count(8)  # 4 boards, 2 tables
    expect(page.locator("#dup-commitment")).to_contain_text("Spellen vastgelegd vóór de avond")
    mine = page.locator("#dup-mine-list li")
    expect(mine).to_have_count(4)
    expect(mine.first).to_contain_text("met deze kaarten haalden de anderen gemiddeld")

    # What the page shows is the API's: Anna's percentage, and a board's two results.
    standings = _api(server, "GET", f"/api/clubs/nights/{night_id}/standings")["duplicate"]
    annas = next(p for p in standings["players"] if p["member"] == anna)
    row = page.locator(f"#dup-standings tr[data-member='{anna}']")
    expect(row.locator("td.total")).to_have_text(f"{annas['percent']:.1f}%")
    percents = sorted(r["ns_percent"] for r in standings["boards"][0]["results"])
    assert percents in ([0.0, 100.0], [50.0, 50.0])  # two NS pairs on one board

    for (width, height), _ in THREE_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        expect(page.locator("#duplicate")).to_be_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than {width}x{height}"
    shoot(page, "clubs/duplicate-night", labels=True)

    # After the close each board's double-dummy value comes beside the results.
    _api(server, "POST", f"/api/clubs/nights/{night_id}/close", None, setup["org"])
    expect(page.locator("#dup-revealed")).to_be_visible()
    expect(page.locator("#dup-boards td.value").first).not_to_have_text("–", timeout=60_000)
    closed = _api(server, "GET", f"/api/clubs/nights/{night_id}/standings")["duplicate"]
    first = closed["boards"][0]["results"][0]["value"]
    expect(page.locator("#dup-boards td.value").first).to_have_text(
        f"+{first}" if first > 0 else str(first)
    )

    for (width, height), _ in THREE_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than {width}x{height}"
    shoot(page, "clubs/duplicate-boards", "#dup-boards", labels=True)


def test_the_organiser_makes_a_duplicate_night_with_the_form(
    new_page: NewPage, server: str
) -> None:
    """The night form offers portefeuille for Klaverjassen; with draaikaarten (which a
    board does not hold) the server's refusal is shown in Dutch and nothing is made; the
    night made shows its scoring and the set's commitment."""
    tag = uuid.uuid4().hex[:6]
    org = f"Org{tag}"
    made = _api(server, "POST", "/api/accounts", {"name": org, "password": PASSWORD})
    club = _api(server, "POST", "/api/clubs", {"name": "De Portefeuille"}, made["token"])
    page = new_page()
    page.goto("/account")
    page.fill("#login-name", org)
    page.fill("#login-password", PASSWORD)
    page.locator("#login-form").get_by_role("button", name="Inloggen", exact=True).click()
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {org}.")
    page.goto(f"/clubs/{club['id']}")
    page.click("#new-night")
    page.select_option("#night-mode", "online")
    page.select_option("#night-duplicate", "matchpoints")
    page.fill("#night-title", "Portefeuille")
    page.fill("#night-rounds", "2")
    page.fill("#night-deals", "4")
    page.select_option("#opt-trump_mode", "gedraaid")
    page.click("#night-form button[type=submit]")
    expect(page.locator("#night-refused")).to_have_text("Deze avond kan zo niet.")
    assert _api(server, "GET", f"/api/clubs/{club['id']}")["nights"] == []
    shoot(page, "clubs/duplicate-new-night", "#night-duplicate", labels=True)
    page.select_option("#opt-trump_mode", "free")
    page.click("#night-form button[type=submit]")
    expect(page.locator("#night-title")).to_have_text("Portefeuille")
    night = _api(server, "GET", f"/api/clubs/nights/{page.url.rsplit('/', 1)[1]}")
    assert night["duplicate"]["scoring"] == "matchpoints"
    assert night["duplicate"]["set"]["count"] == 8 and "boards" not in night["duplicate"]["set"]
    commitment = night["duplicate"]["set"]["commitment"]
    expect(page.locator("#night-what")).to_contain_text("Portefeuille: procenten")
    expect(page.locator("#night-what")).to_contain_text(commitment[:16])
