"""The lobby's new-table form follows the game's declarations: the seats of the chosen
variant (its traits), refining options only while their parent is on, and a refused
option named in Dutch (issue 16, parts 1, 3 and 4)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import enter


def open_form(page: Page, game: str) -> None:
    page.get_by_role("button", name=f"Nieuwe tafel voor {game}").click()
    expect(page.locator("#create-h")).to_be_visible()


def test_the_seat_choice_is_the_variants(new_page: NewPage) -> None:
    """RULES.md: kroegregels is played by exactly four (seed 000), klassiek by 3 to 8."""
    page = new_page()
    enter(page, "Anna")
    open_form(page, "Toepen")
    page.locator("#variant").select_option("kroegregels")
    expect(page.locator("#seats")).to_have_count(0)
    page.locator("#variant").select_option("klassiek")
    options = page.eval_on_selector_all("#seats option", "els => els.map(e => e.value)")
    assert options == ["3", "4", "5", "6", "7", "8"]
    expect(page.locator("#seats")).to_have_value("4")


def test_a_refining_option_shows_only_while_its_parent_is_on(new_page: NewPage) -> None:
    """RULES.md §12: a refining option has no effect while its parent is off, so the form
    hides it then. The option schema says which option refines which (`requires`); the
    schema is served as the server has it, with witte was marked as refining vuile was."""
    page = new_page()

    def schema(route: Route) -> None:
        answer = route.fetch()
        body = answer.json()
        for game in body["games"]:
            if game["game"] == "toepen":
                game["options"]["white_laundry"]["requires"] = "laundry"
        route.fulfill(response=answer, body=json.dumps(body))

    page.route("**/api/variants", schema)
    enter(page, "Anna")
    open_form(page, "Toepen")
    page.locator("#variant").select_option("kroegregels")  # vuile was off (RULES.md §5)
    expect(page.locator("#opt-laundry")).not_to_be_checked()
    expect(page.locator("#opt-white_laundry")).to_have_count(0)
    page.locator("#opt-laundry").check()
    expect(page.locator("#opt-white_laundry")).to_be_visible()
    expect(page.locator("#opt-laundry")).to_be_focused()
    page.locator("#opt-laundry").uncheck()
    expect(page.locator("#opt-white_laundry")).to_have_count(0)
