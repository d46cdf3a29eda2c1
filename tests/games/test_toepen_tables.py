"""The engine's lookup tables against plain reference computations.

The tables exist for speed only: each must give exactly what the obvious computation
gives (the card order of a seeded shuffle, hand names in display order, the trick
winner of RULES.md §1, which hands are three or four of a kind), so that records and
seeded games do not change.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest

from kroeg.cards import JACK, PIKET_DECK, TEN, TOEPEN_STRENGTH, card_str, cards_in
from kroeg.games.base import Event
from kroeg.games.toepen.events import (
    KNOCK_AGAIN_EVENTS,
    KNOCK_EVENTS,
    LEAD_EVENTS,
    PLAY_EVENTS,
    REVEAL_EVENTS,
    STAY_EVENTS,
    TRICK_EVENTS,
    fold_event,
    knock_event,
)
from kroeg.games.toepen.het import COMPROMISKAART
from kroeg.games.toepen.tables import (
    POINTS_OF,
    SEATS_AFTER,
    TELL_HANDS,
    TOEP_HANDS,
    TRICK_VALUES,
    TRIPS_HANDS,
    hand_str,
    shuffled_deck,
)

FOUR_CARD_HANDS = [sum(1 << c for c in hand) for hand in combinations(PIKET_DECK, 4)]


def reference_shuffle(rng: random.Random) -> list[int]:
    """tables.shuffled_deck's documented mapping, one digit at a time: a number below
    32! read in mixed radix 32, 31, ..., 1, each digit picking from the cards left."""
    x = rng.getrandbits(118)
    while x >= math.factorial(32):
        x = rng.getrandbits(118)
    left = list(PIKET_DECK)
    out = []
    for k in range(32, 0, -1):
        out.append(left.pop(x % k))
        x //= k
    return out


def display_order(mask: int) -> list[str]:
    """By suit (c, d, h, s), then Toepen height within the suit (RULES.md §1)."""
    return [
        card_str(c) for c in sorted(cards_in(mask), key=lambda c: (c // 13, TOEPEN_STRENGTH[c]))
    ]


def test_shuffled_deck_keeps_the_seeded_card_order() -> None:
    for seed in range(2000):
        assert shuffled_deck(random.Random(seed)) == reference_shuffle(random.Random(seed))


def test_shuffled_deck_is_the_whole_piket_deck() -> None:
    assert sorted(shuffled_deck(random.Random(7))) == sorted(PIKET_DECK)


def test_hand_names_are_in_display_order() -> None:
    rng = random.Random(3)
    masks = [0, *(1 << c for c in PIKET_DECK), sum(1 << c for c in PIKET_DECK)]
    masks += [
        sum(1 << c for c in rng.sample(PIKET_DECK, k)) for k in range(1, 9) for _ in range(300)
    ]
    for mask in masks:
        assert hand_str(mask) == display_order(mask)


def test_hand_names_of_cards_outside_the_piket_deck_still_come_out() -> None:
    joker_and_two = 1 << 52 | 1 << 0  # not Toepen cards, but the names must not vanish
    assert hand_str(joker_and_two) == display_order(joker_and_two)


def test_hand_sets_match_counting_the_ranks() -> None:
    def most_of_a_rank(hand: int, ranks: range | tuple[int, ...]) -> int:
        return max(sum(1 for c in cards_in(hand) if c % 13 == rank) for rank in ranks)

    ranks = range(13)
    assert {h for h in FOUR_CARD_HANDS if most_of_a_rank(h, ranks) == 3} == TRIPS_HANDS
    # RULES.md §2.9, §5: the toeps that win with any_toep_wins are four jacks or four tens.
    assert {h for h in FOUR_CARD_HANDS if most_of_a_rank(h, (TEN, JACK)) == 4} == TOEP_HANDS
    tells = {h for h in FOUR_CARD_HANDS if most_of_a_rank(h, (TEN, JACK)) >= 3}
    assert tells == TELL_HANDS


def test_trick_values_pick_the_highest_card_of_the_led_suit() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        cards = rng.sample(PIKET_DECK, rng.randint(1, 8))
        led = cards[0] // 13
        expected = max((c for c in cards if c // 13 == led), key=TOEPEN_STRENGTH.__getitem__)
        assert max(map(TRICK_VALUES[led].__getitem__, cards)) & 63 == expected


@pytest.mark.parametrize("mask", [0b1, 0b101, 0b1111, 0b10000010, 0b11111111])
def test_points_of_a_seat_mask(mask: int) -> None:
    points = [3, 9, 0, 7, 1, 8, 2, 5]
    seats = [p for p in range(8) if mask >> p & 1]
    assert max(POINTS_OF[mask](points)) == max(points[p] for p in seats)


def test_shared_events_say_what_a_fresh_event_says() -> None:
    for seat in range(8):
        for card in PIKET_DECK:
            assert PLAY_EVENTS[seat][card] == Event("play", {"seat": seat, "card": card_str(card)})
        assert STAY_EVENTS[seat] == Event("stay", {"seat": seat})
        assert KNOCK_AGAIN_EVENTS[seat] == Event("stay", {"seat": seat, "knocks_again": True})
        assert LEAD_EVENTS[seat] == Event("lead", {"seat": seat})
        assert REVEAL_EVENTS[seat] == (
            Event("reveal", {"seat": seat, "card": card_str(COMPROMISKAART)}),
            Event("applause", {"seat": seat}),
        )
        for trick_no in range(1, 5):
            expected = Event("trick", {"winner": seat, "trick_no": trick_no})
            assert TRICK_EVENTS[seat * 5 + trick_no] == expected
        for cost in (0, 1, 2, 9, 30):
            assert fold_event(seat, cost) == Event("fold", {"seat": seat, "cost": cost})
            assert fold_event(seat, cost) is fold_event(seat, cost)


def test_a_knock_event_is_found_again_by_stake_knocker_and_active_seats() -> None:
    for n in range(3, 9):
        for seat in range(n):
            for active in (1 << n) - 1, (1 << n) - 1 & ~(1 << (seat + 1) % n):
                answerers = SEATS_AFTER[n][seat << 8 | active]
                assert answerers == tuple(
                    p for p in [*range(seat + 1, n), *range(seat)] if active >> p & 1
                )
                made = knock_event(seat, 3, answerers)
                assert made == Event("knock", {"seat": seat, "stake": 3, "answerers": [*answerers]})
                assert KNOCK_EVENTS[3 << 11 | seat << 8 | active] is made
