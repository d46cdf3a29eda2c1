"""A lobby that welcomes (issue 18, point 5): the three games and "Speel nu" at once, on a
phone above the fold; the name asked when you first sit down, with a suggestion; "jouw
tafels" leads back to your table."""

from __future__ import annotations

import re

from playwright.sync_api import Route, expect

from tests.e2e.conftest import PHONE, NewPage


def test_a_first_visit_plays_at_once_and_finds_its_table_again(new_page: NewPage) -> None:
    page = new_page(viewport=PHONE, touch=True)
    page.goto("/")
    tiles = page.locator(".game-tile")
    expect(tiles).to_have_count(3)
    expect(page.locator(".games")).to_contain_text("Toepen")
    expect(page.locator(".games")).to_contain_text("Klaverjassen")
    expect(page.locator(".games")).to_contain_text("Eurokaarten")
    for button in page.get_by_role("button", name=re.compile("^Speel nu")).all():
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], "above the fold"

    page.get_by_role("button", name="Speel nu Toepen, met wie er wacht en het huis").tap()
    expect(page.get_by_role("status")).to_contain_text("Hoe heet je aan tafel?")
    suggestion = page.locator("#name-input").input_value()
    assert re.fullmatch(r"\w+ \d\d", suggestion), f"a name is suggested: {suggestion!r}"
    page.get_by_role("button", name="Kom binnen").tap()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"), timeout=40_000)
    table = page.url
    expect(page.locator(".seat.me")).to_contain_text(suggestion)

    page.goto("/")
    mine = page.locator("#your-tables")
    back = mine.get_by_role("button", name="Terug naar Toepen (Kroegregels)")
    expect(back).to_be_visible(timeout=10_000)
    back.tap()
    expect(page).to_have_url(table)


def test_a_name_typed_before_the_games_arrive_is_kept(new_page: NewPage) -> None:
    page = new_page()
    held: list[Route] = []
    page.route("**/api/variants", lambda route: held.append(route))
    page.goto("/")
    page.fill("#name-input", "Anna")
    page.wait_for_function("() => true")
    assert held, "the games are still on their way"
    held[0].continue_()
    expect(page.locator(".game-tile")).to_have_count(3)
    expect(page.locator("#name-input")).to_have_value("Anna")


def test_typing_goes_on_in_the_same_field_when_the_games_arrive(new_page: NewPage) -> None:
    """The games arriving redraw the lobby; the name field is kept, not replaced, so the
    keys typed after it still land in it (a replaced field lost the focus, and a fill
    could land in the field that was being replaced: CI once entered as "Anneke 99")."""
    page = new_page()
    held: list[Route] = []
    page.route("**/api/variants", lambda route: held.append(route))
    page.goto("/")
    field = page.locator("#name-input")
    field.fill("")
    field.focus()
    page.keyboard.type("An")
    page.wait_for_function("() => true")
    assert held, "the games are still on their way"
    held[0].continue_()
    expect(page.locator(".game-tile")).to_have_count(3)
    page.keyboard.type("na")
    page.keyboard.press("Enter")
    expect(page.locator("#name-panel")).to_contain_text("Je speelt als Anna.")
