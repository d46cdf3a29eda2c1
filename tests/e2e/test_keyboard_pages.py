"""The pages by keyboard alone (the accessibility issue, point 1, the page-wide part):
every control reached with Tab and shown with a visible focus ring, Enter works it, and
Escape closes what a key opened (the lobby's new-table form, Mieke's standings on the
sheet at the bar), the focus going back to the control that opened it."""

from __future__ import annotations

import re
import uuid
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import enter

FOCUSED = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return {
    label: el.getAttribute('aria-label') || el.labels?.[0]?.textContent.trim()
      || el.textContent.trim(),
    id: el.id,
    ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
  };
}"""


def tab_to(page: Page, label: str, most: int = 80) -> dict[str, Any]:
    """Press Tab until the focus is on the control named ``label``; each control on the
    way shows a focus ring."""
    for _ in range(most):
        page.keyboard.press("Tab")
        focused: dict[str, Any] = page.evaluate(FOCUSED)
        assert focused["ring"], f"no visible focus ring on {focused}"
        if focused["label"] == label:
            return focused
    raise AssertionError(f"{label!r} not reached in {most} Tabs")


def test_the_lobby_by_keyboard(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    page.goto("/")
    expect(page.locator(".game-tile").first).to_be_visible()
    tab_to(page, "Nieuwe tafel voor Klaverjassen")
    page.keyboard.press("Enter")
    expect(page.locator("#create-h")).to_have_text("Nieuwe tafel: Klaverjassen")
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    expect(page.locator("#create-h")).to_have_count(0)
    assert page.evaluate(FOCUSED)["label"] == "Nieuwe tafel voor Klaverjassen"

    tab_to(page, "Grote kaarten")
    page.keyboard.press("Space")
    expect(page.locator("body")).to_have_class(re.compile("large-cards"))
    page.keyboard.press("Space")
    expect(page.locator("body")).not_to_have_class(re.compile("large-cards"))

    page.goto("/")
    tab_to(page, "Speel nu Toepen, met wie er wacht en het huis")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"), timeout=40_000)
    expect(page.locator(".hand")).to_be_visible()


def _api(server: str, method: str, path: str, body: Any = None, bearer: str = "") -> Any:
    headers = {"authorization": f"Bearer {bearer}"} if bearer else {}
    r = httpx.request(method, f"{server}{path}", json=body, headers=headers, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()


def test_mieke_s_sheet_by_keyboard(new_page: NewPage, server: str) -> None:
    org = _api(
        server,
        "POST",
        "/api/accounts",
        {"name": f"Org{uuid.uuid4().hex[:8]}", "password": "klaverjassen-1"},
    )
    bearer = org["token"]
    club = _api(server, "POST", "/api/clubs", {"name": "De Klaverhoek"}, bearer)
    night = _api(
        server,
        "POST",
        f"/api/clubs/{club['id']}/nights",
        {
            "title": "Klaverjasavond",
            "game": "klaverjassen",
            "variant": "nku",
            "rounds": 1,
            "deals_per_round": 4,
            "mode": "bar",
            "seed": "keys-1",
        },
        bearer,
    )
    for n in ("Anna", "Bert", "Cor", "Dini"):
        member = _api(server, "POST", f"/api/clubs/{club['id']}/members", {"guest": n}, bearer)
        _api(
            server,
            "POST",
            f"/api/clubs/nights/{night['id']}/players",
            {"member": member["id"]},
            bearer,
        )
    _api(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, bearer)
    _api(server, "POST", f"/api/clubs/nights/{night['id']}/rounds/start", None, bearer)
    links = _api(server, "GET", f"/api/clubs/nights/{night['id']}/links", None, bearer)

    page = new_page(PHONE)
    page.goto(f"/web/mieke/sheet.html#{links['tables'][0]['token']}")
    expect(page.locator("#where")).to_have_text("Ronde 1 · tafel 1")
    stand = page.locator("#stand")
    tab_to(page, stand.inner_text().strip())
    page.keyboard.press("Enter")
    expect(page.locator("#standbox")).to_be_visible()
    expect(stand).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(page.locator("#standbox")).to_be_hidden()
    expect(stand).to_have_attribute("aria-expanded", "false")
    expect(stand).to_be_focused()
