"""The puzzle page (web/puzzles.js, web/puzzles_toepen.js, docs/puzzles.md) with a
Toepen knock puzzle at 640x360, 844x390 and 1280x720: "toepen of niet?" drawn with only
the seat's own card, the answer with each choice's share of the worlds and mean penalty
points, then the next puzzle, "mee of passen?". Its own server, on a database holding
the two Toepen puzzles of tests/puzzles/toepen_deals.py."""

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

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose store holds the two Toepen knock puzzles of
    tests/puzzles/toepen_deals.py (KNOCK_ON_A_LOST_TRICK): seat 0's knock, seat 3's stay."""
    workdir = tmp_path_factory.mktemp("kroeg-e2e-toepen-puzzles")
    url = f"sqlite+aiosqlite:///{workdir / 'kroeg.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-m", "tests.puzzles.seed", url, "toepen"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and done.stdout.strip() == "2", done.stderr
    with serve(workdir) as base:
        yield base


def _toepen_no_overflow(page: Page) -> None:
    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, (width, height, wide)
        box = page.locator("#puzzle-choices").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


def test_a_toepen_knock_puzzle_then_a_stay_or_fold_one(new_page: NewPage, server: str) -> None:
    puzzles = [httpx.get(f"{server}/api/puzzles/{i}", timeout=10).json() for i in (1, 2)]
    knock = next(p for p in puzzles if p["cards"] == ["knock", "wait"])
    problems: list[str] = []
    page = new_page()
    enter(page, "Toeper")
    page.goto(f"/puzzels/{knock['id']}")
    expect(page.locator("#puzzle-question")).to_contain_text("Toepen of niet?")
    expect(page.locator("#puzzle-stake")).to_contain_text("Inzet 1")
    # Only the seat's own card (Td) is face up in its hand; the others show backs.
    shown = page.locator("#puzzle-hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == ["Td"]
    backs = page.locator(".puzzle-seat .back-card").count()
    assert backs == sum(knock["view"]["hand_counts"]) - 1
    _toepen_no_overflow(page)
    check(page, "a Toepen puzzle's question", problems)
    shoot(page, "puzzles/toepen-question")

    page.locator('#puzzle-choices [data-choice="wait"]').click()
    answer = page.locator("#puzzle-answer")
    expect(answer).to_contain_text("Goed! Dat is de keuze.")
    expect(answer).to_contain_text("In de partij werd gekozen voor: Toepen.")
    rows = page.locator(".puzzle-values tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Toepen")
    expect(rows.nth(0)).to_contain_text("2")  # knocking costs 2 penalty points on average
    expect(rows.nth(1)).to_contain_text("100%")
    _toepen_no_overflow(page)
    check(page, "a Toepen puzzle's answer", problems)
    shoot(page, "puzzles/toepen-answer", "#puzzle-answer")

    page.locator("#puzzle-again").click()
    expect(page.locator("#puzzle-question")).to_contain_text("Mee of passen?")
    expect(page.locator("#puzzle-stake")).to_contain_text("Inzet 2")
    shoot(page, "puzzles/toepen-stay-or-fold")
    page.locator('#puzzle-choices [data-choice="stay"]').click()
    expect(page.locator("#puzzle-answer")).to_contain_text("Helaas: Passen was de keuze.")
    expect(page.locator("#puzzle-streak")).to_contain_text("Reeks 0")
    assert_clean(problems)
