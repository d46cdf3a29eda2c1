"""The leak check itself must find cards wherever they hide in a JSON value."""

from __future__ import annotations

import pytest

from kroeg.games.view import Played
from tests.support import assert_no_hidden_cards, cards_mentioned


def test_finds_cards_in_keys_values_and_joker_melds() -> None:
    view = {"hand": ["Th", "2c"], "melds": [["X1=5h", "4h"]], "by_card": {"As": 1}, "n": "10d"}
    assert cards_mentioned(view) == {"Th", "2c", "X1", "5h", "4h", "As", "Td"}


def test_ignores_words_that_only_look_like_cards() -> None:
    assert cards_mentioned({"kind": "knock", "text": "Heeft men meer? Jc9d"}) == set()


def test_fails_on_a_leak() -> None:
    with pytest.raises(AssertionError, match="leaks hidden cards"):
        assert_no_hidden_cards({"hand": ["Qs"]}, {"Qs"}, "view")


def test_finds_cards_in_a_typed_view_and_its_nested_structs() -> None:
    """A typed view is read as the JSON it encodes to: a hidden card in a nested struct
    (a trick's ``Played``) fails the check as it did in a dict."""
    trick = [Played(seat=0, card="Qs"), Played(seat=1, card="7h")]
    assert cards_mentioned(trick) == {"Qs", "7h"}
    with pytest.raises(AssertionError, match="leaks hidden cards"):
        assert_no_hidden_cards({"trick": trick}, {"7h"}, "view")
