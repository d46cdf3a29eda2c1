"""The clock's two strikes as the player lives them (issue 32, bugs 2 and 3): after a first
timeout the next turn warns (an alarm, a buzz on a phone, the seat's ring in red, a line
where the prompt is); the second takes you out, and a screen says so and offers the next
game, with no "Jij bent aan de beurt" left; your past lines keep your name although the
house now holds the seat under another."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, SEED, NewPage
from tests.e2e.helpers import THREE_SIZES, api, enter, log_text, shoot, wait_card_turn
from tests.e2e.serve import serve
from tests.e2e.test_sound import SPY

WARNING = [{"wave": "sawtooth", "freq": 1500}] * 3
CLOCK = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A house that thinks a little, so the game is still running once Anna is out (with
    a house of 0 s it plays to its end at once, and the log's first lines scroll away)."""
    with serve(tmp_path_factory.mktemp("kroeg-e2e-timeouts"), house_delay=0.3, seed=SEED) as url:
        yield url


def anna_lines(page: Page) -> list[str]:
    return [line for line in log_text(page).splitlines() if line.startswith("Anna speelt")]


def test_a_warning_before_the_second_timeout_then_a_clear_out_screen(new_page: NewPage) -> None:
    page = new_page(viewport=PHONE, touch=True)
    page.add_init_script(SPY)
    enter(page, "Anna")
    made = api(
        page, "POST", "/tables", {"game": "toepen", "variant": "klassiek", "clock_seconds": CLOCK}
    )
    page.goto(f"/t/{made['id']}")
    page.get_by_role("button", name="Aanschuiven").click()
    page.get_by_role("button", name="Begin het spel").click()

    # One card of her own, then the clock's first strike.
    wait_card_turn(page)
    page.locator(".hand .card.legal").first.click()
    expect(page.locator(".chat-log")).to_contain_text("Anna speelt")
    expect(page.locator(".chat-log")).to_contain_text("De tijd van Anna is om", timeout=20_000)

    # Her next turn is her last chance: said, heard, felt and seen on her seat.
    warning = page.locator("#timeout-warning")
    expect(warning).to_be_visible(timeout=20_000)
    expect(warning).to_contain_text("nog een keer")
    expect(page.locator(".seat.me.warn")).to_be_visible()
    sounds = page.evaluate("window.sounds")
    assert any(sounds[i : i + 3] == WARNING for i in range(len(sounds))), sounds
    assert [200, 100, 200] in page.evaluate("window.buzzes"), "a long buzz on a phone"
    before = anna_lines(page)
    assert before, "Anna's own card and the one the house played for her"

    # The second strike: out, said plainly, with the next game on offer.
    screen = page.get_by_role("dialog", name="Je ligt eruit")
    expect(screen).to_be_visible(timeout=20_000)
    expect(screen).to_contain_text("twee keer")
    expect(page.locator("#prompt, #timeout-warning")).to_have_count(0)
    expect(page.get_by_role("button", name="Op de wachtlijst")).to_have_count(0)  # once
    assert "Jij bent aan de beurt" not in page.inner_text("main")
    assert "Je kaarten komen zo" not in page.inner_text("main")
    # The seat is the house's now, under a house name; the past still names Anna.
    seat_name = page.locator(".seat").nth(0).locator(".name").inner_text()
    assert not seat_name.startswith("Anna"), seat_name
    after = anna_lines(page)
    assert after == before, f"Anna keeps her lines: {before} / {after}"
    assert re.search(r"Anna liet de tijd twee keer verlopen", log_text(page))

    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # Retried, not measured once: the table redraws the screen with every frame.
        expect(screen).to_be_in_viewport(ratio=1)
        expect(
            screen.get_by_role("button", name="Meedoen met het volgende potje")
        ).to_be_in_viewport()
    page.set_viewport_size(PHONE)
    # At 640x360 too the next game is offered once, on the out screen (issue 32 brief:
    # the bar's "Op de wachtlijst" beside it was in the phone's screenshot).
    expect(page.get_by_role("button", name="Op de wachtlijst")).to_have_count(0)
    expect(screen).to_be_visible()
    shoot(page, "regular/out-screen")

    screen.get_by_role("button", name="Meedoen met het volgende potje").click()
    expect(screen).to_contain_text("wachtlijst")
