"""Klassiek: 3 to 8 players, vuile was with bluffing and one challenge per claim, the
knock answer modes and the tells (RULES.md §3, §12; seed 002)."""

from __future__ import annotations

import pytest

from kroeg.games.base import InvalidInput, RuleError
from kroeg.games.toepen.view import Laundry
from tests.games.test_toepen_support import act, kinds, legal_text, make, public, start

HANDS = ["Th 9c 8d Js", "Ah Kh Qc Jd", "9h 8h Jc Ad", "Kd 7c 7d As"]
"""Seat 1 holds real vuile was (only A, H, V, B)."""


@pytest.mark.parametrize("seats", [2, 9])
def test_klassiek_is_for_three_to_eight(seats: int) -> None:
    """Seed 002 "КОЛИЧЕСТВО ИГРОКОВ:3-8 игроков"."""
    with pytest.raises(InvalidInput, match="3 to 8 players"):
        make("klassiek").new_state(seats, dealer=0)


def test_first_lead_is_due_at_once_and_laundry_is_out_of_turn() -> None:
    """RECORDS.md: klassiek's first lead is due after the deal; laundry out of turn."""
    g = make("klassiek")
    s, _ = start(g, HANDS, stock_top="7h 8c 9d Tc")
    assert g.to_act(s) == {1}
    assert "laundry" in legal_text(g, s, 3)
    events = act(g, s, "1 laundry")
    assert public(events, "laundry") == [{"seat": 1, "stock_count": 12}]
    assert [e.data["cards"] for e in events if e.kind == "hand"] == [["8c", "Tc", "9d", "7h"]]
    assert [e.to for e in events if e.kind == "hand"] == [1]
    assert "laundry" not in legal_text(g, s, 1)  # once per player per deal
    with pytest.raises(RuleError, match="already claimed laundry"):
        act(g, s, "1 laundry")
    assert g.view(s, 0).laundry == [Laundry(seat=1, challenged_by=[], cards=None, honest=None)]


def test_honest_laundry_challenged_costs_the_challenger() -> None:
    """Seed 002 "Если рука действительно состоит исключительно из тузов, королей, дам и
    валетов, претендент теряет жизнь" (RULES.md §3.2); counted at the deal's end."""
    g = make("klassiek")
    s, _ = start(g, HANDS)
    act(g, s, "1 laundry")
    assert "challenge 1" in legal_text(g, s, 0)
    events = act(g, s, "0 challenge 1")
    assert public(events, "challenge") == [
        {"seat": 0, "target": 1, "cards": ["Qc", "Jd", "Kh", "Ah"], "honest": True, "penalised": 0}
    ]
    assert "challenge 1" not in legal_text(g, s, 2)  # one challenge per claim
    with pytest.raises(RuleError, match="already been challenged"):
        act(g, s, "2 challenge 1")
    assert s.extra == [1, 0, 0, 0] and g.standings(s) == {"points": [0, 0, 0, 0]}


def test_bluffed_laundry_challenged_costs_the_bluffer() -> None:
    """Seed 002: a discarded hand with a 10, 9, 8 or 7 costs the discarder a life, who
    keeps the new hand; any player may claim (bluffing allowed)."""
    g = make("klassiek")
    s, _ = start(g, HANDS)
    act(g, s, "0 laundry", "2 challenge 0")
    assert s.extra == [1, 0, 0, 0]
    # the challenge points count with the deal: everyone else folds to seat 3's knock
    act(g, s, "3 knock", "0 fold", "1 fold", "2 fold")
    assert g.deal_summaries(s) == [{"winner": 3, "stake": 2, "penalties": [2, 1, 1, 0]}]


def test_challenge_window_closes_at_the_next_card_or_claim() -> None:
    """RULES.md §3.2 DECISION: a claim may be challenged until the next card or claim."""
    g = make("klassiek")
    s, _ = start(g, HANDS)
    act(g, s, "1 laundry", "0 laundry")
    assert "challenge 1" not in legal_text(g, s, 2)
    assert "challenge 0" in legal_text(g, s, 2)
    with pytest.raises(RuleError, match="only the latest laundry claim"):
        act(g, s, "2 challenge 1")
    card = next(a for a in legal_text(g, s, 1) if a.startswith("play"))
    act(g, s, f"1 {card}")
    assert not {a for a in legal_text(g, s, 2) if a.startswith(("challenge", "laundry"))}
    with pytest.raises(RuleError, match="before the first card"):
        act(g, s, "3 laundry")


