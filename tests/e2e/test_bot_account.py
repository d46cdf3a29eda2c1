"""The bot account in Chromium (issue 22 point 1; docs/bots-api.md): on the account page a
person turns the account into a bot after a confirmation, makes an API token (shown
once), sees it listed and revokes it, all through the page's own calls with their CSRF
header; the leaderboard page's switch "mensen / bots" shows the bot on the bots' board
only.

On a server of its own: the leaderboard step writes the ratings into its database (the
leaderboard's rule of 20 rated games against 5 people, as tests/e2e/test_ratings.py)."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SEED, NewPage
from tests.e2e.helpers import enter, shoot
from tests.e2e.serve import serve

PASSWORD = "correct horse battery"
WORKDIR: list[Path] = []


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workdir = tmp_path_factory.mktemp("kroeg-e2e-bots")
    WORKDIR.append(workdir)
    with serve(workdir, seed=SEED) as url:
        yield url


def _register(page: Page, prefix: str) -> str:
    """Register on the account page, as a person does; the page keeps only its cookie."""
    name = f"{prefix}{secrets.token_hex(2)}"
    enter(page, name)
    page.goto("/account")
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.locator("#register-form").get_by_role("button", name="Account aanmaken").click()
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {name}.")
    return name


def _me(page: Page) -> dict[str, object]:
    """GET /api/me with the page's own cookie."""
    return dict(page.evaluate("fetch('/api/me').then((r) => r.json())"))


def test_become_a_bot_make_a_token_see_it_and_revoke_it(new_page: NewPage, server: str) -> None:
    page = new_page()
    _register(page, "Robo")
    panel = page.locator("#bot-panel")
    expect(panel.locator("h2")).to_have_text("Bot-account")
    become = panel.get_by_role("button", name="Maak er een bot van")
    expect(become).to_be_disabled()  # the confirmation first: there is no way back
    shoot(page, "accounts/bot-become", "#bot-panel")
    panel.get_by_label("Ik begrijp dat dit account voorgoed een bot wordt.").check()
    become.click()
    expect(panel).to_contain_text("Dit account is een bot.")
    assert _me(page)["account"] == {"name": _me(page)["account"]["name"], "kind": "bot"}  # type: ignore[index]
    expect(panel.locator("#tokens")).to_have_text("Nog geen tokens.")

    panel.get_by_role("button", name="Nieuwe token maken").click()
    shown = panel.locator("#new-token code")
    expect(shown).to_be_visible()
    token = shown.inner_text().strip()
    assert len(token) >= 32
    expect(panel.locator("#tokens li")).to_have_count(1)
    expect(panel.locator("#tokens li")).to_contain_text("nog niet gebruikt")
    # The token works as a bearer, and the login devices list does not show it.
    base = page.evaluate("location.origin")
    bearer = {"Authorization": f"Bearer {token}"}
    assert httpx.get(f"{base}/api/me", headers=bearer).json()["account"]["kind"] == "bot"
    expect(page.locator("#sessions li")).to_have_count(1)
    shoot(page, "accounts/bot-token", "#bot-panel")

    page.reload()  # shown once: a new load of the page no longer holds it
    expect(panel.locator("#tokens li")).to_have_count(1)
    expect(panel.locator("#new-token")).to_have_count(0)
    assert token not in page.content()
    panel.locator("#tokens li").get_by_role("button", name="Intrekken").click()
    expect(panel.locator("#tokens")).to_have_text("Nog geen tokens.")
    assert httpx.get(f"{base}/api/me", headers=bearer).status_code == 401
    expect(page.locator("#account-status")).to_have_text("")  # no refusal on the way


def test_the_leaderboard_switches_between_people_and_bots(new_page: NewPage, server: str) -> None:
    person_page, bot_page = new_page(), new_page()
    person, bot = _register(person_page, "Mens"), _register(bot_page, "Robo")
    bot_page.evaluate(
        "fetch('/api/me/bot', {method: 'POST', headers: {'X-CSRF-Token': "
        "decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('kroeg_csrf='))"
        ".slice(11))}}).then((r) => r.status)"
    )
    assert _me(bot_page)["account"]["kind"] == "bot"  # type: ignore[index]
    db = sqlite3.connect(WORKDIR[0] / "kroeg.sqlite3")
    with db:
        for page, score in ((person_page, 12.0), (bot_page, 31.0)):
            db.execute(
                "INSERT INTO ratings (player_id, game, variant, mu, sigma, score, games, opponents,"
                " established) VALUES (?, 'toepen', 'kroegregels', ?, 5.0, ?, 20, 5, 5)",
                (_me(page)["id"], score + 15.0, score),
            )
    db.close()

    page = person_page
    page.goto("/ranglijst/toepen")
    expect(page.locator("#leaderboard")).to_contain_text(person)
    expect(page.locator("#leaderboard")).not_to_contain_text(bot)
    switch = page.locator("#board-kind")
    expect(switch.get_by_role("button", name="Mensen")).to_have_attribute("aria-pressed", "true")
    switch.get_by_role("button", name="Bots").click()
    expect(switch.get_by_role("button", name="Bots")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#leaderboard")).to_contain_text(bot)
    expect(page.locator("#leaderboard")).not_to_contain_text(person)
    expect(page.locator(".help")).to_contain_text("Bots staan niet op de ranglijst van mensen.")
    shoot(page, "accounts/leaderboard-bots", "h1")
    switch.get_by_role("button", name="Mensen").click()
    expect(page.locator("#leaderboard")).to_contain_text(person)
    expect(page.locator("#leaderboard")).not_to_contain_text(bot)
