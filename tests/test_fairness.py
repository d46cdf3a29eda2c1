"""The deal algorithm of docs/fair-deals.md: its test vectors, checked against an
independent computation (hashlib only, HMAC built by hand) and against the doc."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from kroeg.cards import PIKET_DECK, cards_str
from kroeg.fairness import (
    FairDealError,
    below,
    card_order,
    commitment,
    commitment_holds,
    deal_key,
    mix,
    new_secret,
    restock_key,
    restock_order,
)

DOC = Path(__file__).resolve().parents[1] / "docs" / "fair-deals.md"

SECRET = bytes(range(32))  # 00 01 02 ... 1f
CONTRIBUTIONS = {0: bytes([0x11]) * 32, 2: bytes([0x22]) * 32}
PIKET = cards_str(PIKET_DECK)  # 7c 8c 9c Tc Jc Qc Kc Ac 7d ... As

VECTORS = {
    "commitment, deal 1": "3a37f5aad3e43aaf6a52d07f8ac79c52b104067c128d626b48a8c70e899961df",
    "commitment, deal 2": "9f281916473716257e9004e5977100662ce69489cf705cada8ae3a88bd092eae",
    "mix, none": "aa6db9c46e378dd522b052f369072a9fd9271d69a63b22d2bbe689244d7241c5",
    "mix, seats 0 and 2": "2fda847365b5dd194453aa181a70fbdbb1eb83178c1793a5217deb80eacd2962",
    "key, deal 1, none": "9c3331c8e1eaa4d7d9284605a9df9c711d07468b55c1d5a6ce0b0365c99787ac",
    "key, deal 1, seats 0 and 2": (
        "1ab736abba4b01e3a6404c48299e97a941edeb1cc37f4d9ab76187a0588affbb"
    ),
    "order of 0-9, deal 1, none": "1 3 5 6 8 4 9 2 7 0",
    "restock key, deal 1, restock 1, none": (
        "443d855cf06d8b2cb840a1149735383fa5eb5c56cff34c91a74f1079b9a94a4e"
    ),
    "restock of 0-9, deal 1, restock 1, none": "9 0 4 3 5 8 6 1 7 2",
    "restock of 0-9, deal 2, restock 2, seats 0 and 2": "3 2 1 7 4 8 6 9 5 0",
    "piket, deal 1, none": (
        "8c Qd Kc 9d Td Jd 7d Kd Tc 9s Ts Ad Qc Th Ah Ac"
        " Ks Kh 8h 7h Qs Qh 8s 7s As Jc 8d Jh Js 9c 9h 7c"
    ),
    "piket, deal 1, seats 0 and 2": (
        "9s Tc 8d Jd Js Kh Td Ks 8s 9h 9c Qc Th Ts Ac Kd"
        " Qd Jh 7h 8c 7c Jc Ah 9d Ad Qh 7s As 8h 7d Qs Kc"
    ),
    "piket, deal 2, seats 0 and 2": (
        "Td 8c Ks Jc 7h 9h Jh Th 9d Kh 7c Tc 8d Ac Qc 7d"
        " Qd 9c Jd Kd Qh Ts 8h Kc 7s Ad As Ah Qs Js 8s 9s"
    ),
}


# An independent computation, from the doc's steps, with hashlib alone ------------------


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def hand_hmac(key: bytes, message: bytes) -> bytes:
    """HMAC-SHA256 (RFC 2104) written out: a 32-byte key padded to the 64-byte block."""
    padded = key.ljust(64, b"\0")
    inner = sha(bytes(b ^ 0x36 for b in padded) + message)
    return sha(bytes(b ^ 0x5C for b in padded) + inner)


def independent_order(
    deck: list[str], secret: bytes, n: int, extra: dict[int, bytes], restock: int = 0
) -> str:
    """The deal's order; with ``restock`` the order of that restock of deal ``n``."""
    mixed = sha(b"kroeg/mix/v1" + b"".join(bytes([p]) + extra[p] for p in sorted(extra)))
    if restock:
        number = n.to_bytes(8, "big") + restock.to_bytes(8, "big")
        key = hand_hmac(secret, b"kroeg/restock/v1" + number + mixed)
    else:
        key = hand_hmac(secret, b"kroeg/deal/v1" + n.to_bytes(8, "big") + mixed)
    stream = b"".join(sha(key + i.to_bytes(8, "big")) for i in range(64))
    words = [int.from_bytes(stream[k : k + 4], "big") for k in range(0, len(stream), 4)]
    cards = deck[:]
    for i in range(len(cards) - 1, 0, -1):
        while words[0] >= 2**32 - 2**32 % (i + 1):
            words.pop(0)
        j = words.pop(0) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return " ".join(cards)


