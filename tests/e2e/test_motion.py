"""Dealing and collecting a trick move (issue 18, point 3), and nothing moves for a person
who asked for reduced motion (``prefers-reduced-motion``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import DESKTOP, SEED
from tests.e2e.helpers import Frames, enter, my_turn, play_now
from tests.e2e.serve import serve

RECORD = """
window.moved = new Set();
const look = () => document.getAnimations().forEach((a) => window.moved.add(a.animationName));
addEventListener('DOMContentLoaded', () =>
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true }));
"""
"""Every animation that runs on the page, by name (an init script: from the first deal on)."""

MakePage = Callable[[str], Page]


@pytest.fixture(scope="module")
def slow_house(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose house thinks a moment, as in production: with no delay a run of
    house moves comes in one frame and a won trick is never drawn before the next card."""
    with serve(tmp_path_factory.mktemp("kroeg-e2e-motion"), house_delay=0.4, seed=SEED) as url:
        yield url


@pytest.fixture
def page_with(browser: Browser, slow_house: str) -> Iterator[MakePage]:
    contexts = []

    def make(motion: str) -> Page:
        context = browser.new_context(
            viewport=DESKTOP,
            base_url=slow_house,
            reduced_motion="reduce" if motion == "reduce" else "no-preference",
        )
        contexts.append(context)
        page = context.new_page()
        page.add_init_script(RECORD)
        return page

    yield make
    for context in contexts:
        context.close()


def moves_in_a_deal(page: Page) -> set[str]:
    """Play Toepen into its second deal (the first is dealt before the page opens the
    table); the names of the animations that ran."""
    frames = Frames(page)
    enter(page, "Anna")
    play_now(page, "toepen")
    for _ in range(40):
        frame = my_turn(page, frames)
        assert frame is not None
        if frame["view"]["deal_no"] >= 2:
            break
        plays = [a for a in frame["legal"] if a[0] == "play"]
        if plays:
            page.click(f'.hand .card.legal[data-card="{plays[0][1]}"]')
        else:
            page.click(".actions-bar button[data-action]")
    page.wait_for_timeout(300)
    moved: list[str] = page.evaluate("[...window.moved]")
    return set(moved)


def test_cards_are_dealt_in_and_a_trick_collected(page_with: MakePage) -> None:
    moved = moves_in_a_deal(page_with("no-preference"))
    assert {"deal-in", "slide-in", "collect"} <= moved, moved


def test_nothing_moves_with_reduced_motion(page_with: MakePage) -> None:
    page = page_with("reduce")
    moved = moves_in_a_deal(page)
    assert not moved & {"collect", "deal-in"}, moved
