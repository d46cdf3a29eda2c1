"""The puzzle page (web/puzzles.js, docs/puzzles.md) at 640x360, 844x390 and 1280x720:
the lobby's entry, the daily puzzle drawn as at the table with only the seat's own
cards, an answer with the solver's values, the next puzzle, and the end of the puzzles.
Its own server, on a database holding the hand-made deal's two puzzles."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import assert_clean, check
from tests.e2e.conftest import NewPage
from tests.e2e.helpers import THREE_SIZES, enter, shoot
from tests.e2e.serve import serve
from tests.puzzles.deals import PUZZLE_HANDS

ROOT = Path(__file__).resolve().parents[2]
BEST = {6: "7h", 7: "Ah"}
"""The card of each of the hand-made deal's puzzles, by trick (tests/puzzles/deals.py)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workdir = tmp_path_factory.mktemp("kroeg-e2e-puzzles")
    url = f"sqlite+aiosqlite:///{workdir / 'kroeg.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-m", "tests.puzzles.seed", url], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.strip() == "2", done.stderr
    with serve(workdir) as base:
        yield base


def _no_overflow(page: Page) -> None:
    """Nothing wider than the window at any of the three sizes; the question and the
    hand in view without scrolling sideways."""
    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, (width, height, wide)
        box = page.locator("#puzzle-hand").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


def test_the_daily_puzzle_then_the_next_one(new_page: NewPage, server: str) -> None:
    problems: list[str] = []
    page = new_page()
    enter(page, "Puzzelaar")
    page.locator("#to-daily-puzzle").click()
    page.wait_for_url("**/puzzels/dag")
    expect(page.locator("#puzzle-question")).to_contain_text("Welke kaart?")
    daily = httpx.get(f"{server}/api/puzzles/daily", timeout=10).json()
    own = set(PUZZLE_HANDS[daily["seat"]].split())
    shown = set(
        page.locator("#puzzle-hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    )
    assert shown == set(daily["view"]["hand"]) and shown <= own
    # The other seats show backs only: as many as they hold, no face.
    backs = page.locator(".puzzle-seat .back-card").count()
    assert backs == sum(daily["view"]["hand_counts"]) - len(shown)
    expect(page.locator("#puzzle-rating")).to_contain_text("1500")
    _no_overflow(page)
    check(page, "a puzzle's question", problems)
    shoot(page, "puzzles/question")

    page.locator(f'#puzzle-hand .card[data-card="{BEST[daily["trick"]]}"]').click()
    answer = page.locator("#puzzle-answer")
    expect(answer).to_contain_text("Goed! Dat is de kaart.")
    expect(answer).to_contain_text("mogelijke verdelingen")
    expect(page.locator("#puzzle-streak")).to_contain_text("Reeks 1")
    assert page.locator(".puzzle-values tbody tr").count() == len(daily["cards"])
    expect(page.locator("#puzzle-replay")).to_have_count(0)  # mined off the server
    _no_overflow(page)
    check(page, "a puzzle's answer", problems)
    shoot(page, "puzzles/answer", "#puzzle-answer")

    page.locator("#puzzle-again").click()
    expect(page.locator("#puzzle-answer")).to_have_count(0)
    nxt = page.locator("#puzzle-hand .card.legal")
    expect(nxt.first).to_be_visible()
    other = 6 if daily["trick"] == 7 else 7
    wrong = [c for c in nxt.evaluate_all("els => els.map(e => e.dataset.card)") if c != BEST[other]]
    page.locator(f'#puzzle-hand .card[data-card="{wrong[0]}"]').click()
    expect(page.locator("#puzzle-answer")).to_contain_text("Helaas")
    expect(page.locator("#puzzle-streak")).to_contain_text("Reeks 0")
    shoot(page, "puzzles/missed", "#puzzle-answer")

    page.locator("#puzzle-again").click()
    expect(page.locator("#puzzle-error")).to_contain_text("Er is nu geen puzzel voor je")
    check(page, "the end of the puzzles", problems)
    assert_clean(problems)
