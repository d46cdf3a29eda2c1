"""A bar table's scorer link (docs/clubs.md, "At the bar: Mieke"): the table's id and an
HMAC of it under the server's secret, so the organiser can print it again and it is
checked without looking a secret up."""

from __future__ import annotations

import hashlib
import hmac


class ScorerTokens:
    def __init__(self, secret: str) -> None:
        self._secret = secret.encode()

    def token(self, table_id: str) -> str:
        mac = hmac.new(self._secret, b"kroeg-scorer:" + table_id.encode(), hashlib.sha256)
        return f"{table_id}.{mac.hexdigest()[:32]}"

    def token_hash(self, table_id: str) -> str:
        """What the round table stores of its token (``round_tables.secret_hash``)."""
        return hashlib.sha256(self.token(table_id).encode()).hexdigest()

    def table_of(self, token: str) -> str | None:
        """The round table's id the token is for; None when it is not a valid token."""
        table_id, _, _ = token.partition(".")
        if not hmac.compare_digest(token.encode(), self.token(table_id).encode()):
            return None
        return table_id
