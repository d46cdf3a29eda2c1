"""Every table fits a phone held sideways and a desktop in every phase (issue 18, point 2):
the whole hand visible and tappable, decision buttons never over the hand or the trick,
dialogs inside the screen with nothing of the table showing through their controls.

Each game is played to its end once (short games: Toepen to 3 points, Klaverjassen 4 deals,
Eurokaarten with one coin) and measured with bounding boxes and hit tests at 640×360, 844×390
and 1280×720, resizing the page (it redraws, as when a phone is turned): every deal summary,
every bidding decision and the end dialog at all three sizes, the first decision of each other
phase at all three, and every later decision at one size in turn (so each size sees many
hands, full and nearly empty). One walk per game instead of one per game and size; the test
asserts that every phase seen was measured at every size.
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
    "klaverjassen": {"variant": "amsterdams", "options": {"game_length": "4_deals"}},
    "eurokaarten": {"variant": "standaard", "options": {"start_coins": 1}},
}
"""The shortest games the options allow. Four Klaverjassen deals still bring Anna a bid:
the dealer decides on trump first (``bid_start: dealer``), and each seat deals once."""


@pytest.fixture(scope="module")
def server(paused_server: str) -> str:
    """Tables that pause after each deal, so the deal's summary is measured too."""
    return paused_server


VIEWPORTS: tuple[ViewportSize, ...] = (PHONE, WIDE_PHONE, DESKTOP)
SETTLE = """new Promise((done) => requestAnimationFrame(() =>
  Promise.allSettled(document.getAnimations().map((a) => a.finished)).then(() => done(true))))"""
"""After a resize: the frame's redraw, then every card that slides in come to rest."""


def size_name(viewport: ViewportSize) -> str:
    return f"{viewport['width']}x{viewport['height']}"


TAP_NEXT = """(() => {
  const summary = document.querySelector('.summary');
  if (summary) summary.dataset.tapped = 'yes';
  document.querySelector('#next-deal')?.click();
})()"""

EVERY_SIZE = {"summary", "bidding", "end dialog"}
"""Phases measured at every size each time they come; the others (the card play, dozens of
times a game) at every size the first time, then at one size in turn."""


class Walk:
    """What a walk measured: the first problems of each phase and size, and the phases
    measured at each size."""

    def __init__(self) -> None:
        self.problems: dict[str, list[str]] = {}
        self.measured: dict[str, set[str]] = {size_name(v): set() for v in VIEWPORTS}
        self.turns: dict[str, int] = {}  # how often each phase was measured

    def sizes(self, phase: str) -> list[ViewportSize]:
        self.turns[phase] = self.turns.get(phase, -1) + 1
        if phase in EVERY_SIZE or any(phase not in m for m in self.measured.values()):
            # Each time at another size first: a summary that goes by itself (its pause
            # is over) before every size was measured is seen in full somewhere.
            start = self.turns[phase] % len(VIEWPORTS)
            return [*VIEWPORTS[start:], *VIEWPORTS[:start]]
        return [VIEWPORTS[self.turns[phase] % len(VIEWPORTS)]]

    def check(self, page: Page, phase: str) -> None:
        """Measure the layout now (the page redraws for each size, as when a phone is
        turned). A summary counts only at the sizes where it was still there."""
        for viewport in self.sizes(phase):
            page.set_viewport_size(viewport)
            page.evaluate(SETTLE)
            if phase == "summary" and not page.locator(".summary").count():
                continue
            found = page.evaluate(LAYOUT_PROBLEMS)
            self.measured[size_name(viewport)].add(phase)
            if found:
                self.problems.setdefault(f"{phase} at {size_name(viewport)}", found)


def play_to_the_end(page: Page, frames: Frames, walk: Walk) -> set[str]:
    """Play the whole game, measuring at every decision; returns the phases seen."""
    phases: set[str] = set()
    for _ in range(600):
        page.wait_for_function(MY_TURN_SUMMARY_OR_OVER, timeout=30_000)
        if page.locator(".summary").count():
            phases.add("summary")
            walk.check(page, "summary")
            # The summary also goes by itself when the pause is over: tap "verder" if it is
            # still there (one step in the page, so the two cannot cross). The next deal's
            # summary may follow at once (the house goes out at its first turn), so what
            # must go is the summary that was tapped.
            page.evaluate(TAP_NEXT)
            expect(page.locator(".summary[data-tapped]")).to_have_count(0)
            continue
        frame = my_turn(page, frames, timeout=30_000)
        if frame is None:
            break
        phase = str(frame["view"].get("phase"))
        phases.add(phase)
        walk.check(page, phase)
        decide(page, frame)
    else:
        raise AssertionError("the game did not end in 600 decisions")
    expect(page.locator(".result")).to_be_visible()
    walk.check(page, "end dialog")
    phases.add("end dialog")
    return phases


@pytest.mark.parametrize("game", ["toepen", "klaverjassen", "eurokaarten"])
def test_every_phase_fits_every_screen(new_page: NewPage, game: str) -> None:
    page = new_page(viewport=PHONE, touch=True)
    frames = Frames(page)
    enter(page, "Anna")
    sit_and_start(page, {"game": game, **SHORT_GAMES[game]})
    walk = Walk()
    phases = play_to_the_end(page, frames, walk)
    expected = {
        "toepen": {"play", "summary", "end dialog"},
        "klaverjassen": {"bidding", "play", "summary", "end dialog"},
        "eurokaarten": {"turn", "summary", "end dialog"},
    }
    assert expected[game] <= phases, f"the walk saw the phases {phases}"
    for size, measured in walk.measured.items():
        assert measured == phases, f"measured at {size}: {measured}, seen: {phases}"
    assert not walk.problems, "layout problems: " + "; ".join(
        f"{k}: {v[:4]}" for k, v in walk.problems.items()
    )
