"""What the web layer reads of who is asking: the session cookie's name and a guest's
name as sent (sessions themselves are kroeg.accounts.sessions)."""

from __future__ import annotations

import unicodedata

NAME_MAX = 24
COOKIE = "kroeg_token"


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
