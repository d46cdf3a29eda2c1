"""Regenerate docs/screenshots/: the lobby, each game mid-play and at a deal's summary,
the Klaverjassen bidding, the replay as a table, on a desktop and on a phone held sideways
(``make screenshots``).

Starts its own ``kroeg serve`` (temporary database, the house thinking 0 s, tables that
pause after each deal as in production) and drives Debian's Chromium exactly as the
browser tests do.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, SEED
from tests.e2e.helpers import (
    MY_TURN_SUMMARY_OR_OVER,
    Frames,
    decide,
    enter,
    eurokaarten_with_melds,
    finished_game,
    klaverjassen_mid_trick,
    my_turn,
    play_now,
    toepen_mid_trick,
)
from tests.e2e.serve import serve

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


GAMES: dict[str, Callable[[Page, Frames], None]] = {
    "toepen": toepen_mid_trick,
    "klaverjassen": klaverjassen_mid_trick,
    "eurokaarten": partial(eurokaarten_with_melds, melds=3),
}


DEAL_PAUSE = 8.0
"""Long enough to take the picture of a deal's summary."""


def until_summary(page: Page, frames: Frames) -> None:
    for _ in range(300):
        page.wait_for_function(MY_TURN_SUMMARY_OR_OVER, timeout=30_000)
        if page.locator(".summary").count():
            return
        frame = my_turn(page, frames, timeout=30_000)
        assert frame is not None
        decide(page, frame)


def until_bidding(page: Page, frames: Frames) -> None:
    for _ in range(40):
        frame = my_turn(page, frames, timeout=30_000)  # past a deal's pause
        assert frame is not None
        if any(a[0] == "bid" for a in frame["legal"]):
            return
        decide(page, frame)


def moment(
    browser: Browser,
    url: str,
    game: str,
    size: str,
    name: str,
    until: Callable[[Page, Frames], None],
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    context = browser.new_context(
        viewport=viewport, base_url=url, device_scale_factor=2 if size == "phone" else 1
    )
    page = context.new_page()
    frames = Frames(page)
    enter(page, "Anna")
    play_now(page, game)
    until(page, frames)
    page.wait_for_timeout(300)
    page.screenshot(path=OUT / f"{game}-{name}-{size}.png")
    print(f"docs/screenshots/{game}-{name}-{size}.png")
    context.close()


def first_visit(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=PHONE, base_url=url, device_scale_factor=2)
    page = context.new_page()
    page.goto("/")
    page.locator(".game-tile").first.wait_for()
    page.screenshot(path=OUT / "lobby-phone.png")
    print("docs/screenshots/lobby-phone.png")
    context.close()


def shoot(browser: Browser, url: str, game: str, size: str) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    context = browser.new_context(
        viewport=viewport, base_url=url, device_scale_factor=2 if size == "phone" else 1
    )
    page = context.new_page()
    frames = Frames(page)
    enter(page, "Anna")
    if game == "toepen" and size == "desktop":
        page.screenshot(path=OUT / "lobby-desktop.png")
    play_now(page, game)
    GAMES[game](page, frames)
    page.wait_for_timeout(300)
    page.screenshot(path=OUT / f"{game}-{size}.png")
    if game == "toepen" and size == "desktop":
        page.goto("/")  # the table you sit at is offered as "Naar je tafel"
        page.locator(".table-list").wait_for()
        page.screenshot(path=OUT / "lobby-tables-desktop.png")
    context.close()


def replay(browser: Browser, url: str) -> None:
    """A short Toepen game the house finishes, replayed a few steps into its last deal."""
    context = browser.new_context(viewport=DESKTOP, base_url=url)
    page = context.new_page()
    enter(page, "Anna")
    table, game_id = finished_game(page)
    page.goto(f"/t/{table}?replay={game_id}")
    page.locator(".replay-deals li button").last.click()
    for _ in range(6):
        page.click("#next-step")
    page.screenshot(path=OUT / "replay-desktop.png")
    print("docs/screenshots/replay-desktop.png")
    page.set_viewport_size(PHONE)  # the same page turned into a phone held sideways
    page.screenshot(path=OUT / "replay-phone.png")
    print("docs/screenshots/replay-phone.png")
    context.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve(Path(tmp), seed=SEED, deal_pause=DEAL_PAUSE) as url,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for game in GAMES:
            for size in ("desktop", "phone"):
                shoot(browser, url, game, size)
                print(f"docs/screenshots/{game}-{size}.png")
            for size in ("desktop", "phone"):
                moment(browser, url, game, size, "summary", until_summary)
        moment(browser, url, "klaverjassen", "phone", "bidding", until_bidding)
        first_visit(browser, url)
        replay(browser, url)
        browser.close()


if __name__ == "__main__":
    main()
