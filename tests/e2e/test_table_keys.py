"""The table's keys and what a screen reader hears (docs/accessibility.md, "Aan tafel"):
the hand as one tab stop, the `?` key list in Dutch and English, the clock's 30 and 10
seconds, a refusal said at once. Found through the accessibility tree, as in
test_blind_play.py.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import api, shoot
from tests.e2e.test_blind_play import assertive, enter_pub, hand, polite, sit_down

TOEPEN = {"game": "toepen", "variant": "kroegregels"}


def tab_stops(page: Page) -> list[int]:
    """The tabIndex of every card of the hand, in order."""
    found = hand(page).get_by_role("button").evaluate_all("els => els.map((e) => e.tabIndex)")
    return [int(i) for i in found]


def my_seat(page: Page) -> re.Pattern[str]:
    return re.compile(r"^Anna, .*jij, .*aan de beurt")


def test_the_hand_is_one_tab_stop_and_the_arrows_move_in_it(new_page: NewPage) -> None:
    """Before: every card was a tab stop (four Tabs to cross a Toepen hand)."""
    page = new_page()
    enter_pub(page, "Anna")
    sit_down(page, TOEPEN)
    cards = hand(page).get_by_role("button")
    expect(cards).to_have_count(4)
    stops = tab_stops(page)
    assert stops.count(0) == 1 and stops.count(-1) == 3, stops
    first = cards.nth(stops.index(0))
    first.focus()
    page.keyboard.press("End")
    expect(cards.nth(3)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(cards.nth(2)).to_be_focused()
    assert tab_stops(page) == [-1, -1, 0, -1], "the focused card holds the tab stop"
    # One Tab leaves the hand; Shift+Tab comes back to the card last focused.
    page.keyboard.press("Tab")
    expect(cards.nth(2)).not_to_be_focused()
    assert all(not c.evaluate("e => e === document.activeElement") for c in cards.all())
    page.keyboard.press("Shift+Tab")
    expect(cards.nth(2)).to_be_focused()
    page.keyboard.press("Home")
    expect(cards.nth(0)).to_be_focused()
    name = cards.nth(0).get_attribute("aria-label") or ""
    assert re.match(r"^(harten|ruiten|klaveren|schoppen) \w+, (speelbaar|mag nu niet)$", name)
    page.keyboard.press("End")
    shoot(page, "accessibility/hand-focused")


def test_the_key_list_in_dutch_and_in_english(new_page: NewPage) -> None:
    """`?` opens the list of keys in the chosen language; Escape closes it and the focus
    goes back to the hand. English also names the cards and reads the hand in English."""
    page = new_page()
    enter_pub(page, "Anna")
    sit_down(page, TOEPEN)
    hand(page).get_by_role("button").first.focus()
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Toetsen aan tafel")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("row", name=re.compile(r"^k Toep! \(kloppen\)"))).to_be_visible()
    expect(dialog.get_by_role("row", name=re.compile(r"^Shift\+H Je hand"))).to_be_visible()
    shoot(page, "accessibility/keys-nl")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(hand(page).get_by_role("button").first).to_be_focused()

    page.get_by_label("Taal").select_option("en")
    card = page.get_by_role("group", name="Your hand").get_by_role("button").first
    expect(card).to_have_accessible_name(re.compile(r"^\w+ of (hearts|diamonds|clubs|spades), "))
    card.focus()
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keys at the table")
    expect(dialog.get_by_role("row", name=re.compile(r"^k Toep! \(knock\)"))).to_be_visible()
    shoot(page, "accessibility/keys-en")
    dialog.get_by_role("button", name="Close").focus()
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    region = page.get_by_label("Announcements", exact=True)
    before = region.inner_text()
    page.keyboard.press("Shift+H")
    expect(region).not_to_have_text(before)
    sentence = region.get_by_role("paragraph").filter(has_text=re.compile("^Your hand")).last
    expect(sentence).to_have_text(re.compile(r"^Your hand, 4 cards: \w+ of \w+"))


def test_the_clock_says_thirty_and_ten_seconds_left(new_page: NewPage) -> None:
    """30 seconds politely, 10 at once (assertive); a 12-second turn hears only the 10."""
    page = new_page()
    enter_pub(page, "Anna")
    sit_down(page, {**TOEPEN, "clock_seconds": 31})
    expect(page.get_by_role("group", name=my_seat(page))).to_be_visible(timeout=20_000)
    expect(polite(page)).to_contain_text("Nog 30 seconden!", timeout=5_000)
    expect(assertive(page)).not_to_contain_text("Nog 30 seconden!")

    sit_down(page, {**TOEPEN, "clock_seconds": 12})
    expect(page.get_by_role("group", name=my_seat(page))).to_be_visible(timeout=20_000)
    expect(assertive(page)).to_contain_text("Nog 10 seconden!", timeout=8_000)
    assert "Nog 30 seconden" not in polite(page).inner_text()


def test_a_refusal_is_said_at_once(new_page: NewPage) -> None:
    """Enter on a card that may not go now (Eurokaarten: before drawing): the rules'
    reason shows by the hand and the assertive region says the same sentence."""
    page = new_page()
    enter_pub(page, "Anna")
    sit_down(page, {"game": "eurokaarten", "variant": "standaard"})
    draw = page.get_by_role("toolbar", name="Beslissingen").get_by_role(
        "button", name=re.compile(r"^Pak ")
    )
    expect(draw.first).to_be_visible(timeout=20_000)
    card = hand(page).get_by_role("button", name=re.compile(r", mag nu niet$")).first
    card.focus()
    page.keyboard.press("Enter")
    alert = page.get_by_role("alert")
    expect(alert).to_be_visible()
    expect(assertive(page)).to_contain_text(alert.inner_text())


def test_a_redraw_keeps_the_focus_on_a_seat_control(new_page: NewPage) -> None:
    """Before: a redraw (here: Bob sitting down) took the focus off "Begin het spel" (it
    kept only a card's or a decision's), so a keyboard player's Enter went nowhere."""
    anna = new_page()
    enter_pub(anna, "Anna")
    made = api(anna, "POST", "/tables", TOEPEN)
    anna.goto(f"/t/{made['id']}")
    sit = anna.get_by_role("button", name="Aanschuiven", exact=True)
    expect(sit).to_be_visible(timeout=40_000)
    sit.focus()
    anna.keyboard.press("Enter")
    start = anna.get_by_role("button", name="Begin het spel", exact=True)
    # The sit button went: the focus goes to the first control left.
    expect(start).to_be_focused()
    bob = new_page()
    enter_pub(bob, "Bob")
    bob.goto(f"/t/{made['id']}")
    bob.get_by_role("button", name="Aanschuiven", exact=True).focus()
    bob.keyboard.press("Enter")
    expect(anna.get_by_role("group", name=re.compile(r"^Bob, "))).to_be_visible()
    expect(start).to_be_focused()
    anna.keyboard.press("Enter")
    expect(hand(anna).get_by_role("button")).to_have_count(4)
