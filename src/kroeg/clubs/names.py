"""The ids and the shown names of a club's rows."""

from __future__ import annotations

import secrets
import unicodedata

from kroeg.clubs.errors import ClubError


def new_id(prefix: str) -> str:
    """A new row id: the prefix says what it is (``c`` club, ``m`` member, ``n`` night,
    ``r`` round table)."""
    return prefix + secrets.token_hex(12)


def clean_text(text: str, code: str, what: str) -> str:
    """A name as shown: spaces collapsed; empty, or with control or invisible characters,
    it is refused."""
    cleaned = " ".join(text.split())
    if not cleaned or any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        raise ClubError(code, f"{what} needs 1 to 64 visible characters")
    return cleaned
