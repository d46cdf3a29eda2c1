"""Sets, runs, jokers and lay-offs (RULES.md §7.6, §12; seeds 003 and 004)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kroeg.cards import mask_of, parse_card
from kroeg.games.base import RuleError
from kroeg.games.eurokaarten.melds import (
    RUN,
    SET,
    MeldRules,
    extend_meld,
    hand_points,
    layoff_options,
    meld_options,
    new_meld,
)
from tests.games.test_eurokaarten_support import RULES, laid, meld


def refused(*texts: str, rules: MeldRules = RULES) -> str:
    with pytest.raises(RuleError) as e:
        new_meld(0, laid(*texts), rules)
    return str(e.value)


def test_hand_points_follow_the_seed_values() -> None:
    """Seed 003: "aas = 1, 2 t/m 9 = eigen waarde, 10/boer/vrouw/heer = 10, joker = 20"."""
    assert hand_points(mask_of([parse_card(c) for c in ("Ac", "2d", "9h")])) == 12
    assert hand_points(mask_of([parse_card(c) for c in ("Tc", "Jd", "Qh", "Ks")])) == 40
    assert hand_points(mask_of([parse_card("X1"), parse_card("X2")])) == 40


def test_sets_of_three_and_four() -> None:
    """§7.6: a set is 3 or 4 cards of the same rank."""
    assert meld("9c", "9d", "9h").kind == SET
    assert meld("9c", "9d", "9h", "9s").length == 4


def test_ace_low_and_ace_high_runs() -> None:
    """Seed 004: "A♥ 2♥ 3♥ mag, en 10♥ B♥ V♥ H♥ A♥ mag ook"."""
    low = meld("Ah", "2h", "3h")
    assert low.kind == RUN and low.notation() == ["Ah", "2h", "3h"]
    high = meld("Th", "Jh", "Qh", "Kh", "Ah")
    assert high.notation() == ["Th", "Jh", "Qh", "Kh", "Ah"]


def test_no_wrap_around() -> None:
    """§7.6 DECISION: H-A-2 is not a run."""
    assert "wrap around" in refused("Kh", "Ah", "2h")


def test_wrap_around_with_the_option() -> None:
    """§7.9 toggle wraparound_runs."""
    assert meld("Kh", "Ah", "2h", rules=MeldRules(wraparound=True)).kind == RUN


def test_a_run_needs_one_suit() -> None:
    """§7.6: a run is 3+ consecutive cards of one suit."""
    assert refused("4h", "5h", "6s") == "a run needs one suit"


def test_a_set_needs_one_rank_and_a_run_consecutive_cards() -> None:
    assert refused("4h", "4s", "5h") == "a set needs cards of one rank"
    assert "consecutive" in refused("4h", "5h", "7h")
    assert "at least 3 cards" in refused("4h", "4s")


def test_four_and_two_jokers_is_a_set() -> None:
    """Seed 003: "4 + joker + joker is dus een geldig setje"."""
    m = meld("4c", "X1=4d", "X2=4h")
    assert m.kind == SET and m.notation() == ["4c", "X1=4d", "X2=4h"]


def test_jokers_fill_a_gap_and_the_ends_of_a_run() -> None:
    """Seed 004: "In een straatje vult hij een gat (4 – joker – 6) of sluit hij voor- of
    achteraan aan"."""
    assert meld("4h", "X1=5h", "6h").notation() == ["4h", "X1=5h", "6h"]
    assert meld("X1=3h", "4h", "5h").start == parse_card("3h") % 13


def test_at_most_two_jokers_and_one_real_card() -> None:
    """Seed 003: two jokers in one combination "zolang er minstens één echte kaart bij zit"."""
    assert "at least one real card" in refused("X1=4c", "X2=4d", "X2=4h")
    assert refused("4c", "X1=4d", "X2=4h", rules=MeldRules(max_jokers=1)) == (
        "at most one joker in a meld"
    )


def test_a_third_joker_cannot_join_a_meld() -> None:
    """§7.6 and seed 004: jokers may join a meld that holds one, "zolang het er niet meer
    dan twee worden"."""
    run = meld("X1=4h", "5h", "X2=6h", "7h")
    with pytest.raises(RuleError, match="at most two jokers in a meld"):
        extend_meld(run, laid("X1=8h"), RULES)
    with_one = meld("4c", "4d", "X1=4h")
    assert len(extend_meld(with_one, laid("X2=4s"), RULES).jokers) == 2


