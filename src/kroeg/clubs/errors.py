"""The one error of the clubs package: a stable ``code`` and an English message, as the
API sends them (``{"detail": {"code", "message"}}``)."""

from __future__ import annotations


class ClubError(ValueError):
    def __init__(self, code: str, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after
        """Seconds until the refused request may succeed (``quota_exceeded``)."""
