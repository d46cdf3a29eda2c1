"""A Klaverjassen table with ``trump_mode: kraken`` in the browser (RULES.md §6.10;
klaverjas.nl "Spelregels Kraken": "de tegenstander mag bepalen of ze denken dat je nat
gaat en dan kunnen ze kraken [...] Bij elke kraak worden de punten van die ronde
verdubbeld")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, SEED, NewPage
from tests.e2e.helpers import Frames, click_action, enter, hand_cards, my_turn
from tests.e2e.serve import serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own: the seeded deals these tests walk through (a kraak
    call, roem held on a phone) must not depend on how many deals the other modules'
    tables drew before them."""
    with serve(tmp_path_factory.mktemp("kroeg-e2e-kraken"), seed=SEED) as url:
        yield url


def start_kraken_table(page: Page) -> None:
    """Anna makes a Klaverjassen table with trump_mode kraken in the lobby and starts it."""
    enter(page, "Anna")
    page.get_by_role("button", name="Nieuwe tafel voor Klaverjassen").click()
    page.get_by_label("Troef maken").select_option("kraken")
    page.get_by_role("button", name="Tafel maken").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    page.get_by_role("button", name="Begin het spel").click()


def test_kraken_offers_the_call_and_shows_the_factor_and_the_roem_in_hand(
    new_page: NewPage,
) -> None:
    """Anna's first kraak call is offered as a button "Kraak! (×2)" beside "Pas"; she
    says it, the table shows "Punten ×2" (or more, when answered), the roem in hand of
    both teams when play starts, and the score sheet's row of that deal its factor."""
    page = new_page()
    frames = Frames(page)
    start_kraken_table(page)

    cracked_in = None
    while True:
        frame = my_turn(page, frames)
        assert frame is not None, "a game of 16 deals gives Anna a kraak call"
        view, legal = frame["view"], frame["legal"]
        if cracked_in is not None and view["deal_no"] > cracked_in:
            break
        if view["phase"] == "kraken" and cracked_in is None:
            call = view["next_call"]
            assert legal == [[call], ["pass"]]
            factor = 2 * view["factor"]
            name = f"{call.capitalize()}! (×{factor})"
            expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
            expect(page.get_by_role("button", name="Pas", exact=True)).to_be_visible()
            expect(page.get_by_test_id("factor")).to_have_text(f"Punten ×{view['factor']}")
            page.get_by_role("button", name=name, exact=True).click()
            cracked_in = view["deal_no"]
            continue
        if view["phase"] == "kraken":
            click_action(page, ["pass"])
        elif view["phase"] == "bidding":
            held = hand_cards(page)
            click_action(page, ["bid", max("cdhs", key=lambda s: sum(c.endswith(s) for c in held))])
        else:
            if cracked_in is not None:
                assert view["factor"] >= 2
                expect(page.get_by_test_id("factor")).to_have_text(f"Punten ×{view['factor']}")
                expect(page.get_by_test_id("roem-in-hand")).to_contain_text("Roem in de hand: Wij ")
                expect(page.get_by_test_id("must-make")).to_contain_text("meer dan de helft")
            plays = sorted(a[1] for a in legal if a[0] == "play")
            page.click(f'.hand .card.legal[data-card="{plays[0]}"]')
    deal = frames.latest("view")["view"]["deals"][cracked_in - 1]
    assert deal["factor"] >= 2 and deal["kraken"][0] == 0  # Anna (seat 0) called first
    row = page.locator(".score-table tbody tr").nth(cracked_in)  # after the header row
    expect(row.locator("td").first).to_contain_text(f"×{deal['factor']}")
    expect(page.locator(".chat-log")).to_contain_text("Anna: kraak!")


OVERLAPS = """() => {
  const boxes = (sel) =>
    [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
  const hit = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const seats = boxes('.seat');
  const out = [];
  for (const [name, sel] of [['badge', '.badges > *'], ['prompt', '#prompt']])
    for (const box of boxes(sel)) if (seats.some((seat) => hit(box, seat))) out.push(name);
  return out;
}"""


def test_on_a_phone_the_kraken_badges_and_prompt_leave_every_seat_readable(
    new_page: NewPage,
) -> None:
    """Issue 6 (a phone held sideways): a kraken table shows the most badges of any
    table (contract, factor, who must make it, roem in hand, deal number) and the
    longest prompt ("Kraak je? ..."); none of them may cover a player's seat. The info
    line names the rules kraken plays: Amsterdams."""
    page = new_page(viewport=PHONE, touch=True)
    frames = Frames(page)
    start_kraken_table(page)
    checked: set[str] = set()
    while checked != {"kraken", "play"}:
        frame = my_turn(page, frames)
        assert frame is not None, "the first deals give Anna a kraak call and a card to play"
        view, legal = frame["view"], frame["legal"]
        if view["phase"] in ("kraken", "play") and (view["phase"] != "play" or view["roem_held"]):
            assert page.evaluate(OVERLAPS) == [], f"something covers a seat ({view['phase']})"
            checked.add(view["phase"])
        if view["phase"] == "bidding":
            held = hand_cards(page)
            click_action(page, ["bid", max("cdhs", key=lambda s: sum(c.endswith(s) for c in held))])
        elif view["phase"] == "kraken":
            click_action(page, legal[0])
        else:
            plays = sorted(a[1] for a in legal if a[0] == "play")
            page.tap(f'.hand .card.legal[data-card="{plays[0]}"]')
    page.get_by_role("button", name="Scorebriefje").tap()
    expect(page.locator(".table-info")).to_contain_text("Amsterdams · kraken")
