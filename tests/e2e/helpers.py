"""Steps the browser tests share: entering the pub, starting a game, reading the table."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
THREE_SIZES = {(640, 360): "phone", (844, 390): "wide-phone", (1280, 720): "desktop"}
"""The sizes every changed page is looked at: two phones held sideways and a desktop,
with the names some pictures carry instead of their size."""


def shoot(page: Page, name: str, show: str | None = None, *, labels: bool = False) -> None:
    """With ``KROEG_SCREENSHOTS=1``, picture the page at the three sizes as
    ``docs/screenshots/NAME-WxH.png`` (NAME may start with a folder; ``labels``: as
    ``NAME-phone.png`` and so on), with ``show`` scrolled into view; the viewport is put
    back as it was. Without it nothing happens, so that a test run never rewrites the
    repository's files."""
    if os.environ.get("KROEG_SCREENSHOTS") != "1":
        return
    before = page.viewport_size
    for (width, height), label in THREE_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        if show is not None:
            page.locator(show).scroll_into_view_if_needed()
        path = SCREENSHOTS / f"{name}-{label if labels else f'{width}x{height}'}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=path, full_page=True)
    if before is not None:
        page.set_viewport_size(before)


def enter(page: Page, name: str) -> None:
    """Open the lobby and pick a display name."""
    page.goto("/")
    page.fill("#name-input", name)
    page.get_by_role("button", name="Kom binnen").click()
    # The games show before a name is given: wait for the name to be taken.
    expect(page.locator("#name-panel")).to_contain_text(f"Je speelt als {name}.")
    expect(page.locator(".game-tile").first).to_be_visible()


