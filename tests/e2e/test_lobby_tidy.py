"""A lobby that stays tidy (issue 32, build 10 and bug 13): a table its people left is no
longer listed (the house would play on there alone), a finished game leaves "Jouw
tafels", the open tables filter by game, and the top bar leads to "Vrienden" and "Clubs"."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.axe import assert_clean, check
from tests.e2e.conftest import NewPage
from tests.e2e.helpers import api, enter, shoot, token
from tests.e2e.test_ratings import _play


def test_left_and_finished_tables_go_and_the_tables_filter_by_game(
    new_page: NewPage, server: str
) -> None:
    anna, bram = new_page(), new_page()
    enter(anna, "Anna")
    enter(bram, "Bram")
    toepen = {"game": "toepen", "variant": "kroegregels", "options": {"max_points": 3}}
    # Anna's game played to its end; her table for the next one, and Bram's two tables.
    done = api(anna, "POST", "/tables", toepen)["id"]
    api(anna, "POST", f"/tables/{done}/sit", {"seat": 0})
    _play(server, done, [token(anna)])
    mine = api(anna, "POST", "/tables", {"game": "klaverjassen", "variant": "nku"})["id"]
    api(anna, "POST", f"/tables/{mine}/sit", {"seat": 0})
    left = api(bram, "POST", "/tables", toepen)["id"]
    api(bram, "POST", f"/tables/{left}/sit", {"seat": 0})
    api(bram, "POST", f"/tables/{left}/start")
    kept = api(bram, "POST", "/tables", {"game": "klaverjassen", "variant": "nku"})["id"]
    api(bram, "POST", f"/tables/{kept}/sit", {"seat": 0})

    anna.goto("/")
    rows = anna.locator("#open-tables tr[data-table]")
    expect(anna.locator(f'tr[data-table="{left}"]')).to_have_count(1)
    # Bram leaves his running game: the house would play it alone, so it is not listed.
    api(bram, "POST", f"/tables/{left}/leave")
    expect(anna.locator(f'tr[data-table="{left}"]')).to_have_count(0)  # the next poll
    # "Jouw tafels": the Klaverjassen table, not the finished Toepen game.
    expect(anna.locator("#your-tables li")).to_have_count(1)
    expect(anna.locator("#your-tables")).to_contain_text("Klaverjassen")

    # The filter: only Klaverjassen tables, then every game again.
    anna.locator("#table-filter").get_by_role("button", name="Klaverjassen").click()
    expect(anna.locator("#table-filter [aria-pressed=true]")).to_have_text("Klaverjassen")
    expect(anna.locator(f'tr[data-table="{kept}"]')).to_have_count(1)
    expect(anna.locator(f'tr[data-table="{done}"]')).to_have_count(0)
    for game in rows.locator("td:first-child").all_inner_texts():
        assert game == "Klaverjassen", game
    problems: list[str] = []
    check(anna, "the lobby's filter", problems)
    assert_clean(problems)
    shoot(anna, "regular/lobby-filter", "#table-filter")
    anna.locator("#table-filter").get_by_role("button", name="Alle spellen").click()
    expect(anna.locator(f'tr[data-table="{done}"]')).to_have_count(1)

    # The top bar: the people you follow, and the clubs.
    anna.locator("#nav-friends").click()
    expect(anna).to_have_url(f"{server}/vrienden")
    expect(anna.locator("h1")).to_have_text("Vrienden")
    expect(anna.locator("#follow-name")).to_be_visible()
    shoot(anna, "regular/friends")
    anna.locator("#nav-clubs").click()
    expect(anna).to_have_url(f"{server}/clubs")
    for width, height in ((640, 360), (844, 390), (1280, 720)):
        anna.set_viewport_size({"width": width, "height": height})
        anna.locator("#nav-clubs").scroll_into_view_if_needed()
        expect(anna.locator("#nav-friends")).to_be_in_viewport()
        expect(anna.locator("#nav-clubs")).to_be_in_viewport()
