"""The people at the table (issue 32): a tap on a seat opens the player's card (build 2);
the profile offers only the buttons that fit (bug 8); a guest's rating is no bare number
beside the name and suggested names never clash with the house's (bug 7); the end of a
rated game shows each player's rating change and the way to the leaderboard, with one
"Nog een potje" (build 6, bug 14).

On a server of its own, as tests/e2e/test_ratings.py: a rated game written to its database."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from kroeg.tables.house import HOUSE_NAMES
from tests.e2e.conftest import SEED, NewPage
from tests.e2e.helpers import THREE_SIZES, api, enter, shoot, token
from tests.e2e.serve import serve
from tests.e2e.test_ratings import _member, _play


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("kroeg-e2e-people"), seed=SEED) as url:
        yield url


def test_suggested_names_are_never_the_house_s(new_page: NewPage) -> None:
    """Before: "Kees", "Joop", "Henk", "Truus" and "Sjaak" were suggested, so a guest sat
    as "Truus 57" beside the house's "Truus"."""
    page = new_page()
    page.goto("/")
    suggestions = page.evaluate("async () => (await import('/web/lobby.js')).SUGGESTIONS")
    assert len(suggestions) >= 8
    assert not set(suggestions) & set(HOUSE_NAMES), suggestions
    offered = page.input_value("#name-input").split(" ")[0]
    assert offered in suggestions and offered not in HOUSE_NAMES


def fits(page: Page, selector: str) -> None:
    """The dialog is whole on the screen at the three sizes, its buttons too."""
    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # Retried, not measured once: the table redraws the dialog with every frame (the
        # clock's tick among them), so a single bounding box can meet it detached.
        expect(page.locator(selector)).to_be_in_viewport(ratio=1)
        for button in page.locator(f"{selector} .buttons button, {selector} .buttons a").all():
            if button.is_visible():
                expect(button).to_be_in_viewport()
    page.set_viewport_size({"width": 1280, "height": 720})


def test_cards_profiles_and_the_end_of_a_rated_game(new_page: NewPage, server: str) -> None:
    anna, bram, cor = new_page(), new_page(), new_page()
    (a, anna_token), (b, bram_token) = _member(anna, "Anna"), _member(bram, "Bram")
    guest = f"Cor{secrets.token_hex(2)}"
    enter(cor, guest)
    body = {"game": "toepen", "variant": "kroegregels", "options": {"max_points": 3}, "rated": True}
    table = api(anna, "POST", "/tables", body)["id"]
    for seat, page in enumerate((anna, bram, cor)):
        api(page, "POST", f"/tables/{table}/sit", {"seat": seat})
    _play(server, table, [anna_token, bram_token, token(cor)])

    # The end: each player's change, the way to the leaderboard, one "Nog een potje".
    anna.goto(f"/t/{table}")
    result = anna.get_by_role("dialog", name="Het spel is uit")
    expect(result).to_be_visible()
    changes = result.locator(".rating-changes li")
    expect(changes).to_have_count(3)
    expect(changes.first).to_contain_text(re.compile(rf"{a} [+-]\d+,\d"))
    expect(result.locator(".progress")).to_contain_text("1 van 20 potjes")
    expect(anna.get_by_role("button", name="Nog een potje", exact=True)).to_have_count(1)
    fits(anna, ".result")
    shoot(anna, "regular/end-of-game")
    result.get_by_role("button", name="Sluiten").click()
    expect(anna.get_by_role("button", name="Nog een potje", exact=True)).to_have_count(1)

    # Bram has an account: his badge; Cor is a guest: no bare number beside his name.
    expect(anna.locator('.seat[data-seat="1"] .rating-badge')).to_be_visible()
    expect(anna.locator('.seat[data-seat="2"] .guest-mark')).to_be_visible()
    expect(anna.locator('.seat[data-seat="2"] .rating-badge')).to_have_count(0)

    # A tap on Bram's seat: his card, with the buttons that fit.
    anna.locator('.seat[data-seat="1"]').click()
    card = anna.get_by_role("dialog", name=b)
    expect(card).to_contain_text(
        re.compile(r"Rating -?\d+(,\d)? \(μ \d+(,\d)? ± \d+(,\d)?\) na 1 potje")
    )
    expect(card).to_contain_text("μ − 3σ")
    expect(card.get_by_role("button", name="Volgen")).to_be_visible()
    expect(card.get_by_role("button", name="Niet meer volgen")).to_have_count(0)
    expect(card.get_by_role("button", name="Deblokkeren")).to_have_count(0)
    expect(card.get_by_role("button", name="Profiel")).to_have_attribute("href", f"/speler/{b}")
    fits(anna, ".player-card")
    shoot(anna, "regular/player-card")
    card.get_by_role("button", name="Volgen").click()
    expect(card.get_by_role("button", name="Niet meer volgen")).to_be_visible()
    expect(card.get_by_role("button", name="Volgen", exact=True)).to_have_count(0)
    card.get_by_role("button", name="Dempen").click()
    expect(card.get_by_role("button", name="Niet meer dempen")).to_be_visible()
    anna.keyboard.press("Escape")
    expect(card).to_have_count(0)

    # Cor, the guest: his rating explained on his card; a house seat: the house and its level.
    anna.locator('.seat[data-seat="2"]').click()
    expect(anna.get_by_role("dialog", name=guest)).to_contain_text("Gast")
    expect(anna.get_by_role("dialog", name=guest)).to_contain_text("na 1 potje")
    anna.get_by_role("dialog", name=guest).get_by_role("button", name="Sluiten").click()
    house = anna.locator('.seat[data-seat="3"]')
    house.focus()
    anna.keyboard.press("Enter")
    house_card = anna.locator(".player-card")
    expect(house_card).to_contain_text("het huis speelt deze stoel")
    expect(house_card).to_contain_text("Basis")
    expect(house_card.locator(".buttons button")).to_have_count(1)  # only "Sluiten"
    house_card.get_by_role("button", name="Sluiten").click()
    anna.locator('.seat[data-seat="0"]').click()
    expect(anna.locator(".player-card")).to_contain_text(f"{a} (jij)")
    expect(anna.locator(".player-card .relation")).to_have_count(0)

    # The profiles (bug 8): before, all four buttons, on your own profile too.
    anna.goto(f"/speler/{b}")
    expect(anna.locator("h1")).to_have_text(b)
    buttons = anna.locator(".relation button")
    expect(buttons).to_have_text(["Niet meer volgen", "Blokkeren"])
    anna.get_by_role("button", name="Blokkeren").click()
    expect(buttons).to_have_text(["Niet meer volgen", "Deblokkeren"])
    shoot(anna, "regular/profile-buttons")
    anna.goto(f"/speler/{a}")
    expect(anna.locator("#per-game")).to_be_visible()
    expect(anna.locator("#follow, #unfollow, #block, #unblock")).to_have_count(0)
