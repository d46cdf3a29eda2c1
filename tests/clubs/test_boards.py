"""Boards and board sets for duplicate Klaverjassen (issue 29 point 1; docs/clubs.md,
"Boards"). The expected cards are docs/fair-deals.md's test vectors, the commitments
recomputed here with hashlib alone."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

import pytest

from kroeg.cards import parse_card
from kroeg.cli import main
from kroeg.clubs.boards import (
    Board,
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
"""docs/fair-deals.md, "piket, deal 1, none": fair deal 1 of the secret 00 ... 1f."""


def by_hand(secret: bytes, deal_no: int) -> list[str]:
    """Fair deal ``deal_no`` of ``secret`` with no contribution, written with hashlib and
    hmac alone after docs/fair-deals.md's few lines, not with kroeg.fairness."""

    def sha(b: bytes) -> bytes:
        return hashlib.sha256(b).digest()

    mix = sha(b"kroeg/mix/v1")
    key = hmac.new(
        secret, b"kroeg/deal/v1" + deal_no.to_bytes(8, "big") + mix, hashlib.sha256
    ).digest()
    words = (
        int.from_bytes(sha(key + c.to_bytes(8, "big"))[k : k + 4], "big")
        for c in range(10**6)
        for k in range(0, 32, 4)
    )
    cards = [r + s for s in "cdhs" for r in "789TJQKA"]
    for i in range(len(cards) - 1, 0, -1):
        x = next(words)
        while x >= 2**32 - 2**32 % (i + 1):
            x = next(words)
        j = x % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def round_secret_by_hand(secret: bytes, round_no: int) -> bytes:
    message = b"kroeg/boards-round/v1" + round_no.to_bytes(8, "big")
    return hmac.new(secret, message, hashlib.sha256).digest()


def test_the_hand_made_dealer_gives_the_fair_deals_vector() -> None:
    assert by_hand(SECRET, 1) == PIKET_DEAL_1


def cards_of(board: Board) -> list[str]:
    return [c for hand in board.json()["hands"] for c in hand]


def test_board_n_is_fair_deal_j_of_its_rounds_secret_eight_cards_to_a_seat() -> None:
    made = deal_boards(8, SECRET, per_round=4)
    assert [len(h) for h in made.boards[0].deal.hands] == [8, 8, 8, 8]
    assert made.boards[0].deal.stock == ()
    first, second = round_secret_by_hand(SECRET, 1), round_secret_by_hand(SECRET, 2)
    assert cards_of(made.boards[0]) == by_hand(first, 1)
    assert cards_of(made.boards[3]) == by_hand(first, 4)
    assert cards_of(made.boards[4]) == by_hand(second, 1)
    assert cards_of(made.boards[7]) == by_hand(second, 4)


def test_a_set_of_one_round_is_the_fair_deals_of_the_first_round_secret() -> None:
    made = deal_boards(3, SECRET)
    assert made.per_round == 3
    assert cards_of(made.boards[2]) == by_hand(round_secret_by_hand(SECRET, 1), 3)


def test_the_dealer_goes_round_the_table_board_by_board() -> None:
    assert [dealer_of(n) for n in range(1, 10)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert [b.dealer for b in deal_boards(5, SECRET).boards] == [0, 1, 2, 3, 0]


def test_the_set_commitment_is_sha256_of_label_secret_count_and_boards_a_round() -> None:
    sizes = (24).to_bytes(8, "big") + (8).to_bytes(8, "big")
    made = hashlib.sha256(b"kroeg/boards/v1" + SECRET + sizes).hexdigest()
    assert set_commitment(SECRET, 24, 8) == made == deal_boards(24, SECRET, per_round=8).commitment
    assert deal_boards(24, SECRET, per_round=8).commitment != deal_boards(24, SECRET).commitment


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
    published = deal_boards(16, SECRET, per_round=4).published(revealed=True)
    assert published["per_round"] == 4
    assert verify_published(published) == 16


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
"""A valid board's four hands."""


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


def test_kroeg_verify_checks_a_published_set_and_names_a_changed_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = deal_boards(24, SECRET, per_round=8).published(revealed=True)
    good = tmp_path / "boards.json"
    good.write_text(json.dumps(doc))
    assert main(["verify", str(good)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "format": "kroeg-verify/1",
        "ok": True,
        "boards": 24,
    }
    hands = doc["boards"][6]["hands"]
    hands[2][3], hands[3][3] = hands[3][3], hands[2][3]
    bad = tmp_path / "changed.json"
    bad.write_text(json.dumps(doc))
    assert main(["verify", str(bad)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["error"]["board"] == 7
    assert "board 7" in out["error"]["reason"]


def test_kroeg_verify_says_a_set_without_a_secret_cannot_be_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = deal_boards(4, SECRET).published(revealed=True)
    del doc["secret"]
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(doc))
    assert main(["verify", str(path)]) == 2
    assert json.loads(capsys.readouterr().out)["ok"] is False


def test_a_set_published_with_another_round_length_does_not_verify() -> None:
    doc = deal_boards(8, SECRET, per_round=4).published(revealed=True)
    doc["per_round"] = 8
    with pytest.raises(BoardError) as e:
        verify_published(doc)
    assert e.value.code == "board_set_mismatch"
