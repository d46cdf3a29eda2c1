"""Played as a blind player would (issue "Play without seeing the cards, or without a
mouse", point 6): a whole Klaverjassen deal, a Toepen deal with a knock and an
Eurokaarten round with a meld, with the keyboard only.

Everything the tests press or read is found through the accessibility tree: buttons and
groups by role and accessible name (``get_by_role``), the two live regions by their
label (``get_by_label``) and their text. No CSS selector, no mouse, no screenshot. A
card is reached the way a screen reader user reaches it: Shift+H reads the hand, the
hand is one tab stop, Home and the arrow keys move to the card, its name says whether
it may be played, Enter plays it. The test chooses *what* to play as a player would
(the first playable card, the longest suit to bid, a meld the rules allow: the
Eurokaarten test takes the meld from the server's `legal` list, a player's own eye for
a run); *how* it is played is the keyboard's.

The table is created through the REST API as the form would (the lobby's keyboard is
tested with the pages); the seat is taken with the keyboard.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import Frames, api

RANK = {
    "2": "twee", "3": "drie", "4": "vier", "5": "vijf", "6": "zes", "7": "zeven", "8": "acht",
    "9": "negen", "T": "tien", "J": "boer", "Q": "vrouw", "K": "heer", "A": "aas",
}  # fmt: skip
SUIT = {"c": "klaveren", "d": "ruiten", "h": "harten", "s": "schoppen"}


def spoken(code: str) -> str:
    """The Dutch name a screen reader says for a card (cards.js cardName; checked by hand
    against nl.js: "card.name" is "{suit} {rank}")."""
    base, _, stands = code.partition("=")
    if base in ("X1", "X2"):
        return f"joker als {spoken(stands)}" if stands else "Joker"
    return f"{SUIT[base[-1]]} {RANK[base[:-1]]}"


def polite(page: Page) -> Locator:
    return page.get_by_label("Aankondigingen", exact=True)


def assertive(page: Page) -> Locator:
    return page.get_by_label("Dringende aankondigingen", exact=True)


def hand(page: Page) -> Locator:
    return page.get_by_role("group", name="Jouw hand")


def decisions(page: Page) -> Locator:
    return page.get_by_role("toolbar", name="Beslissingen")


def press_button(page: Page, name: str) -> None:
    """Tab to a button by its name (focus as Tab would land there) and press Enter."""
    button = page.get_by_role("button", name=name, exact=True)
    # The first table of a fresh server also starts the house's worker processes.
    expect(button).to_be_visible(timeout=40_000)
    button.focus()
    expect(button).to_be_focused()
    page.keyboard.press("Enter")


def sit_down(page: Page, table: dict[str, Any]) -> None:
    made = api(page, "POST", "/tables", table)
    page.goto(f"/t/{made['id']}")
    press_button(page, "Aanschuiven")
    press_button(page, "Begin het spel")
    expect(hand(page).get_by_role("button").first).to_be_visible(timeout=40_000)


def enter_pub(page: Page, name: str) -> None:
    page.goto("/")
    field = page.get_by_role("textbox", name="Hoe heet je?")
    field.focus()
    page.keyboard.press("Control+A")  # the field proposes a name; type over it
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    expect(page.get_by_text(f"Je speelt als {name}.")).to_be_visible()


def read(page: Page, key: str, start: str) -> str:
    """Press a reading command and return the sentence it adds to the polite region (the
    last one there that begins with `start`: the house may speak meanwhile)."""
    region = polite(page)
    before = region.inner_text()
    page.keyboard.press(key)
    expect(region).not_to_have_text(before)
    answer = region.get_by_role("paragraph").filter(has_text=re.compile(rf"^{re.escape(start)}"))
    return answer.last.inner_text()


def heard(page: Page) -> str:
    """Everything the two live regions still hold."""
    return polite(page).inner_text() + "\n" + assertive(page).inner_text()


def said(page: Page, text: str) -> None:
    """Wait until one of the live regions says `text`."""
    expect(polite(page).or_(assertive(page)).filter(has_text=text).first).to_be_visible()


def focus_hand(page: Page) -> None:
    """The hand is one tab stop: focus its first card as Tab would, then Home."""
    hand(page).get_by_role("button").first.focus()
    page.keyboard.press("Home")


def card_names(page: Page) -> list[str]:
    """The hand's cards as a screen reader lists them, in order."""
    # In one go: the table redraws its hand with every event.
    names = (
        hand(page)
        .get_by_role("button")
        .evaluate_all("els => els.map((e) => e.getAttribute('aria-label') || '')")
    )
    return [str(n) for n in names]


def go_to_card(page: Page, name: str) -> Locator:
    """Home, then the arrow keys to the card called `name`; returns it, focused."""
    names = [n.split(",")[0] for n in card_names(page)]
    index = names.index(name)
    focus_hand(page)
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    card = hand(page).get_by_role("button", name=re.compile(rf"^{name},")).first
    expect(card).to_be_focused()
    return card


