"""Toepen play, knocks, answers and folds (RULES.md §1, §1.1, §2.5, §3.3, §12)."""

from __future__ import annotations

import random

import pytest

from kroeg.cards import cards_in
from kroeg.games.base import Deal, InvalidInput, RuleError
from tests.games.test_toepen_support import act, deal_of, legal_text, make, public, start

HANDS = ["Th 9c 8d Js", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"]
"""The hands of the shared examples (no three of a kind, A♣ in the stock)."""


def test_left_of_dealer_leads_and_must_follow_suit() -> None:
    """RULES.md §1: first lead left of the dealer; follow the led suit if able."""
    g = make()
    s, _ = start(g, HANDS)
    assert g.to_act(s) == {1}
    act(g, s, "1 play 7h")
    assert {a for a in legal_text(g, s, 2) if a.startswith("play")} == {"play 9h", "play 8h"}
    with pytest.raises(RuleError, match="must follow suit h: legal cards are 8h, 9h"):
        act(g, s, "2 play Jc")


def test_rank_order_jack_lowest_ten_highest() -> None:
    """RULES.md §1: B < V < H < A < 7 < 8 < 9 < 10; the highest card of the led suit wins."""
    g = make()
    s, _ = start(g, HANDS)
    events = act(g, s, "1 play 7h", "2 play 9h", "3 play Kh", "0 play Th")
    assert public(events, "trick") == [{"winner": 0, "trick_no": 1}]
    assert g.to_act(s) == {0}


def test_last_trick_wins_and_the_others_pay_one() -> None:
    """RULES.md §1.1 and seed 000 "De verliezers van de ronde krijgen allen een strafpunt"."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h", "2 play 9h", "3 play Kh", "0 play Th")
    act(g, s, "0 play 9c", "1 play Kc", "2 play Jc", "3 play 7c")
    act(g, s, "0 play 8d", "1 play Qd", "2 play Ad", "3 play 7d")
    events = act(g, s, "0 play Js", "1 play Ah", "2 play 8h", "3 play As")
    assert g.deal_summaries(s) == [{"winner": 3, "stake": 1, "penalties": [1, 1, 1, 0]}]
    assert g.pending_deal(s) == 3
    assert public(events, "deal_end")[0]["points"] == [1, 1, 1, 0]


def test_not_your_turn_and_the_state_is_unchanged() -> None:
    g = make()
    s, _ = start(g, HANDS)
    before = s.snapshot()
    with pytest.raises(RuleError, match="not your turn: waiting for seat 1"):
        act(g, s, "2 play 9h")
    with pytest.raises(RuleError, match="not in your hand"):
        act(g, s, "1 play Th")
    assert s.snapshot() == before


def test_knock_out_of_turn_and_answers_clockwise_from_the_knocker() -> None:
    """Seed 000 "Kloppen mag te allen tijde"; RECORDS.md: answers clockwise from the
    knocker's left; a fold pays the stake before that knock (RULES.md §1.1)."""
    g = make()
    s, _ = start(g, HANDS)
    assert "knock" in legal_text(g, s, 3)  # seat 3 is not on turn
    events = act(g, s, "3 knock")
    assert public(events, "knock") == [{"seat": 3, "stake": 2, "answerers": [0, 1, 2]}]
    assert g.to_act(s) == {0}
    assert legal_text(g, s, 1) == set()
    with pytest.raises(RuleError, match="not your turn to answer: waiting for seat 0"):
        act(g, s, "1 stay")
    act(g, s, "0 stay", "1 fold", "2 stay")
    assert g.to_act(s) == {1 + 1}  # seat 1 folded: the lead passes to seat 2
    assert s.owed[1] == 1


def test_no_knock_over_your_own_knock() -> None:
    """Seed 000 "Spelers dienen niet over hun eigen klop te kloppen"."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "3 knock", "0 stay", "1 stay", "2 stay")
    assert "knock" not in legal_text(g, s, 3)
    with pytest.raises(RuleError, match="seat 3 made the latest knock and may not knock again"):
        act(g, s, "3 knock")
    act(g, s, "1 knock")
    assert s.stake == 3


def test_kroegregels_limit_looks_at_every_active_player() -> None:
    """Seed 000 "niet te kloppen indien ... een (of meer) actieve deelnemer(s) ... boven de
    tien strafpunten komt te staan" (RULES.md §2.5): seat 2 on 8 blocks a stake of 3."""
    g = make()
    s, _ = start(g, HANDS, points=[0, 0, 8, 0])
    act(g, s, "3 knock", "0 stay", "1 stay", "2 stay")
    assert "knock" not in legal_text(g, s, 1)
    with pytest.raises(RuleError, match="knock limit: the stake would become 3 and seat 2"):
        act(g, s, "1 knock")


def test_limit_frees_up_when_the_blocking_player_folds() -> None:
    """RULES.md §2.5: the limit looks at *active* players only."""
    g = make()
    s, _ = start(g, HANDS, points=[0, 0, 8, 0])
    act(g, s, "3 knock", "0 stay", "1 stay", "2 fold")
    assert "knock" in legal_text(g, s, 1)


def test_klassiek_limit_looks_at_the_knocker_only() -> None:
    """Seed 002 (RULES.md §3.3): knocker.points + new stake <= 10; others do not matter."""
    g = make("klassiek")
    s, _ = start(g, HANDS, points=[8, 0, 0, 0])
    act(g, s, "1 knock", "2 stay", "3 stay", "0 stay")
    assert "knock" in legal_text(g, s, 2)
    assert "knock" not in legal_text(g, s, 0)  # 8 + 3 > 10
    with pytest.raises(RuleError, match="you stand on 8 points"):
        act(g, s, "0 knock")


def test_over_knock_answer_is_queued_until_the_round_of_answers_ends() -> None:
    """Seed 000 "ofwel over de klop heen kloppen"; RECORDS.md: at most one such answer
    per round of answers, executed after the last answer."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "1 knock", "2 knock")
    assert s.stake == 2
    assert "knock" not in legal_text(g, s, 3)  # one over-knock per round of answers
    with pytest.raises(RuleError, match="seat 2 already knocks again"):
        act(g, s, "3 knock")
    events = act(g, s, "3 stay", "0 fold")
    assert public(events, "knock") == [{"seat": 2, "stake": 3, "answerers": [3, 1]}]
    assert s.owed[0] == 1
    act(g, s, "3 fold", "1 stay")
    assert s.owed[3] == 2
    assert g.to_act(s) == {1}


def test_klassiek_has_no_over_knock_answer() -> None:
    """RULES.md §3.3: no over-knock as an answer in klassiek (knock_mode tournament)."""
    g = make("klassiek")
    s, _ = start(g, HANDS)
    act(g, s, "1 knock")
    assert legal_text(g, s, 2) == {"stay", "fold"}
    with pytest.raises(RuleError, match="knock_mode sequential"):
        act(g, s, "2 knock")


def test_everyone_folds_the_knocker_wins_and_deals() -> None:
    """Seed 002: "In the event everyone folds after a player knocks, they win"."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "2 knock", "3 fold", "0 fold", "1 fold")
    assert g.deal_summaries(s) == [{"winner": 2, "stake": 2, "penalties": [1, 1, 0, 1]}]
    assert g.pending_deal(s) == 2


def test_voluntary_fold_on_own_turn_when_not_leading() -> None:
    """Seed 000 "Het is mogelijk te passen wanneer er niet alvorens is geklopt, mits het in
    eigen beurt geschied en het niet de slag-opening betreft": it costs the stake."""
    g = make()
    s, _ = start(g, HANDS)
    assert "fold" not in legal_text(g, s, 1)  # leading
    with pytest.raises(RuleError, match="when not leading"):
        act(g, s, "1 fold")
    act(g, s, "1 play 7h")
    assert "fold" in legal_text(g, s, 2)
    act(g, s, "2 fold")
    assert s.owed[2] == 1
    assert g.to_act(s) == {3}


def test_klassiek_has_no_voluntary_fold() -> None:
    """RULES.md §3.3: fold only in answer to a knock."""
    g = make("klassiek")
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h")
    assert "fold" not in legal_text(g, s, 2)
    with pytest.raises(RuleError, match="voluntary_fold is off"):
        act(g, s, "2 fold")


def test_fold_mid_trick_takes_the_folders_card_out() -> None:
    """RULES.md §12: the folder's card leaves the unfinished trick; suit and winner come
    from the cards left."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h", "2 play 9h", "3 knock", "0 stay", "1 fold", "2 stay")
    assert [c for c in s.trick_cards] == [g.parse_action(["play", "9h"])[1]]
    assert g.to_act(s) == {3}
    events = act(g, s, "3 play Kh", "0 play Th")
    assert public(events, "trick")[0]["winner"] == 0


def test_emptied_trick_is_led_by_the_next_active_player() -> None:
    """RULES.md §12: "an emptied trick is led by the next active player"."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h", "3 knock", "0 stay", "1 fold", "2 stay")
    assert s.trick_cards == []
    assert s.led == -1
    assert g.to_act(s) == {2}
    assert "play Jc" in legal_text(g, s, 2)  # any card: 2 leads