def test_no_laundry_when_the_stock_is_short() -> None:
    """RULES.md §3.2: no exchanges once the stock has fewer than four cards (8 players:
    no stock)."""
    g = make("klassiek")
    hands = ["7h 8h 9h Th", "7d 8d 9d Td", "7c 8c 9c Tc", "7s 8s 9s Ts"]
    hands += ["Ah Kh Qh Jh", "Ad Kd Qd Jd", "Ac Kc Qc Jc", "As Ks Qs Js"]
    s, _ = start(g, hands)
    assert "laundry" not in legal_text(g, s, 4)
    with pytest.raises(RuleError, match="fewer than four"):
        act(g, s, "4 laundry")


def test_klassiek_knock_before_the_first_lead() -> None:
    """RULES.md §12: in klassiek knocks are allowed from the deal on."""
    g = make("klassiek")
    s, _ = start(g, HANDS)
    assert "knock" in legal_text(g, s, 3)
    act(g, s, "3 knock")
    assert g.to_act(s) == {0}
    assert legal_text(g, s, 2) == set()  # no laundry or knock during answers


def test_fast_mode_everyone_answers_in_any_order() -> None:
    """Seed 002 "в более быстрых ... вариантах ... игроки немедленно сбрасывают карты"
    (RULES.md §3.3 fast mode; RECORDS.md: every other active player answers, any order)."""
    g = make("klassiek", knock_mode="fast")
    s, _ = start(g, HANDS)
    act(g, s, "1 knock")
    assert g.to_act(s) == {0, 2, 3}
    act(g, s, "3 fold", "0 stay")
    assert g.to_act(s) == {2}
    act(g, s, "2 stay")
    assert g.to_act(s) == {1}


def test_tournament_mode_answers_one_by_one() -> None:
    """Seed 002 "начиная слева от молотка, должны объявить, остаются они или сбрасывают"."""
    g = make("klassiek")
    s, _ = start(g, HANDS)
    act(g, s, "1 knock")
    assert g.to_act(s) == {2}
    with pytest.raises(RuleError, match="not your turn to answer: waiting for seat 2"):
        act(g, s, "3 stay")


def test_tells_whistle_and_stand_up_change_nothing() -> None:
    """Seed 002: three tens or three jacks whistle; four tens or four jacks stand up
    (RULES.md §3.4: no exchange, no instant win)."""
    g = make("klassiek")
    hands = ["Th Td Ts 8d", "Jh Jd Js Jc", "9h 8h 7c Ad", "Kh Kc 7d As"]
    s, events = start(g, hands)
    assert public(events, "whistle") == [{"seat": 0, "rank": "T"}]
    assert public(events, "stand_up") == [{"seat": 1, "rank": "J"}]
    assert g.to_act(s) == {1} and g.result(s) is None


def test_white_laundry_allows_one_seven() -> None:
    """RULES.md §5 white_laundry: only B/V/H/A plus exactly one 7 is honest."""
    hands = ["Th 9c 8d Js", "Ah Kh Qc 7d", "9h 8h Jc Ad", "Kd 7c Jh As"]
    for white, honest in ((True, True), (False, False)):
        g = make("klassiek", white_laundry=white)
        s, _ = start(g, hands)
        events = act(g, s, "1 laundry", "2 challenge 1")
        assert public(events, "challenge")[0]["honest"] is honest


def test_laundry_multi_check_lets_each_checker_pay_or_collect() -> None:
    """RULES.md §5 laundry_multi_check: several players may check; each pays or collects 1."""
    g = make("klassiek", laundry_multi_check=True)
    s, _ = start(g, HANDS)
    act(g, s, "0 laundry", "2 challenge 0", "3 challenge 0")
    assert s.extra == [2, 0, 0, 0]
    assert "challenge 0" not in legal_text(g, s, 2)
    assert "challenge 0" in legal_text(g, s, 1)


def test_laundry_repeat_allows_a_second_claim() -> None:
    g = make("klassiek", laundry_repeat=True)
    s, _ = start(g, HANDS)
    act(g, s, "1 laundry")
    assert "laundry" in legal_text(g, s, 1)
    act(g, s, "1 laundry")
    assert s.stock_pos == 8


def test_caught_bluffer_plays_with_open_cards() -> None:
    """RULES.md §5 laundry_bluff_open_cards (as in PS222407/Toepen)."""
    g = make("klassiek", laundry_bluff_open_cards=True)
    s, _ = start(g, HANDS, stock_top="7h 8c 9d Tc")
    events = act(g, s, "0 laundry", "2 challenge 0")
    assert public(events, "open_hand") == [{"seat": 0, "cards": ["8c", "Tc", "9d", "7h"]}]
    assert g.view(s, 3).open_hands == {"0": ["8c", "Tc", "9d", "7h"]}
    assert "open_hand" not in kinds(
        act(make("klassiek"), start(make("klassiek"), HANDS)[0], "0 laundry")
    )
