"""Toepen samples weighted by knocks and stays (bots/toepen/signals.py): the signals come
from the view alone, and the weighted samples give a knocker stronger cards."""

from __future__ import annotations

import random

from kroeg.bots.toepen.knowledge import read_view, sample
from kroeg.bots.toepen.signals import LIKELIHOOD, group, signals, weighted_sample
from kroeg.cards import mask_of, parse_card
from kroeg.games import make_game
from tests.bots.test_toepen_analysis import _deal

HANDS = (
    ("Js", "Qs", "7h", "Td"),
    ("Ts", "Tc", "9c", "Ah"),
    ("Ks", "7c", "8c", "Jh"),
    ("As", "Jc", "Qc", "Kh"),
)


def _after_a_knock() -> tuple[object, object]:
    """Seat 0 knocks before the first card (kroegregels: any time), seat 1 stays, seat 2
    folds, seat 3 has not answered yet."""
    game = make_game("toepen", "kroegregels")
    s = game.new_state(4, dealer=3)
    game.apply(s, 3, _deal(HANDS))
    for seat, action in [(0, ("knock",)), (1, ("stay",)), (2, ("fold",))]:
        game.apply(s, seat, action)
    return game, s


def test_the_knocker_and_the_seats_that_stayed_are_read_from_the_view() -> None:
    game, s = _after_a_knock()
    assert signals(game.view(s, 3)) == {0: "knock", 1: "stay"}  # type: ignore[attr-defined]
    # Seat 3 has not answered the first knock yet: it has shown nothing.
    assert signals(game.view(s, 1)) == {0: "knock", 3: "none"}  # type: ignore[attr-defined]


def test_groups_rank_a_hand_by_its_best_card() -> None:
    """RULES.md §1: 10 > 9 > 8 > 7 > A > H > V > B."""
    assert group(mask_of(parse_card(c) for c in ("Js", "Th"))) == 4
    assert group(mask_of(parse_card(c) for c in ("9s", "Ah"))) == 3
    assert group(mask_of(parse_card(c) for c in ("As", "Kh", "Qd"))) == 0


def test_a_knocker_is_sampled_with_stronger_cards_than_uniform() -> None:
    assert LIKELIHOOD["knock", "e"][4] > 1.0 > LIKELIHOOD["knock", "e"][0]
    game, s = _after_a_knock()
    view = game.view(s, 3)  # type: ignore[attr-defined]
    seen, shown = read_view(view), signals(view)
    rng = random.Random(6)
    uniform = [group(sample(seen, rng).hands[0]) for _ in range(300)]
    weighted = [group(weighted_sample(seen, shown, rng).hands[0]) for _ in range(300)]
    assert sum(weighted) / 300 > sum(uniform) / 300 + 0.3
