"""A whole Toepen game through the browser against the house (issue 6, item 7)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import (
    Frames,
    click_action,
    click_if_still_there,
    enter,
    legal_actions,
    lit_cards,
    log_text,
    my_turn,
    play_now,
)

ACTION = ".actions-bar button[data-action='{}']"
"""A decision's button by its protocol action (as `click_action` finds it)."""


def test_a_whole_toepen_game_against_the_house_with_a_knock_and_a_fold(new_page: NewPage) -> None:
    """Speel nu → play every decision by clicking until the game is over; knock once
    (Toep!) and fold once (Pas) in a later deal. The lit cards are exactly the `play`
    actions the server sent, and the result offers "Nog een potje" and the replay."""
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    play_now(page, "toepen")
    knocked_in_deal = None
    folded = False
    decisions = 0
    while (frame := my_turn(page, frames)) is not None:
        legal = frame["legal"]
        deal_no = frame["view"]["deal_no"]
        verbs = {a[0] for a in legal}
        plays = sorted(a[1] for a in legal if a[0] == "play")
        decisions += 1
        fold_now = knocked_in_deal is not None and deal_no > knocked_in_deal and not folded
        # A house player may knock out of turn between the look and the click: then the
        # button or card is gone and the loop looks again.
        if knocked_in_deal is None and "knock" in verbs and plays:  # on her own turn
            if not click_if_still_there(page, ACTION.format('["knock"]')):
                continue
            knocked_in_deal = deal_no
            expect(page.locator(".chat-log")).to_contain_text("Anna toept!")
        elif fold_now and "fold" in verbs:
            if not click_if_still_there(page, ACTION.format('["fold"]')):
                continue
            folded = True
            expect(page.locator(".chat-log")).to_contain_text("Anna past.")
        elif plays:
            assert sorted(lit_cards(page)) == plays, "the lit cards are the legal plays"
            click_if_still_there(page, f'.hand .card.legal[data-card="{plays[0]}"]')
        else:
            shown = legal_actions(page)
            assert shown, f"a decision is due but no button is shown (legal: {legal})"
            preferred = [a for a in shown if a[0] in ("stay", "look", "keep", "exchange")]
            click_action(page, (preferred or shown)[0])
        assert decisions < 400, "the game should be over long before 400 decisions"
    assert knocked_in_deal is not None, "Anna never had a chance to knock"
    assert folded, "Anna never had a chance to fold after her knock"
    result = page.locator(".result")
    expect(result).to_contain_text("Het spel is uit")
    expect(result).to_contain_text("Verloren:")
    expect(result.get_by_role("button", name="Nog een potje")).to_be_visible()
    expect(result.get_by_role("button", name="Bekijk de herhaling")).to_be_visible()
    points = frames.latest("view")["view"]["standings"]["points"]
    assert max(points) >= 10, f"the game ends when someone reaches 10 points: {points}"
    assert "Het spel is uit." in log_text(page)

    # The replay of the whole game from its record: deal by deal, card by card, hands open.
    result.get_by_role("button", name="Bekijk de herhaling").click()
    expect(page.locator(".replay h1")).to_contain_text("Herhaling: Toepen")
    expect(page.locator("#deal-no")).to_contain_text("Ronde 1 van")
    rows = page.locator(".replay .hand-row")
    expect(rows).to_have_count(4)
    cards_before = page.locator(".replay .hand-row .card").count()
    assert cards_before == 16, "all four hands of four cards are open"
    page.click("#next-step")
    page.click("#next-step")
    # A seat that folded is labelled "Truus (gepast)": its name is the part before that.
    labels = page.locator(".replay .hand-row .label").all_inner_texts()
    names = [n.split(" (")[0].strip() for n in labels]
    assert "Anna" in names
    step = page.locator("#step-text").inner_text()
    assert any(step.startswith(name) for name in names), f"a step says who did what: {step}"
    for _ in range(8):
        if page.locator(".replay .hand-row .card").count() < cards_before:
            break
        page.click("#next-step")
    assert page.locator(".replay .hand-row .card").count() < cards_before, "a card left a hand"
    assert page.locator(".replay .middle .card").count() > 0, "and lies in the middle"
    page.click("#next-deal")
    expect(page.locator("#deal-no")).to_contain_text("Ronde 2 van")


def answer_without_folding(page: Page) -> bool:
    """One decision when the game waits for this page's seat: a card, else Mee, Kijken,
    Houden or Ruilen (never a knock or a fold). False when nothing was due."""
    if page.locator(".seat.me.turn").count() == 0:
        return False
    lit = page.locator(".hand .card.legal")
    if lit.count():
        lit.first.click()
        return True
    answers = [a for a in legal_actions(page) if a[0] in ("stay", "look", "keep", "exchange")]
    if not answers:
        return False
    click_action(page, answers[0])
    return True


def test_a_folded_players_cards_lie_face_down_on_the_trick(new_page: NewPage) -> None:
    """Seed 000: "Passen geschiedt middels het gesloten opleggen van de resterende kaarten
    in de hand op de door de speler laatst-opgelegde kaart." Anna folds while Bram still
    has to play: both see one face-down card at Anna's place on the trick and no card of
    hers face up, until the deal ends."""
    anna = new_page()
    frames = Frames(anna)
    enter(anna, "Anna")
    anna.get_by_role("button", name="Nieuwe tafel voor Toepen").click()
    anna.get_by_role("button", name="Tafel maken").click()
    anna.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    bram = new_page()
    bram.goto(anna.locator(".invite input").input_value())
    bram.fill("#name-input", "Bram")
    bram.get_by_role("button", name="Kom binnen").click()
    bram.get_by_role("button", name="Aanschuiven").click()
    expect(anna.locator(".seat", has_text="Bram")).to_contain_text("aanwezig")
    anna.get_by_role("button", name="Begin het spel").click()
    expect(anna.locator(".hand .card").first).to_be_visible()

    seat = None
    for _ in range(300):
        if anna.locator(".seat.me.turn").count():
            frame = frames.latest("legal")
            view = frame["view"]
            bram_seat = next(i for i, s in enumerate(frame["seats"]) if s["name"] == "Bram")
            can_fold = ["fold"] in frame["legal"] and view["tricks_done"] <= 2
            if can_fold and bram_seat in view["active"] and len(view["active"]) >= 3:
                shown = int(anna.eval_on_selector(".table-view", "e => e.dataset.version"))
                if shown == frame["version"]:
                    click_action(anna, ["fold"])
                    seat = view["you"]
                    break
        if not (answer_without_folding(anna) or answer_without_folding(bram)):
            anna.wait_for_timeout(50)
    assert seat is not None, "Anna had a chance to fold while Bram still had to play"
    # The deal waits for Bram (he plays again in this deal) while Anna's cards lie closed.
    expect(bram.locator(".seat.me.turn")).to_have_count(1)
    for page in (anna, bram):
        down = page.locator(f'.played.face-down[data-seat="{seat}"] .card')
        expect(down).to_have_count(1)
        expect(down).to_have_attribute("aria-label", "Anna heeft gepast: kaarten gedekt")
        expect(page.locator(f'.played:not(.face-down)[data-seat="{seat}"]')).to_have_count(0)
        expect(page.locator(f'.played[data-seat="{seat}"] [data-card]')).to_have_count(0)
