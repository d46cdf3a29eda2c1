"""Ratings, profiles, leaderboards, follows and invitations in Chromium (issue 19 points
2–6): a rated game changes both players' ratings, the seats' badges, "mijn spellen",
the other's profile and the leaderboard show it; one player follows and invites another
in two browser contexts, who accepts and lands at the table.

On a server of its own: the leaderboard step writes into its database (twenty rated
games against five established opponents are the leaderboard's rule; playing them here
would take minutes, tests/accounts/test_rating_store.py plays them against the store)."""

from __future__ import annotations

import asyncio
import random
import re
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SEED, NewPage
from tests.e2e.helpers import api, enter, shoot
from tests.e2e.serve import serve
from tests.server.harness import Client, Server, autoplay

WORKDIR: list[Path] = []


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workdir = tmp_path_factory.mktemp("kroeg-e2e-ratings")
    WORKDIR.append(workdir)
    with serve(workdir, seed=SEED) as url:
        yield url


def _member(page: Page, prefix: str) -> tuple[str, str]:
    """Enter the pub and register (POST /api/accounts, as the accounts' page does): the
    page keeps the account's session. Its name and token."""
    name = f"{prefix}{secrets.token_hex(2)}"
    enter(page, name)
    body = api(page, "POST", "/accounts", {"name": name, "password": "geheim-wachtwoord"})
    # Registering rotates the session (the guest's is revoked): the page takes the
    # account's as its httpOnly cookie, as the account page's own call would set it.
    base = page.evaluate("location.origin")
    page.context.add_cookies(
        [{"name": "kroeg_token", "value": body["token"], "url": base, "httpOnly": True}]
    )
    page.reload()
    return name, str(body["token"])


def _play(url: str, table: str, tokens: list[str]) -> dict[str, Any]:
    """Both players play the game out over their own websockets (the harness's random
    legal moves), in a thread with its own event loop; the last frame."""
    out: dict[str, Any] = {}

    async def run() -> None:
        target = cast(Server, SimpleNamespace(ws_url=url.replace("http", "ws", 1) + "/ws"))
        clients = [await Client.connect(target, None, token=tk) for tk in tokens]
        for client in clients:
            await client.send({"type": "watch", "table": table})
            await client.expect(lambda f: f["type"] == "snapshot")
        await clients[0].send({"type": "start", "table": table})
        last = await asyncio.gather(
            *(autoplay(c, table, random.Random(i), seat=i) for i, c in enumerate(clients))
        )
        out.update(last[0])
        for client in clients:
            await client.close()

    thread = threading.Thread(target=lambda: asyncio.run(run()))
    thread.start()
    thread.join(120)
    assert out, "the game did not end"
    return out


def test_a_rated_game_shows_in_badges_profiles_history_and_leaderboard(
    new_page: NewPage, server: str
) -> None:
    anna, bram = new_page(), new_page()
    (a, anna_token), (b, bram_token) = _member(anna, "Anna"), _member(bram, "Bram")
    body = {"game": "toepen", "variant": "kroegregels", "options": {"max_points": 3}, "rated": True}
    table = api(anna, "POST", "/tables", body)["id"]
    api(anna, "POST", f"/tables/{table}/sit", {"seat": 0})
    api(bram, "POST", f"/tables/{table}/sit", {"seat": 1})
    _play(server, table, [anna_token, bram_token])

    anna.goto(f"/t/{table}")
    expect(anna.locator(".seat .rating-badge")).to_have_count(2)
    expect(anna.locator('.seat[data-seat="1"] .rating-badge')).to_have_attribute(
        "title", "Rating na 1 potje"
    )

    anna.goto("/mijn-spellen")
    expect(anna.locator("h1")).to_have_text("Mijn spellen")
    row = anna.locator('#per-game tr[data-game="toepen"]')
    expect(row).to_contain_text("Kroegregels")
    expect(row.locator("td.rating")).to_contain_text("μ")
    expect(anna.locator("#history tbody tr")).to_have_count(1)
    # Numbers in Dutch: a decimal comma, "+1,3" (the change of one game is never zero).
    expect(anna.locator("#history td.change")).to_have_text(re.compile(r"^[+-]\d+,\d$"))
    # Toepen is every player for themselves: the result says the place among the seats.
    expect(anna.locator("#history td.outcome")).to_have_text(re.compile(r"^(W · 1e|V · 2e) van 4$"))
    shoot(anna, "accounts/my-games", "#history")

    bram.goto(f"/speler/{a}")
    expect(bram.locator("h1")).to_have_text(a)
    expect(bram.locator('#per-game tr[data-game="toepen"] td.rating')).to_contain_text("μ")
    mine = api(bram, "GET", f"/players/{b}")["games"][0]["rating"]
    theirs = api(bram, "GET", f"/players/{a}")["games"][0]["rating"]
    assert mine["games"] == theirs["games"] == 1 and mine["mu"] != 25 and theirs["mu"] != 25

    # The leaderboard's rule (20 rated games against 5 established opponents) met in the
    # database.
    account = api(anna, "GET", "/me")["player"]
    db = sqlite3.connect(WORKDIR[0] / "kroeg.sqlite3")
    with db:
        db.execute(
            "UPDATE ratings SET games = 20, opponents = 5, established = 5 WHERE player_id = ?",
            (account,),
        )
    db.close()
    anna.goto("/ranglijst/toepen")
    expect(anna.locator("#leaderboard")).to_contain_text(a)
    expect(anna.locator("#leaderboard")).not_to_contain_text(b)
    rating = api(anna, "GET", f"/players/{a}")["games"][0]["rating"]["rating"]
    shown = f"{rating:.1f}".replace(".", ",")
    their_row = anna.locator("#leaderboard tbody tr", has_text=a)
    expect(their_row.locator("td").nth(2)).to_have_text(shown)
    anna.locator("#leaderboard").get_by_role("link", name=a).click()
    expect(anna.locator("h1")).to_have_text(a)


def test_follow_and_invite_in_two_browsers(new_page: NewPage) -> None:
    anna, bram = new_page(), new_page()
    (_, _), (b, _) = _member(anna, "Anna"), _member(bram, "Bram")
    bram.goto("/")  # Bram waits in the lobby: online, at no table
    expect(bram.locator("#friends")).to_be_visible()

    anna.goto(f"/speler/{b}")
    anna.get_by_role("button", name="Volgen", exact=True).click()
    expect(anna.locator("#toast")).to_contain_text(f"Je volgt {b} nu.")
    table = api(anna, "POST", "/tables", {"game": "klaverjassen", "variant": "nku"})["id"]
    api(anna, "POST", f"/tables/{table}/sit", {"seat": 0})
    anna.goto("/")
    friend = anna.locator(f'#friends li[data-friend="{b}"]')
    expect(friend).to_contain_text("in de kroeg")
    friend.get_by_role("button", name=f"Nodig {b} uit voor Klaverjassen").click()
    expect(anna.locator("#toast")).to_contain_text(f"Je uitnodiging is naar {b} gestuurd.")

    invite = bram.locator("#invite")
    expect(invite).to_contain_text("nodigt je uit voor Klaverjassen")
    invite.get_by_role("button", name="Ga aan tafel").click()
    bram.wait_for_url(f"**/t/{table}")
    expect(bram.locator(".seat", has_text="Anna")).to_be_visible()
