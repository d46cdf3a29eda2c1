"""Portefeuille-klaverjassen at the bar (issue 29, point 3 and "Done when"): an organiser
makes a Mitchell pair night in the night form, opens it, sees each table's boards and
prints the boards and the table cards (the PDFs read back with pypdf); two phones on
table 1 score a board per line, both offline for a while, and a board the table did not
hold is refused on the phone in Dutch, naming board and table.

Screenshots with ``KROEG_SCREENSHOTS=1`` (docs/clubs.md).
"""

from __future__ import annotations

import io
import secrets
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import api, enter, shoot, wait_sheet_kept

GUESTS = (
    "Anna",
    "Bert",
    "Cor",
    "Dini",
    "Eef",
    "Fien",
    "Gijs",
    "Hanna",
    "Ids",
    "Jet",
    "Kees",
    "Lot",
)


def _organiser(page: Page) -> str:
    """An account whose session the page keeps as its cookie; its token."""
    name = f"Org{secrets.token_hex(3)}"
    enter(page, name)
    body = api(page, "POST", "/accounts", {"name": name, "password": "klaverjassen-1"})
    base = page.evaluate("location.origin")
    page.context.add_cookies(
        [{"name": "kroeg_token", "value": body["token"], "url": base, "httpOnly": True}]
    )
    page.reload()
    return str(body["token"])


def _rest(server: str, method: str, path: str, token: str, body: Any = None) -> Any:
    headers = {"authorization": f"Bearer {token}"}
    r = httpx.request(method, f"{server}/api{path}", json=body, headers=headers, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()


def _pdf(page: Page, path: str) -> list[str]:
    """The PDF behind a link of the page, fetched with the page's session."""
    response = page.request.get(path)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    return [p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages]


def _line(phone: Page, board: int, wij: int) -> None:
    """Wij played and made it with ``wij`` of the 162 (RULES.md §6.7)."""
    phone.fill("[name=board]", str(board))
    phone.select_option("[name=played]", "0")
    phone.fill("[name=points0]", str(wij))
    phone.click("button.primary")


def test_a_mitchell_night_prints_its_boards_and_two_phones_score_offline(
    new_page: NewPage, server: str
) -> None:
    page = new_page(PHONE, touch=True)
    token = _organiser(page)
    club = _rest(server, "POST", "/clubs", token, {"name": "De Portefeuille"})
    members = [
        _rest(server, "POST", f"/clubs/{club['id']}/members", token, {"guest": g}) for g in GUESTS
    ]

    # The night form: a pair night at the bar offers the movements.
    page.goto(f"/clubs/{club['id']}")
    page.click("#new-night")
    expect(page.locator("#night-pairing option")).to_have_count(1)
    page.check("#night-pairs")
    expect(page.locator("#night-pairing option")).to_have_count(4)
    page.select_option("#night-pairing", "mitchell")
    expect(page.locator("#night-pairing-help")).to_contain_text("Zij schuift een tafel op")
    page.fill("#night-title", "Portefeuilleavond")
    page.fill("#night-rounds", "3")
    page.fill("#night-deals", "3")
    shoot(page, "clubs/new-night-mitchell", "#night-pairing", labels=True)
    page.click("#night-form button[type=submit]")
    expect(page.locator("#night-title")).to_have_text("Portefeuilleavond")
    night_id = page.url.rsplit("/", 1)[1]
    expect(page.locator("#night-what")).to_contain_text("Mitchell (portefeuille)")
    for i in range(0, len(members), 2):
        pair = {"member": members[i]["id"], "partner": members[i + 1]["id"]}
        _rest(server, "POST", f"/clubs/nights/{night_id}/players", token, pair)
    page.reload()
    page.click("#open-night")

    # Three tables; in round 2 table 1 holds boards 4 to 6 (they go down a table).
    round2 = page.locator(".club-round[data-round='2'] .tablecard")
    expect(round2).to_have_count(3)
    expect(round2.first.locator("h4")).to_have_text("Tafel 1")
    expect(round2.first.locator(".table-boards")).to_have_text("Spellen 4 t/m 6")
    expect(page.locator("#link-boards")).to_be_visible()
    shoot(page, "clubs/night-mitchell", ".club-round[data-round='1']", labels=True)
    boards = "\n".join(_pdf(page, f"/api/clubs/nights/{night_id}/boards.pdf"))
    assert [f"Spel {n}" in boards for n in range(1, 10)] == [True] * 9
    assert boards.count("Gever:") == 9 and boards.count("schoppen:") == 36
    cards = _pdf(page, f"/api/clubs/nights/{night_id}/movement.pdf")
    assert [c.split("\n")[0] for c in cards] == ["Tafel 1", "Tafel 2", "Tafel 3"]
    night = _rest(server, "GET", f"/clubs/nights/{night_id}", token)
    first = night["schedule"][0]["tables"][0]["seats"]
    assert f"{first[0]['name']} en {first[2]['name']}" in cards[0]

    # Round 1: two phones on table 1 (boards 1 to 3).
    _rest(server, "POST", f"/clubs/nights/{night_id}/rounds/start", token)
    links = _rest(server, "GET", f"/clubs/nights/{night_id}/links", token)["tables"]
    sheet = next(t["token"] for t in links if (t["round"], t["number"]) == (1, 1))
    a, b = new_page(PHONE, touch=True), new_page(PHONE, touch=True)
    for phone in (a, b):
        phone.goto(f"/web/mieke/sheet.html#{sheet}")
        expect(phone.locator("#where")).to_have_text("Ronde 1 · tafel 1")
        wait_sheet_kept(phone)
    expect(a.locator("[name=board]")).to_have_value("1")
    # A board of another table is refused on the phone, in Dutch, naming board and table.
    _line(a, 5, 100)
    expect(a.locator("#message")).to_have_text(
        "Spel 5 lag niet op tafel 1 in ronde 1: hier liggen de spellen 1 tot en met 3."
    )
    shoot(a, "club-sheet-board-refused", labels=True)
    # Both phones offline: A writes board 1, B board 2; both wait, then go out once.
    for phone in (a, b):
        phone.context.set_offline(True)
    _line(a, 1, 100)
    _line(b, 2, 82)
    for phone in (a, b):
        expect(phone.locator("#net")).to_have_text("1 regel wacht op verbinding")
    b.reload()
    expect(b.locator("#lines tr.pending")).to_have_count(1)
    for phone in (a, b):
        phone.context.set_offline(False)
        phone.evaluate("window.dispatchEvent(new Event('online'))")
        expect(phone.locator("#net")).to_have_text("Alles is doorgegeven")
    for phone in (a, b):
        expect(phone.locator("#lines tr[data-entry]")).to_have_count(2)
    expect(a.locator("[name=board]")).to_have_value("3")
    shoot(a, "club-sheet-board", labels=True)
    got = _rest(server, "GET", f"/clubs/sheets/{sheet}", token)
    # Board 1: 100 for Wij, 62 for Zij; board 2: 82 and 80 (RULES.md §6.7).
    assert sorted((e["deal"], tuple(e["scored"]["score"])) for e in got["entries"]) == [
        (1, (100, 62)),
        (2, (82, 80)),
    ]
    # The big screen: the night's matchpoints part is there (no board complete yet: each
    # is played at three tables), with the set's commitment.
    screen = new_page(PHONE)
    screen.goto(f"/web/mieke/stand.html#{night_id}")
    expect(screen.locator("#duplicate")).to_be_visible()
    expect(screen.locator("#dup-commitment")).to_contain_text(night["boards"]["commitment"][:16])
