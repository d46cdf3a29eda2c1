"""Regenerate docs/screenshots/: the lobby and each game mid-play, on a desktop and on a
phone held sideways (``make screenshots``).

Starts its own ``kroeg serve`` (temporary database, the house thinking 0 s) and drives
Debian's Chromium exactly as the browser tests do.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, SEED
from tests.e2e.helpers import Frames, click_action, enter, my_turn, play_now
from tests.e2e.serve import serve

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def toepen_mid_trick(page: Page, frames: Frames) -> None:
    """Play until a trick holds cards and it is your turn again."""
    for _ in range(30):
        frame = my_turn(page, frames)
        if frame is None:
            return
        if page.locator(".played .card").count() >= 2 and page.locator(".hand .card.legal").count():
            return
        legal = frame["legal"]
        plays = [a for a in legal if a[0] == "play"]
        answers = [a for a in legal if a[0] in ("stay", "look", "keep", "exchange")]
        if plays:
            page.click(f'.hand .card.legal[data-card="{plays[0][1]}"]')
        elif answers:
            click_action(page, answers[0])


def klaverjassen_mid_trick(page: Page, frames: Frames) -> None:
    for _ in range(40):
        frame = my_turn(page, frames)
        if frame is None:
            return
        legal = frame["legal"]
        bids = [a for a in legal if a[0] == "bid"]
        if bids:
            click_action(page, bids[0])
            continue
        if page.locator(".played .card").count() >= 2:
            return
        plays = [a for a in legal if a[0] == "play"]
        page.click(f'.hand .card.legal[data-card="{plays[0][1]}"]')


def eurokaarten_with_melds(page: Page, frames: Frames) -> None:
    """Draw, lay every meld the rules allow, discard; stop once melds lie on the table
    and you are to draw again."""
    for _ in range(60):
        frame = my_turn(page, frames)
        if frame is None:
            return
        legal = frame["legal"]
        verbs = {a[0] for a in legal}
        if "draw" in verbs and page.locator(".melds .meld").count() >= 2:
            return
        melds = [a for a in legal if a[0] == "meld"]
        if melds:
            for card in {c.split("=")[0] for c in melds[0][1]}:
                page.click(f'.hand .card[data-card="{card}"]')
            page.click("#do-meld")
        elif "draw" in verbs:
            page.get_by_role("button", name="Pak van de stapel").first.click()
        elif "discard" in verbs:
            card = max(
                (a[1] for a in legal if a[0] == "discard"),
                key=lambda c: "A23456789TJQK".index(c[0]),
            )
            page.click(f'.hand .card[data-card="{card}"]')
            page.click("#do-discard")


GAMES: dict[str, Callable[[Page, Frames], None]] = {
    "toepen": toepen_mid_trick,
    "klaverjassen": klaverjassen_mid_trick,
    "eurokaarten": eurokaarten_with_melds,
}


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
    context.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve(Path(tmp), seed=SEED) as url,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for game in GAMES:
            for size in ("desktop", "phone"):
                shoot(browser, url, game, size)
                print(f"docs/screenshots/{game}-{size}.png")
        browser.close()


if __name__ == "__main__":
    main()
