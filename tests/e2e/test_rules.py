"""The rules pages (issue 32, build 9): per game and variant, Dutch and English, with every
table option explained and its default; linked from the lobby's game tiles and from the
table; readable at 640×360, 844×390 and 1280×720."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import THREE_SIZES, enter, shoot, sit_and_start

VARIANTS = {
    "toepen": ["Kroegregels", "Klassiek"],
    "klaverjassen": ["NKU (Rotterdams)", "Amsterdams"],
    "eurokaarten": ["Standaard"],
}
TITLES = {"toepen": "Toepen", "klaverjassen": "Klaverjassen", "eurokaarten": "Eurokaarten"}


@pytest.mark.parametrize("game", list(VARIANTS))
def test_each_game_has_its_rules_variants_and_options(
    new_page: NewPage, server: str, game: str
) -> None:
    page = new_page()
    page.goto("/")
    page.locator(f'.game-tile[data-game="{game}"]').get_by_role(
        "link", name=f"Spelregels van {TITLES[game]}"
    ).click()
    page.wait_for_url(f"**/regels/{game}")
    expect(page.locator("h1")).to_have_text(f"Spelregels: {TITLES[game]}")
    assert page.locator(".rules-page section.card-panel").count() >= 5
    expect(page.locator(".rules-variant h3")).to_have_text(VARIANTS[game])
    options = httpx.get(f"{server}/api/variants", timeout=10).json()["games"]
    [schema] = [g for g in options if g["game"] == game]
    first = page.locator(".rules-options").first
    first.locator("summary").click()
    expect(first.locator("dt")).to_have_count(len(schema["options"]))
    expect(first.locator("dd")).to_have_count(len(schema["options"]))
    expect(first.locator("dt").first).to_contain_text("Standaard:")
    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"{game} at {width}×{height} is {wide} px wide"
        size = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.rules-page p')).fontSize)"
        )
        assert size >= 14, f"{size} px text at {width}×{height}"
    shoot(page, f"regular/rules-{game}", "h1")

    page.get_by_label("Taal").select_option("en")
    expect(page.locator("h1")).to_have_text(f"Rules: {TITLES[game]}")
    expect(page.locator(".rules-page")).not_to_contain_text("Standaard:")
    page.get_by_label("Language").select_option("nl")


def test_the_table_links_to_its_rules(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    sit_and_start(page, {"game": "klaverjassen", "variant": "amsterdams"})
    link = page.get_by_role("button", name="Spelregels")
    expect(link).to_have_attribute("href", "/regels/klaverjassen#amsterdams")
    rules = new_page()
    rules.goto("/regels/klaverjassen#amsterdams")
    expect(rules.locator("#amsterdams h3")).to_have_text("Amsterdams")
    expect(rules.locator("#amsterdams")).to_be_in_viewport()
