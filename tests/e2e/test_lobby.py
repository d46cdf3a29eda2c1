"""The lobby: a private table is not listed, its invite link seats a friend (issue 6, item 1)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import api, enter


def test_a_private_table_is_not_listed_and_its_invite_link_works(new_page: NewPage) -> None:
    anna = new_page()
    enter(anna, "Anna")
    anna.get_by_role("button", name="Nieuwe tafel voor Klaverjassen").click()
    anna.get_by_label("Privé (alleen met uitnodiging)").check()
    anna.get_by_label("Bedenktijd", exact=True).select_option("30")
    anna.get_by_role("button", name="Tafel maken").click()
    anna.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    table_id = anna.url.rsplit("/", 1)[1]
    expect(anna.locator(".table-info")).to_contain_text("30 s bedenktijd")
    invite = anna.get_by_label("Uitnodigingslink").input_value()

    bram = new_page()
    enter(bram, "Bram")
    expect(bram.locator("#open-tables")).to_be_visible()
    bram.wait_for_timeout(3500)  # one poll of the live list
    expect(bram.locator(f'.table-list tr[data-table="{table_id}"]')).to_have_count(0)
    bram.goto(invite)
    bram.get_by_role("button", name="Aanschuiven").click()
    expect(anna.locator(".seat", has_text="Bram")).to_contain_text("aanwezig")
    expect(bram.get_by_role("button", name="Begin het spel")).to_be_visible()


def test_a_new_name_keeps_the_same_player(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Anna")
    before = api(page, "GET", "/me")
    page.get_by_role("button", name="Andere naam").click()
    page.fill("#name-input", "Anneke")
    page.get_by_role("button", name="Kom binnen").click()
    expect(page.locator(".lobby")).to_contain_text("Je speelt als Anneke.")
    expect(page.locator(".topbar")).to_contain_text("Jij: Anneke")
    for _ in range(50):  # the websocket's hello renames the player
        if api(page, "GET", "/me")["name"] == "Anneke":
            break
        page.wait_for_timeout(100)
    after = api(page, "GET", "/me")
    assert after == {**before, "name": "Anneke"}
    expect(page.locator("#banner")).to_be_hidden()


def test_the_lobby_sends_you_back_to_a_table_you_sit_at(new_page: NewPage) -> None:
    """A table you sit at offers "Naar je tafel" (not "Aanschuiven"); to others it
    still offers "Aanschuiven"."""
    anna = new_page()
    enter(anna, "Anna")
    anna.get_by_role("button", name="Nieuwe tafel voor Toepen").click()
    anna.get_by_role("button", name="Tafel maken").click()
    anna.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    table_id = anna.url.rsplit("/", 1)[1]
    anna.get_by_role("link", name="Lobby").first.click()
    row = anna.locator(f'.table-list tr[data-table="{table_id}"]')
    expect(row.get_by_role("button", name="Naar je tafel")).to_be_visible()
    expect(row.get_by_role("button", name=re.compile("Aanschuiven"))).to_have_count(0)
    anna.get_by_label("Taal").select_option("en")
    expect(row.get_by_role("button", name="Back to your table")).to_be_visible()

    bram = new_page()
    enter(bram, "Bram")
    other = bram.locator(f'.table-list tr[data-table="{table_id}"]')
    expect(other.get_by_role("button", name=re.compile("^Aanschuiven"))).to_be_visible()
    expect(other.get_by_role("button", name="Naar je tafel")).to_have_count(0)

    row.get_by_role("button", name="Back to your table").click()
    anna.wait_for_url(f"**/t/{table_id}")
    expect(anna.locator(".seat.me")).to_contain_text("Anna")
