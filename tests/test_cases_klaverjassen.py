"""The Klaverjassen case (klaverjassen-a10hv-alone, replayed by tests/test_cases.py) and the
rules next to it that the same independent check of RULES.md questioned, each decided by
RULES.md §12.
"""

from __future__ import annotations

import random

import pytest

from kroeg.cards import mask_of, parse_card, parse_cards, parse_suit
from kroeg.games.klaverjassen import Klaverjassen, moves


def four_of_a_kind_roem(rank: str, **options: object) -> int:
    """The roem of a trick of the four cards of ``rank`` (hearts trump), played out."""
    game = Klaverjassen("nku", options)
    s = game.new_state(4, dealer=3)
    cards = [rank + suit for suit in "hcds"]
    moves.start_deal(game.options, s, [mask_of(parse_cards([c])) for c in cards])
    moves.make_trump(s, 3, parse_suit("h"))
    for card in cards:
        game.apply(s, s.turn, ("play", parse_card(card)))
    return s.roem[0] + s.roem[1]


@pytest.mark.parametrize(
    ("rank", "roem"),
    [("J", 200), ("A", 100), ("T", 100), ("K", 100), ("Q", 100), ("9", 0), ("8", 0), ("7", 0)],
)
def test_a10hv_alone_counts_its_table(rank: str, roem: int) -> None:
    """RULES.md §12: with four_kind_ranks a10hv four 7s, 8s or 9s give no roem, four A,
    10, H or V give 100 and four jacks 200, whatever four_jacks_200 says."""
    assert four_of_a_kind_roem(rank, four_kind_ranks="a10hv") == roem
    assert four_of_a_kind_roem(rank, four_kind_ranks="a10hv", four_jacks_200=False) == roem


def test_four_jacks_200_alone_changes_only_the_jacks() -> None:
    """RULES.md §6.6: four_jacks_200 by itself: jacks 200, every other rank 100 (S1)."""
    assert four_of_a_kind_roem("J", four_jacks_200=True) == 200
    assert four_of_a_kind_roem("9", four_jacks_200=True) == 100
    assert four_of_a_kind_roem("J") == 100


# Nearby (RULES.md §12, Klaverjassen): the other fine points, checked the same way. ------


def test_equal_totals_after_the_last_deal_are_a_draw() -> None:
    """RULES.md §12: the game ends after game_length deals; equal totals are a draw."""
    game = Klaverjassen("nku", {"game_length": "8_deals"})
    s = game.new_state(4, dealer=0, start={"totals": [162, 0], "deal_no": 7})
    s.declarer, s.trump = 0, parse_suit("h")
    s.points, s.roem, s.tricks_won = [81, 81], [0, 0], [4, 4]  # equal: nat (§6.7, K3)
    moves.finish_deal(game.options, s, None)
    assert s.totals == [162, 162]
    assert game.is_over(s)
    result = game.result(s)
    assert result is not None and result.json() == {"winner": None}
    assert result.losers == frozenset() and result.winners == frozenset()


@pytest.mark.parametrize(("all_pass", "must_bid"), [("dealer", 0), ("first", 1)])
def test_left_of_dealer_bidding_after_four_passes(all_pass: str, must_bid: int) -> None:
    """RULES.md §12: with bid_start left_of_dealer bidding starts on the dealer's left;
    after four passes the dealer (all_pass dealer) or the first bidder (first) must bid."""
    game = Klaverjassen("nku", {"bid_start": "left_of_dealer", "all_pass": all_pass})
    s = game.new_state(4, dealer=0)
    game.apply(s, 0, game.random_deal(s, random.Random(4)))
    for seat in (1, 2, 3, 0):
        assert game.to_act(s) == {seat}
        game.apply(s, seat, ("pass",))
    assert game.to_act(s) == {must_bid}
    assert ("pass",) not in game.legal(s, must_bid)


def test_a_lower_trump_under_the_trump_jack_opens_no_revoke_call() -> None:
    """RULES.md §6.5, §6.8 verzaken mode: a play opens a "verzaakt" call only when some
    hand could not have made it legally; under a trump lead headed by the jack any trump
    is legal (nobody can head it), so a lower trump can never be a revoke."""
    game = Klaverjassen("nku", {"allow_revoke": True})
    s = game.new_state(4, dealer=3)
    hands = ["Jh Ac", "7h 8c", "8h 9c", "9h Tc"]
    moves.start_deal(game.options, s, [mask_of(parse_cards(h.split())) for h in hands])
    moves.make_trump(s, 3, parse_suit("h"))
    game.apply(s, 0, ("play", parse_card("Jh")))
    game.apply(s, 1, ("play", parse_card("7h")))
    assert ("verzaakt", 1) not in game.legal(s, 2)
    game.apply(s, 2, ("play", parse_card("8h")))
    game.apply(s, 3, ("play", parse_card("9h")))
    assert game.legal(s, 0) == [("play", parse_card("Ac"))]
