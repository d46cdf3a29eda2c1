"""People before the house (issue 32, build 3): two people who press "Speel nu" within the
window land at the same table, the house in the other seats; the wait is shown and can be
cancelled; "Tafel met de vaste gasten" stays one tap. On a server of its own whose window
is a few seconds (``KROEG_QUEUE_SECONDS``; the other tests' servers have none)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.axe import assert_clean, check
from tests.e2e.conftest import SEED, NewPage
from tests.e2e.helpers import api, enter, shoot
from tests.e2e.serve import serve

WINDOW = 3.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("kroeg-e2e-quick"), seed=SEED, queue_seconds=WINDOW) as url:
        yield url


def _tile(page: Page, game: str) -> Locator:
    return page.locator(f'.game-tile[data-game="{game}"]')


def test_two_people_within_the_window_land_at_one_table(new_page: NewPage) -> None:
    anna, bram = new_page(), new_page()
    enter(anna, "Anna")
    enter(bram, "Bram")
    _tile(anna, "klaverjassen").get_by_role("button", name="Speel nu").click()
    waiting = _tile(anna, "klaverjassen").locator(".queue-box")
    expect(waiting).to_contain_text("1 van 4")
    shoot(anna, "regular/quick-waiting", '.queue-box[data-queue="klaverjassen"]')
    _tile(bram, "klaverjassen").get_by_role("button", name="Speel nu").click()
    anna.wait_for_url(re.compile(r"/t/[0-9a-f]+$"), timeout=15_000)
    bram.wait_for_url(anna.url, timeout=15_000)
    table = anna.url.rsplit("/", 1)[1]
    seats = api(anna, "GET", f"/tables/{table}")
    assert [p["name"] for p in seats["players"][:2]] == ["Anna", "Bram"]
    assert all(p["house"] for p in seats["players"][2:]) and seats["running"]
    expect(anna.locator(".seat", has_text="Bram")).to_be_visible()


def test_the_wait_can_be_cancelled_and_the_house_table_is_one_tap(new_page: NewPage) -> None:
    cor = new_page()
    enter(cor, "Cor")
    tile = _tile(cor, "toepen")
    tile.get_by_role("button", name="Speel nu").click()
    expect(tile.locator(".queue-box")).to_contain_text("Even kijken wie er meedoet")
    problems: list[str] = []
    check(cor, "waiting in the line", problems)
    assert_clean(problems)
    tile.get_by_role("button", name="Annuleren").click()
    expect(tile.locator(".queue-box")).to_be_empty()
    assert api(cor, "GET", "/quick") == {"state": "none"}
    tile.get_by_role("button", name="Tafel met de vaste gasten").click()
    cor.wait_for_url(re.compile(r"/t/[0-9a-f]+$"), timeout=15_000)
    expect(cor.locator(".hand")).to_be_visible()
