"""Losing the connection, reloading mid-game, and the clock (issue 6, items 5 and 7)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import WebSocketRoute, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import Frames, api, enter, hand_cards, play_now, wait_card_turn

TRICK_CARDS = "els => els.map(e => e.dataset.card)"


def test_a_lost_connection_shows_verbinding_kwijt_and_resumes_by_itself(new_page: NewPage) -> None:
    page = new_page()
    frames = Frames(page)
    routes: list[WebSocketRoute] = []
    blocked = {"on": False}

    def through(ws: WebSocketRoute) -> None:
        """Pass the page's websocket to the server, or refuse it while `blocked`."""
        if blocked["on"]:
            ws.close()
            return
        ws.connect_to_server()
        routes.append(ws)

    page.route_web_socket(re.compile(r"/ws$"), through)
    enter(page, "Anna")
    play_now(page, "toepen")
    wait_card_turn(page)
    hand = sorted(hand_cards(page))
    version = frames.latest("view")["version"]

    blocked["on"] = True
    routes[-1].close()
    banner = page.locator("#banner")
    expect(banner).to_be_visible()
    expect(banner).to_have_text(re.compile("Verbinding kwijt"))
    blocked["on"] = False
    expect(banner).to_be_hidden(timeout=20_000)
    # A screen reader hears that it is back (the banner only hides): docs/accessibility.md.
    expect(page.get_by_label("Aankondigingen", exact=True)).to_contain_text("Weer verbonden")
    resumed = [f for f in frames.received if f.get("type") == "welcome"]
    assert len(resumed) >= 2, "the client said hello again after reconnecting"
    assert sorted(hand_cards(page)) == hand
    assert frames.latest("view")["version"] >= version
    wait_card_turn(page)
    page.locator(".hand .card.legal").first.click()
    expect(page.locator(".hand .card")).to_have_count(len(hand) - 1)


def test_a_reload_in_mid_game_resumes_where_it_was(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    table = play_now(page, "toepen")
    wait_card_turn(page)
    page.locator(".hand .card.legal").first.click()
    wait_card_turn(page)
    hand = sorted(hand_cards(page))
    trick = page.eval_on_selector_all(".played .card", TRICK_CARDS)
    page.reload()
    expect(page.locator(".hand .card")).to_have_count(len(hand))
    assert page.url.endswith(f"/t/{table}")
    assert sorted(hand_cards(page)) == hand
    assert page.eval_on_selector_all(".played .card", TRICK_CARDS) == trick
    wait_card_turn(page)
    # This time with the keyboard: focus a lit card and press Enter.
    page.locator(".hand .card.legal").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".hand .card")).to_have_count(len(hand) - 1)


def test_a_timeout_makes_the_house_play(new_page: NewPage) -> None:
    """The clock ring counts down on your seat; when it runs out the house plays for you
    (seed 003: "Verloopt die één keer, dan speelt het huis die beurt voor je")."""
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    body = {"game": "toepen", "variant": "klassiek", "clock_seconds": 2}
    table = api(page, "POST", "/tables", body)
    page.goto(f"/t/{table['id']}")
    page.get_by_role("button", name="Aanschuiven").click()
    page.get_by_role("button", name="Begin het spel").click()
    page.wait_for_function("() => document.querySelector('.seat.me.turn')")
    expect(page.locator(".seat.me .ring")).to_be_visible()
    expect(page.locator(".chat-log")).to_contain_text(
        "De tijd van Anna is om: het huis speelt.", timeout=15_000
    )
    timeouts: list[dict[str, Any]] = [
        e for e in frames.events() if e["kind"] == "action" and e.get("by") == "timeout"
    ]
    assert timeouts, "the server announced a move the house made for Anna"
    assert timeouts[0]["seat"] == frames.latest("view")["view"]["you"]
    expect(page.locator(".seat.me .state")).to_contain_text("tijd om")
