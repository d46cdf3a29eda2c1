"""The leak check itself must find cards wherever they hide in a JSON value."""

from __future__ import annotations

import pytest

from tests.support import assert_no_hidden_cards, cards_mentioned


def test_finds_cards_in_keys_values_and_joker_melds() -> None:
    view = {"hand": ["Th", "2c"], "melds": [["X1=5h", "4h"]], "by_card": {"As": 1}, "n": "10d"}
    assert cards_mentioned(view) == {"Th", "2c", "X1", "5h", "4h", "As", "Td"}


def test_ignores_words_that_only_look_like_cards() -> None:
    assert cards_mentioned({"kind": "knock", "text": "Heeft men meer? Jc9d"}) == set()


def test_fails_on_a_leak() -> None:
    with pytest.raises(AssertionError, match="leaks hidden cards"):
        assert_no_hidden_cards({"hand": ["Qs"]}, {"Qs"}, "view")
