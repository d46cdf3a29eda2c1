"""Klaverjassen's hand sorted with trump first (issue 18, point 5), checked on the
client's own module in Chromium against orders worked out by hand (RULES.md §6: trump
J 9 A 10 H V 8 7, the other suits A 10 H V B 9 8 7); and the player's own order, by a drag
or two taps."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import enter, hand_cards, sit_and_start, wait_card_turn


@pytest.mark.parametrize(
    ("hand", "trump", "expected"),
    [
        # Clubs trump, then hearts, spades, diamonds: red and black alternate.
        (
            ["7c", "Jh", "Ah", "9c", "Jc", "Ts", "Kd"],
            "c",
            ["Jc", "9c", "7c", "Ah", "Jh", "Ts", "Kd"],
        ),
        # Diamonds trump: then clubs, hearts, spades.
        (["As", "9d", "Qh", "8c", "Ad", "Jd"], "d", ["Jd", "9d", "Ad", "8c", "Qh", "As"]),
        # No trump yet (bidding): spades, hearts, diamonds, clubs, the plain order.
        (["9s", "Js", "Ts", "7h"], None, ["Ts", "Js", "9s", "7h"]),
    ],
)
def test_trump_first(
    new_page: NewPage, hand: list[str], trump: str | None, expected: list[str]
) -> None:
    page = new_page()
    page.goto("/")
    order = page.evaluate(
        "async ([hand, trump]) =>"
        " (await import('/web/games/klaverjassen.js')).sortHand(hand, trump)",
        [hand, trump],
    )
    assert order == expected


def test_the_hand_is_reordered_by_drag_and_by_two_taps_and_kept_through_the_deal(
    new_page: NewPage,
) -> None:
    """Issue 18, point 5: a drag, or "Schikken" and two taps (the card, then where it goes),
    move a card; tapping while arranging plays nothing, and the order stays through the
    frames of the deal after a card is played."""
    page = new_page()
    enter(page, "Anna")
    sit_and_start(page, {"game": "toepen", "variant": "kroegregels"})
    wait_card_turn(page)
    dealt = hand_cards(page)
    assert len(dealt) == 4
    cards = page.locator(".hand .card")
    cards.nth(3).drag_to(cards.nth(0))
    dragged = [dealt[3], dealt[0], dealt[1], dealt[2]]
    assert hand_cards(page) == dragged, "the dragged card lies where it was dropped"

    arrange = page.get_by_role("button", name="Schikken")
    arrange.click()
    expect(arrange).to_have_attribute("aria-pressed", "true")
    page.locator(f'.hand .card[data-card="{dragged[0]}"]').click()
    expect(page.locator(".hand .card.picked")).to_have_count(1)
    page.locator(f'.hand .card[data-card="{dragged[2]}"]').click()
    tapped = [dragged[1], dragged[2], dragged[0], dragged[3]]
    assert hand_cards(page) == tapped, "picked up, then put where the second tap was"
    assert len(hand_cards(page)) == 4, "arranging plays nothing"
    arrange.click()
    expect(arrange).to_have_attribute("aria-pressed", "false")

    played = page.locator(".hand .card.legal").first.get_attribute("data-card")
    page.locator(f'.hand .card[data-card="{played}"]').click()
    expect(page.locator(".hand .card")).to_have_count(3)
    assert hand_cards(page) == [c for c in tapped if c != played], "the order is kept"
