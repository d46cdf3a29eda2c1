"""Sounds the client makes with the Web Audio API (issue 18, point 3), heard by spying on
the oscillators Chromium is asked for: your turn (and a buzz on a phone, none on a
desktop), a card, a knock, the clock's last seconds, a coin lost in Eurokaarten; "Geluid"
off silences them and is remembered."""

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
    wait_my_turn,
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
COIN = [{"wave": "sine", "freq": 988}, {"wave": "sine", "freq": 1319}]


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


def test_a_coin_lost_sounds_and_a_desktop_does_not_buzz(new_page: NewPage) -> None:
    """Anna (desktop) starts a one-coin Eurokaarten game and leaves it; the house plays on
    until a coin is lost, and Bob, watching, hears the coin (its two rising notes)."""
    anna = new_page()
    anna.add_init_script(SPY)
    enter(anna, "Anna")
    table = sit_and_start(
        anna, {"game": "eurokaarten", "variant": "standaard", "options": {"start_coins": 1}}
    )
    bob = new_page()
    bob.add_init_script(SPY)
    enter(bob, "Bob")
    bob.goto(f"/t/{table}")
    expect(bob.locator(".table-view")).to_be_visible()
    assert wait_my_turn(anna)
    anna.wait_for_function("window.sounds.some(s => s.freq === 660)")
    assert anna.evaluate("window.buzzes") == [], "a desktop chimes but does not buzz"
    assert not any(s["freq"] == 988 for s in sounds(bob)), "no coin before one is lost"
    anna.locator("#leave").click()
    anna.locator("#leave").click()
    bob.wait_for_function("window.sounds.some(s => s.freq === 988)", timeout=30_000)
    heard = sounds(bob)
    start = heard.index(COIN[0])
    assert heard[start : start + 2] == COIN, f"the coin's two notes: {heard}"
