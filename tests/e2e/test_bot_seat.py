"""A bot account's seat is marked "bot" at the table (docs/bots-api.md): a person who
opens the table sees the mark beside the bot's name, and no other seat has it."""

from __future__ import annotations

import secrets

import httpx
from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import enter


def test_a_bots_seat_is_marked_bot(new_page: NewPage, server: str) -> None:
    name = "Robot" + secrets.token_hex(2)
    made = httpx.post(
        f"{server}/api/accounts",
        json={"name": name, "password": "correct horse battery"},
        timeout=20,
    )
    auth = {"Authorization": f"Bearer {made.json()['token']}"}
    assert httpx.post(f"{server}/api/me/bot", headers=auth, timeout=20).status_code == 200
    body = {"game": "toepen", "variant": "kroegregels"}
    table = httpx.post(f"{server}/api/tables", json=body, headers=auth, timeout=20).json()["id"]
    sat = httpx.post(f"{server}/api/tables/{table}/sit", json={"seat": 2}, headers=auth, timeout=20)
    assert sat.status_code == 200, sat.text
    page = new_page()
    enter(page, "Fleur")
    page.goto(f"/t/{table}")
    seat = page.locator('.seat[data-seat="2"]')
    expect(seat.locator(".name")).to_contain_text(name)
    expect(seat.locator(".bot-tag")).to_have_text("bot")
    assert page.locator(".bot-tag").count() == 1
