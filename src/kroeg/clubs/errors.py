"""The one refusal of the clubs package: a stable ``code`` and an English message, as the
API sends them (``{"detail": {"code", "message"}}``)."""

from __future__ import annotations

from kroeg.errors import Refusal


class ClubError(Refusal):
    def __init__(
        self, code: str, message: str, *, retry_after: int | None = None, **params: object
    ) -> None:
        if retry_after is None:
            super().__init__(code, message, **params)
        else:
            super().__init__(code, message, retry_after=retry_after, **params)
        self.retry_after = retry_after
        """Seconds until the refused request may succeed (``quota_exceeded``)."""
