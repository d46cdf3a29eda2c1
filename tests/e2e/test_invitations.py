"""Invitations to the right table and seat (issue 32, build 1 and bug 1).

Before: the lobby invited to the first table where you still sat, here a finished Toepen
game, and the friend sat down in a house seat of that game (with its penalty points); the
table page had no invite button; a friend who joined a Klaverjassen table got whatever
seat was free, an opponent's. Now the invitation names the table it was made at and the
seat it offers (the partner's at Klaverjassen), and "Jouw tafels" no longer lists the
finished game (build 10)."""

from __future__ import annotations

import secrets

from playwright.sync_api import expect

from tests.e2e.axe import assert_clean, check
from tests.e2e.conftest import NewPage
from tests.e2e.helpers import api, enter, shoot
from tests.e2e.test_people import fits
from tests.e2e.test_ratings import _member, _play


def test_an_invitation_lands_in_the_partners_seat_of_the_new_table(
    new_page: NewPage, server: str
) -> None:
    anna, bram, cor = new_page(), new_page(), new_page()
    (a, anna_token), (b, _) = _member(anna, "Anna"), _member(bram, "Bram")
    api(anna, "PUT", f"/players/{b}/follow")
    # Anna's Toepen game, played to its end: she still sits at that table.
    old_body = {"game": "toepen", "variant": "kroegregels", "options": {"max_points": 3}}
    old = api(anna, "POST", "/tables", old_body)["id"]
    api(anna, "POST", f"/tables/{old}/sit", {"seat": 0})
    _play(server, old, [anna_token])
    # Then a new Klaverjassen table, where she sits at seat 1.
    new = api(anna, "POST", "/tables", {"game": "klaverjassen", "variant": "nku"})["id"]
    api(anna, "POST", f"/tables/{new}/sit", {"seat": 1})

    # The lobby: the finished game left "Jouw tafels"; the friends' invite is to the new table.
    bram.goto("/")  # Bram waits in the lobby: online, at no table
    anna.goto("/")
    mine = anna.locator("#your-tables")
    expect(mine.locator("li")).to_have_count(1)
    expect(mine).to_contain_text("Klaverjassen")
    expect(mine).not_to_contain_text("Toepen")
    friend = anna.locator(f'#friends li[data-friend="{b}"]')
    expect(friend.get_by_role("button", name=f"Nodig {b} uit voor Klaverjassen")).to_be_visible()

    # The finished table offers no invitation.
    anna.goto(f"/t/{old}")
    expect(anna.locator(".seat", has_text=a)).to_be_visible()
    expect(anna.locator("[data-control='invite']")).to_have_count(0)

    # At the new table: "Uitnodigen" beside the seats, the people she follows who are in.
    anna.goto(f"/t/{new}")
    anna.locator("[data-control='invite']").first.click()
    card = anna.get_by_role("dialog", name="Iemand uitnodigen")
    expect(card).to_contain_text("de stoel van je maat")
    fits(anna, ".invite-card")
    problems: list[str] = []
    check(anna, "the invitation card", problems)
    assert_clean(problems)
    shoot(anna, "regular/invite-card")
    card.get_by_role("button", name=f"Nodig {b} uit").click()
    expect(card.locator(f'li[data-friend="{b}"]')).to_contain_text("uitgenodigd")
    expect(anna.locator("#toast")).to_contain_text(f"Je uitnodiging is naar {b} gestuurd.")

    invite = bram.locator("#invite")
    expect(invite).to_contain_text("als maat aan hun tafel")
    shoot(bram, "regular/invite-banner")
    invite.get_by_role("button", name="Ga aan tafel").click()
    bram.wait_for_url(f"**/t/{new}")
    # Bram sits across from Anna: her partner's seat (3), not the first free one (0).
    seats = api(bram, "GET", f"/tables/{new}")["players"]
    assert [(p["seat"], p["name"]) for p in seats if not p["house"]] == [(1, a), (3, b)]
    expect(bram.locator(".seat.me")).to_contain_text(b)

    # A house seat's card invites to that seat; taken meanwhile, the refusal says so.
    anna.keyboard.press("Escape")
    anna.locator('.seat[data-seat="0"]').click()
    anna.get_by_role("button", name="Iemand uitnodigen voor deze stoel").click()
    seat_card = anna.get_by_role("dialog", name="Iemand uitnodigen")
    expect(seat_card).to_contain_text("Voor de stoel die")
    enter(cor, f"Cor{secrets.token_hex(2)}")
    api(cor, "POST", f"/tables/{new}/sit", {"seat": 0})
    seat_card.get_by_role("button", name=f"Nodig {b} uit").click()
    expect(anna.locator("#toast")).to_contain_text("Die plaats is al bezet.")