def play_now(page: Page, game: str) -> str:
    """Click "Speel nu" for a game; returns the new table's id from the URL."""
    page.locator(f'.game-tile[data-game="{game}"]').get_by_role("button", name="Speel nu").click()
    # The first table of a fresh server also starts the house's worker processes.
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"), timeout=40_000)
    expect(page.locator(".hand")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def token(page: Page) -> str:
    """The page's session token: its httpOnly cookie, which the page itself cannot read."""
    [value] = [c["value"] for c in page.context.cookies() if c["name"] == "kroeg_token"]
    return value


def api(page: Page, method: str, path: str, body: Any = None) -> Any:
    """A REST call as the page's player (its token), for set-up the UI also offers."""
    base = page.evaluate("location.origin")
    response = httpx.request(
        method,
        f"{base}/api{path}",
        json=body,
        headers={"Authorization": f"Bearer {token(page)}"},
        timeout=10,
    )
    assert response.status_code < 400, f"{method} {path}: {response.status_code} {response.text}"
    return response.json()


def legal_actions(page: Page) -> list[list[Any]]:
    """The decisions shown as buttons (each carries its protocol action)."""
    raw = page.eval_on_selector_all(
        ".actions-bar button[data-action]", "els => els.map(e => e.dataset.action)"
    )
    return [json.loads(a) for a in raw]


def phase(page: Page) -> str | None:
    value = page.eval_on_selector(".table-view", "e => e.dataset.phase")
    return value if isinstance(value, str) else None


class Frames:
    """Every websocket frame a page receives, parsed (register before the page opens /ws)."""

    def __init__(self, page: Page) -> None:
        self.received: list[dict[str, Any]] = []
        """Every frame received so far, parsed, in order."""
        page.on("websocket", self._attach)

    def _attach(self, ws: Any) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        text = payload.decode() if isinstance(payload, bytes) else payload
        self.received.append(json.loads(text))

    def latest(self, kind: str) -> dict[str, Any]:
        """The last snapshot or event frame that carries the state (`legal`, `view`, …);
        frames re-sent after a resume may leave it null."""
        for frame in reversed(self.received):
            state = frame.get("type") in ("snapshot", "event") and frame.get("view") is not None
            if state and frame.get(kind) is not None:
                found: dict[str, Any] = frame
                return found
        raise AssertionError(f"no snapshot or event frame with {kind!r} yet")

    def events(self) -> list[dict[str, Any]]:
        return [e for f in self.received if f.get("type") == "event" for e in f["events"]]


MY_TURN_OR_OVER = """() => document.querySelector('.result') ||
  (document.querySelector('.seat.me.turn') &&
   document.querySelector('.hand .card.legal, .actions-bar button[data-action]'))"""


MY_TURN_SUMMARY_OR_OVER = f"""() => document.querySelector('.summary') || ({MY_TURN_OR_OVER})()"""
"""The game waits for you, a deal's summary is shown, or the game is over."""


def sit_and_start(page: Page, table: dict[str, Any]) -> str:
    """Create a table (REST, as the form does), sit down and start; returns its id."""
    made = api(page, "POST", "/tables", table)
    page.goto(f"/t/{made['id']}")
    page.get_by_role("button", name="Aanschuiven").click()
    page.get_by_role("button", name="Begin het spel").click()
    expect(page.locator(".seat.me")).to_be_visible()
    return str(made["id"])


def wait_my_turn(page: Page, timeout: float = 20_000) -> bool:
    """Wait until the game waits for you (True) or the game is over (False)."""
    page.wait_for_function(MY_TURN_OR_OVER, timeout=timeout)
    return page.locator(".result").count() == 0


def my_turn(page: Page, frames: Frames, timeout: float = 20_000) -> dict[str, Any] | None:
    """Wait until the game waits for you and return the frame the page shows (its
    `legal` and `view`), or None when the game is over.

    The page and the test hear the websocket separately, so this waits until both have
    the same version before the test compares what it sees with what the server sent."""
    for _ in range(200):
        if not wait_my_turn(page, timeout):
            return None
        shown = int(page.eval_on_selector(".table-view", "e => e.dataset.version"))
        try:
            frame = frames.latest("legal")
        except AssertionError:
            frame = {"version": -1}
        # A frame without decisions means the page moved on (a house player knocked, the
        # trick ended) between the wait and the read: wait again for the next turn.
        if frame["version"] == shown and frame.get("legal"):
            return frame
        page.wait_for_timeout(20)
    raise AssertionError("the page and the frames never agreed on a version")


def click_action(page: Page, action: list[Any]) -> None:
    """Click a decision's button (data-action holds the action as JSON.stringify writes it)."""
    page.click(f".actions-bar button[data-action='{json.dumps(action, separators=(',', ':'))}']")


def click_if_still_there(page: Page, selector: str) -> bool:
    """Click a card or button the page showed a moment ago; False when it went away first
    (in Toepen a house player may knock out of turn, which unlights the hand)."""
    try:
        page.locator(selector).first.click(timeout=3_000)
    except PlaywrightTimeoutError:
        return False
    return True


def lit_cards(page: Page) -> list[str]:
    cards = page.eval_on_selector_all(".hand .card.legal", "els => els.map(e => e.dataset.card)")
    return [str(c) for c in cards]


def hand_cards(page: Page) -> list[str]:
    cards = page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")
    return [str(c) for c in cards]


def log_text(page: Page) -> str:
    return page.inner_text(".chat-log")


def wait_card_turn(page: Page) -> None:
    """Wait until you have a card to play; answer other decisions (Mee, Houden…) on the way."""
    for _ in range(20):
        assert wait_my_turn(page), "the game ended before a card could be played"
        if page.locator(".hand .card.legal").count():
            return
        answers = [a for a in legal_actions(page) if a[0] not in ("knock", "fold")]
        if answers:
            click_action(page, answers[0])
        page.wait_for_timeout(100)
    raise AssertionError("no card to play after 20 decisions")


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


def eurokaarten_with_melds(page: Page, frames: Frames, melds: int = 2) -> None:
    """Draw, lay every meld the rules allow, discard; stop once `melds` melds lie on the
    table and you are to draw again."""
    for _ in range(120):
        frame = my_turn(page, frames)
        if frame is None:
            return
        legal = frame["legal"]
        verbs = {a[0] for a in legal}
        if "draw" in verbs and page.locator(".melds .meld").count() >= melds:
            return
        meld_actions = [a for a in legal if a[0] == "meld"]
        if meld_actions:
            for card in {c.split("=")[0] for c in meld_actions[0][1]}:
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


def decide(page: Page, frame: dict[str, Any]) -> None:
    """Make the first legal decision of the frame the page shows, as a player would."""
    legal = frame["legal"]
    verbs = {a[0] for a in legal}
    if frame["view"].get("game") == "eurokaarten" or "discard" in verbs or "draw" in verbs:
        if "draw" in verbs:
            page.locator(".actions-bar button[data-action]").first.click()
            return
        if "discard" in verbs:
            card = next(a[1] for a in legal if a[0] == "discard")
            page.click(f'.hand .card[data-card="{card}"]')
            page.click("#do-discard")
            return
    plays = [a for a in legal if a[0] == "play"]
    if plays:
        page.click(f'.hand .card.legal[data-card="{plays[0][1]}"]')
        return
    # Answers rather than raising the stakes, so the game moves on.
    for verb in ("bid", "stay", "keep", "look", "pass"):
        chosen = [a for a in legal if a[0] == verb]
        if chosen:
            click_action(page, chosen[0])
            return
    click_action(page, legal[0])


def finished_game(page: Page) -> tuple[str, int]:
    """A Toepen game to 3 points that the page's player leaves and the house finishes: the
    table and the game's id."""
    table = sit_and_start(
        page, {"game": "toepen", "variant": "kroegregels", "options": {"max_points": 3}}
    )
    assert wait_my_turn(page)
    page.locator("#leave").click()
    page.locator("#leave").click()
    games: list[dict[str, Any]] = []
    for _ in range(100):
        games = api(page, "GET", f"/tables/{table}/games")["games"]
        if games and games[-1]["finished"]:
            break
        page.wait_for_timeout(200)
    assert games and games[-1]["finished"], f"the house finishes the game: {games}"
    return table, int(games[-1]["id"])


def wait_sheet_kept(page: Page) -> None:
    """Mieke's page has loaded its sheet through its service worker: what the phone
    shows when it is reloaded without a connection (the worker being ready was not
    enough: on a first visit the sheet was loaded before the worker had the page)."""
    expect(page.locator("body[data-offline=ready]")).to_have_count(1, timeout=15_000)
