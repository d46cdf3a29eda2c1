"""Sounds the client makes with the Web Audio API (issue 18, point 3), heard by spying on
the oscillators Chromium is asked for: your turn (and a buzz), a card, a knock, the
clock's last seconds; "Geluid" off silences them and is remembered."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import (
    Frames,
    click_action,
    enter,
    my_turn,
    sit_and_start,
    wait_card_turn,
)

SPY = """
window.sounds = [];
window.buzzes = [];
const realOscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  const osc = realOscillator.call(this);
  const start = osc.start.bind(osc);
  osc.start = (when) => {
    window.sounds.push({ wave: osc.type, freq: osc.frequency.value });
    start(when);
  };
  return osc;
};
navigator.vibrate = (ms) => { window.buzzes.push(ms); return true; };
"""

TURN = {"wave": "sine", "freq": 660}
CARD = {"wave": "triangle", "freq": 240}
KNOCK = {"wave": "square", "freq": 110}
TICK = {"wave": "sine", "freq": 1200}


def sounds(page: Page) -> list[dict[str, Any]]:
    heard: list[dict[str, Any]] = page.evaluate("window.sounds")
    return heard


def test_turn_card_and_knock_sound_and_mute_is_kept(new_page: NewPage) -> None:
    page = new_page(viewport=PHONE, touch=True)
    page.add_init_script(SPY)
    frames = Frames(page)
    enter(page, "Anna")
    sit_and_start(page, {"game": "toepen", "variant": "kroegregels"})
    wait_card_turn(page)
    assert TURN in sounds(page), "your turn chimes"
    buzzes = page.evaluate("window.buzzes")
    assert buzzes and set(buzzes) == {60}, f"and buzzes on a phone: {buzzes}"
    frame = my_turn(page, frames)
    assert frame is not None
    if ["knock"] in frame["legal"]:
        page.evaluate("window.sounds = []")
        click_action(page, ["knock"])
        page.wait_for_function("window.sounds.some(s => s.wave === 'square')")
        assert KNOCK in sounds(page)
        wait_card_turn(page)
    page.evaluate("window.sounds = []")
    page.locator(".hand .card.legal").first.tap()
    page.wait_for_function("window.sounds.length > 0")
    assert CARD in sounds(page), "a card played clicks"

    page.get_by_label("Geluid").uncheck()
    page.evaluate("window.sounds = []")
    wait_card_turn(page)
    page.locator(".hand .card.legal").first.tap()
    page.wait_for_timeout(500)
    assert sounds(page) == [], "muted: nothing sounds"
    page.reload()
    expect(page.get_by_label("Geluid")).not_to_be_checked()


def test_the_clock_ticks_its_last_seconds_and_shows_them(new_page: NewPage) -> None:
    page = new_page()
    page.add_init_script(SPY)
    enter(page, "Anna")
    sit_and_start(page, {"game": "klaverjassen", "variant": "amsterdams", "clock_seconds": 8})
    page.wait_for_function("window.sounds.some(s => s.freq === 1200)", timeout=15_000)
    assert TICK in sounds(page)
    countdown = page.locator(".seat.me .countdown")
    text = countdown.inner_text()
    assert text.isdigit() and 1 <= int(text) <= 10, f"the last ten seconds are shown: {text!r}"
