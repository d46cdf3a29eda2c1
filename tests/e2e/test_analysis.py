"""The analysis in the replay (issue 23, web/analysis.js): each player's accuracy for
the game, and for the deal on show every card that cost points, with the best card; in
Toepen also every knock, stay and fold that cost penalty points."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP, PHONE, NewPage
from tests.server.harness import Client, Server, autoplay, serving

SIZES = [PHONE, {"width": 844, "height": 390}, DESKTOP]


@pytest.fixture(scope="module")
def quick_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server without rate limits (tests/server's): a test client answers every turn at
    once, faster than the browser tests' server lets a person."""
    with serving("sqlite", tmp_path_factory.mktemp("analysis"), request) as server:
        yield server


def _play_a_game(
    server: Server,
    game: str = "klaverjassen",
    variant: str = "nku",
    options: dict[str, Any] | None = None,
) -> tuple[str, int]:
    """A game (default: Klaverjassen, eight deals), one person (at random) against the
    house, over the websocket in a thread of its own (Playwright's loop holds this one)."""
    options = {"game_length": "8_deals"} if options is None else options
    table = server.table(game, variant, options=options)
    out: dict[str, Any] = {}

    async def play() -> None:
        anna = await Client.connect(server, "Anna")
        await anna.send({"type": "sit", "table": table, "seat": 0})
        await anna.send({"type": "start", "table": table})
        out["last"] = await autoplay(anna, table, random.Random(7), seat=0)
        await anna.close()

    thread = threading.Thread(target=lambda: asyncio.run(play()))
    thread.start()
    thread.join(180)
    return table, int(out["last"]["game_id"])


def test_the_replay_shows_each_player_s_accuracy_and_the_cards_that_cost_points(
    new_page: NewPage, quick_server: Server, tmp_path: Path
) -> None:
    """Screenshots of the three sizes go to the test's tmp_path (to look at)."""
    table, game_id = _play_a_game(quick_server)
    analysis = httpx.get(f"{quick_server.url}/api/games/{game_id}/analysis", timeout=60).json()
    costly = [p for p in analysis["plays"] if p["loss"] > 0]
    assert costly, "eight deals of random play cost points somewhere"
    first = costly[0]
    for size in SIZES:
        page = new_page(viewport=size)
        page.goto(f"{quick_server.url}/t/{table}?replay={game_id}")
        panel = page.locator("#analysis")
        expect(panel.locator("h2")).to_have_text("Analyse")
        rows = panel.locator(".analysis-players tbody tr")
        expect(rows).to_have_count(4)
        anna = analysis["players"][0]
        expect(rows.first).to_contain_text("Anna")
        # In Dutch: a decimal comma, no ".0" (92,5% or 85%).
        shown = f"{anna['accuracy']:.1f}".removesuffix(".0").replace(".", ",")
        expect(rows.first).to_contain_text(f"{shown}%")
        # Each step once the replay shows the deal before it: a click while the replay
        # was still opening its first deal was undone by it (a loaded CI run).
        for deal in range(1, first["deal"] + 1):
            expect(page.locator("#deal-no")).to_contain_text(f"Ronde {deal} van")
            page.click("#next-deal")
        expect(page.locator("#deal-no")).to_contain_text(f"Ronde {first['deal'] + 1} van")
        item = panel.locator(
            f'.analysis-plays li[data-trick="{first["trick"]}"][data-seat="{first["seat"]}"]'
        )
        expect(item).to_contain_text(f"−{first['loss']}:")
        expect(item).to_contain_text(f"in slag {first['trick']}")
        panel.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"analysis-{size['width']}x{size['height']}.png"))


TOEPEN_VERBS = {"card": "speelt", "knock": "toept", "stay": "gaat mee", "fold": "past"}
"""How the Dutch analysis names each kind of Toepen decision (i18n/nl.js)."""