def test_folding_leaves_one_player_who_wins_at_once() -> None:
    """RULES.md §1.1 DECISION: one active player left mid-trick wins the round at once."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h", "2 play 9h", "0 knock", "1 fold", "2 fold", "3 fold")
    assert g.deal_summaries(s)[-1] == {"winner": 0, "stake": 2, "penalties": [0, 1, 1, 1]}


def test_player_without_cards_may_knock_until_the_last_card() -> None:
    """RULES.md §12: a player who has played all four cards may still knock."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h", "2 play 9h", "3 play Kh", "0 play Th")
    act(g, s, "0 play 9c", "1 play Kc", "2 play Jc", "3 play 7c")
    act(g, s, "0 play 8d", "1 play Qd", "2 play Ad", "3 play 7d")
    act(g, s, "0 play Js")
    act(g, s, "1 play Ah", "2 play 8h")
    assert s.hands[0] == 0
    assert "knock" in legal_text(g, s, 0)
    act(g, s, "0 knock", "1 fold", "2 stay", "3 stay", "3 play As")
    assert g.deal_summaries(s)[-1] == {"winner": 3, "stake": 2, "penalties": [2, 1, 2, 0]}


def test_a_deal_that_is_not_a_piket_deal_is_refused_and_changes_nothing() -> None:
    """DESIGN.md: a Deal with wrong hand sizes or cards is InvalidInput."""
    g = make()
    s = g.new_state(4, dealer=0)
    before = s.snapshot()
    good = deal_of(HANDS)
    cases = {
        "seat 0 is dealt 4 cards, but the deal gives it 3": Deal(
            (good.hands[0][:3], *good.hands[1:]), good.stock + good.hands[0][3:]
        ),
        "not cards: \\[-1\\]": Deal(((-1, *good.hands[0][1:]), *good.hands[1:]), good.stock),
        "cards dealt twice": Deal(good.hands, good.stock[:-1] + good.stock[:1]),
        "has 3 hands for 4 seats": Deal(good.hands[:3], good.stock),
    }
    for message, deal in cases.items():
        with pytest.raises(InvalidInput, match=message):
            g.apply(s, 0, deal)
        assert s.snapshot() == before
    with pytest.raises(RuleError, match="seat 1 may not deal: the dealer is seat 0"):
        g.apply(s, 1, good)


