"""Every table fits a phone held sideways and a desktop in every phase (issue 18, point 2):
the whole hand visible and tappable, decision buttons never over the hand or the trick,
dialogs inside the screen with nothing of the table showing through their controls.

Each game is played to its end (short games: Toepen to 3 points, Klaverjassen 8 deals,
Eurokaarten with one coin) at 640×360, 844×390 and 1280×720; at every decision of the
player and at the end the layout is measured with bounding boxes and hit tests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.conftest import DESKTOP, PHONE, NewPage
from tests.e2e.helpers import (
    MY_TURN_SUMMARY_OR_OVER,
    Frames,
    decide,
    enter,
    my_turn,
    sit_and_start,
)

WIDE_PHONE: ViewportSize = {"width": 844, "height": 390}

LAYOUT_PROBLEMS = "\n".join(
    line
    for line in (Path(__file__).parent / "layout_problems.js").read_text().splitlines()
    if not line.startswith("//")
)
"""The layout measure (a function expression, evaluated in the page)."""

SHORT_GAMES: dict[str, dict[str, Any]] = {
    "toepen": {"variant": "kroegregels", "options": {"max_points": 3}},
    "klaverjassen": {"variant": "amsterdams", "options": {"game_length": "8_deals"}},
    "eurokaarten": {"variant": "standaard", "options": {"start_coins": 1}},
}


@pytest.fixture(scope="module")
def server(paused_server: str) -> str:
    """Tables that pause after each deal, so the deal's summary is measured too."""
    return paused_server


def check_layout(page: Page, where: str, seen: dict[str, list[str]]) -> None:
    """Measure the layout now; keep the first problems of each phase."""
    # A card just played slides in from its seat: measure where it comes to rest.
    page.evaluate("Promise.allSettled(document.getAnimations().map((a) => a.finished))")
    problems = page.evaluate(LAYOUT_PROBLEMS)
    if problems:
        seen.setdefault(where, problems)


def play_to_the_end(page: Page, frames: Frames, seen: dict[str, list[str]]) -> set[str]:
    """Play the whole game, measuring at every decision; returns the phases seen."""
    phases: set[str] = set()
    for _ in range(600):
        page.wait_for_function(MY_TURN_SUMMARY_OR_OVER, timeout=30_000)
        if page.locator(".summary").count():
            phases.add("summary")
            check_layout(page, "deal summary", seen)
            # The summary also goes by itself when the pause is over: tap "verder" if it is
            # still there (one step in the page, so the two cannot cross).
            page.evaluate("document.querySelector('#next-deal')?.click()")
            expect(page.locator(".summary")).to_have_count(0)
            continue
        frame = my_turn(page, frames, timeout=30_000)
        if frame is None:
            break
        phase = str(frame["view"].get("phase"))
        phases.add(phase)
        check_layout(page, phase, seen)
        decide(page, frame)
    else:
        raise AssertionError("the game did not end in 600 decisions")
    expect(page.locator(".result")).to_be_visible()
    check_layout(page, "end dialog", seen)
    return phases


@pytest.mark.parametrize(
    "viewport", [PHONE, WIDE_PHONE, DESKTOP], ids=lambda v: f"{v['width']}x{v['height']}"
)
@pytest.mark.parametrize("game", ["toepen", "klaverjassen", "eurokaarten"])
def test_every_phase_fits_the_screen(new_page: NewPage, game: str, viewport: ViewportSize) -> None:
    touch = viewport is not DESKTOP
    page = new_page(viewport=viewport, touch=touch)
    frames = Frames(page)
    enter(page, "Anna")
    sit_and_start(page, {"game": game, **SHORT_GAMES[game]})
    seen: dict[str, list[str]] = {}
    phases = play_to_the_end(page, frames, seen)
    expected = {
        "toepen": {"play", "summary"},
        "klaverjassen": {"bidding", "play", "summary"},
        "eurokaarten": {"turn", "summary"},
    }
    assert expected[game] <= phases, f"the walk saw the phases {phases}"
    assert not seen, "layout problems: " + "; ".join(f"{k}: {v[:4]}" for k, v in seen.items())
