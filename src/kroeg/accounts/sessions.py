"""The one session mechanism: who a token belongs to, until when, and revoking it.

A session is a row of the store's ``sessions`` table: its id, its player, the SHA-256 of
its token, when it was made and last used, when it expires and whether it was revoked.
The token itself is opaque (32 random bytes, URL-safe) and never stored: a stolen
database yields no working token. Using a session renews it (at most once per
``renew_after`` seconds, so that reading the lobby is not a write per request).

A guest gets a session when it is created; an account's login (the accounts issue)
will be one more session for the same player id, of another ``kind``.

Tokens from before sessions (``<player id>.<HMAC signature>``, docs/security.md) are
migrated on first use: a valid one becomes a session whose hash is that token's, so it
keeps working, and from then on expires and can be revoked like any other.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass

from kroeg.store import SessionRow, Store
from kroeg.store import sessions as stored_sessions
from kroeg.store.errors import DuplicateKey

SESSION_RENEW = 3600.0
"""Seconds between two renewals of a session in use (each is a write); a tenth of the
session's life when that is shorter."""

TOKEN_MAX = 256
"""A longer token is not one of ours (ours are 43 characters, old ones under 60)."""

BOT_TOKEN = "bot_token"
"""The kind of a bot's API token (docs/bots-api.md): it may play and nothing else
(kroeg.server.scopes)."""

TOKEN_RETENTION = 30 * 24 * 3600.0
"""Seconds a bot's token is kept (and listed) after it was revoked or expired; then it
is deleted (docs/security.md, "API tokens")."""


def token_hash(token: str) -> str:
    """The stored form of a token; any string at all hashes (lone surrogates included)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Tokens:
    """The tokens from before sessions: a player id signed with the server's secret
    (HMAC-SHA256, the secret in the database), which never expired. Only still verified,
    the first time one is used after the upgrade, to turn it into a session."""

    def __init__(self, secret: str) -> None:
        self._key = secret.encode()

    def _sign(self, player: str) -> str:
        return hmac.new(self._key, player.encode(), hashlib.sha256).hexdigest()[:32]

    def issue(self, player: str) -> str:
        return f"{player}.{self._sign(player)}"

    def verify(self, token: str) -> str | None:
        """The player id of a valid token, else None: a token of any characters is just
        a bad token (``compare_digest`` takes only ASCII strings)."""
        if not token.isascii():
            return None
        player, _, signature = token.partition(".")
        if not player or not signature or not player.isascii() or not signature.isascii():
            return None
        if not hmac.compare_digest(signature, self._sign(player)):
            return None
        return player


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A valid token's session: its player, and whether it was renewed just now."""

    session_id: str
    player: str
    expires_at: float
    renewed: bool
    kind: str = "guest"
    """The session's kind: ``guest``, an account's login, or ``bot_token`` (docs/bots-api.md)."""


class Sessions:
    def __init__(
        self, store: Store, *, ttl: float, renew_after: float, legacy: Tokens | None
    ) -> None:
        self.store = store
        self.ttl = ttl
        self.renew_after = renew_after
        self.legacy = legacy

    async def open(self, player: str, kind: str = "guest") -> str:
        """A new session for ``player``; its token (the only time it exists in the clear)."""
        token = secrets.token_urlsafe(32)
        await self._create(player, token_hash(token), kind)
        return token

    async def _create(self, player: str, hashed: str, kind: str) -> SessionRow:
        now = time.time()
        row = SessionRow(
            id="s" + secrets.token_hex(15),
            player_id=player,
            token_hash=hashed,
            kind=kind,
            created_at=now,
            last_used_at=now,
            expires_at=now + self.ttl,
        )
        await self.store.create_session(row)
        return row

    async def check(self, token: str | None) -> SignedIn | None:
        """The session of a token that is valid now (renewing it), else None: a token of
        any bytes that is not one is just a bad token."""
        if not token or len(token) > TOKEN_MAX:
            return None
        hashed = token_hash(token)
        row = await self.store.session_by_hash(hashed)
        if row is None:
            row = await self._migrate(token, hashed)
            if row is None:
                return None
        now = time.time()
        if row.revoked_at is not None or row.expires_at <= now:
            return None
        if now - row.last_used_at < self.renew_after:
            return SignedIn(row.id, row.player_id, row.expires_at, renewed=False, kind=row.kind)
        expires = now + self.ttl
        await self.store.renew_session(row.id, now, expires)
        return SignedIn(row.id, row.player_id, expires, renewed=True, kind=row.kind)

    async def kind_of(self, token: str) -> str | None:
        """The kind of the session of a token that is valid now, else None; unlike
        :meth:`check` it neither renews the session nor migrates an old token (those are
        guests' anyway)."""
        if not token or len(token) > TOKEN_MAX:
            return None
        row = await self.store.session_by_hash(token_hash(token))
        if row is None or row.revoked_at is not None or row.expires_at <= time.time():
            return None
        return row.kind

    async def _migrate(self, token: str, hashed: str) -> SessionRow | None:
        """A valid token from before sessions as a session of its own, else None."""
        player = None if self.legacy is None else self.legacy.verify(token)
        if player is None or await self.store.player_name(player) is None:
            return None
        try:
            return await self._create(player, hashed, "guest")
        except DuplicateKey:  # the same old token, used twice at once
            return await self.store.session_by_hash(hashed)

    async def revoke(self, session_id: str) -> None:
        await self.store.revoke_session(session_id)

    async def revoke_all(self, player: str) -> None:
        """Log the player out everywhere: every session of theirs stops working."""
        await stored_sessions.revoke_all_of(self.store, player, time.time())

    async def forget_dead_tokens(self, now: float | None = None) -> None:
        """Delete the bots' tokens revoked or expired more than :data:`TOKEN_RETENTION`
        ago. Only bot tokens: a guest's session from before sessions must stay (revoked),
        or its old signed token would become a session again (:meth:`_migrate`)."""
        before = (time.time() if now is None else now) - TOKEN_RETENTION
        await stored_sessions.delete_dead(self.store, BOT_TOKEN, before)

    async def active(self, player: str) -> list[SessionRow]:
        """The player's sessions that work now (not revoked, not expired), oldest first."""
        now = time.time()
        rows = await self.store.sessions_of(player)
        return [r for r in rows if r.revoked_at is None and r.expires_at > now]
