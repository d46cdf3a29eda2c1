"""Rules corners found with hand-made records (issue "trust", item 8; the records are in
tests/cases): the over-knock answer, ``any_toep_wins``, the ``players`` option, and what
the house plays for a person whose clock ran out."""

from __future__ import annotations

import pytest

from kroeg.cards import parse_card
from kroeg.games.base import RuleError
from kroeg.games.toepen.tables import FOLD, KEEP, STAY
from kroeg.records import RecordWriter
from tests.games.test_toepen_support import act, legal_text, make, public, start

PLAIN = ["7c 8c 9c Tc", "7d 8d 9d Td", "7h 8h 9h Th", "7s 8s 9s Ts"]
"""Every hand strong (nines and tens): the house's hand-strength rule would stay."""


def test_klassiek_sequential_answers_have_no_over_knock() -> None:
    """RULES.md §3.3 (klassiek: no "over-knock as an answer") and §12 ("Over-knock answers
    ... belong to kroegregels only"), whatever ``knock_mode`` says."""
    g = make("klassiek", knock_mode="sequential")
    s, _ = start(g, PLAIN)
    act(g, s, "1 knock")
    assert legal_text(g, s, 2) == {"stay", "fold"}
    with pytest.raises(RuleError) as refused:
        act(g, s, "2 knock")
    assert refused.value.code == "no_over_knock"
    assert s.stake == 2 and g.to_act(s) == {2}, "a refusal changes nothing"
    kroeg = make("kroegregels", knock_mode="sequential")
    s2, _ = start(kroeg, PLAIN)
    act(kroeg, s2, "1 knock")
    assert "knock" in legal_text(kroeg, s2, 2), "kroegregels keeps its over-knock"


@pytest.mark.parametrize("rank", ["7", "8", "9", "Q", "K", "A"])
def test_any_toep_wins_ignores_four_of_another_rank(rank: str) -> None:
    """RULES.md §2.9 T2 and §5: ``any_toep_wins`` is WB-T's "four jacks or four tens win
    at once, others +3"; any other four of a kind keeps T2's default, no effect."""
    g = make(any_toep_wins=True)
    four = " ".join(rank + suit for suit in "cdhs")
    rest = ["8c 9c Tc Jc", "8d 9d Td Jd", "8h 9h Th Jh"]
    if rank in "89":
        rest = ["7c Tc Jc Qc", "7d Td Jd Qd", "7h Th Jh Qh"]
    s, events = start(g, [rest[0], four, rest[1], rest[2]])
    assert g.deal_summaries(s) == [] and public(events, "toep") == []
    assert g.to_act(s) == {1}


def test_any_toep_wins_with_four_jacks_or_four_tens() -> None:
    """RULES.md §5 (WB-T: "four J or four 10 win, others +3"); four tens count here when
    ``four_tens_instant`` is off (it is checked first)."""
    for hand, options in (("Jc Jd Jh Js", {}), ("Tc Td Th Ts", {"four_tens_instant": "off"})):
        g = make(any_toep_wins=True, **options)
        s, _ = start(g, ["7c 8c 9c Qc", hand, "7d 8d 9d Qd", "7h 8h 9h Qh"])
        assert g.deal_summaries(s) == [{"winner": 1, "stake": 1, "penalties": [3, 0, 3, 3]}]


def test_an_exchange_that_completes_four_sevens_changes_nothing() -> None:
    """RULES.md §2.4 and §2.9: the exchange draw completes a toep of sevens; with
    ``any_toep_wins`` only four jacks or tens win, so the deal goes on."""
    g = make(any_toep_wins=True)
    s, _ = start(g, ["7c 7d 7h Kc", "8d 9d Td Jd", "8h 9h Th Jh", "8s 9s Ts Js"], stock_top="7s")
    events = act(g, s, "0 exchange Kc")
    assert s.hands[0] == sum(1 << parse_card(c) for c in ("7c", "7d", "7h", "7s"))
    assert g.deal_summaries(s) == [] and public(events, "toep") == []
    assert g.to_act(s) == {1}


