"""Fair deals in the browser (issue 22, point 3; docs/fair-deals.md): the seated page
contributes to the deals by itself, and the replay checks the finished game's record
with Web Crypto and says "eerlijk gedeeld ✔"; a record with a changed card gets the
warning naming the deal instead."""

from __future__ import annotations

import copy
from typing import Any

from playwright.sync_api import Page, expect

from kroeg.fair_records import verify
from tests.e2e.conftest import NewPage
from tests.e2e.helpers import Frames, api, decide, enter, my_turn, sit_and_start

CHECK = """async (record) => {
  const { checkRecord } = await import('/web/fair.js');
  const games = (await (await fetch('/api/variants')).json()).games;
  const defaults = games.find((g) => g.game === record.game).variants[record.variant];
  return await checkRecord(record, defaults);
}"""


def _play_to_the_end(page: Page, frames: Frames) -> None:
    for _ in range(400):
        frame = my_turn(page, frames)
        if frame is None:
            return
        decide(page, frame)
    raise AssertionError("the game should be over long before 400 decisions")


def test_the_replay_says_the_game_was_dealt_fairly(new_page: NewPage) -> None:
    page = new_page()
    frames = Frames(page)
    enter(page, "Fleur")
    table = sit_and_start(
        page, {"game": "toepen", "variant": "kroegregels", "options": {"max_points": 3}}
    )
    _play_to_the_end(page, frames)
    result = page.locator(".result")
    expect(result).to_contain_text("Het spel is uit")
    game_id = frames.latest("view")["game_id"]
    record: dict[str, Any] = api(page, "GET", f"/games/{game_id}/record")
    assert verify(record)[1] == 0
    notes = record["fair"]["deals"]
    # This server deals the first deal at once (no pause): the page's first chance is
    # deal 2, whose window opens with deal 1. Every later deal has the page's value.
    assert len(notes) >= 2, "a game of several deals"
    assert all(set(n["contributions"]) == {"0"} for n in notes[1:]), notes

    result.get_by_role("button", name="Bekijk de herhaling").click()
    expect(page.locator("#fair-badge")).to_have_text("eerlijk gedeeld ✔")
    assert page.url.endswith(f"/t/{table}?replay={game_id}")

    tampered = copy.deepcopy(record)
    hands = tampered["deals"][1]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    assert page.evaluate(CHECK, tampered) == {"ok": False, "deal": 2}
    # A seven changed into the six of its suit keeps its place in the sorted deck, so the
    # recomputed shuffle gives the changed deal back: only the deck check sees it (a
    # Toepen deal lists all 32 piket cards, so deal 2 holds a seven somewhere).
    neighbour = copy.deepcopy(record)
    deal = neighbour["deals"][1]
    places = [cards for cards in [*deal["hands"], deal.get("stock", [])] if cards]
    cards, at = next((c, i) for c in places for i, card in enumerate(c) if card[0] == "7")
    cards[at] = "6" + cards[at][1]
    assert page.evaluate(CHECK, neighbour) == {"ok": False, "deal": 2}
    contribution = copy.deepcopy(record)
    value = contribution["fair"]["deals"][1]["contributions"]["0"]
    contribution["fair"]["deals"][1]["contributions"]["0"] = value[::-1]
    assert page.evaluate(CHECK, contribution) == {"ok": False, "deal": 2}
    secret = copy.deepcopy(record)
    secret["fair"]["secret"] = secret["fair"]["secret"][::-1]
    assert page.evaluate(CHECK, secret) == {"ok": False, "deal": 1}
    assert page.evaluate(CHECK, record) == {"ok": True, "deals": len(record["deals"])}