def playable(page: Page) -> list[str]:
    return [n.split(",")[0] for n in card_names(page) if n.endswith(", speelbaar")]


def wait_turn(page: Page, verbs: re.Pattern[str], timeout: float = 30_000) -> None:
    """Until a card may be played or a decision whose name matches `verbs` is offered."""
    card = hand(page).get_by_role("button", name=re.compile(r", speelbaar$"))
    decision = decisions(page).get_by_role("button", name=verbs)
    expect(card.or_(decision).first).to_be_visible(timeout=timeout)


def play_card(page: Page) -> str | None:
    """Play the first playable card with the keyboard; its spoken name, or None when the
    hand had none a moment later (a house player's knock in Toepen)."""
    cards = playable(page)
    if not cards:
        return None
    card = go_to_card(page, cards[0])
    if not (card.get_attribute("aria-label") or "").endswith("speelbaar"):
        return None
    page.keyboard.press("Enter")
    return cards[0]


def test_a_whole_klaverjassen_deal_with_the_keyboard_only(new_page: NewPage) -> None:
    """Play whole deals until one in which Anna bid is over: bid with `b` (it goes
    through "Ik speel …", Enter picks), play every card with the arrow keys and Enter;
    the live regions say the bids, the cards, the turns; Shift+B the contract, Shift+S
    the score."""
    page = new_page()
    enter_pub(page, "Anna")
    sit_down(page, {"game": "klaverjassen", "variant": "nku"})
    deal, turns, bid_in = 1, 0, None
    for _ in range(4 * 10):
        wait_turn(page, re.compile(r"^(Ik speel|Ik pas)"))
        if re.search(rf"Spel {deal}: wij \d+, zij \d+\.", heard(page)):
            assert turns == 8, f"Anna played {turns} cards in deal {deal}"
            if bid_in == deal:
                break
            deal, turns = deal + 1, 0
            assert deal <= 4, "Anna was asked to bid in none of three deals"
        bids = decisions(page).get_by_role("button", name=re.compile(r"^Ik speel"))
        if bids.count():
            sentence = read(page, "Shift+H", "Je hand")
            assert sentence.startswith("Je hand, 8 kaarten: "), sentence
            suit = max(SUIT.values(), key=sentence.count)
            labels = bids.all_inner_texts()
            index = next(i for i, text in enumerate(labels) if suit in text)
            focus_hand(page)
            for _ in range(index + 1):
                page.keyboard.press("b")
            expect(bids.nth(index)).to_be_focused()
            page.keyboard.press("Enter")
            bid_in = deal
            said(page, f"Anna: ik speel {suit}.")
            contract = read(page, "Shift+B", "Biedingen")
            assert contract.endswith(f"Anna speelt {suit}."), contract
            continue
        played = play_card(page)
        assert played is not None, "Klaverjassen waits for no one out of turn"
        turns += 1
        if turns < 8:  # the deal's last card: the next deal may deal the same card again
            gone = hand(page).get_by_role("button", name=re.compile(rf"^{played},"))
            expect(gone).to_have_count(0)
        said(page, f"Anna speelt {played}.")
        assert turns <= 8, "a deal has eight tricks"
    else:
        raise AssertionError("the deal Anna bid in never ended")
    # Your turn is said at once (assertive), with what led to it.
    expect(assertive(page)).to_contain_text("Jij bent aan de beurt: kies een kaart.")
    sentence = read(page, "Shift+S", "Stand")
    score = r"Stand: Wij \d+ – Zij \d+\. Roem deze ronde: Wij \d+, Zij \d+\."
    assert re.match(score, sentence), sentence


def test_a_toepen_deal_with_a_knock_with_the_keyboard_only(new_page: NewPage) -> None:
    """Knock with `k`, answer a knock with `m`, play the cards with the arrows and Enter,
    and hear the deal's end; Shift+B says the stake the knock raised."""
    page = new_page()
    enter_pub(page, "Anna")
    sit_down(page, {"game": "toepen", "variant": "kroegregels", "options": {"max_points": 15}})
    ends_at_knock: int | None = None
    for _ in range(120):
        wait_turn(page, re.compile(r"^(Toep!|Mee|Pas|Kijken|Houden)$"))
        ends = heard(page).count("wint de ronde")
        if ends_at_knock is not None and ends > ends_at_knock:
            break
        offered = decisions(page).get_by_role("button", name=re.compile(r"^(Mee|Houden|Kijken)$"))
        knock = decisions(page).get_by_role("button", name="Toep!", exact=True)
        cards = playable(page)
        if ends_at_knock is None and knock.count() and cards:
            focus_hand(page)
            page.keyboard.press("k")
            said(page, "Anna toept!")
            ends_at_knock = ends
            stake = read(page, "Shift+B", "Inzet")
            assert re.match(r"Inzet: [2-9]\. Laatst getoept door Anna\.", stake), stake
            continue
        if offered.count() and not cards:
            letter = {"Mee": "m", "Houden": "h", "Kijken": "l"}[offered.first.inner_text()]
            focus_hand(page)
            page.keyboard.press(letter)
            page.wait_for_timeout(100)
            continue
        played = play_card(page)
        if played is None:
            continue
        # A house player may knock between the look and the Enter: then the card was
        # refused (said at once) and "Mee" waits; else the card leaves the hand.
        gone = hand(page).get_by_role("button", name=re.compile(rf"^{played},"))
        answer = decisions(page).get_by_role("button", name="Mee", exact=True)
        # The deal's last card: the next deal may deal the same card again.
        for _ in range(100):
            if not gone.count() or answer.count() or heard(page).count("wint de ronde") > ends:
                break
            page.wait_for_timeout(100)
        else:
            raise AssertionError(f"{played} stayed in the hand, and no knock to answer")
    else:
        raise AssertionError("the deal with the knock never ended")
    assert re.search(r"\w+ wint de ronde \(inzet [2-9]\)\.", heard(page)), heard(page)[-400:]
    scores = read(page, "Shift+S", "Strafpunten")
    assert re.match(r"Strafpunten: (\w+ \d+ van 15, ){3}\w+ \d+ van 15\.", scores), scores
    assert "jij " in scores, scores


