"""Accounts in the browser (issue 19, "Done when"): register with a password, a guest who
becomes an account keeps its game, register and log in with a passkey (Chromium's
virtual authenticator over CDP), and the account page on a phone and a desktop."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

from tests.e2e.conftest import DESKTOP, PHONE, NewPage
from tests.e2e.helpers import api, enter, play_now, shoot

PASSWORD = "correct horse battery"


def fresh(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def test_a_guest_registers_with_a_password_and_keeps_its_game(new_page: NewPage) -> None:
    page = new_page()
    enter(page, "Gast Gijs")
    table = play_now(page, "toepen")
    before = api(page, "GET", "/me")
    assert before["account"] is None
    expect(page.locator(".seat.me .guest-mark")).to_have_text("gast")
    expect(page.locator(".seat .guest-mark")).to_have_count(1)  # the house's seats have none
    shoot(page, "accounts/table-guest")
    page.set_viewport_size(DESKTOP)
    page.goto("/account")
    expect(page.locator("#register-h")).to_have_text("Account aanmaken")
    shoot(page, "accounts/guest")
    page.set_viewport_size(DESKTOP)
    name = fresh("Gijs")
    page.fill("#register-name", name)
    page.fill("#register-password", "te kort")
    page.locator("#register-form").get_by_role("button", name="Account aanmaken").click()
    expect(page.locator("#register-form [role=alert]")).to_have_text(
        "Een wachtwoord heeft minstens 10 tekens."
    )
    page.fill("#register-password", PASSWORD)
    page.locator("#register-form").get_by_role("button", name="Account aanmaken").click()
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {name}.")
    after = api(page, "GET", "/me")
    assert after["id"] == before["id"]
    assert after["account"] == {"name": name, "kind": "person"}
    # The page kept no token: only the httpOnly cookie holds the session.
    assert page.evaluate("localStorage.getItem('kroeg.token')") is None
    assert "kroeg_token" not in page.evaluate("document.cookie")
    shoot(page, "accounts/account")
    page.set_viewport_size(DESKTOP)
    # Back at its table it still holds its seat and its cards.
    page.goto(f"/t/{table}")
    expect(page.locator(".hand")).to_be_visible()
    expect(page.locator(".seat.me")).to_be_visible()
    # A new table shows the account's seat without the mark, its kind for the badge.
    page.goto("/")
    other = play_now(page, "toepen")
    assert other != table
    expect(page.locator(".seat.me .name")).to_have_attribute("data-account", "person")
    expect(page.locator(".seat.me .guest-mark")).to_have_count(0)
    # Logged out, the name logs in again with the password.
    page.goto("/account")
    page.get_by_role("button", name="Uitloggen", exact=True).click()
    expect(page.locator("#login-h")).to_be_visible()
    page.fill("#login-name", name.upper())
    page.fill("#login-password", "niet het wachtwoord")
    page.locator("#login-form").get_by_role("button", name="Inloggen", exact=True).click()
    expect(page.locator("#login-form [role=alert]")).to_have_text("Naam of wachtwoord klopt niet.")
    page.fill("#login-password", PASSWORD)
    page.locator("#login-form").get_by_role("button", name="Inloggen", exact=True).click()
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {name}.")
    assert api(page, "GET", "/me")["id"] == before["id"]


@pytest.fixture
def localhost(browser: Browser, server: str) -> Iterator[BrowserContext]:
    """A context on ``localhost``: a passkey's relying party must be a host name (not an
    IP address), and localhost is a secure context over plain HTTP."""
    context = browser.new_context(
        viewport=DESKTOP, base_url=server.replace("127.0.0.1", "localhost")
    )
    context.set_default_timeout(15_000)
    yield context
    context.close()


def virtual_authenticator(page: Page) -> str:
    """Chromium's virtual platform authenticator (CTAP2, resident keys, user verification)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    authenticator: str = added["authenticatorId"]
    return authenticator


def test_register_and_log_in_with_a_passkey(localhost: BrowserContext) -> None:
    page = localhost.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    virtual_authenticator(page)
    page.goto("/account")
    name = fresh("Pien")
    page.fill("#register-name", name)
    page.click("#register-passkey")
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {name}.")
    expect(page.locator("#passkeys li")).to_have_count(1)
    me = api(page, "GET", "/me")
    assert me["account"] == {"name": name, "kind": "person"}
    # No password: the name and any password do not log in; the passkey does.
    page.get_by_role("button", name="Uitloggen", exact=True).click()
    expect(page.locator("#login-h")).to_be_visible()
    page.fill("#login-name", name)
    page.fill("#login-password", PASSWORD)
    page.locator("#login-form").get_by_role("button", name="Inloggen", exact=True).click()
    expect(page.locator("#login-form [role=alert]")).to_have_text("Naam of wachtwoord klopt niet.")
    page.click("#login-passkey")
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {name}.")
    assert api(page, "GET", "/me")["id"] == me["id"]
    expect(page.locator("#passkeys li")).to_contain_text(re.compile("laatst gebruikt"))
    # Its only way in cannot be removed.
    page.locator("#passkeys li").get_by_role("button", name="Verwijderen").click()
    expect(page.locator("#account-status")).to_have_text(
        "Dit is je enige manier om in te loggen: houd hem."
    )
    assert not errors, errors


def test_the_account_page_fits_a_phone(new_page: NewPage) -> None:
    page = new_page(viewport=PHONE, touch=True)
    page.goto("/account")
    expect(page.locator("#login-h")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"no sideways scrolling: {width}"


def _visibility_put(response: Response) -> bool:
    return response.url.endswith("/api/me/visibility") and response.request.method == "PUT"


def test_the_account_page_toggles_invisible(new_page: NewPage) -> None:
    """docs/accounts.md, "Invisible": the toggle changes the account and stays after a
    reload."""
    page = new_page()
    enter(page, "Ina")
    page.goto("/account")
    name = fresh("Ina")
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.locator("#register-form").get_by_role("button", name="Account aanmaken").click()
    expect(page.locator("#account-name")).to_have_text(f"Je bent ingelogd als {name}.")
    toggle = page.get_by_label("Onzichtbaar")
    expect(toggle).not_to_be_checked()
    with page.expect_response(_visibility_put):
        toggle.check()
    assert api(page, "GET", "/me/visibility") == {"invisible": True}
    page.reload()
    expect(page.get_by_label("Onzichtbaar")).to_be_checked()
    shoot(page, "accounts/account-invisible")
    page.set_viewport_size(DESKTOP)
    with page.expect_response(_visibility_put):
        page.get_by_label("Onzichtbaar").uncheck()
    expect(page.locator("#invisible-status")).to_have_text("")
    page.reload()
    expect(page.get_by_label("Onzichtbaar")).not_to_be_checked()
    assert api(page, "GET", "/me/visibility") == {"invisible": False}
