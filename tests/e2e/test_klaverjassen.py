"""A Klaverjassen deal with bidding, from the lobby's create form (issue 6, items 1, 2, 7)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import Frames, click_action, enter, hand_cards, lit_cards, my_turn

SUIT_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def test_a_klaverjassen_deal_with_bidding_from_the_create_form(new_page: NewPage) -> None:
    """Create a table with the form (every option listed with its Dutch explanation),
    start it, say "Ik speel …" when asked, play the deal out with the lit cards and find
    the deal on the score sheet."""
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    page.get_by_role("button", name="Nieuwe tafel voor Klaverjassen").click()
    form = page.locator(".create-form")
    expect(form.locator(".option")).to_have_count(12)
    expect(form).to_contain_text("Troefplicht")
    expect(form).to_contain_text("Rotterdams: altijd (over)troeven")
    page.get_by_role("button", name="Tafel maken").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    page.get_by_role("button", name="Begin het spel").click()

    bid_in_deal = None
    while True:
        frame = my_turn(page, frames)
        assert frame is not None, "one deal does not end a game of 16"
        view, legal = frame["view"], frame["legal"]
        if bid_in_deal is not None and view["deal_no"] > bid_in_deal:
            break
        bids = [a for a in legal if a[0] == "bid"]
        plays = sorted(a[1] for a in legal if a[0] == "play")
        if bids:
            held = hand_cards(page)
            suit = max("cdhs", key=lambda s: sum(card.endswith(s) for card in held))
            click_action(page, ["bid", suit])
            bid_in_deal = view["deal_no"]
            expect(page.locator(".badges .stake")).to_have_text(f"Anna speelt {SUIT_SYMBOL[suit]}")
        else:
            assert plays, f"a decision is due but nothing to play: {legal}"
            assert sorted(lit_cards(page)) == plays, "the lit cards are the legal plays"
            page.click(f'.hand .card.legal[data-card="{plays[0]}"]')
    deals = frames.latest("view")["view"]["deals"]
    assert len(deals) >= 1
    sheet = page.locator(".score-table")
    expect(sheet.locator("tbody tr")).to_have_count(len(deals) + 2)  # header row + total row
    view = frames.latest("view")["view"]
    us = view["you"] % 2  # the sheet shows your team ("Wij") first
    totals = view["standings"]["totals"]
    expect(sheet.locator("tbody tr").last).to_have_text(f"Totaal{totals[us]}{totals[1 - us]}")
    expect(page.locator(".chat-log")).to_contain_text("Anna: ik speel")


def test_gedraaid_shows_the_suit_on_offer_and_bids_only_that_suit(new_page: NewPage) -> None:
    """RULES.md §6.10 ``trump_mode: gedraaid`` ("Tijdens het eerste spel is de troefkleur
    altijd klaveren", denksportcentrum): the table shows the proposed suit, and the only
    bid offered is that suit."""
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    page.get_by_role("button", name="Nieuwe tafel voor Klaverjassen").click()
    page.get_by_label("Troef maken").select_option("gedraaid")
    page.get_by_role("button", name="Tafel maken").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    page.get_by_role("button", name="Begin het spel").click()
    while True:  # play on until Anna must bid (a house player may have bid before her)
        frame = my_turn(page, frames)
        assert frame is not None, "a game of 16 deals gives Anna a bid"
        view, legal = frame["view"], frame["legal"]
        if view["phase"] == "bidding":
            break
        plays = sorted(a[1] for a in legal if a[0] == "play")
        page.click(f'.hand .card.legal[data-card="{plays[0]}"]')
    proposed = view["proposed"]
    assert [a for a in legal if a[0] == "bid"] == [["bid", proposed]]
    expect(page.get_by_test_id("proposed")).to_have_text(f"Voorgesteld: {SUIT_SYMBOL[proposed]}")
    if view["turned"]:  # clubs was passed round: the turned draaikaarten are shown
        expect(page.get_by_test_id("turned")).to_contain_text("Gedraaid:")
