"""Toepen actions in record form (``Toepen.action_json``, read from a table) and the
house's default on the usual decisions (answered without building the legal list)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kroeg.cards import PIKET_DECK, card_str
from kroeg.games.base import RuleError
from kroeg.games.playout import random_match, random_step
from kroeg.games.toepen import Toepen, house
from kroeg.games.toepen.notation import ACTION_JSON, VERBS, action_json
from kroeg.games.toepen.state import PLAY


def test_every_action_in_the_table_is_written_as_records_write_it() -> None:
    game = Toepen("klassiek")
    for card in PIKET_DECK:
        for verb in ("play", "exchange"):
            assert game.action_json((verb, card)) == [verb, card_str(card)]
            assert game.parse_action(game.action_json((verb, card))) == (verb, card)
    for seat in range(8):
        assert game.action_json(("challenge", seat)) == ["challenge", seat]
        assert game.action_json(("revoke", seat)) == ["revoke", seat]
    for verb in ("knock", "stay", "fold", "look", "keep", "laundry", "late"):
        assert game.action_json((verb,)) == [verb]
    assert {a[0] for a in ACTION_JSON} == set(VERBS)


def test_action_json_gives_a_fresh_list_each_call() -> None:
    """The table keeps the list as a log entry's data: a caller's change must not reach
    the next step's list."""
    game = Toepen("kroegregels")
    first = game.action_json(("play", PIKET_DECK[0]))
    first.append("changed")
    first[0] = "changed"
    again = game.action_json(("play", PIKET_DECK[0]))
    assert again == ["play", "7c"] and again is not first
    assert game.action_json(("knock",)) is not game.action_json(("knock",))


def test_arguments_the_table_does_not_hold_are_written_as_given() -> None:
    """``True`` equals seat 1 and an unhashable argument cannot be looked up: both are
    written as they are, as before the table (JSON ``true`` is not ``1``)."""
    assert action_json(("challenge", True)) == ["challenge", True]
    assert action_json(("revoke", [1])) == ["revoke", [1]]
    assert action_json(("play", 52)) == ["play", "X1"]
    assert action_json(("play", 5, 6)) == ["play", "7c"]
    with pytest.raises(IndexError):
        action_json(("play",))


def test_the_default_is_the_policy_of_the_hand_and_the_legal_list() -> None:
    """In play (a card or an answer to a knock) ``default`` skips ``legal``: it must give
    what the policy reads from the legal list, with laundry, fast answers and follow
    suit off among the options."""
    option_sets: list[tuple[str, dict[str, Any], int]] = [
        ("kroegregels", {}, 4),
        ("kroegregels", {"laundry": True, "laundry_repeat": True}, 4),
        ("klassiek", {"knock_mode": "fast", "voluntary_fold": True}, 5),
        ("klassiek", {"enforce_follow_suit": False, "laundry": True}, 3),
    ]
    rng = random.Random(3)
    in_play = 0
    for variant, options, seats in option_sets:
        game = Toepen(variant, options)
        for game_no in range(30):
            s = game.new_state(seats, seed=game_no)
            while not game.is_over(s):
                for seat in range(seats):
                    if seat in game.to_act(s):
                        legal = game.legal(s, seat)
                        want = house.choose_for_hand(s.hands[seat], legal)
                        assert game.default(s, seat) == want
                        in_play += s.phase == PLAY
                    elif game.pending_deal(s) is None:
                        with pytest.raises(RuleError, match="no decision"):
                            game.default(s, seat)
                random_step(random_match(game, s, rng), rng)
    assert in_play > 2000