def test_a_joker_needs_its_identity_and_it_must_be_new() -> None:
    """§7.6 DECISION: every joker on the table has a declared identity."""
    assert "stands for" in refused("4h", "5h", "X1")
    assert "already in the meld" in refused("4h", "5h", "X1=5h")


def test_no_adjacent_jokers_option() -> None:
    """§7.9 toggle no_adjacent_jokers (Jokeren clubs)."""
    rules = MeldRules(no_adjacent_jokers=True)
    assert "side by side" in refused("4h", "X1=5h", "X2=6h", rules=rules)
    assert meld("X1=4h", "5h", "X2=6h", rules=rules).length == 3


def test_a_set_of_four_is_closed() -> None:
    """Seed 004: "Bij vier kaarten is het setje compleet en kan er niets meer bij"."""
    full = meld("9c", "9d", "9h", "9s")
    with pytest.raises(RuleError, match="a set of four is closed"):
        extend_meld(full, laid("X1=9s"), RULES)
    assert layoff_options(full, mask_of([parse_card("X1")]), RULES) == []


def test_layoff_extends_a_run_at_both_ends() -> None:
    run = meld("5h", "6h", "7h")
    grown = extend_meld(run, laid("4h", "8h"), RULES)
    assert grown.notation() == ["4h", "5h", "6h", "7h", "8h"]
    with pytest.raises(RuleError, match="consecutive"):
        extend_meld(run, laid("9h"), RULES)
    with pytest.raises(RuleError, match="one suit"):
        extend_meld(run, laid("8s"), RULES)


def test_layoff_on_the_suit_a_set_joker_stands_for_moves_the_joker() -> None:
    """§12: "a card laid off on the suit a joker stands for moves the joker to the
    remaining missing suit"."""
    s = meld("4c", "4d", "X1=4h")
    grown = extend_meld(s, laid("4h"), RULES)
    assert grown.notation() == ["4c", "4d", "4h", "X1=4s"]


def test_meld_options_list_joker_identities_in_canonical_order() -> None:
    """§12: runs by position, sets by suit; every joker with its identity."""
    assert meld_options(0, mask_of([parse_card(c) for c in ("4c", "X1")]), RULES) == []
    hand = mask_of([parse_card(c) for c in ("4c", "4d", "X1")])
    listed = meld_options(0, hand, RULES)
    assert laid("4c", "4d", "X1=4h") in listed
    assert laid("4c", "4d", "X1=4s") in listed
    assert laid("4c", "X1=4d", "4h") not in listed  # 4h is not in the hand
    assert len(listed) == 2 + 0  # sets 4c 4d + joker on h or s; no run with one joker


def test_meld_options_match_the_checker() -> None:
    """Every listed meld passes the checker, and the listing is without repeats."""
    hand = mask_of([parse_card(c) for c in ("Ah", "2h", "3h", "4h", "3s", "X1", "X2")])
    listed = meld_options(0, hand, RULES)
    assert len(listed) == len(set(listed))
    for cards in listed:
        new_meld(0, cards, RULES)
    assert laid("X1=Kh", "Ah", "X2=2h") not in listed  # H-A-2 wraps around
    assert laid("Ah", "2h", "3h") in listed
    assert laid("X1=3c", "3h", "3s") in listed


@given(
    st.lists(st.integers(0, 51), min_size=3, max_size=7, unique=True),
    st.booleans(),
)
def test_listed_melds_are_exactly_the_valid_ones(hand_cards: list[int], wrap: bool) -> None:
    """Hypothesis, hands without jokers: a set of cards is listed as a meld exactly when
    the checker accepts it (§7.6: sets of 3-4, runs of 3+ in a suit, no wrap-around
    unless the option is on)."""
    rules = MeldRules(wraparound=wrap)
    listed = {frozenset(c for c, _ in laid) for laid in meld_options(0, mask_of(hand_cards), rules)}
    for size in range(3, len(hand_cards) + 1):
        for chosen in combinations(hand_cards, size):
            try:
                new_meld(0, [(c, None) for c in chosen], rules)
                valid = True
            except RuleError:
                valid = False
            assert valid == (frozenset(chosen) in listed), chosen
