"""Boards and board sets for duplicate Klaverjassen (issue 29 point 1; docs/clubs.md,
"Boards"). The expected cards are docs/fair-deals.md's test vectors, the commitments
recomputed here with hashlib alone."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from kroeg.cards import parse_card
from kroeg.clubs.boards import (
    BoardError,
    deal_boards,
    dealer_of,
    import_boards,
    set_commitment,
    verify_published,
)

SECRET = bytes(range(32))
PIKET_DEAL_1 = [
    *("8c", "Qd", "Kc", "9d", "Td", "Jd", "7d", "Kd", "Tc", "9s", "Ts", "Ad", "Qc", "Th"),
    *("Ah", "Ac", "Ks", "Kh", "8h", "7h", "Qs", "Qh", "8s", "7s", "As", "Jc", "8d", "Jh"),
    *("Js", "9c", "9h", "7c"),
]
"""docs/fair-deals.md, "piket, deal 1, none": board 1 of the secret 00 ... 1f."""


def test_board_one_is_fair_deal_one_of_the_secret_dealt_eight_to_a_seat_from_seat_0() -> None:
    board = deal_boards(3, SECRET).boards[0]
    assert board.number == 1 and board.dealer == 0
    assert [c for hand in board.json()["hands"] for c in hand] == PIKET_DEAL_1
    assert [len(h) for h in board.deal.hands] == [8, 8, 8, 8] and board.deal.stock == ()


def test_the_dealer_goes_round_the_table_board_by_board() -> None:
    assert [dealer_of(n) for n in range(1, 10)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert [b.dealer for b in deal_boards(5, SECRET).boards] == [0, 1, 2, 3, 0]


def test_the_set_commitment_is_sha256_of_label_secret_and_count() -> None:
    by_hand = hashlib.sha256(b"kroeg/boards/v1" + SECRET + (24).to_bytes(8, "big")).hexdigest()
    assert set_commitment(SECRET, 24) == by_hand == deal_boards(24, SECRET).commitment
    assert deal_boards(24, SECRET).commitment != deal_boards(23, SECRET).commitment


def test_two_sets_from_fresh_secrets_differ_and_each_board_differs_from_the_next() -> None:
    a, b = deal_boards(4), deal_boards(4)
    assert a.secret != b.secret and a.boards != b.boards
    assert len({board.deal for board in a.boards}) == 4


def test_before_the_close_the_set_shows_its_commitment_and_not_its_cards() -> None:
    made = deal_boards(4, SECRET)
    shown = made.published(revealed=False)
    assert shown["commitment"] == made.commitment and shown["count"] == 4
    assert "boards" not in shown and "secret" not in shown
    assert SECRET.hex() not in json.dumps(shown)


def test_a_dealt_set_published_after_the_close_verifies() -> None:
    assert verify_published(deal_boards(16, SECRET).published(revealed=True)) == 16


def _published(**change: Any) -> dict[str, Any]:
    doc = deal_boards(4, SECRET).published(revealed=True)
    doc.update(change)
    return doc


def test_a_changed_card_is_named_by_its_board() -> None:
    doc = _published()
    hands = doc["boards"][2]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # two cards swap seats
    with pytest.raises(BoardError) as e:
        verify_published(doc)
    assert (e.value.code, e.value.params) == ("board_set_mismatch", {"board": 3})


def test_another_secret_does_not_match_the_commitment() -> None:
    with pytest.raises(BoardError) as e:
        verify_published(_published(secret=bytes(32).hex()))
    assert e.value.code == "board_set_mismatch"


def test_a_set_cut_short_does_not_match_its_announced_count() -> None:
    doc = _published()
    doc["boards"].pop()
    with pytest.raises(BoardError) as e:
        verify_published(doc)
    assert e.value.code == "board_set_mismatch"


def _file(*boards: list[list[str]]) -> dict[str, Any]:
    items = [{"board": n, "dealer": (n - 1) % 4, "hands": h} for n, h in enumerate(boards, 1)]
    return {"format": "kroeg-boards/1", "boards": items}


HANDS = [PIKET_DEAL_1[s * 8 : (s + 1) * 8] for s in range(4)]


def test_an_imported_set_keeps_its_boards_and_commits_to_their_canonical_json() -> None:
    imported = import_boards(_file(HANDS, HANDS))
    assert [b.number for b in imported.boards] == [1, 2]
    assert imported.boards[1].dealer == 1
    assert imported.boards[0].deal.hands[3][0] == parse_card("As")
    canonical = json.dumps(
        [{"board": n, "dealer": n - 1, "hands": HANDS} for n in (1, 2)],
        sort_keys=True,
        separators=(",", ":"),
    )
    by_hand = hashlib.sha256(b"kroeg/boards-import/v1" + canonical.encode()).hexdigest()
    assert imported.commitment == by_hand
    assert verify_published(imported.published(revealed=True)) == 2


def test_an_imported_set_changed_after_its_commitment_does_not_verify() -> None:
    doc = import_boards(_file(HANDS, HANDS)).published(revealed=True)
    doc["boards"][1]["dealer"] = 3
    with pytest.raises(BoardError) as e:
        verify_published(doc)
    assert e.value.code == "board_set_mismatch"


def test_a_repeated_card_is_refused_naming_the_board_and_the_card() -> None:
    bad = [hand[:] for hand in HANDS]
    bad[1][0] = bad[0][0]  # 8c twice, Tc missing
    with pytest.raises(BoardError) as e:
        import_boards(_file(HANDS, bad))
    assert e.value.code == "board_card_twice"
    assert e.value.params == {"board": 2, "cards": ["8c"]}
    assert "board 2" in e.value.message


def test_a_missing_card_is_refused_naming_the_board_and_the_card() -> None:
    bad = [hand[:] for hand in HANDS]
    bad[3] = bad[3][:7]
    with pytest.raises(BoardError) as e:
        import_boards(_file(bad))
    assert (e.value.code, e.value.params) == ("board_card_missing", {"board": 1, "cards": ["7c"]})


def test_a_card_outside_the_piket_deck_is_refused() -> None:
    bad = [hand[:] for hand in HANDS]
    bad[0][0] = "6c"
    with pytest.raises(BoardError) as e:
        import_boards(_file(bad))
    assert e.value.code == "board_foreign_card" and e.value.params["board"] == 1


def test_hands_of_the_wrong_size_are_refused() -> None:
    bad = [HANDS[0] + HANDS[1][:1], HANDS[1][1:], HANDS[2], HANDS[3]]
    with pytest.raises(BoardError) as e:
        import_boards(_file(bad))
    assert (e.value.code, e.value.params) == ("board_hand_size", {"board": 1})


@pytest.mark.parametrize(
    ("doc", "code"),
    [
        ({"format": "other", "boards": []}, "bad_board_set"),
        ({"format": "kroeg-boards/1", "boards": []}, "bad_board_count"),
        (
            {"format": "kroeg-boards/1", "boards": [{"board": 2, "dealer": 0, "hands": HANDS}]},
            "board_number",
        ),
        (
            {"format": "kroeg-boards/1", "boards": [{"board": 1, "dealer": 4, "hands": HANDS}]},
            "bad_board",
        ),
        (
            {
                "format": "kroeg-boards/1",
                "boards": [{"board": 1, "dealer": 0, "hands": [["Zz"]] * 4}],
            },
            "bad_board",
        ),
    ],
)
def test_a_malformed_file_is_refused_with_a_code(doc: dict[str, Any], code: str) -> None:
    with pytest.raises(BoardError) as e:
        import_boards(doc)
    assert e.value.code == code


def test_a_board_number_outside_the_set_is_refused() -> None:
    with pytest.raises(BoardError) as e:
        deal_boards(4, SECRET).board(5)
    assert (e.value.code, e.value.params) == ("unknown_board_number", {"board": 5})
