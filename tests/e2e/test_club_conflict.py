"""At the bar, the phone that loses a conflict (issue 32, point 7 and bug 6): two phones
of one table write the same deal, one of them offline; when it comes back, the server
refuses its line (``deal_taken``). The phone used to say "Dit spel staat er al; verbeter
die regel." and drop its own entry without ever showing the line that won. Now it shows
both lines side by side and keeps its own as a draft, across a reload, until Mieke
corrects the sheet with it or throws it away.

Screenshots of the conflict go to ``docs/screenshots/`` with ``KROEG_SCREENSHOTS=1``.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import shoot, wait_sheet_kept
from tests.e2e.test_club_bar import _enter, _night


def _back_online(phone: Page) -> None:
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")


def test_the_phone_that_loses_a_conflict_keeps_its_line_beside_the_one_that_won(
    new_page: NewPage, server: str
) -> None:
    setup = _night(server)
    table1 = next(t["token"] for t in setup["links"] if t["number"] == 1)
    a, b = (new_page(PHONE, touch=True) for _ in range(2))
    for phone in (a, b):
        phone.goto(f"/web/mieke/sheet.html#{table1}")
        expect(phone.locator("#where")).to_have_text("Ronde 1 · tafel 1")
    wait_sheet_kept(b)

    # B writes deal 1 offline; A writes deal 1 online meanwhile and is first.
    b.context.set_offline(True)
    _enter(b, 0, 90)
    expect(b.locator("#net")).to_have_text("1 regel wacht op verbinding")
    _enter(a, 0, 100, (20, 0))
    expect(a.locator("#net")).to_have_text("Alles is doorgegeven")  # A's line is in
    _back_online(b)

    conflict = b.locator(".conflict")
    expect(conflict).to_have_count(1)
    expect(conflict.locator("h2")).to_have_text(
        "Spel 1 stond er al: een andere telefoon was eerder"
    )
    # Side by side: A's line as scored (100 + 20 roem against 62) and B's own, unscored.
    expect(conflict.locator(".side.won h3")).to_contain_text("Op de lijst (Mieke om")
    expect(conflict.locator(".side.won p")).to_have_text("120 – 62")
    expect(conflict.locator(".side.mine p")).to_have_text("90 – 72")
    expect(b.locator("#net")).to_have_text("Alles is doorgegeven")
    expect(b.locator("#lines tr[data-entry]")).to_have_count(1)
    shoot(b, "club-sheet-conflict", show=".conflict", labels=True)

    # The draft survives a reload (it is kept on the phone, not in the page).
    b.reload()
    expect(b.locator(".conflict .side.mine p")).to_have_text("90 – 72")

    # B corrects the sheet with its line: the form comes filled in with it, to check.
    b.get_by_role("button", name="Verbeter met mijn regel").click()
    expect(b.locator("#form h2")).to_have_text("Spel 1 verbeteren")
    expect(b.locator("[name=points0]")).to_have_value("90")
    expect(b.locator("[name=roem0]")).to_have_value("0")
    b.click("#form button.primary")
    expect(b.locator(".conflict")).to_have_count(0)
    first = a.locator("#lines tr[data-entry]").first
    expect(first).to_contain_text("90 – 72")
    expect(first.locator(".history")).to_contain_text("eerder: Mieke")

    # A second conflict, on deal 2, thrown away: A's line stays, B's is gone for good.
    b.context.set_offline(True)
    _enter(b, 0, 82)
    expect(b.locator("#net")).to_have_text("1 regel wacht op verbinding")
    _enter(a, 0, 100)
    expect(a.locator("#net")).to_have_text("Alles is doorgegeven")
    _back_online(b)
    expect(b.locator(".conflict")).to_have_count(1)
    expect(b.locator(".conflict .side.won p")).to_have_text("100 – 62")
    b.get_by_role("button", name="Mijn regel weggooien").click()
    expect(b.locator(".conflict")).to_have_count(0)
    b.reload()
    expect(b.locator("#lines tr[data-entry]")).to_have_count(2)
    expect(b.locator(".conflict")).to_have_count(0)
    expect(b.locator("#lines tr[data-entry]").nth(1)).to_contain_text("100 – 62")
