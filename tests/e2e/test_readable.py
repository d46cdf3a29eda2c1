"""Readable everywhere (issue 32, build 5): the log at least eight lines tall at 1280×720
with the chat's input under it on the screen, in every game (bug 4: 16 px in Toepen, 0 px
in Eurokaarten); messages on the felt whole and not small on a phone (bug 9); the
Eurokaarten round summary on a phone with the coin's loser first and every hand seen or a
clear cue to scroll (bug 5); the bidding prompt whole at 640 (bug 14).

On the server whose tables pause after a deal, so a round's summary stays to be measured."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import DESKTOP, PHONE, NewPage
from tests.e2e.helpers import (
    MY_TURN_SUMMARY_OR_OVER,
    THREE_SIZES,
    Frames,
    decide,
    enter,
    my_turn,
    shoot,
    sit_and_start,
    wait_my_turn,
)


@pytest.fixture(scope="module")
def server(paused_server: str) -> str:
    return paused_server


TABLES: dict[str, dict[str, Any]] = {
    "toepen": {"game": "toepen", "variant": "kroegregels"},
    "klaverjassen": {"game": "klaverjassen", "variant": "amsterdams"},
    "eurokaarten": {"game": "eurokaarten", "variant": "standaard"},
}

LOG_ROOM = """() => {
  const log = document.querySelector('.chat-log');
  const input = document.querySelector('.chat-controls input');
  const line = parseFloat(getComputedStyle(log).fontSize) * 1.2;
  const box = input.getBoundingClientRect();
  return {lines: log.clientHeight / line, inputBottom: box.bottom, height: innerHeight,
          inputTop: box.top, logBottom: log.getBoundingClientRect().bottom};
}"""


@pytest.mark.parametrize("game", list(TABLES))
def test_the_log_is_eight_lines_with_the_chat_under_it(new_page: NewPage, game: str) -> None:
    page = new_page(viewport=DESKTOP)
    enter(page, "Anna")
    sit_and_start(page, TABLES[game])
    wait_my_turn(page)
    room = page.evaluate(LOG_ROOM)
    assert room["lines"] >= 8, f"{game}: the log shows {room['lines']:.1f} lines"
    assert room["inputBottom"] <= room["height"], f"{game}: the chat input is off the screen"
    assert room["inputTop"] >= room["logBottom"], "the input is under the log"
    shoot(page, f"regular/log-{game}", labels=True)


EFFECT = """() => [...document.querySelectorAll('.effects .effect')].map((e) => {
  const felt = document.querySelector('.felt').getBoundingClientRect();
  const r = e.getBoundingClientRect();
  return {text: e.textContent, size: parseFloat(getComputedStyle(e).fontSize),
          cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
          inside: r.left >= felt.left && r.right <= felt.right && r.top >= felt.top
                  && r.bottom <= felt.bottom};
})"""


def test_messages_on_the_felt_are_whole_and_readable_on_a_phone(new_page: NewPage) -> None:
    """Before: one line cut with "…" at the felt's edge, in 0.8em of a phone's 14 px."""
    page = new_page(viewport=PHONE, touch=True)
    enter(page, "Annemarie Verschoor")
    sit_and_start(page, TABLES["toepen"])
    page.locator(".side-toggle").click()
    page.locator(".chat-presets").get_by_role("button", name="Wie schrijft blijft").click()
    page.locator(".side-close").click()
    expect(page.locator(".effects .effect")).to_have_count(1)
    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        [effect] = page.evaluate(EFFECT)
        assert "Annemarie Verschoor: Wie schrijft blijft" in effect["text"]
        assert not effect["cut"], f"the message is cut at {width}×{height}"
        assert effect["inside"], f"the message leaves the felt at {width}×{height}"
        assert effect["size"] >= 12, f"{effect['size']} px at {width}×{height}"
    page.set_viewport_size(PHONE)
    shoot(page, "regular/felt-message")


def summary_shown(page: Page, frames: Frames) -> None:
    """Play a Eurokaarten round until its summary is on the felt."""
    for _ in range(300):
        page.wait_for_function(MY_TURN_SUMMARY_OR_OVER, timeout=30_000)
        if page.locator(".summary").count():
            return
        frame = my_turn(page, frames, timeout=30_000)
        assert frame is not None, "the game ended before a round's summary"
        decide(page, frame)
    raise AssertionError("no round ended")


HANDS = """() => {
  const body = document.querySelector('.summary .summary-body').getBoundingClientRect();
  const hands = [...document.querySelectorAll('.summary .showdown li')];
  const seen = hands.filter((li) => { const r = li.getBoundingClientRect();
    return r.top >= body.top - 1 && r.bottom <= body.bottom + 1; }).length;
  const cue = document.querySelector('.summary .scroll-cue');
  return {hands: hands.length, seen, firstLost: hands[0]?.classList.contains('lost'),
          cue: Boolean(cue && cue.offsetParent !== null)};
}"""


def test_the_round_summary_on_a_phone_shows_the_loser_first(new_page: NewPage) -> None:
    page = new_page(viewport=PHONE, touch=True)
    frames = Frames(page)
    enter(page, "Anna")
    sit_and_start(page, {"game": "eurokaarten", "variant": "standaard"})
    summary_shown(page, frames)
    page.evaluate("document.querySelector('.summary').dataset.keep = 'yes'")
    shoot(page, "regular/euro-summary")  # first, while the pause lasts
    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if not page.locator(".summary[data-keep]").count():
            break  # the pause is over: what was measured stands
        found = page.evaluate(HANDS)
        assert found["hands"] >= 5, found
        assert found["firstLost"], "the hand that lost the coin comes first"
        assert found["seen"] == found["hands"] or found["cue"], f"{width}×{height}: {found}"


CUT = """() => [...document.querySelectorAll('#prompt, .seat:not(.me) .state')]
  .filter((el) => el.offsetParent !== null)
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .map((el) => `${el.innerText} ${el.scrollWidth}/${el.clientWidth}`)"""


def test_the_bidding_prompt_and_the_side_plates_are_whole_on_a_phone(new_page: NewPage) -> None:
    """Issue 32, bug 14: the bidding prompt ended in "…" at 640, a side plate in "het h…"."""
    page = new_page(viewport=PHONE, touch=True)
    frames = Frames(page)
    enter(page, "Anna")
    sit_and_start(page, TABLES["klaverjassen"])
    for _ in range(80):  # the house may take the contract before Anna's turn to bid
        frame = my_turn(page, frames, timeout=30_000)
        assert frame is not None
        if frame["view"].get("phase") == "bidding":
            break
        decide(page, frame)
    else:
        raise AssertionError("Anna never had to bid")
    expect(page.locator("#prompt")).to_have_text(
        "Jij beslist: speel je, en met welke troef? Of pas je?"
    )
    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        try:  # once the redraw of the resize has settled
            page.wait_for_function(f"() => ({CUT})().length === 0", timeout=3_000)
        except PlaywrightTimeoutError:
            raise AssertionError(f"cut at {width}×{height}: {page.evaluate(CUT)}") from None
    page.set_viewport_size(PHONE)
    shoot(page, "regular/bidding-prompt")


def test_het_is_english_in_english(new_page: NewPage) -> None:
    """Issue 32, bug 14: Toepen's draw for the deal said "Het:" in the English log."""
    page = new_page()
    enter(page, "Anna")
    page.get_by_label("Taal").select_option("en")
    text = page.evaluate(
        "async () => (await import('/web/i18n.js')).t('toepen.log_het', {draws: 'x', name: 'y'})"
    )
    assert not text.startswith("Het:"), text
    assert text.startswith("Drawing for the deal"), text
