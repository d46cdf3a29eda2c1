"""The card notation of RECORDS.md ("Cards") and the decks and ranks of RULES.md §1, §6.1, §7.2."""

from __future__ import annotations

import pytest

from kroeg import cards
from kroeg.cards import (
    FULL_DECK,
    PIKET_DECK,
    TOEPEN_STRENGTH,
    CardError,
    card_str,
    cards_in,
    mask_of,
    meld_card_str,
    parse_card,
    parse_meld_card,
)


def test_every_card_round_trips_through_its_canonical_notation() -> None:
    for c in FULL_DECK:
        assert parse_card(card_str(c)) == c
    assert len({card_str(c) for c in FULL_DECK}) == 54


def test_ten_is_written_T_and_10_is_accepted_on_input() -> None:
    assert parse_card("10h") == parse_card("Th")
    assert card_str(parse_card("10h")) == "Th"


@pytest.mark.parametrize("bad", ["", "h", "1h", "Tx", "th", "TH", "11c", "X3", "X", "Jokers"])
def test_a_bad_card_is_refused_with_the_allowed_form(bad: str) -> None:
    with pytest.raises(CardError, match="expected a rank"):
        parse_card(bad)


def test_known_card_ids() -> None:
    assert card_str(cards.make_card(cards.ACE, cards.SPADES)) == "As"
    assert parse_card("2c") == 0
    assert parse_card("X1") == cards.JOKER_1 and parse_card("X2") == cards.JOKER_2


def test_piket_deck_is_7_to_ace_of_four_suits() -> None:
    # RULES.md §1 and §6.1: 32 cards, 7, 8, 9, 10, B, V, H, A of each suit.
    assert len(PIKET_DECK) == 32
    assert sorted({card_str(c)[0] for c in PIKET_DECK}) == sorted("789TJQKA")


def test_full_deck_is_52_and_two_jokers() -> None:
    # RULES.md §7.2.
    assert len(FULL_DECK) == 54 and FULL_DECK.count(cards.JOKER_1) == 1


def test_toepen_rank_order_jack_lowest_ten_highest() -> None:
    # RULES.md §1: B < V < H < A < 7 < 8 < 9 < 10.
    order = ["Jh", "Qh", "Kh", "Ah", "7h", "8h", "9h", "Th"]
    strengths = [TOEPEN_STRENGTH[parse_card(c)] for c in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == 8


def test_joker_in_a_meld_carries_the_card_it_stands_for() -> None:
    joker, stands = parse_meld_card("X1=5h")
    assert joker == cards.JOKER_1 and stands == parse_card("5h")
    assert meld_card_str(joker, stands) == "X1=5h"
    assert parse_meld_card("5h") == (parse_card("5h"), None)


@pytest.mark.parametrize("bad", ["5h=4h", "X1=X2", "X1=", "X1=1h"])
def test_a_bad_meld_card_is_refused(bad: str) -> None:
    with pytest.raises(CardError):
        parse_meld_card(bad)


def test_masks_round_trip() -> None:
    chosen = [parse_card(c) for c in ("2c", "Ah", "X2", "Ts")]
    assert cards_in(mask_of(chosen)) == sorted(chosen)


def test_dutch_names() -> None:
    assert cards.dutch_name(parse_card("Th")) == "harten tien"
    assert cards.dutch_short(parse_card("Jc")) == "♣B"


def test_card_str_reads_its_table_and_refuses_what_is_no_card() -> None:
    assert cards.CARD_NAMES[0] == "2c" and cards.CARD_NAMES[12] == "Ac"
    assert cards.CARD_NAMES[51] == "As" and cards.CARD_NAMES[52:] == ("X1", "X2")
    for c in range(52):
        assert card_str(c) == cards.RANK_CHARS[c % 13] + cards.SUIT_CHARS[c // 13]
    assert card_str(True) == "3c"  # a bool is an int, as before the table
    for bad in (-1, 54, 99):
        with pytest.raises(CardError, match="no such card id"):
            card_str(bad)
