"""Passkey ceremonies refused over REST (issue 19 "Bad input"): a forged or replayed
answer, an unknown ceremony, a taken name: a clear 4xx with a code, never a 500, and
nothing changes. The ceremonies that succeed run in Chromium (tests/e2e/test_accounts.py)."""

from __future__ import annotations

from tests.accounts.conftest import fresh_name
from tests.accounts.test_api import call, error, guest, register
from tests.server.harness import Server

FORGED = {
    "id": "AAAA",
    "rawId": "AAAA",
    "type": "public-key",
    "response": {"clientDataJSON": "e30", "authenticatorData": "AAAA", "signature": "AAAA"},
}


def test_login_options_are_usernameless_with_user_verification_preferred(server: Server) -> None:
    r = call(server, "POST", "/api/passkeys/login/options", {})
    assert r.status_code == 200, r.text
    options = r.json()["options"]
    assert options["rpId"] == "127.0.0.1" and options["userVerification"] == "preferred"
    assert options.get("allowCredentials", []) == []
    assert len(r.json()["ceremony"]) >= 16


def test_a_forged_or_replayed_login_is_refused(server: Server) -> None:
    ceremony = call(server, "POST", "/api/passkeys/login/options", {}).json()["ceremony"]
    for credential in (FORGED, {}, {"rawId": 7}, {"rawId": "x" * 300}):
        r = call(
            server, "POST", "/api/passkeys/login", {"ceremony": ceremony, "credential": credential}
        )
        assert r.status_code in (401, 422), (credential, r.text)
        assert error(r) in ("bad_passkey", "bad_login")
        ceremony = call(server, "POST", "/api/passkeys/login/options", {}).json()["ceremony"]
    # A ceremony is used once: after one answer (even a bad one) it is gone.
    call(server, "POST", "/api/passkeys/login", {"ceremony": ceremony, "credential": FORGED})
    again = call(
        server, "POST", "/api/passkeys/login", {"ceremony": ceremony, "credential": FORGED}
    )
    assert again.status_code == 422 and error(again) == "bad_passkey"
    assert "expired" in again.json()["detail"]["message"]


def test_registering_refuses_bad_requests_and_changes_nothing(server: Server) -> None:
    # No session and no name: nothing to add a passkey to.
    r = call(server, "POST", "/api/passkeys/register/options", {})
    assert r.status_code == 401 and error(r) == "not_authenticated"
    taken = register(server, fresh_name("Lot"))["account"]["name"]
    r = call(server, "POST", "/api/passkeys/register/options", {"name": taken.lower()})
    assert r.status_code == 409 and error(r) == "name_taken"
    r = call(server, "POST", "/api/passkeys/register/options", {"name": "x"})
    assert r.status_code == 422 and error(r) == "bad_name"
    visitor = guest(server, "Gast Guus")
    name = fresh_name("Guus")
    made = call(server, "POST", "/api/passkeys/register/options", {"name": name}, visitor["token"])
    assert made.status_code == 200
    options = made.json()["options"]
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "preferred"
    r = call(
        server,
        "POST",
        "/api/passkeys/register",
        {"ceremony": made.json()["ceremony"], "credential": FORGED},
        visitor["token"],
    )
    assert r.status_code == 422 and error(r) == "bad_passkey"
    r = call(
        server,
        "POST",
        "/api/passkeys/register",
        {"ceremony": "unknown", "credential": FORGED},
        visitor["token"],
    )
    assert r.status_code == 422 and error(r) == "bad_passkey"
    # Nothing changed: still a guest, and the name still free.
    assert call(server, "GET", "/api/me", token=visitor["token"]).json()["account"] is None
    assert register(server, name)["account"]["name"] == name


def test_a_guest_has_no_passkeys_to_list_or_remove(server: Server) -> None:
    visitor = guest(server, "Gast Gon")
    assert call(server, "GET", "/api/passkeys", token=visitor["token"]).status_code == 401
    account = register(server, fresh_name("Gon"))
    listed = call(server, "GET", "/api/passkeys", token=account["token"])
    assert listed.status_code == 200 and listed.json() == {"passkeys": []}
    r = call(server, "DELETE", "/api/passkeys/AAAA", token=account["token"])
    assert r.status_code == 404 and error(r) == "unknown_passkey"
