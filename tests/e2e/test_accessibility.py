"""Every page checked by axe-core at WCAG 2.2 AA (the accessibility issue, point 5): the
lobby, each game's table in each phase (its first decisions, the play, a deal's end, the
result), the account, a profile, the leaderboard, the clubs, the night, Mieke's sheet and
the replay, at 640x360 and 1280x720; and the large-cards and high-contrast modes.

axe-core is the npm package pinned in package-lock.json (``npm ci``; ``make test`` runs it
when node_modules is missing). The tests inject it into the page: the client never loads
it. A violation fails the test with its rule id, its help text and the elements it names.
The tables pause after each deal (as in production), so a deal's summary can be checked;
the tests of a finished game alone play it on tables that deal on at once.
"""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import assert_clean, check
from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import (
    MY_TURN_SUMMARY_OR_OVER,
    Frames,
    api,
    click_action,
    decide,
    enter,
    finished_game,
    my_turn,
    shoot,
    sit_and_start,
)

FINISHED_GAMES_ONLY = {
    "test_a_result_and_its_replay",
    "test_the_result_of_klaverjassen_and_eurokaarten",
}
"""The tests that check only a game the house finished: the result and the replay look the
same whether the tables paused between the deals or not, and without the pauses the house
finishes the game at once instead of waiting 2.5 s after every deal."""


@pytest.fixture
def server(request: pytest.FixtureRequest, server: str) -> str:
    """Tables that pause after each deal, as in production: a deal's summary stays. The
    tests of a finished game alone take the package's server, whose tables deal on."""
    if request.function.__name__ in FINISHED_GAMES_ONLY:
        return server
    paused: str = request.getfixturevalue("paused_server")
    return paused


def test_the_lobby_account_profile_and_leaderboard(new_page: NewPage) -> None:
    problems: list[str] = []
    page = new_page()
    page.goto("/")
    expect(page.locator(".game-tile").first).to_be_visible()
    check(page, "the lobby before a name", problems)
    enter(page, "Anna")
    check(page, "the lobby", problems)
    page.get_by_role("button", name="Speel nu").first.focus()
    page.goto("/account")
    expect(page.locator("h1")).to_be_visible()
    check(page, "the account page", problems)
    page.goto("/speler/Anna")
    expect(page.locator("h1")).to_be_visible()
    check(page, "a profile", problems)
    page.goto("/mijn-spellen")
    expect(page.locator("h1")).to_be_visible()
    check(page, "your own games", problems)
    for game in ("toepen", "klaverjassen", "eurokaarten"):
        page.goto(f"/ranglijst/{game}")
        expect(page.locator("h1")).to_be_visible()
        check(page, f"the {game} leaderboard", problems)
        page.goto(f"/regels/{game}")
        page.locator(".rules-options summary").first.click()
        check(page, f"the {game} rules", problems)
    assert_clean(problems)


