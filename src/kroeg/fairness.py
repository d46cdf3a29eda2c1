"""Deals anyone can verify: the commitment, the mixing of contributions and the card
order (docs/fair-deals.md, step by step with test vectors).

A game has one secret of :data:`SECRET_BYTES` random bytes. Before deal ``n`` the
table publishes :func:`commitment` of the secret and ``n``; players may add random
contributions of :data:`CONTRIBUTION_BYTES` each; the deal's card order is
:func:`card_order` of the deck, the secret, ``n`` and the contributions; when the game
ends the secret is revealed and anyone can recompute both. Pure functions: no table,
no clock, no I/O. Where the secret comes from (:func:`new_secret`) is the one random
step.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Mapping, Sequence
from typing import TypeVar

SECRET_BYTES = 32
CONTRIBUTION_BYTES = 32
MAX_SEAT = 255
"""A seat is written as one byte in the mix."""

COMMIT_LABEL = b"kroeg/commit/v1"
MIX_LABEL = b"kroeg/mix/v1"
DEAL_LABEL = b"kroeg/deal/v1"

T = TypeVar("T")


class FairDealError(ValueError):
    """An input the algorithm does not take, with a stable ``code``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def new_secret() -> bytes:
    """A fresh secret for one game, from the operating system's CSPRNG."""
    return secrets.token_bytes(SECRET_BYTES)


def _check_secret(secret: bytes) -> None:
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise FairDealError("secret_size", f"a secret is {SECRET_BYTES} bytes")


def _deal_number(deal_no: int) -> bytes:
    if isinstance(deal_no, bool) or not isinstance(deal_no, int) or not 1 <= deal_no < 2**64:
        raise FairDealError("deal_number", f"a deal number is an integer from 1, got {deal_no!r}")
    return deal_no.to_bytes(8, "big")


def commitment(secret: bytes, deal_no: int) -> str:
    """SHA-256 of the label, the secret and the deal's number: published before the deal
    (lowercase hex)."""
    _check_secret(secret)
    return hashlib.sha256(COMMIT_LABEL + secret + _deal_number(deal_no)).hexdigest()


def commitment_holds(secret: bytes, deal_no: int, published: str) -> bool:
    """Whether ``published`` is the commitment of the revealed secret for that deal."""
    return hmac.compare_digest(commitment(secret, deal_no), published)


def mix(contributions: Mapping[int, bytes]) -> bytes:
    """The players' contributions as one digest: SHA-256 of the label and, seat by seat
    from the lowest, the seat as one byte and its contribution. No contribution at all
    is the digest of the label alone."""
    data = bytearray(MIX_LABEL)
    for seat in sorted(contributions):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= MAX_SEAT:
            raise FairDealError("seat", f"a contribution's seat is 0 to {MAX_SEAT}, got {seat!r}")
        contribution = contributions[seat]
        if not isinstance(contribution, bytes) or len(contribution) != CONTRIBUTION_BYTES:
            raise FairDealError(
                "contribution_size",
                f"seat {seat}'s contribution must be {CONTRIBUTION_BYTES} bytes",
            )
        data.append(seat)
        data += contribution
    return hashlib.sha256(bytes(data)).digest()


def deal_key(secret: bytes, deal_no: int, contributions: Mapping[int, bytes]) -> bytes:
    """HMAC-SHA256 keyed with the secret over the label, the deal's number and the mix:
    the key of the deal's random stream."""
    _check_secret(secret)
    message = DEAL_LABEL + _deal_number(deal_no) + mix(contributions)
    return hmac.new(secret, message, hashlib.sha256).digest()


def stream(key: bytes) -> Iterator[int]:
    """SHA-256 in counter mode: the bytes of SHA-256(key, counter) for counter 0, 1, ...
    (eight bytes, big-endian), read four at a time as big-endian 32-bit numbers."""
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        for at in range(0, len(block), 4):
            yield int.from_bytes(block[at : at + 4], "big")
        counter += 1


def below(numbers: Iterator[int], bound: int) -> int:
    """A uniform integer from 0 to ``bound`` - 1: the next number of the stream that lies
    below the largest multiple of ``bound`` under 2**32, modulo ``bound`` (the numbers
    above it are skipped, so no remainder is likelier than another)."""
    limit = 2**32 - 2**32 % bound
    while True:
        x = next(numbers)
        if x < limit:
            return x % bound


def card_order(
    deck: Sequence[T], secret: bytes, deal_no: int, contributions: Mapping[int, bytes]
) -> list[T]:
    """The deal's order of ``deck`` (given in the game's canonical order): Fisher-Yates
    from the last position down, each position swapped with a uniform one at or before
    it, drawn from the deal's stream."""
    numbers = stream(deal_key(secret, deal_no, contributions))
    order = list(deck)
    for i in range(len(order) - 1, 0, -1):
        j = below(numbers, i + 1)
        order[i], order[j] = order[j], order[i]
    return order
