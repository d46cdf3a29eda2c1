"""``best_melds``: exact minimisation of the points left in hand (issue 4, item 6)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from kroeg.cards import mask_of, parse_card
from kroeg.games.eurokaarten import best_melds
from kroeg.games.eurokaarten.melds import (
    Meld,
    extend_meld,
    hand_points,
    layoff_options,
    meld_options,
    new_meld,
)
from tests.games.test_eurokaarten_support import RULES, meld


def cards(*texts: str) -> int:
    return mask_of(parse_card(t) for t in texts)


def brute_force(hand: int, table: tuple[Meld, ...]) -> int:
    """The fewest points left by any sequence of listed melds and lay-offs, also onto
    melds laid in the same turn: an oracle independent of the solver's search."""

    @cache
    def search(hand: int, table: tuple[Meld, ...]) -> int:
        best = hand_points(hand)
        for laid in meld_options(0, hand, RULES):
            best = min(
                best,
                search(hand & ~mask_of(c for c, _ in laid), (*table, new_meld(0, laid, RULES))),
            )
        for n, m in enumerate(table):
            for laid in layoff_options(m, hand, RULES):
                grown = extend_meld(m, laid, RULES)
                rest = hand & ~mask_of(c for c, _ in laid)
                best = min(best, search(rest, (*table[:n], grown, *table[n + 1 :])))
        return best

    return search(hand, table)


def check_plan(hand: int, table: Sequence[Meld]) -> int:
    """Apply the plan step by step as the rules list them; return the points left."""
    plan = best_melds(hand, table)
    live = list(table)
    for action in plan.actions:
        if action[0] == "meld":
            assert action[1] in meld_options(0, hand, RULES)
            live.append(new_meld(0, action[1], RULES))
            laid = action[1]
        else:
            _, n, laid = action
            assert laid in layoff_options(live[n], hand, RULES)
            live[n] = extend_meld(live[n], laid, RULES)
        hand &= ~mask_of(c for c, _ in laid)
    assert hand == plan.left
    assert hand_points(hand) == plan.points_left
    return plan.points_left


TABLE_CHOICES = (
    ("5s", "6s", "7s"),
    ("Kc", "Kd", "Kh"),
    ("Ah", "2h", "3h"),
    ("9d", "X1=Td", "Jd"),
    ("8c", "8d", "X2=8h"),
    ("Jc", "Qc", "Kc"),
    ("3c", "3d", "3s"),
)

_POOL_TEXT = (
    "Ac 2c 3c 4c 5c 6c 7c 8c Qc Kc 2d 3d 4d 5d 8d Td Qd Kh 4h 5h 6h 8h 3s 4s 8s 9s Ks As X1 X2"
)
POOL = [parse_card(t) for t in _POOL_TEXT.split(" ")]
"""Cards close together, so that random hands make melds and lay-offs often."""


@given(
    st.lists(st.sampled_from(POOL), min_size=1, max_size=7, unique=True),
    st.lists(st.sampled_from(TABLE_CHOICES), max_size=3, unique=True),
)
def test_best_melds_is_exact(hand_cards: list[int], table_texts: list[tuple[str, ...]]) -> None:
    """Hypothesis: the solver's plan is legal step by step and leaves exactly as few
    points as the exhaustive search over every listed meld and lay-off."""
    hand = mask_of(hand_cards)
    table = []
    used = hand
    for texts in table_texts:
        m = meld(*texts)
        in_meld = m.real | mask_of(j for j, _ in m.jokers)
        if not in_meld & used:
            table.append(m)
            used |= in_meld
    assert check_plan(hand, table) == brute_force(hand, tuple(table))


def test_lays_off_onto_the_table_and_melds_the_rest() -> None:
    table = [meld("5s", "6s", "7s"), meld("Kc", "Kd", "Kh")]
    hand = cards("8s", "9s", "Ks", "2d", "3d", "4d")
    plan = best_melds(hand, table)
    assert plan.points_left == 0
    assert check_plan(hand, table) == 0


def test_a_joker_fills_the_gap_when_that_saves_most() -> None:
    hand = cards("4h", "6h", "X1", "Qs")
    plan = best_melds(hand, [])
    assert plan.points_left == 10
    assert plan.actions == (
        (
            (
                "meld",
                (
                    (parse_card("4h"), None),
                    (parse_card("X1"), parse_card("5h")),
                    (parse_card("6h"), None),
                ),
            )
        ),
    )


def test_jokers_alone_are_laid_off() -> None:
    """A joker in hand costs 20 (§7.2): laid off on two melds, nothing is left."""
    table = [meld("5s", "6s", "7s"), meld("Kc", "Kd", "Kh")]
    plan = best_melds(cards("X1", "X2"), table)
    assert plan.points_left == 0 and len(plan.actions) == 2
    assert check_plan(cards("X1", "X2"), table) == 0
