"""Guest names and ids, and the tokens from before sessions.

Tokens are sessions now (kroeg.server.sessions). Until then a token was a player id
signed with the server's secret (HMAC-SHA256, the secret in the database), which never
expired; :class:`Tokens` only still verifies such a token, the first time it is used
after the upgrade, to turn it into a session.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

NAME_MAX = 24
COOKIE = "kroeg_token"


class Tokens:
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


def new_player_id() -> str:
    """Hex only, like table ids: no id can be mistaken for a card (``Ah``) in a message."""
    return "p" + secrets.token_hex(10)


def clean_name(name: str | None) -> str | None:
    """The display name trimmed, or None when it is empty, too long or has control characters."""
    if name is None:
        return None
    name = " ".join(name.split())
    if not 1 <= len(name) <= NAME_MAX:
        return None
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return None
    return name