def test_voluntary_fold_costs_the_current_stake() -> None:
    """RULES.md §12: a voluntary fold costs the current stake (here 2 after a knock)."""
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "1 knock", "2 stay", "3 stay", "0 stay", "1 play 7h")
    events = act(g, s, "2 fold")
    assert public(events, "fold") == [{"seat": 2, "cost": 2}]


def test_trick_winner_who_folds_passes_the_lead_left() -> None:
    """Seed 002: "Если игрок сбрасывает после выигрыша взятки, но до начала следующей
    взятки, ход следующей взятки переходит к игроку слева от него"."""
    g = make("klassiek")
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h", "2 play 9h", "3 play Kh", "0 play Th")
    assert g.to_act(s) == {0}
    act(g, s, "2 knock", "3 stay", "0 fold", "1 stay")
    assert g.to_act(s) == {1}


def test_over_knock_is_checked_against_the_limit_when_given() -> None:
    """RECORDS.md: an answer knock is "checked for legality when it is given"."""
    g = make()
    s, _ = start(g, HANDS, points=[0, 0, 0, 7])
    act(g, s, "1 knock")  # stake 2: 7 + 3 = 10 is still allowed
    assert "knock" in legal_text(g, s, 2)
    act(g, s, "2 knock", "3 stay", "0 stay")
    assert s.stake == 3 and g.to_act(s) == {3}  # seat 2's knock took effect
    assert legal_text(g, s, 3) == {"stay", "fold"}  # 7 + 4 > 10


def test_fast_mode_fold_of_the_player_on_turn_moves_the_turn() -> None:
    """RULES.md §12: the turn passes to the next active player who has not played."""
    g = make("klassiek", knock_mode="fast")
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h", "0 knock", "2 fold", "1 stay", "3 stay")
    assert g.to_act(s) == {3}


def test_a_random_deal_fits_only_the_table_it_was_made_for() -> None:
    """Engine conventions: a Deal with wrong hand sizes is InvalidInput. ``apply`` skips
    the deck check for the deal ``random_deal`` just made, so that shortcut must still
    notice another seat count or another seat out; and two states dealt the same deal
    get hands of their own."""
    g = make("klassiek")
    five = g.new_state(5, dealer=0)
    deal = g.random_deal(five, random.Random(3))
    with pytest.raises(InvalidInput, match="the deal has 5 hands for 4 seats"):
        g.apply(g.new_state(4, dealer=0), 0, deal)
    one_out = g.new_state(5, dealer=0)
    one_out.out = 1 << 1  # seat 1 eliminated (end_mode elimination)
    with pytest.raises(InvalidInput, match="seat 1 is out of the game, but the deal gives it 4"):
        g.apply(one_out, 0, deal)
    other = five.copy()
    g.apply(five, 0, deal)
    g.apply(other, 0, deal)
    assert [sorted(cards_in(h)) for h in five.hands] == [sorted(h) for h in deal.hands]
    assert five.stock == deal.stock
    g.apply(five, 1, ("play", min(cards_in(five.hands[1]))))
    assert five.hands[1] != other.hands[1]
