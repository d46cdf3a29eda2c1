"""A card the rules do not allow now, clicked in each game: the table says why, in Dutch,
next to the hand (issue 16, part 4; docs/client.md "Refusals").

The expected text is the catalog's ``rule.<code>`` for the code the server sent in its
``error`` frame, with the frame's arguments filled in (suits and cards by name, seats by
the player's name), and never the generic "Dat mag nu niet.". Where it shows, it covers
neither the hand, the trick nor the decision buttons, at 640x360, 844x390 and 1280x720.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.catalogs import read_catalog, refusal_text
from tests.e2e.conftest import DESKTOP, PHONE, NewPage
from tests.e2e.helpers import (
    Frames,
    click_action,
    enter,
    hand_cards,
    lit_cards,
    my_turn,
    play_now,
)

WIDE_PHONE: ViewportSize = {"width": 844, "height": 390}
SIZES = {"640x360": PHONE, "844x390": WIDE_PHONE, "1280x720": DESKTOP}
NL, _ = read_catalog("nl")
EN, _ = read_catalog("en")
GENERIC = NL["error.illegal_action"]


def dim_card_in_a_trick(page: Page, frames: Frames) -> str:
    """Play (Toepen, Klaverjassen) until it is your turn in a trick and some card of your
    hand may not be played now (you must follow suit, or trump); returns that card."""
    for _ in range(120):
        frame = my_turn(page, frames)
        assert frame is not None, "the game ended before a card was refused"
        legal = frame["legal"]
        plays = [a[1] for a in legal if a[0] == "play"]
        dim = sorted(set(hand_cards(page)) - set(lit_cards(page)))
        if plays and dim:
            return dim[0]
        if plays:
            page.click(f'.hand .card.legal[data-card="{plays[0]}"]')
            continue
        answers = [a for a in legal if a[0] in ("bid", "stay", "look", "keep", "exchange")]
        click_action(page, (answers or legal)[0])
    raise AssertionError("no refusable card in 120 decisions")


def card_before_drawing(page: Page, frames: Frames) -> str:
    """Eurokaarten: your turn starts with drawing, so every card of the hand is dimmed;
    returns one (clicking it asks to discard it before drawing)."""
    frame = my_turn(page, frames)
    assert frame is not None
    assert any(a[0] == "draw" for a in frame["legal"]), frame["legal"]
    assert lit_cards(page) == []
    return hand_cards(page)[0]


REACH = {
    "toepen": dim_card_in_a_trick,
    "klaverjassen": dim_card_in_a_trick,
    "eurokaarten": card_before_drawing,
}


def click_and_read_the_refusal(page: Page, frames: Frames, card: str) -> dict[str, Any]:
    """Click a dimmed card; the server's refusal, once the page shows it."""
    version = page.eval_on_selector(".table-view", "e => e.dataset.version")
    before = len(frames.received)
    page.click(f'.hand .card[data-card="{card}"]')
    expect(page.locator("#refusal")).to_be_visible()
    errors = [f for f in frames.received[before:] if f.get("type") == "error"]
    assert len(errors) == 1, errors
    error = errors[0]
    assert error["code"] in ("illegal_action", "invalid_action") and "rule" in error
    # A refusal changes nothing: the same version, the card still in the hand.
    assert page.eval_on_selector(".table-view", "e => e.dataset.version") == version
    assert card in hand_cards(page)
    return error


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector,
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {x: r.x, y: r.y, w: r.width, h: r.height}; })",
    )
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and a["y"] < b["y"] + b["h"]
        and b["y"] < a["y"] + a["h"]
    )


def assert_covers_nothing(page: Page, viewport: ViewportSize) -> None:
    [note] = boxes(page, "#refusal")
    assert note["x"] >= 0 and note["y"] >= 0, note
    assert note["x"] + note["w"] <= viewport["width"], note
    assert note["y"] + note["h"] <= viewport["height"], note
    for what, selector in (
        ("a card of the hand", ".hand .card"),
        ("the trick", ".played"),
        ("a decision button", ".actions-bar button"),
    ):
        covered = [box for box in boxes(page, selector) if overlap(note, box)]
        assert not covered, f"the refusal {note} covers {what}: {covered}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", REACH)
def test_a_refused_card_says_why_in_dutch_next_to_the_hand(
    new_page: NewPage, game: str, size: str
) -> None:
    page = new_page(SIZES[size])
    frames = Frames(page)
    enter(page, "Anna")
    play_now(page, game)
    card = REACH[game](page, frames)
    error = click_and_read_the_refusal(page, frames, card)
    names = [seat["name"] for seat in frames.latest("seats")["seats"]]
    expected = refusal_text(NL, error["rule"], error["args"], names)
    shown = page.inner_text("#refusal")
    assert shown == expected and shown != GENERIC, (error, shown)
    assert_covers_nothing(page, SIZES[size])


def test_a_refusal_is_in_english_when_the_player_chose_english(new_page: NewPage) -> None:
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    play_now(page, "toepen")
    page.locator("header select, .topbar select").first.select_option("en")
    card = dim_card_in_a_trick(page, frames)
    error = click_and_read_the_refusal(page, frames, card)
    names = [seat["name"] for seat in frames.latest("seats")["seats"]]
    shown = page.inner_text("#refusal")
    assert shown == refusal_text(EN, error["rule"], error["args"], names), (error, shown)
    assert shown != EN["error.illegal_action"]