def test_an_eurokaarten_round_with_a_meld_with_the_keyboard_only(new_page: NewPage) -> None:
    """Draw with `p` (the two piles in turn, Enter picks), select a meld's cards with the
    arrows and Space, lay it with `l`, select a card and discard it with `d`, until the
    round ends; Shift+M reads the meld on the table."""
    page = new_page()
    frames = Frames(page)
    enter_pub(page, "Anna")
    sit_down(page, {"game": "eurokaarten", "variant": "standaard", "options": {"hand_size": 8}})
    melded: list[str] | None = None
    ends_at_meld: int | None = None
    round_end = re.compile(r"(is alles kwijt!|ging open\.|De stapel is op\.)")
    for _ in range(150):
        wait_turn(page, re.compile(r"^Pak "))
        ends = len(round_end.findall(heard(page)))
        if ends_at_meld is not None and ends > ends_at_meld:
            break
        draw = decisions(page).get_by_role("button", name=re.compile(r"^Pak "))
        if draw.count():
            focus_hand(page)
            page.keyboard.press("p")
            if draw.count() > 1:
                expect(draw.first).to_be_focused()
                page.keyboard.press("Enter")
            expect(draw).to_have_count(0)
            continue
        legal = latest_legal(page, frames)
        melds = [a for a in legal if a[0] == "meld"]
        if melds and melded is None:
            cards = sorted({c.split("=")[0] for c in melds[0][1]})
            for code in cards:
                card = go_to_card_unselected(page, spoken(code))
                page.keyboard.press("Space")
                expect(card).to_have_attribute("aria-pressed", "true")
            page.keyboard.press("l")
            melded = [spoken(c) for c in melds[0][1]]
            ends_at_meld = ends
            said(page, f"Anna legt {', '.join(melded)}.")
            for code in cards:
                if not code.startswith("X"):
                    gone = hand(page).get_by_role("button", name=re.compile(rf"^{spoken(code)},"))
                    expect(gone).to_have_count(0)
            on_table = read(page, "Shift+M", "Combinatie")
            assert ", ".join(melded) in on_table, on_table
            continue
        discards = [a[1] for a in legal if a[0] == "discard"]
        if not discards:
            page.wait_for_timeout(100)
            continue
        name = spoken(discards[-1])
        go_to_card_unselected(page, name)
        page.keyboard.press("Space")
        page.keyboard.press("d")
        said(page, f"Anna legt {name} af.")
    else:
        raise AssertionError("the round never ended")
    assert melded is not None, "no meld was legal in this round"


def go_to_card_unselected(page: Page, name: str) -> Locator:
    """Like go_to_card, for a hand that may hold two cards of one name (the jokers):
    the first one not yet selected."""
    labels = card_names(page)
    buttons = hand(page).get_by_role("button").all()
    index = next(
        i
        for i, (label, button) in enumerate(zip(labels, buttons, strict=True))
        if label.split(",")[0] == name and button.get_attribute("aria-pressed") != "true"
    )
    focus_hand(page)
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    expect(buttons[index]).to_be_focused()
    return buttons[index]


def latest_legal(page: Page, frames: Frames) -> list[list[Any]]:
    """The legal actions of the frame the page shows (the strategy's input, not the
    keyboard's): waits until the frames have caught up with the page's decisions."""
    for _ in range(100):
        try:
            frame = frames.latest("legal")
        except AssertionError:
            page.wait_for_timeout(50)
            continue
        legal: list[list[Any]] = frame["legal"]
        if legal and all(a[0] != "draw" for a in legal):
            return legal
        page.wait_for_timeout(50)
    raise AssertionError("no frame with the decisions after the draw")
