"""The phone held sideways, touch targets, accessible names, languages and the
four-colour deck (issue 6, item 6)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import enter, play_now, wait_card_turn

CONTROLS_WITHOUT_NAME = """() => [...document.querySelectorAll('button, select, input, a[href]')]
  .filter(el => el.offsetParent !== null)
  .filter(el => {
    const label = el.getAttribute('aria-label') || el.innerText.trim() ||
      (el.id && document.querySelector(`label[for="${el.id}"]`)) || el.closest('label');
    return !label;
  })
  .map(el => el.outerHTML.slice(0, 80))"""

SMALL_TARGETS = """() => [
  ...document.querySelectorAll('.table-view button, .topbar select, .topbar a')]
  .filter(el => el.offsetParent !== null && !el.closest('.mini-hand'))
  .map(el => [el.getBoundingClientRect(), el])
  .filter(([r]) => r.width < 44 || r.height < 44)
  .map(([r, el]) => `${el.outerHTML.slice(0, 60)} ${r.width}x${r.height}`)"""

CARD_BOXES = """() => [...document.querySelectorAll('.hand .card')]
  .map(el => el.getBoundingClientRect()).map(r => [r.width, r.bottom])"""


def assert_no_unnamed_controls(page: Page) -> None:
    unnamed = page.evaluate(CONTROLS_WITHOUT_NAME)
    assert not unnamed, f"controls without an accessible name: {unnamed}"


def test_a_phone_held_sideways_plays_by_touch(new_page: NewPage) -> None:
    page = new_page(viewport=PHONE, touch=True)
    enter(page, "Anna")
    assert_no_unnamed_controls(page)
    play_now(page, "toepen")
    wait_card_turn(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the table fits the phone's width (is {width}px)"
    small = page.evaluate(SMALL_TARGETS)
    assert not small, f"touch targets under 44 px: {small}"
    # Measured in one go: the table draws its hand again with every frame, so a card
    # found first and measured after may have been replaced meanwhile.
    cards = page.evaluate(CARD_BOXES)
    assert cards, "the hand is shown"
    for width, bottom in cards:
        assert width >= 44, "a card is a touch target"
        assert bottom <= PHONE["height"], "the hand is on the screen"
    assert_no_unnamed_controls(page)

    # The score panel is a drawer on a phone.
    toggle = page.get_by_role("button", name="Mieke", exact=True)
    expect(page.locator("#side")).not_to_be_in_viewport()
    toggle.tap()
    expect(page.locator("#side")).to_be_in_viewport()
    expect(page.locator("#side")).to_contain_text("Strafpunten")
    page.locator("#side").get_by_role("button", name="Sluiten").tap()
    expect(page.locator("#side")).not_to_be_in_viewport()

    count = page.locator(".hand .card").count()
    page.locator(".hand .card.legal").first.tap()
    expect(page.locator(".hand .card")).to_have_count(count - 1)


def test_english_and_the_four_colour_deck(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    expect(page.locator("h1")).to_have_text("Welkom in de kroeg")
    page.get_by_label("Taal").select_option("en")
    expect(page.locator("h1")).to_have_text("Welcome to the pub")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    play_now_en = page.get_by_role(
        "button", name="Play Toepen now, with whoever waits and the house"
    )
    expect(play_now_en).to_have_text("Play now")
    play_now_en.click()
    page.wait_for_url("**/t/*")
    expect(page.locator(".table-view")).to_be_visible()
    card = page.locator(".hand .card").first
    english_name = re.compile(
        r"^(seven|eight|nine|ten|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)"
        r"(, (playable|not allowed now))?$"
    )
    expect(card).to_have_attribute("aria-label", english_name)
    red = page.evaluate("getComputedStyle(document.body).getPropertyValue('--suit-d').trim()")
    assert red == "#c8102e"
    page.get_by_label("Four-colour deck").check()
    expect(page.locator("body")).to_have_class("four-colour")
    blue = page.evaluate("getComputedStyle(document.body).getPropertyValue('--suit-d').trim()")
    assert blue == "#1d4ed8", "diamonds turn blue in the four-colour deck"
    page.reload()
    expect(page.locator("body")).to_have_class("four-colour")  # the choice is remembered
    assert_no_unnamed_controls(page)
