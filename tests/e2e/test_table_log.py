"""The table's log when you come back (issue 18, point 5): after a reload the log of the
running game is there again, and it is drawn from events in the current language, so
choosing English redraws every line (no Dutch line stays) and back again."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import enter, log_text, sit_and_start, wait_card_turn


def test_the_log_comes_back_after_a_reload_and_follows_the_language(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    sit_and_start(page, {"game": "toepen", "variant": "kroegregels"})
    wait_card_turn(page)
    card = page.locator(".hand .card.legal").first
    card.click()
    log = page.locator(".chat-log")
    expect(log).to_contain_text("Anna speelt")
    before = [line for line in log_text(page).splitlines() if line.strip()]

    page.reload()
    expect(page.locator(".seat.me")).to_be_visible()
    expect(log).to_contain_text("Anna speelt")
    after = [line for line in log_text(page).splitlines() if line.strip()]
    rest = iter(after)
    assert all(line in rest for line in before), f"every line again, in order: {before} / {after}"

    page.get_by_label("Taal").select_option("en")
    expect(log).to_contain_text("Anna plays")
    english = log_text(page)
    assert "speelt" not in english and "deelt" not in english, english
    page.get_by_label("Language").select_option("nl")
    expect(log).to_contain_text("Anna speelt")
    assert "plays" not in log_text(page)