def test_a_toepen_replay_shows_the_cards_and_knock_decisions_that_cost_penalty_points(
    new_page: NewPage, quick_server: Server, tmp_path: Path
) -> None:
    """A short Toepen game (to 3 penalty points) against the house: random play costs
    penalty points somewhere, and the replay names the decision in Dutch."""
    # The deals are fair ones (a fresh secret each game), so a short game can cost its
    # random player nothing: one of a few games does (a failure here is five free games).
    for _ in range(5):
        table, game_id = _play_a_game(quick_server, "toepen", "kroegregels", {"max_points": 3})
        url = f"{quick_server.url}/api/games/{game_id}/analysis"
        analysis = httpx.get(url, timeout=60).json()
        assert analysis["game"] == "toepen"
        costly = [p for p in analysis["plays"] if p["loss"] > 0]
        if costly:
            break
    assert costly, "random play to three penalty points costs some somewhere"
    first = costly[0]
    for size in SIZES:
        page = new_page(viewport=size)
        page.goto(f"{quick_server.url}/t/{table}?replay={game_id}")
        panel = page.locator("#analysis")
        expect(panel.locator("h2")).to_have_text("Analyse")
        expect(panel.locator(".analysis-players thead")).to_contain_text("Strafpunten")
        expect(panel.locator(".analysis-players tbody tr")).to_have_count(4)
        # Each step once the replay shows the deal before it: a click while the replay
        # was still opening its first deal was undone by it (a loaded CI run).
        for deal in range(1, first["deal"] + 1):
            expect(page.locator("#deal-no")).to_contain_text(f"Ronde {deal} van")
            page.click("#next-deal")
        expect(page.locator("#deal-no")).to_contain_text(f"Ronde {first['deal'] + 1} van")
        item = panel.locator(
            f'.analysis-plays li[data-trick="{first["trick"]}"][data-seat="{first["seat"]}"]'
        ).first
        expect(item).to_contain_text(f"−{first['loss']}:")
        expect(item).to_contain_text(f"{TOEPEN_VERBS[first['kind']]} ")
        expect(item).to_contain_text(f"in slag {first['trick']}")
        panel.scroll_into_view_if_needed()
        page.screenshot(
            path=str(tmp_path / f"toepen-analysis-{size['width']}x{size['height']}.png")
        )


EURO_VERBS = {"draw": "pakt", "lay": "houdt na het leggen", "discard": "legt"}
"""How the Dutch analysis names each kind of Eurokaarten decision (i18n/nl.js)."""


def _dutch_points(value: float) -> str:
    """Points as the Dutch page writes them: a decimal comma, no ",0"."""
    return f"{value:.1f}".removesuffix(".0").replace(".", ",")


def test_a_eurokaarten_replay_shows_the_graded_decisions_and_why_some_are_not(
    new_page: NewPage, quick_server: Server, tmp_path: Path
) -> None:
    """A short Eurokaarten game (one coin each) with a person who draws, lays, throws
    and opens at random: some decision costs hand points, and an open gaan is named as
    not graded with its reason."""
    options = {"start_coins": 1, "bokje": False}
    for _ in range(3):
        table, game_id = _play_a_game(quick_server, "eurokaarten", "standaard", options)
        url = f"{quick_server.url}/api/games/{game_id}/analysis"
        analysis = httpx.get(url, timeout=180).json()
        assert analysis["game"] == "eurokaarten"
        if analysis["ungraded"]:
            break
    assert analysis["ungraded"], "opening at random happens in a few games"
    costly = [p for p in analysis["plays"] if p["loss"] > 0]
    assert costly, "random draws and discards cost points"
    first, why = costly[0], analysis["ungraded"][0]
    for size in SIZES:
        page = new_page(viewport=size)
        page.goto(f"{quick_server.url}/t/{table}?replay={game_id}")
        panel = page.locator("#analysis")
        expect(panel.locator("h2")).to_have_text("Analyse")
        expect(panel.locator(".analysis-players tbody tr")).to_have_count(6)
        expect(panel.locator("p.help")).to_contain_text("alleen wat de speler zelf zag")
        for deal, check in ((first["deal"], "cost"), (why["deal"], "why")):
            while True:  # to the deal: forward or back from the one on show
                shown = page.locator("#deal-no").inner_text()
                number = int(shown.split()[1])
                if number == deal + 1:
                    break
                page.click("#next-deal" if number < deal + 1 else "#prev-deal")
                expect(page.locator("#deal-no")).not_to_have_text(shown)
            if check == "cost":
                item = panel.locator(
                    f'.analysis-plays li[data-turn="{first["turn"]}"]'
                    f'[data-seat="{first["seat"]}"][data-kind="{first["kind"]}"]'
                )
                expect(item).to_contain_text(f"−{_dutch_points(first['loss'])}:")
                expect(item).to_contain_text(f"{EURO_VERBS[first['kind']]} ")
                expect(item).to_contain_text(f"in beurt {first['turn']}")
            else:
                item = panel.locator(
                    f'.analysis-ungraded li[data-turn="{why["turn"]}"][data-seat="{why["seat"]}"]'
                )
                expect(item).to_contain_text("niet beoordeeld")
        panel.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"euro-analysis-{size['width']}x{size['height']}.png"))
