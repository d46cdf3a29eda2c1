"""What the store tells its callers when a write could not be made, so that no service
needs to know the database's own exceptions."""

from __future__ import annotations


class DuplicateKey(Exception):
    """A row's primary or unique key (an id, an account's name) was taken, perhaps
    meanwhile by another request; nothing of the write was made."""
