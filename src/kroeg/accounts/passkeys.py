"""Passkeys (WebAuthn, the ``webauthn`` package): registering one and logging in with it.

A ceremony is two calls: the server hands out options with a fresh challenge (kept for
:data:`CEREMONY_SECONDS` and used once: here in memory, or in Redis when several
processes share the pub, ``kroeg.cluster.ceremonies``, since the two calls may reach
different processes), the browser asks the authenticator and sends back what it signed.
Passkeys are discoverable (resident) credentials, so a login needs no name: the browser
offers the passkeys it has for this site. User verification (a PIN, a fingerprint) is
*preferred*: asked for where the authenticator can, not required, so a plain security
key works too (docs/accounts.md, "Passkeys").

The relying party is the host the page was served from (its name without the port) and
the expected origin that page's own origin: a passkey made on ``kroeg.example`` works
only there.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any, Protocol

from webauthn import (
    base64url_to_bytes,
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from kroeg.accounts.errors import AccountError
from kroeg.store import Store
from kroeg.store import passkeys as stored_passkeys
from kroeg.store.errors import DuplicateKey
from kroeg.store.passkeys import NewPasskey, StoredPasskey

RP_NAME = "Kroeg"
CEREMONY_SECONDS = 300.0
CEREMONIES_MAX = 10_000
"""Ceremonies open at once; more are refused until some finish or expire."""
ID_MAX = 255
"""The longest credential id (base64url) the ``passkeys`` table holds."""


@dataclass(frozen=True, slots=True)
class Party:
    """Who the passkeys are for: the relying party id (a host name) and the page's origin."""

    rp_id: str
    origin: str


@dataclass(frozen=True, slots=True)
class Ceremony:
    challenge: bytes
    purpose: str
    """``register`` or ``login``."""
    party: Party
    expires: float
    player: str | None = None
    """Registering: the player the passkey is for (None: a new account, see ``name``)."""
    name: str | None = None
    """Registering a new account with a passkey only: its name."""

    def to_json(self) -> str:
        return json.dumps(
            {
                "challenge": self.challenge.hex(),
                "purpose": self.purpose,
                "rp_id": self.party.rp_id,
                "origin": self.party.origin,
                "expires": self.expires,
                "player": self.player,
                "name": self.name,
            }
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Ceremony:
        d = json.loads(text)
        party = Party(d["rp_id"], d["origin"])
        challenge = bytes.fromhex(d["challenge"])
        return cls(challenge, d["purpose"], party, d["expires"], d["player"], d["name"])


def still_open(ceremony: Ceremony | None, purpose: str) -> Ceremony:
    """The ceremony a finishing call named, or ``bad_passkey`` when it is unknown, expired
    or of another purpose (either way it is closed now: a challenge is used once)."""
    if ceremony is None or ceremony.expires <= time.time() or ceremony.purpose != purpose:
        raise AccountError("bad_passkey", "the passkey request expired: start again")
    return ceremony


class CeremonyStore(Protocol):
    """Where the ceremonies under way are kept, by a random id handed to the browser."""

    async def begin(self, ceremony: Ceremony) -> str: ...

    async def finish(self, key: str, purpose: str) -> Ceremony:
        """The ceremony (once: it is closed now); ``bad_passkey`` per :func:`still_open`."""
        ...


class Ceremonies:
    """The open ceremonies of one process, in memory (a :class:`CeremonyStore`)."""

    def __init__(self) -> None:
        self._open: dict[str, Ceremony] = {}

    async def begin(self, ceremony: Ceremony) -> str:
        now = time.time()
        for key in [k for k, c in self._open.items() if c.expires <= now]:
            del self._open[key]
        if len(self._open) >= CEREMONIES_MAX:
            raise AccountError(
                "rate_limited", "too many passkey ceremonies at once: try again", retry_after=5
            )
        key = secrets.token_urlsafe(16)
        self._open[key] = ceremony
        return key

    async def finish(self, key: str, purpose: str) -> Ceremony:
        return still_open(self._open.pop(key, None), purpose)


def registration_options(
    party: Party, user_id: str, user_name: str, existing: list[str]
) -> tuple[bytes, dict[str, Any]]:
    """The challenge and the browser's ``PublicKeyCredentialCreationOptions`` (JSON)."""
    options = generate_registration_options(
        rp_id=party.rp_id,
        rp_name=RP_NAME,
        user_id=user_id.encode(),
        user_name=user_name,
        user_display_name=user_name,
        timeout=int(CEREMONY_SECONDS * 1000),
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(i)) for i in existing
        ],
    )
    return options.challenge, json.loads(options_to_json(options))


def login_options(party: Party) -> tuple[bytes, dict[str, Any]]:
    """The challenge and the browser's ``PublicKeyCredentialRequestOptions`` (JSON):
    no credentials listed, the browser offers the passkeys it holds for the site."""
    options = generate_authentication_options(
        rp_id=party.rp_id,
        timeout=int(CEREMONY_SECONDS * 1000),
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return options.challenge, json.loads(options_to_json(options))


def _refused(e: Exception) -> AccountError:
    return AccountError("bad_passkey", f"the passkey was not accepted: {e}")


def verify_registration(ceremony: Ceremony, credential: dict[str, Any]) -> NewPasskey:
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=ceremony.challenge,
            expected_rp_id=ceremony.party.rp_id,
            expected_origin=ceremony.party.origin,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as e:
        raise _refused(e) from None
    passkey_id = bytes_to_base64url(verified.credential_id)
    if len(passkey_id) > ID_MAX:
        raise AccountError("bad_passkey", "the passkey's id is too long to keep")
    transports = credential.get("response", {}).get("transports") or []
    return NewPasskey(
        id=passkey_id,
        public_key=verified.credential_public_key,
        sign_count=verified.sign_count,
        transports=[str(t) for t in transports][:8],
    )


def credential_id(credential: dict[str, Any]) -> str:
    """The id a login's credential names (its ``rawId``), or ``bad_passkey``."""
    raw = credential.get("rawId") if isinstance(credential, dict) else None
    if not isinstance(raw, str) or not 0 < len(raw) <= ID_MAX:
        raise AccountError("bad_passkey", "the passkey answer names no credential")
    return raw


def verify_login(ceremony: Ceremony, credential: dict[str, Any], key: StoredPasskey) -> int:
    """The passkey's new sign count once its signature of the challenge is verified."""
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=ceremony.challenge,
            expected_rp_id=ceremony.party.rp_id,
            expected_origin=ceremony.party.origin,
            credential_public_key=key.public_key,
            credential_current_sign_count=key.sign_count,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as e:
        raise _refused(e) from None
    return verified.new_sign_count


async def add(store: Store, player: str, key: NewPasskey) -> None:
    """Keep a new passkey; one registered before is refused (``passkey_taken``)."""
    try:
        await stored_passkeys.add(store, player, key)
    except DuplicateKey:
        raise AccountError("passkey_taken", "this passkey is registered already") from None
