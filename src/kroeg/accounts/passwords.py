"""Passwords: Argon2id hashes (argon2-cffi), checked off the event loop.

One hash costs about a tenth of a second of CPU and tens of MiB of memory on purpose
(``bench/logins.py``, docs/performance.md "Logins"): a stolen ``accounts`` table then
yields passwords only at that price each. The work runs in a thread (argon2-cffi
releases the GIL), at most :data:`AT_ONCE` at a time, so that a flood of logins neither
stops the tables nor takes the server's memory.
"""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from kroeg.accounts.errors import AccountError

PASSWORD_MIN = 10
PASSWORD_MAX = 256
"""A longer one is refused: Argon2 reads all of it, and no person types more."""

TIME_COST = 2
MEMORY_KIB = 32 * 1024
PARALLELISM = 1
"""The Argon2id parameters: 32 MiB, two passes, one lane (more memory than OWASP's
minimum of 19 MiB), chosen with ``bench/logins.py`` so that one login costs at most
100 ms of CPU here (docs/accounts.md, "Passwords"). A hash keeps its own parameters:
changing these rehashes a password at its owner's next login."""

AT_ONCE = 2
"""Hashes computed at once, each in a thread of its own; more wait their turn."""

hasher = PasswordHasher(time_cost=TIME_COST, memory_cost=MEMORY_KIB, parallelism=PARALLELISM)
_threads = ThreadPoolExecutor(max_workers=AT_ONCE, thread_name_prefix="argon2")


@functools.cache
def dummy_hash() -> str:
    """Checked against when a login names no account, so that an unknown name takes as
    long as a wrong password and the time does not tell which names exist."""
    return hasher.hash("not the password of anyone at all")


def check_new_password(password: str) -> str:
    """The password, or ``bad_password`` saying why it may not be one."""
    if len(password) < PASSWORD_MIN:
        raise AccountError("bad_password", f"a password has at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise AccountError("bad_password", f"a password has at most {PASSWORD_MAX} characters")
    return password


def _encode(password: str) -> bytes:
    return password.encode("utf-8", "surrogatepass")


async def hash_password(password: str) -> str:
    """The Argon2id hash to store (salt and parameters included)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_threads, hasher.hash, _encode(password))


def _verify(stored: str | None, password: str) -> bool:
    try:
        return hasher.verify(stored or dummy_hash(), _encode(password))
    except (VerificationError, InvalidHashError):
        return False


async def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one of the hash; without a hash (an unknown name, an
    account with passkeys only) it is checked against :func:`dummy_hash`, and is wrong:
    one Argon2id verify either way, in the hashing threads (the dummy hash is made there
    too, the first time)."""
    if len(password) > PASSWORD_MAX:
        return False
    loop = asyncio.get_running_loop()
    right = await loop.run_in_executor(_threads, _verify, stored, password)
    return right and stored is not None


def needs_rehash(stored: str) -> bool:
    """Whether the hash was made with other parameters than today's."""
    return hasher.check_needs_rehash(stored)
