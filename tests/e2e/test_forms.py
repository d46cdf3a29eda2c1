"""The new-table form offers only what works (issue 18, point 4): built from the option
schema the API serves, Dutch labels for every value, seat counts as the variant allows,
one clock, the house level, refinements only while their parent is on, no out-of-range
number submitted, and a refusal that names the option."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import api, enter


def serve_schema(page: Page, change: Any) -> None:
    """Let the page read the real schema, changed by ``change(games)`` (before enter)."""

    def handle(route: Route) -> None:
        real = httpx.get(route.request.url, timeout=10).json()
        change({g["game"]: g for g in real["games"]})
        route.fulfill(status=200, content_type="application/json", body=json.dumps(real))

    page.route("**/api/variants", handle)


def open_form(page: Page, game: str) -> None:
    page.get_by_role("button", name=f"Nieuwe tafel voor {game}").click()
    expect(page.locator(".create-form")).to_be_visible()


def test_toepen_kroegregels_has_four_seats_and_no_raw_codes(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    open_form(page, "Toepen")
    # Seed 000: kroegregels is played by four; the form offers no other count.
    expect(page.locator("#seats")).to_have_count(0)
    expect(page.locator("#seats-fixed")).to_have_text("4 spelers")
    raw = page.eval_on_selector_all(
        ".create-form select:not(#variant):not(#seats):not(#clock) option",
        "els => els.filter(o => o.text === o.value || o.text === o.value.replaceAll('_', ' '))"
        ".map(o => o.value)",
    )
    assert not raw, f"option values shown as raw codes: {raw}"
    end_mode = page.get_by_label("Einde", exact=True)
    expect(end_mode).to_contain_text("De eerste verliezer: het spel is uit")
    page.get_by_label("Variant").select_option("klassiek")
    seats = page.locator("#seats option").evaluate_all("els => els.map(o => o.value)")
    assert seats == ["3", "4", "5", "6", "7", "8"], "klassiek is played by three to eight"


def test_eurokaarten_has_one_clock_and_the_house_level_is_kept(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    open_form(page, "Eurokaarten")
    expect(page.get_by_label("Bedenktijd", exact=True)).to_have_count(0)
    page.get_by_label("Beurtklok").fill("45")
    levels = page.locator("#house-level option").evaluate_all("els => els.map(o => o.value)")
    assert levels == ["huis", "basis", "sterk", "meester"]
    page.get_by_label("Het huis speelt").select_option("sterk")
    page.get_by_role("button", name="Tafel maken").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    table = api(page, "GET", f"/tables/{page.url.rsplit('/', 1)[1]}")
    assert table["house_level"] == "sterk"
    assert table["clock_seconds"] == 45, "the Beurtklok is the table's clock"


def test_a_refinement_shows_only_while_its_parent_is_on(new_page: NewPage) -> None:
    page = new_page()

    def refine(games: dict[str, Any]) -> None:
        games["toepen"]["options"]["laundry_multi_check"]["requires"] = "laundry"

    serve_schema(page, refine)
    enter(page, "Anna")
    open_form(page, "Toepen")  # kroegregels: no vuile was
    expect(page.get_by_label("Vuile was")).not_to_be_checked()
    expect(page.get_by_label("Meer controleurs")).to_have_count(0)
    page.get_by_label("Vuile was").check()
    expect(page.get_by_label("Meer controleurs")).to_be_visible()
    page.get_by_label("Vuile was").uncheck()
    expect(page.get_by_label("Meer controleurs")).to_have_count(0)


def test_a_number_out_of_range_cannot_be_submitted(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    open_form(page, "Toepen")
    page.get_by_label("Strafpunten").fill("200")
    page.get_by_role("button", name="Tafel maken").click()
    message = page.get_by_label("Strafpunten").evaluate("e => e.validationMessage")
    assert message == "Kies een getal van 3 tot en met 100."
    expect(page).to_have_url(re.compile(r"/$"))


def test_a_refusal_names_the_option(new_page: NewPage) -> None:
    """A schema with a wider range than the engine's (as a stale page might have) lets
    the form send a number the engine refuses; the form says which option, and what is
    allowed, in the catalog's words for the refusal's code (rule.option_range)."""
    page = new_page()

    def widen(games: dict[str, Any]) -> None:
        games["toepen"]["options"]["max_points"]["max"] = 1000

    serve_schema(page, widen)
    enter(page, "Anna")
    open_form(page, "Toepen")
    page.locator("#opt-max_points").fill("200")
    page.locator("#opt-max_points").dispatch_event("change")
    page.get_by_role("button", name="Tafel maken").click()
    expect(page.locator(".create-form .refused")).to_have_text(
        "Kies bij Strafpunten een getal van 3 tot en met 100."
    )
    expect(page).to_have_url(re.compile(r"/$"))