def _api(server: str, method: str, path: str, body: Any = None, bearer: str = "") -> Any:
    headers = {"authorization": f"Bearer {bearer}"} if bearer else {}
    r = httpx.request(method, f"{server}{path}", json=body, headers=headers, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_clubs_the_night_and_mieke(new_page: NewPage, server: str) -> None:
    name = f"Org{uuid.uuid4().hex[:8]}"
    org = _api(server, "POST", "/api/accounts", {"name": name, "password": "klaverjassen-1"})
    bearer = org["token"]
    club = _api(server, "POST", "/api/clubs", {"name": "De Klaverhoek"}, bearer)
    members = [
        _api(server, "POST", f"/api/clubs/{club['id']}/members", {"guest": n}, bearer)
        for n in ("Anna", "Bert", "Cor", "Dini")
    ]
    body = {
        "title": "Klaverjasavond",
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 1,
        "deals_per_round": 4,
        "mode": "bar",
        "seed": "a11y-1",
    }
    night = _api(server, "POST", f"/api/clubs/{club['id']}/nights", body, bearer)
    for m in members:
        _api(
            server, "POST", f"/api/clubs/nights/{night['id']}/players", {"member": m["id"]}, bearer
        )
    _api(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, bearer)
    _api(server, "POST", f"/api/clubs/nights/{night['id']}/rounds/start", None, bearer)
    links = _api(server, "GET", f"/api/clubs/nights/{night['id']}/links", None, bearer)

    problems: list[str] = []
    page = new_page()
    page.context.add_cookies([{"name": "kroeg_token", "value": bearer, "url": server}])
    page.goto("/clubs")
    expect(page.locator("h1")).to_be_visible()
    check(page, "the clubs", problems)
    page.goto(f"/clubs/{club['id']}")
    expect(page.locator("h1")).to_contain_text("De Klaverhoek")
    check(page, "a club", problems)
    page.goto(f"/clubs/avond/{night['id']}")
    expect(page.locator("h1")).to_contain_text("Klaverjasavond")
    check(page, "the night", problems)
    page.goto(f"/web/mieke/links.html#{night['id']}")
    expect(page.locator(".tablecard").first).to_be_visible()
    check(page, "the night's table links", problems)
    page.goto(f"/web/mieke/stand.html#{night['id']}")
    expect(page.locator("#title")).to_have_text("Klaverjasavond")
    check(page, "the night's standings screen", problems)
    sheet = new_page(PHONE, touch=True)
    sheet.goto(f"/web/mieke/sheet.html#{links['tables'][0]['token']}")
    expect(sheet.locator("#where")).to_have_text("Ronde 1 · tafel 1")
    check(sheet, "Mieke's sheet", problems)
    assert_clean(problems)


VARIANT = {"toepen": "kroegregels", "klaverjassen": "amsterdams", "eurokaarten": "standaard"}
FIRST_DECISIONS = {
    "toepen": "the first decision",
    "klaverjassen": "the bidding",
    "eurokaarten": "the first draw",
}


def play_to_a_card_turn(page: Page, frames: Frames) -> None:
    """Make the first legal decisions until you have a card to play (or lay)."""
    for _ in range(60):
        frame = my_turn(page, frames, timeout=30_000)
        assert frame is not None, "the game ended before a card turn"
        verbs = {a[0] for a in frame["legal"]}
        if verbs & {"play", "discard"}:
            return
        draws = [a for a in frame["legal"] if a[0] == "draw"]
        if draws:  # in Eurokaarten: draw (not go open at once), then lay or discard
            click_action(page, draws[0])
        else:
            decide(page, frame)
    raise AssertionError("no card to play in 60 decisions")


def play_to_the_summary(page: Page, frames: Frames) -> None:
    for _ in range(400):
        page.wait_for_function(MY_TURN_SUMMARY_OR_OVER, timeout=30_000)
        if page.locator(".summary").count():
            return
        frame = my_turn(page, frames)
        assert frame is not None, "the game ended before a deal did"
        decide(page, frame)
    raise AssertionError("no deal ended in 400 decisions")


@pytest.mark.parametrize("game", ["toepen", "klaverjassen", "eurokaarten"])
def test_each_table_in_each_phase(new_page: NewPage, game: str) -> None:
    problems: list[str] = []
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    options: dict[str, Any] = {"game": game, "variant": VARIANT[game], "clock_seconds": 600}
    if game == "eurokaarten":
        options = {"game": game, "variant": VARIANT[game], "options": {"turn_clock": 600}}
    sit_and_start(page, options)
    assert my_turn(page, frames, timeout=30_000) is not None
    check(page, f"{game}: {FIRST_DECISIONS[game]}", problems)
    page.locator('.seat[data-seat="1"]').click()
    expect(page.locator(".player-card")).to_be_visible()
    check(page, f"{game}: a player's card", problems)
    page.keyboard.press("Escape")
    play_to_a_card_turn(page, frames)
    check(page, f"{game}: the play", problems)
    play_to_the_summary(page, frames)
    check(page, f"{game}: a deal's end", problems)
    assert_clean(problems)


def test_a_result_and_its_replay(new_page: NewPage) -> None:
    problems: list[str] = []
    page = new_page()
    enter(page, "Anna")
    table, game_id = finished_game(page)
    page.goto(f"/t/{table}")
    expect(page.locator(".result")).to_be_visible()
    check(page, "toepen: the result", problems)
    page.goto(f"/t/{table}?replay={game_id}")
    expect(page.locator(".replay-seat")).to_have_count(4)
    check(page, "the replay", problems)
    page.get_by_role("button", name="Afspelen").click()
    check(page, "the replay playing", problems)
    assert_clean(problems)


SHORT = {
    "klaverjassen": {"variant": "amsterdams", "options": {"game_length": "4_deals"}},
    "eurokaarten": {"variant": "standaard", "options": {"start_coins": 1}},
}


@pytest.mark.parametrize("game", ["klaverjassen", "eurokaarten"])
def test_the_result_of_klaverjassen_and_eurokaarten(new_page: NewPage, game: str) -> None:
    """A short game the player leaves and the house finishes (Toepen's is above)."""
    problems: list[str] = []
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    table = sit_and_start(page, {"game": game, **SHORT[game]})
    assert my_turn(page, frames, timeout=30_000) is not None
    page.locator("#leave").click()
    page.locator("#leave").click()
    games: list[dict[str, Any]] = []
    for _ in range(600):
        games = api(page, "GET", f"/tables/{table}/games")["games"]
        if games and games[-1]["finished"]:
            break
        page.wait_for_timeout(250)
    assert games and games[-1]["finished"], f"the house finishes the game: {games}"
    page.goto(f"/t/{table}")
    expect(page.locator(".result")).to_be_visible()
    check(page, f"{game}: the result", problems)
    assert_clean(problems)


FIRST_CARD_WIDTH = """() => {
  const card = document.querySelector('.hand .card');
  return card && card.isConnected ? card.getBoundingClientRect().width || null : null;
}"""
"""The width of the hand's first card, or null (wait on) while the hand is being redrawn."""


def test_large_cards_and_high_contrast(new_page: NewPage) -> None:
    """Both modes are chosen in the lobby and remembered; the cards are drawn larger, the
    four-colour deck keeps its colours, and axe passes in both at the table too."""
    problems: list[str] = []
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    table = sit_and_start(
        page, {"game": "klaverjassen", "variant": "amsterdams", "clock_seconds": 600}
    )
    play_to_a_card_turn(page, frames)
    normal = page.locator(".hand .card").first.bounding_box()
    assert normal is not None

    page.goto("/")
    page.get_by_label("Grote kaarten").check()
    page.get_by_label("Hoog contrast").check()
    page.get_by_label("Vierkleurendek").check()
    page.reload()
    expect(page.locator("body")).to_have_class("four-colour large-cards high-contrast")
    check(page, "the lobby in high contrast", problems)
    shoot(page, "accessibility/lobby-high-contrast", "#access-panel")

    page.goto(f"/t/{table}")
    expect(page.locator(".hand .card").first).to_be_visible()
    # Measured in the page at once, on a card in the hand: a redraw may replace the card
    # between two calls (a replaced card measures 0 wide), so the page waits for one.
    large = page.wait_for_function(FIRST_CARD_WIDTH).json_value()
    assert large > normal["width"] * 1.2, (normal, large)
    blue = page.evaluate("getComputedStyle(document.body).getPropertyValue('--suit-d').trim()")
    assert blue == "#1d4ed8", "the four-colour deck stays in high contrast"
    check(page, "klaverjassen with large cards in high contrast", problems)
    shoot(page, "accessibility/table-large-cards-high-contrast")
    page.goto("/")
    page.get_by_label("Hoog contrast").uncheck()
    page.goto(f"/t/{table}")
    expect(page.locator(".hand .card").first).to_be_visible()
    check(page, "klaverjassen with large cards", problems)
    shoot(page, "accessibility/table-large-cards")
    assert_clean(problems)
