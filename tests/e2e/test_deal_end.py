"""The deal's end is a moment (issue 18, point 1): the completed last trick with its winner,
then the deal's summary until "verder", and "vorige slag" in Toepen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import (
    MY_TURN_SUMMARY_OR_OVER,
    Frames,
    decide,
    enter,
    my_turn,
    sit_and_start,
)

RECORD_MOMENTS = """() => {
  window.moments = [];
  const look = () => window.moments.push({
    trick: document.querySelectorAll('.played .card').length,
    winner: document.querySelectorAll('.played.winner').length,
    summary: Boolean(document.querySelector('.summary')),
  });
  const watch = { childList: true, subtree: true };
  new MutationObserver(look).observe(document.getElementById('app'), watch);
}"""


@pytest.fixture(scope="module")
def server(paused_server: str) -> str:
    """Tables that pause after each deal, as in production."""
    return paused_server


def play_until_the_summary(page: Page, frames: Frames) -> dict[str, Any]:
    """Play the first legal decision until a deal's summary shows; returns its deal_end."""
    for _ in range(300):
        page.wait_for_function(MY_TURN_SUMMARY_OR_OVER, timeout=30_000)
        if page.locator(".summary").count():
            ends = [e for e in frames.events() if e["kind"] == "deal_end"]
            assert ends, "a summary shows only after a deal_end"
            return ends[-1]
        frame = my_turn(page, frames)
        assert frame is not None, "the game ended before a deal did"
        decide(page, frame)
    raise AssertionError("no deal ended in 300 decisions")


def first_deal_end(new_page: NewPage, game: str) -> tuple[Page, Frames, dict[str, Any]]:
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    variant = {"toepen": "kroegregels", "klaverjassen": "amsterdams", "eurokaarten": "standaard"}
    sit_and_start(page, {"game": game, "variant": variant[game]})
    page.evaluate(RECORD_MOMENTS)
    return page, frames, play_until_the_summary(page, frames)


def assert_last_trick_before_summary(page: Page, cards: int) -> None:
    moments = page.evaluate("window.moments")
    first_summary = next(i for i, m in enumerate(moments) if m["summary"])
    before = moments[:first_summary]
    assert any(m["trick"] == cards and m["winner"] == 1 for m in before), (
        f"the completed last trick ({cards} cards, one winner) is seen before the summary"
    )


def names(frames: Frames) -> list[str]:
    return [s["name"] for s in frames.latest("seats")["seats"]]


def test_toepen_shows_the_last_trick_the_summary_and_the_previous_trick(
    new_page: NewPage,
) -> None:
    page, frames, end = first_deal_end(new_page, "toepen")
    who = names(frames)
    folded = {e["seat"] for e in frames.events() if e["kind"] == "fold"}
    assert_last_trick_before_summary(page, 4 - len(folded))
    summary = page.locator(".summary")
    expect(summary).to_contain_text(f"{who[end['winner']]} wint de ronde, inzet {end['stake']}.")
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(4)
    for seat in range(4):
        added = f"+{end['penalties'][seat]}" if end["penalties"][seat] else "0"
        expect(rows.nth(seat)).to_have_text(f"{who[seat]}{added}{end['points'][seat]} / 10")
    page.get_by_role("button", name="Verder").click()
    expect(summary).to_have_count(0)

    # A later deal: once a trick of it is complete, "Vorige slag" shows it.
    ended = frames.latest("view")["view"]["deal_no"]
    seen = []
    for _ in range(60):
        frame = my_turn(page, frames)
        assert frame is not None
        view = frame["view"]
        seen.append((view["deal_no"], view["tricks_done"]))
        if view["deal_no"] > ended and view["tricks_done"] >= 1 and view["last_trick"]:
            break
        decide(page, frame)
    else:
        raise AssertionError(f"no trick completed after the first deal: {seen}")
    last = frame["view"]["last_trick"]
    page.get_by_role("button", name="Vorige slag").click()
    panel = page.locator(".previous-trick")
    expect(panel).to_be_visible()
    shown = panel.locator(".card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == [p["card"] for p in last], "the previous trick's cards in playing order"


def test_klaverjassen_summary_shows_points_roem_and_the_outcome(new_page: NewPage) -> None:
    page, frames, end = first_deal_end(new_page, "klaverjassen")
    assert_last_trick_before_summary(page, 4)
    who = names(frames)
    summary = page.locator(".summary")
    outcome = {None: "gemaakt", "nat": "nat", "pit": "pit, alle slagen"}[end["mark"]]
    expect(summary).to_contain_text(f"{who[end['declarer']]} speelde")
    expect(summary).to_contain_text(outcome)
    us = 0  # Anna sits at seat 0: her team is team 0, shown first
    rows = summary.locator("tbody tr")
    expect(rows.nth(0)).to_have_text(f"punten{end['points'][us]}{end['points'][1 - us]}")
    expect(rows.nth(1)).to_have_text(f"roem{end['roem'][us]}{end['roem'][1 - us]}")
    # NKU: a covered trick may not be seen again; without show_last_trick no "vorige slag".
    page.get_by_role("button", name="Verder").click()
    assert frames.latest("view")["view"]["options"]["show_last_trick"] is False
    expect(page.get_by_role("button", name="Vorige slag")).to_have_count(0)


def test_eurokaarten_summary_lays_every_hand_open(new_page: NewPage) -> None:
    page, frames, end = first_deal_end(new_page, "eurokaarten")
    hands = [h for h in end["hands"] if h is not None]
    items = page.locator(".summary .showdown li")
    expect(items).to_have_count(len(hands))
    expect(page.locator(".summary .showdown li.lost")).to_have_count(len(end["coin_lost"]))
    shown = page.locator(".summary .showdown .card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(shown) == sorted(c for h in hands for c in h), "every hand is laid open"
    # Who lost a coin comes first (issue 32 point 5: on a phone the rest may lie below
    # the fold), each with why; the list is not in seat order.
    who = names(frames)
    losers = len(end["coin_lost"])
    for i in range(losers):
        expect(items.nth(i)).to_have_class("lost")
        expect(items.nth(i)).to_contain_text("munt kwijt")
    expect(page.locator(".summary .showdown li.lost .who")).to_have_text(
        [who[seat] for seat in sorted(end["coin_lost"])]
    )
