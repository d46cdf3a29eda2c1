"""Two people and a spectator at one table in three browser contexts (issue 6, items 5, 7).

The spectator's DOM and every websocket frame it receives must never hold a card
hidden from it (RULES.md §0 "Hidden information"; seed 003 "Meekijken … je ziet de
kaarten van anderen niet")."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import Frames, click_if_still_there, enter, hand_cards, legal_actions
from tests.support import cards_mentioned

DOM_STRINGS = """() => {
  const out = [document.body.innerText];
  for (const el of document.querySelectorAll('*'))
    for (const attr of el.attributes) out.push(attr.value);
  return out;
}"""


def take_a_decision(page: Page) -> bool:
    """Make one decision when the game waits for this page's seat (never a knock)."""
    if page.locator(".seat.me.turn").count() == 0:
        return False
    if page.locator(".hand .card.legal").count():
        return click_if_still_there(page, ".hand .card.legal")
    actions = [a for a in legal_actions(page) if a[0] != "knock"]
    if not actions:
        return False
    page.locator(".actions-bar button[data-action]").filter(has_not_text="Toep!").first.click()
    return True


def test_a_spectator_sees_the_table_but_no_hidden_card(new_page: NewPage) -> None:
    anna = new_page()
    enter(anna, "Anna")
    anna.get_by_role("button", name="Nieuwe tafel voor Toepen").click()
    anna.get_by_role("button", name="Tafel maken").click()
    anna.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    invite = anna.locator(".invite input").input_value()
    table_id = anna.url.rsplit("/", 1)[1]
    assert invite.endswith(f"/t/{table_id}")

    # Bram follows the invite link, picks a name there, and sits down.
    bram = new_page()
    bram.goto(invite)
    bram.fill("#name-input", "Bram")
    bram.get_by_role("button", name="Kom binnen").click()
    bram.get_by_role("button", name="Aanschuiven").click()
    expect(anna.locator(".seat", has_text="Bram")).to_contain_text("aanwezig")
    anna.get_by_role("button", name="Begin het spel").click()

    # Cor finds the table in the lobby's live list and only watches; every frame Cor's
    # browser receives is kept.
    cor = new_page()
    frames = Frames(cor)
    enter(cor, "Cor")
    row = cor.locator(f'.table-list tr[data-table="{table_id}"]')
    expect(row).to_contain_text("Toepen")
    expect(row).to_contain_text("Anna")
    expect(row).to_contain_text("Bram")
    expect(row).to_contain_text("2/4")
    row.get_by_role("button", name="Kijken").click()
    expect(cor.locator(".hand")).to_contain_text("Je kijkt mee")
    expect(cor.locator(".seat", has_text="Anna")).to_be_visible()

    decisions = 0
    for _ in range(200):
        if decisions >= 6:
            break
        progressed = take_a_decision(anna) or take_a_decision(bram)
        decisions += progressed
        if not progressed:
            anna.wait_for_timeout(100)
    assert decisions >= 6, "Anna and Bram made their decisions"
    expect(cor.locator(".chat-log")).to_contain_text("speelt")

    hidden = set(hand_cards(anna)) | set(hand_cards(bram))
    assert hidden, "Anna and Bram still hold cards"
    view = frames.latest("view")["view"]
    if view.get("compromiskaart"):  # kroegregels: the klaveren aas is shown to all (seed 000)
        hidden.discard(view["compromiskaart"]["card"])
    # "Het" (seed 000): one open card to each player to choose the first dealer; those
    # cards were public before the shuffle, so naming them reveals no hand.
    hidden -= {draw["card"] for round_ in view.get("het") or [] for draw in round_}
    cor.wait_for_timeout(300)  # let the last frames arrive

    assert cor.locator(".hand .card").count() == 0, "a spectator has no hand"
    leaked_dom = cards_mentioned(cor.evaluate(DOM_STRINGS)) & hidden
    assert not leaked_dom, f"the spectator's page shows hidden cards {sorted(leaked_dom)}"
    assert frames.received, "the spectator received frames"
    for frame in frames.received:
        leaked = cards_mentioned(frame) & hidden
        assert not leaked, f"a frame to the spectator holds hidden cards {sorted(leaked)}: {frame}"
    # Chat presets reach everyone at the table, spectators included.
    anna.get_by_role("button", name="Mieke?").click()
    expect(cor.locator(".chat-log")).to_contain_text("Anna: Mieke?")
    # Meanwhile the players' own pages do show their cards (the check above can fail).
    assert cards_mentioned(anna.evaluate(DOM_STRINGS)) >= set(hand_cards(anna))
