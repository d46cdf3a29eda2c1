"""A Eurokaarten round with a joker meld and a discard through the browser (issue 6, items 2, 7).

The test does not know the deal (the server shuffles; in the tests with a seed, so a
run repeats), so it draws and discards until the rules allow a meld with a joker; with
eight cards a hand that happens within a few turns (median 5 of our turns, measured
over 200 simulated partijen with the house's default play; 94 % within 40). A partij
without one is left for a new table, at most three.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import Frames, api, enter, my_turn

MAX_TURNS = 25


def base(card: str) -> str:
    """The hand card of a meld card: "X1=4h" is the joker X1."""
    return card.split("=")[0]


def joker_melds(legal: list[list[Any]]) -> list[list[Any]]:
    return [a for a in legal if a[0] == "meld" and any(c.startswith("X") for c in a[1])]


def discard_choice(legal: list[list[Any]], hand: list[str]) -> str:
    """Discard the card least likely to join a meld: alone in its rank, highest first."""
    allowed: list[str] = [a[1] for a in legal if a[0] == "discard"]
    ranks = [c[0] for c in hand if not c.startswith("X")]
    order = "A23456789TJQK"
    return max(allowed, key=lambda c: (ranks.count(c[0]) == 1, order.index(c[0])))


def new_table(page: Page) -> None:
    body = {"game": "eurokaarten", "variant": "standaard", "options": {"hand_size": 8}}
    table = api(page, "POST", "/tables", body)
    page.goto(f"/t/{table['id']}")
    page.get_by_role("button", name="Aanschuiven").click()
    page.get_by_role("button", name="Begin het spel").click()


def play_until_joker_meld(page: Page, frames: Frames) -> list[Any] | None:
    """Draw and discard until a joker meld is legal, then lay it by selecting its cards;
    returns the meld action sent, or None when MAX_TURNS passed without one."""
    turns = 0
    while turns < MAX_TURNS:
        frame = my_turn(page, frames, timeout=30_000)
        if frame is None:
            return None
        legal, hand = frame["legal"], frame["view"]["hand"]
        verbs = {a[0] for a in legal}
        melds = joker_melds(legal)
        if melds:
            cards = {base(c) for c in melds[0][1]}
            for card in cards:
                page.click(f'.hand .card[data-card="{card}"]')
            same_cards = [a for a in legal if a[0] == "meld" and {base(c) for c in a[1]} == cards]
            chosen: list[Any] = same_cards[0]
            if len(same_cards) > 1:
                # The client proposes the first identity the rules allow; the player changes it.
                choice = page.locator("#joker-choice")
                expect(choice).to_have_value("0")
                choice.select_option("1")
                chosen = same_cards[1]
            page.click("#do-meld")
            return chosen
        if "draw" in verbs:
            page.get_by_role("button", name="Pak van de stapel").first.click()
            turns += 1
        elif "discard" in verbs:
            card = discard_choice(legal, hand)
            page.click(f'.hand .card[data-card="{card}"]')
            page.click("#do-discard")
        else:
            page.wait_for_timeout(100)
    return None


def test_a_eurokaarten_round_with_a_joker_meld_and_a_discard(new_page: NewPage) -> None:
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    meld = None
    for _ in range(3):
        new_table(page)
        meld = play_until_joker_meld(page, frames)
        if meld:
            break
    assert meld, "no joker meld came up in three partijen"
    joker = next(c for c in meld[1] if c.startswith("X"))
    expect(page.locator(f'.melds .card[data-card="{joker}"]')).to_be_visible()
    expect(page.locator(".chat-log")).to_contain_text("Anna legt")

    # Then the turn ends with a discard (unless the meld emptied the hand).
    frame = my_turn(page, frames)
    assert frame is not None, "the partij goes on"
    if any(a[0] == "discard" for a in frame["legal"]):
        card = discard_choice(frame["legal"], frame["view"]["hand"])
        page.click(f'.hand .card[data-card="{card}"]')
        expect(page.locator("#do-discard")).to_have_text(re.compile("Afleggen"))
        page.click("#do-discard")
        you = frame["view"]["you"]
        for _ in range(300):  # a loaded CI machine once took over 10 s here
            done = [e["action"] for e in frames.events() if e["kind"] == "action"]
            if ["discard", card] in done:
                break
            page.wait_for_timeout(100)
        errors = [f for f in frames.received if f.get("type") == "error"]
        actions = [e for e in frames.events() if e["kind"] == "action"]
        assert any(e["action"] == ["discard", card] and e["seat"] == you for e in actions), (
            f"the server applied Anna's discard of {card}: {errors[-3:]} {actions[-6:]}"
        )
        expect(page.locator(".chat-log")).to_contain_text("af.")
