"""Deals anyone can verify: the commitment, the mixing of contributions and the card
order (docs/fair-deals.md, step by step with test vectors).

A game has one secret of :data:`SECRET_BYTES` random bytes. Before deal ``n`` the
table publishes :func:`commitment` of the secret and ``n``; players may add random
contributions of :data:`CONTRIBUTION_BYTES` each; the deal's card order is
:func:`card_order` of the deck, the secret, ``n`` and the contributions; when the game
ends the secret is revealed and anyone can recompute both. :func:`fair_deal` turns the
order into the hands and the stock of a game's deal. Pure functions: no table, no clock,
no I/O. Where the secret comes from (:func:`new_secret`) is the one random
step.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Iterator, Mapping, Sequence
from itertools import chain, count, repeat
from typing import TypeVar

from kroeg.cards import SIX, TWO, Card, is_joker, rank_of
from kroeg.games.base import Deal

SECRET_BYTES = 32
CONTRIBUTION_BYTES = 32
MAX_SEAT = 255
"""A seat is written as one byte in the mix."""

COMMIT_LABEL = b"kroeg/commit/v1"
MIX_LABEL = b"kroeg/mix/v1"
DEAL_LABEL = b"kroeg/deal/v1"
RESTOCK_LABEL = b"kroeg/restock/v1"

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
    return hmac.digest(secret, message, "sha256")


_BLOCK_NUMBERS = struct.Struct(">8I")
"""A SHA-256 block (32 bytes) as eight big-endian 32-bit numbers."""


def stream(key: bytes) -> Iterator[int]:
    """SHA-256 in counter mode: the bytes of SHA-256(key, counter) for counter 0, 1, ...
    (eight bytes, big-endian), read four at a time as big-endian 32-bit numbers.

    An iterator of C iterators (a Python call per block of eight numbers, none per
    number): a deal draws some forty numbers, and a table deals all the time."""
    return chain.from_iterable(map(_block, repeat(key), count()))


def _block(key: bytes, counter: int) -> tuple[int, ...]:
    """The stream's numbers from block ``counter``."""
    return _BLOCK_NUMBERS.unpack(hashlib.sha256(key + counter.to_bytes(8, "big")).digest())


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
    return _shuffled(list(deck), stream(deal_key(secret, deal_no, contributions)))


def _shuffled(order: list[T], numbers: Iterator[int]) -> list[T]:
    """Fisher-Yates in place, from the last position down, each position swapped with a
    uniform one at or before it, drawn from ``numbers``; ``order`` returned."""
    for i in range(len(order) - 1, 0, -1):
        j = below(numbers, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def restock_key(
    secret: bytes, deal_no: int, restock_no: int, contributions: Mapping[int, bytes]
) -> bytes:
    """HMAC-SHA256 keyed with the secret over the restock label, the deal's number, the
    restock's number in that deal (from 1, eight bytes big-endian) and the deal's mix."""
    _check_secret(secret)
    number = restock_no if isinstance(restock_no, int) and not isinstance(restock_no, bool) else 0
    if not 0 < number < 2**64:
        raise FairDealError(
            "restock_number", f"a restock number is an integer from 1, got {restock_no!r}"
        )
    message = (
        RESTOCK_LABEL + _deal_number(deal_no) + restock_no.to_bytes(8, "big") + mix(contributions)
    )
    return hmac.digest(secret, message, "sha256")


def restock_order(
    cards: Sequence[Card],
    secret: bytes,
    deal_no: int,
    restock_no: int,
    contributions: Mapping[int, bytes],
) -> list[Card]:
    """The order of a turned-over discard pile as the new stock, top first (Eurokaarten's
    ``stock_empty: reshuffle_discards``, docs/fair-deals.md "Restocks"): the pile's cards
    sorted canonically, then Fisher-Yates as :func:`card_order` with the stream of
    :func:`restock_key`."""
    return _shuffled(sorted(cards), stream(restock_key(secret, deal_no, restock_no, contributions)))


# From a card order to a deal ------------------------------------------------------------

LAST_RANKS: dict[str, frozenset[int]] = {"klaverjassen": frozenset(range(TWO, SIX + 1))}
"""Per game, ranks whose cards follow all others in the deal's order, in their own
order: Klaverjassen's draaikaarten (2 to 6, ``trump_mode: gedraaid``), which form the
stock and are never dealt to a hand."""


def dealing_order(game: str, order: Sequence[Card]) -> list[Card]:
    """The card order as it is dealt: the game's :data:`LAST_RANKS` moved behind the rest,
    each part keeping its order (so each part is itself uniformly shuffled)."""
    last = LAST_RANKS.get(game)
    if last is None:
        return list(order)
    first = [c for c in order if is_joker(c) or rank_of(c) not in last]
    return first + [c for c in order if not is_joker(c) and rank_of(c) in last]


def deck_of(shape: Deal) -> list[Card]:
    """The deal's cards in canonical order: by suit (c, d, h, s), then rank from the two
    up to the ace, jokers last; a card the deck holds twice comes twice."""
    cards = [c for hand in shape.hands for c in hand]
    cards += shape.stock
    if shape.upcard is not None:
        cards.append(shape.upcard)
    return sorted(cards)


def fair_deal(
    game: str, shape: Deal, secret: bytes, deal_no: int, contributions: Mapping[int, bytes]
) -> Deal:
    """The deal of ``deal_no``: the cards of ``shape`` shuffled by :func:`card_order` and
    dealt in the shape's layout: each hand, seat by seat, as many cards as the shape's,
    then the upcard if the shape has one, then the stock, top first."""
    order = dealing_order(game, card_order(deck_of(shape), secret, deal_no, contributions))
    at = 0
    hands: list[tuple[Card, ...]] = []
    for hand in shape.hands:
        hands.append(tuple(order[at : at + len(hand)]))
        at += len(hand)
    upcard = None
    if shape.upcard is not None:
        upcard = order[at]
        at += 1
    return Deal(tuple(hands), tuple(order[at:]), upcard)
