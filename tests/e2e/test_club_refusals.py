"""Mieke's phone and the new refusals of the trust issue (item 6): a correction over the
sheet's quota (30 a minute) is refused in Dutch, the sheet stays as it was, and the
phone keeps the correction in its queue to send later (docs/clubs.md, "Quotas").

Screenshots go to ``docs/screenshots/`` with ``KROEG_SCREENSHOTS=1``.
"""

from __future__ import annotations

import uuid

from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import shoot
from tests.e2e.test_club_bar import _api, _night

MADE = {"played": 0, "points": [100, 62], "roem": [20, 0]}


def test_a_correction_over_the_quota_is_refused_in_dutch(new_page: NewPage, server: str) -> None:
    setup = _night(server)
    token = setup["links"][0]["token"]
    entry = uuid.uuid4().hex
    sheet = f"/api/clubs/sheets/{token}"
    _api(server, "POST", f"{sheet}/entries", {"id": entry, "deal": 1, "line": MADE})
    for i in range(30):  # the quota of one sheet a minute, used up by another phone
        line = {**MADE, "roem": [20 if i % 2 else 40, 0]}
        _api(server, "POST", f"{sheet}/entries/{entry}", {"change": uuid.uuid4().hex, "line": line})
    before = _api(server, "GET", sheet)

    phone = new_page(PHONE, touch=True)
    phone.goto(f"/web/mieke/sheet.html#{token}")
    expect(phone.locator("#lines tr[data-entry]")).to_have_count(1)
    phone.locator("#lines tr[data-entry]").first.locator("button").click()
    expect(phone.locator("#form h2")).to_have_text("Spel 1 verbeteren")
    phone.fill("[name=roem0]", "50")
    phone.click("button.primary")
    expect(phone.locator("#message")).to_have_text(
        "Te veel in korte tijd (clubs, avonden of verbeteringen): probeer het straks opnieuw."
    )
    expect(phone.locator("#net")).to_have_text("1 regel wacht op verbinding")
    assert _api(server, "GET", sheet) == before
    shoot(phone, "club-sheet-quota", labels=True)
