"""The table on a phone held sideways (issue 6: "From 640×360 landscape up to a desktop"):
no seat plate covers the cards on the table, and every button is a touch target."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import (
    Frames,
    enter,
    eurokaarten_with_melds,
    klaverjassen_mid_trick,
    play_now,
    toepen_mid_trick,
)

SEATS_OVER_CARDS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const seats = [...document.querySelectorAll('.seat')];
  const cards = [...document.querySelectorAll('.melds .meld, .pile .card, .played .card')];
  const hits = [];
  for (const seat of seats) for (const card of cards) if (meet(box(seat), box(card)))
    hits.push(`${seat.getAttribute('aria-label')} covers ${card.getAttribute('aria-label')}`);
  return hits;
}"""

LOW_BUTTONS = """() => [...document.querySelectorAll('.table-view button')]
  .filter(el => el.offsetParent !== null)
  .filter(el => el.getBoundingClientRect().height < 44)
  .map(el => `${el.outerHTML.slice(0, 60)} ${el.getBoundingClientRect().height}px high`)"""


def on_the_table(page: Page, selector: str) -> int:
    return page.locator(selector).count()


@pytest.mark.parametrize(
    ("game", "play_until", "cards", "least"),
    [
        ("toepen", toepen_mid_trick, ".played .card", 2),
        ("klaverjassen", klaverjassen_mid_trick, ".played .card", 2),
        ("eurokaarten", lambda p, f: eurokaarten_with_melds(p, f, melds=3), ".melds .meld", 3),
    ],
)
def test_no_seat_plate_covers_the_cards_on_a_phone(
    new_page: NewPage,
    game: str,
    play_until: Callable[[Page, Frames], None],
    cards: str,
    least: int,
) -> None:
    page = new_page(viewport=PHONE, touch=True)
    frames = Frames(page)
    enter(page, "Anna")
    play_now(page, game)
    play_until(page, frames)
    assert on_the_table(page, cards) >= least, f"{game}: at least {least} of {cards} on the table"
    assert not page.evaluate(SEATS_OVER_CARDS), page.evaluate(SEATS_OVER_CARDS)
    assert not page.evaluate(LOW_BUTTONS), f"buttons under 44 px: {page.evaluate(LOW_BUTTONS)}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the table fits the phone's width (is {width}px)"
    # The own seat's line is never cut ("4 strafpunte…").
    cut = page.eval_on_selector_all(
        ".seat.me .name, .seat.me .state, .seat.me .extra",
        "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => e.innerText)",
    )
    assert not cut, f"the own seat's lines are cut: {cut}"
