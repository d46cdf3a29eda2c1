"""Account names: what a name may be, and the key that makes names unique.

A name is trimmed (runs of spaces become one), brought to Unicode NFKC (so that the
full-width ``Ａｎｎａ`` and a ligature ``ﬁ`` are the letters they look like) and then
has 2 to 24 characters, none of them a control or format character (Unicode category
``C``: no zero-width joiner, no right-to-left override hiding what the name says).

Two names are the same name when their keys are equal: the key is the name case-folded
and brought to NFKC again (``casefold`` can undo NFKC, ``ß`` becomes ``ss``), so
``Anna``, ``ANNA`` and ``ａｎｎａ`` are one name (docs/accounts.md, "Names").
"""

from __future__ import annotations

import unicodedata

from kroeg.accounts.errors import AccountError

NAME_MIN = 2
NAME_MAX = 24
KEY_MAX = 96
"""The room for a key (the ``name_key`` column): case folding can make a name longer (a
``ß`` is ``ss``), at most three times over in Unicode."""


def clean_account_name(name: str) -> str:
    """The name as an account keeps it; ``bad_name`` saying what is wrong with it."""
    name = unicodedata.normalize("NFKC", " ".join(name.split()))
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise AccountError("bad_name", f"a name has {NAME_MIN} to {NAME_MAX} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise AccountError("bad_name", "a name may not hold control or invisible characters")
    return name


def name_key(name: str) -> str:
    """The form in which two names are compared: equal keys are the same name (spaces
    trimmed as :func:`clean_account_name` trims them, so a login finds the account)."""
    name = unicodedata.normalize("NFKC", " ".join(name.split()))
    return unicodedata.normalize("NFKC", name.casefold())