def test_the_vectors_agree_with_an_independent_computation() -> None:
    label = b"kroeg/commit/v1"
    assert sha(label + SECRET + (1).to_bytes(8, "big")).hex() == VECTORS["commitment, deal 1"]
    assert sha(label + SECRET + (2).to_bytes(8, "big")).hex() == VECTORS["commitment, deal 2"]
    assert sha(b"kroeg/mix/v1").hex() == VECTORS["mix, none"]
    seats = b"\x00" + b"\x11" * 32 + b"\x02" + b"\x22" * 32
    assert sha(b"kroeg/mix/v1" + seats).hex() == VECTORS["mix, seats 0 and 2"]
    message = b"kroeg/deal/v1" + (1).to_bytes(8, "big") + sha(b"kroeg/mix/v1")
    assert hand_hmac(SECRET, message).hex() == VECTORS["key, deal 1, none"]
    message = b"kroeg/deal/v1" + (1).to_bytes(8, "big") + sha(b"kroeg/mix/v1" + seats)
    assert hand_hmac(SECRET, message).hex() == VECTORS["key, deal 1, seats 0 and 2"]
    digits = [str(d) for d in range(10)]
    assert independent_order(digits, SECRET, 1, {}) == VECTORS["order of 0-9, deal 1, none"]
    message = b"kroeg/restock/v1" + (1).to_bytes(8, "big") * 2 + sha(b"kroeg/mix/v1")
    assert hand_hmac(SECRET, message).hex() == VECTORS["restock key, deal 1, restock 1, none"]
    assert (
        independent_order(digits, SECRET, 1, {}, restock=1)
        == VECTORS["restock of 0-9, deal 1, restock 1, none"]
    )
    assert (
        independent_order(digits, SECRET, 2, CONTRIBUTIONS, restock=2)
        == VECTORS["restock of 0-9, deal 2, restock 2, seats 0 and 2"]
    )
    assert independent_order(PIKET, SECRET, 1, {}) == VECTORS["piket, deal 1, none"]
    assert (
        independent_order(PIKET, SECRET, 2, CONTRIBUTIONS)
        == VECTORS["piket, deal 2, seats 0 and 2"]
    )


def test_the_module_gives_the_vectors() -> None:
    assert commitment(SECRET, 1) == VECTORS["commitment, deal 1"]
    assert commitment(SECRET, 2) == VECTORS["commitment, deal 2"]
    assert mix({}).hex() == VECTORS["mix, none"]
    assert mix(CONTRIBUTIONS).hex() == VECTORS["mix, seats 0 and 2"]
    assert deal_key(SECRET, 1, {}).hex() == VECTORS["key, deal 1, none"]
    assert deal_key(SECRET, 1, CONTRIBUTIONS).hex() == VECTORS["key, deal 1, seats 0 and 2"]
    order = card_order(list(range(10)), SECRET, 1, {})
    assert " ".join(map(str, order)) == VECTORS["order of 0-9, deal 1, none"]
    assert restock_key(SECRET, 1, 1, {}).hex() == VECTORS["restock key, deal 1, restock 1, none"]
    order = restock_order(list(range(10)), SECRET, 1, 1, {})
    assert " ".join(map(str, order)) == VECTORS["restock of 0-9, deal 1, restock 1, none"]
    order = restock_order(list(reversed(range(10))), SECRET, 2, 2, CONTRIBUTIONS)
    name = "restock of 0-9, deal 2, restock 2, seats 0 and 2"
    assert " ".join(map(str, order)) == VECTORS[name], "the pile's cards are sorted first"
    assert " ".join(card_order(PIKET, SECRET, 1, {})) == VECTORS["piket, deal 1, none"]
    for deal in (1, 2):
        name = f"piket, deal {deal}, seats 0 and 2"
        assert " ".join(card_order(PIKET, SECRET, deal, CONTRIBUTIONS)) == VECTORS[name]


def test_the_doc_prints_the_same_vectors() -> None:
    doc = " ".join(DOC.read_text(encoding="utf-8").split())
    for name, value in VECTORS.items():
        assert f"{name}: `{value}`" in doc, name


def test_a_draw_skips_the_numbers_above_the_last_whole_multiple() -> None:
    # 2**32 = 3 * 1431655765 + 1: only 2**32 - 1 lies past the last multiple of 3
    assert below(iter([2**32 - 1, 7]), 3) == 1
    assert below(iter([2**32 - 2, 7]), 3) == (2**32 - 2) % 3
    assert below(iter([2**32 - 1]), 2**31) == 2**31 - 1  # 2**31 divides 2**32: nothing skipped


def test_every_input_changes_the_order_and_the_order_is_the_deck() -> None:
    base = card_order(PIKET, SECRET, 3, CONTRIBUTIONS)
    assert sorted(base) == sorted(PIKET)
    assert card_order(PIKET, SECRET, 4, CONTRIBUTIONS) != base
    assert card_order(PIKET, bytes(32), 3, CONTRIBUTIONS) != base
    changed = {**CONTRIBUTIONS, 2: b"\x22" * 31 + b"\x23"}
    assert card_order(PIKET, SECRET, 3, changed) != base
    assert card_order(PIKET, SECRET, 3, {0: CONTRIBUTIONS[0]}) != base
    assert card_order(PIKET, SECRET, 3, dict(reversed(CONTRIBUTIONS.items()))) == base


def test_a_commitment_holds_only_for_its_secret_and_deal() -> None:
    published = commitment(SECRET, 5)
    assert commitment_holds(SECRET, 5, published)
    assert not commitment_holds(SECRET, 6, published)
    assert not commitment_holds(bytes(32), 5, published)
    assert len(new_secret()) == 32 and new_secret() != new_secret()


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: commitment(b"short", 1), "secret_size"),
        (lambda: commitment(SECRET, 0), "deal_number"),
        (lambda: commitment(SECRET, True), "deal_number"),
        (lambda: mix({0: b"\x00" * 31}), "contribution_size"),
        (lambda: mix({256: b"\x00" * 32}), "seat"),
        (lambda: mix({-1: b"\x00" * 32}), "seat"),
        (lambda: restock_key(SECRET, 1, 0, {}), "restock_number"),
        (lambda: restock_key(SECRET, 1, True, {}), "restock_number"),
        (lambda: restock_key(SECRET, 1, 2**64, {}), "restock_number"),
        (lambda: card_order(PIKET, SECRET, 1, {1: "00" * 32}), "contribution_size"),  # type: ignore[dict-item]
    ],
)
def test_bad_input_is_refused_with_a_code(call: Callable[[], object], code: str) -> None:
    with pytest.raises(FairDealError) as caught:
        call()
    assert caught.value.code == code