def test_the_players_option_is_accepted_and_kept() -> None:
    """RULES.md §5 names ``players`` among the Toepen toggles, and RECORDS.md options are
    "named as the toggles in RULES.md": it is accepted when it equals the seats and a
    record written of the game keeps it."""
    g = make("kroegregels", players=4)
    s, _ = start(g, PLAIN)
    assert g.to_act(s) == {1}
    assert RecordWriter(g, 4).json()["options"] == {"players": 4}
    assert make("klassiek", players=6).new_state(6, dealer=0).n == 6


# The house for a person whose clock ran out (RULES.md §2.7) ----------------------------


@pytest.mark.parametrize(
    ("variant", "options"),
    [("kroegregels", {}), ("klassiek", {}), ("klassiek", {"knock_mode": "sequential"})],
)
def test_a_timed_out_answer_to_a_knock_is_passen(variant: str, options: dict[str, str]) -> None:
    """RULES.md §2.7: once the clock has run out "the house acts for them (play lowest
    legal card / pass on a knock)", and §2.5 "Timeout on a response → passen": not by
    hand strength (seat 2 holds two strong cards, for which ``default()`` stays), so a
    player who let the clock run pays the stake before the knock, never a raised one."""
    g = make(variant, **options)
    s, _ = start(g, PLAIN)
    act(g, s, "1 knock")
    assert g.default(s, 2) == STAY, "the house's own seat answers by hand strength"
    assert g.timeout_action(s, 2) == FOLD


def test_a_timed_out_answer_in_fast_mode_is_the_windows_default_stay() -> None:
    """RULES.md §3.3 fast mode: "a short simultaneous window ..., default = stay"."""
    g = make("klassiek", knock_mode="fast")
    s, _ = start(g, ["7c 8c Jc Qc", "7d 8d Jd Qd", "7h 8h Jh Qh", "7s 8s Js Qs"])
    act(g, s, "1 knock")
    assert g.default(s, 2) == FOLD, "no strong card: the house folds its own seat"
    assert g.timeout_action(s, 2) == STAY


def test_a_timed_out_armoede_choice_is_passen_and_a_play_the_lowest_card() -> None:
    """RULES.md §2.6: passen costs 1, kijken plays for 2; a timed-out player passes even
    with strong cards. On a turn to play: the lowest legal card (§2.7)."""
    g = make()
    s, _ = start(g, PLAIN, points=[0, 0, 9, 0])
    assert g.to_act(s) == {3}
    assert g.default(s, 3) == ("look",)
    assert g.timeout_action(s, 3) == FOLD
    plain = make()
    s2, _ = start(plain, ["7c 8c 9c Tc", "Jd 8d 9d Td", "7h 8h 9h Th", "7s 8s 9s Ts"])
    assert plain.timeout_action(s2, 1) == plain.parse_action(["play", "Jd"])


def test_a_timed_out_three_of_a_kind_is_kept_and_three_tens_exchanged() -> None:
    """RULES.md §2.4: the exchange is optional for three of a rank other than tens (kept
    when the clock ran out: the house does not weigh the odd card), and the only legal
    action with three tens."""
    g = make()
    s, _ = start(g, ["8c 8d 9c Jc", "7d 7h 7s Ac", "8h 9h Th Jh", "Qs 9s Ts Js"])
    assert g.to_act(s) == {1}
    assert g.timeout_action(s, 1) == KEEP
    g2 = make()
    s2, _ = start(g2, ["8c 8d 9c Jc", "Td Th Ts Ac", "8h 9h 7h Jh", "Qs 9s 7s Js"])
    assert g2.timeout_action(s2, 1) == g2.parse_action(["exchange", "Ac"])


def test_no_timeout_action_for_a_seat_not_waited_for() -> None:
    g = make()
    s, _ = start(g, PLAIN)
    with pytest.raises(RuleError) as caught:
        g.timeout_action(s, 2)
    assert caught.value.code == "no_decision"
