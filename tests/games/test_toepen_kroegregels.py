"""Kroegregels before and after the tricks: 'Het', kans op toep, the klaveren aas,
armoede, the end of the game and seed 000's etiquette (RULES.md §2, §12)."""

from __future__ import annotations

import random

import pytest

from kroeg.cards import parse_card
from kroeg.games.base import InvalidInput, RuleError
from kroeg.games.toepen.het import het_value
from kroeg.games.view import Played
from tests.games.test_toepen_support import act, deal_of, kinds, legal_text, make, public, start

PLAIN = ["Th 9c 8d Js", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"]


def test_kroegregels_is_for_exactly_four() -> None:
    """Seed 000 "Een pot toepen geschiedt louter met vier personen"."""
    g = make()
    for seats in (3, 5):
        with pytest.raises(InvalidInput, match="exactly 4 players"):
            g.new_state(seats, dealer=0)


def test_het_chooses_the_highest_open_card_with_the_klaveren_aas_on_top() -> None:
    """Seed 000 'Het': the highest open card deals, "Hierbij is de compromiskaart het
    hoogst"; ties draw again among the tied only."""
    g = make()
    for seed in range(200):
        s = g.new_state(4, seed=seed)
        assert s.het is not None
        first = s.het[0]
        assert [p for p, _ in first] == [0, 1, 2, 3]
        for earlier, later in zip(s.het, s.het[1:], strict=False):
            best = max(het_value(c) for _, c in earlier)
            assert sorted(p for p, _ in later) == sorted(
                p for p, c in earlier if het_value(c) == best
            )
        last = s.het[-1]
        best = max(het_value(c) for _, c in last)
        assert [p for p, c in last if het_value(c) == best] == [s.dealer]
    assert het_value(parse_card("Ac")) > het_value(parse_card("Tc"))
    assert het_value(parse_card("Ah")) < het_value(parse_card("7h"))


def test_het_is_repeatable_and_shown_with_the_first_deal() -> None:
    g = make()
    a, b = g.new_state(4, seed=7), g.new_state(4, seed=7)
    assert (a.dealer, a.het) == (b.dealer, b.het)
    het = g.view(a, None).het
    assert het is not None and het[0][0].seat == 0
    events = g.apply(a, a.dealer, g.random_deal(a, random.Random(1)))
    assert public(events, "deal")[0]["het"] == g.view(b, 2).json()["het"]


def test_klassiek_has_no_het() -> None:
    """RULES.md §3.1: the first dealer by any random method."""
    s = make("klassiek").new_state(5, seed=3)
    assert s.het is None and 0 <= s.dealer < 5


def test_three_tens_must_be_exchanged_and_whistled() -> None:
    """Seed 000 "Indien een persoon drie tienen is toebedeeld, dient hij ... te fluiten";
    "De kaart waar men er geen drie van heeft, legt men open naast de stok alvorens hij
    de bovenste kaart van de stapel pakt."""
    g = make()
    s, events = start(
        g, ["Th Td Ts 8d", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"], stock_top="Qc"
    )
    assert public(events, "whistle") == [{"seat": 0, "rank": "T"}]
    assert g.to_act(s) == {0}
    assert legal_text(g, s, 0) == {"exchange 8d"}
    with pytest.raises(RuleError, match="three tens must be exchanged"):
        act(g, s, "0 keep")
    with pytest.raises(RuleError, match="exchange the odd card 8d"):
        act(g, s, "0 exchange Td")
    events = act(g, s, "0 exchange 8d")
    assert public(events, "exchange") == [{"seat": 0, "card": "8d", "stock_count": 15}]
    assert [e.data for e in events if e.kind == "draw"] == [{"seat": 0, "card": "Qc"}]
    assert [e.to for e in events if e.kind == "draw"] == [0]
    assert g.view(s, 2).dead_cards == ["8d"]
    assert g.to_act(s) == {1}  # no more exchanges: the first lead


def test_fourth_ten_drawn_wins_the_game_at_once() -> None:
    """Seed 000 "Indien de gepakte kaart de hand met een vierde tien aanvult, wint de speler
    onmiddellijk het spel"; RULES.md §2.9 T1, §12: nobody's points change, all others lose."""
    g = make()
    s, _ = start(
        g,
        ["7h Ah Kc Qd", "Th Td Ts 8d", "9h 8h Jc Ad", "Kh 7c 7d As"],
        points=[3, 2, 1, 0],
        stock_top="Tc",
    )
    events = act(g, s, "1 exchange 8d")
    assert g.result_json(s) == {"losers": [0, 2, 3]}
    assert g.standings(s) == {"points": [3, 2, 1, 0]}
    assert g.deal_summaries(s) == [{"winner": 1, "stake": 1, "penalties": [0, 0, 0, 0]}]
    assert "toep" in kinds(events) and "game_over" in kinds(events)


def test_four_tens_dealt_win_before_any_exchange() -> None:
    """RULES.md §2.9: four tens dealt count the same, checked before the exchanges."""
    g = make()
    s, events = start(g, ["7h 7s 7d Qd", "Th Td Ts Tc", "9h 8h Jc Ad", "Kh 7c Ah As"])
    assert g.result_json(s) == {"losers": [0, 2, 3]}
    assert public(events, "toep") == [{"seat": 1, "cards": ["Tc", "Td", "Th", "Ts"]}]


def test_four_tens_round_toggle_wins_the_deal_only() -> None:
    """RULES.md §2.9, §12: with four_tens_instant round the holder wins the deal."""
    g = make(four_tens_instant="round")
    s, _ = start(g, ["7h 7s 7d Qd", "Th Td Ts Tc", "9h 8h Jc Ad", "Kh 7c Ah As"])
    assert g.result(s) is None
    assert g.deal_summaries(s) == [{"winner": 1, "stake": 1, "penalties": [1, 0, 1, 1]}]


def test_other_three_of_a_kind_may_exchange_or_keep() -> None:
    """Seed 000 "drie kaarten met dezelfde waarde ... anders dan de tien, ligt de keuze bij
    hem"; RULES.md §12: clockwise from the dealer's left."""
    g = make()
    s, _ = start(g, ["7h Ah Kc Qd", "9h 9c 9d Jc", "8h 8c 8d Ad", "Kh 7c Th As"], dealer=3)
    assert g.to_act(s) == {1}  # seat 0 has no three of a kind
    assert legal_text(g, s, 1) == {"exchange Jc", "keep"}
    act(g, s, "1 keep")
    assert g.to_act(s) == {2}
    act(g, s, "2 exchange Ad")
    assert g.to_act(s) == {0} and s.phase == 3  # play: the left of dealer 3 leads


def test_no_exchange_with_three_tens_exchange_off() -> None:
    g = make(three_tens_exchange=False)
    s, _ = start(g, ["Th Td Ts 8d", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"])
    assert g.to_act(s) == {1}


def test_no_knock_before_the_first_lead() -> None:
    """RECORDS.md: knocks are possible from the first lead on."""
    g = make()
    s, _ = start(g, ["Th Td Ts 8d", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"])
    assert legal_text(g, s, 2) == set()
    with pytest.raises(RuleError, match="no knock before the first lead"):
        act(g, s, "2 knock")


def test_klaveren_aas_is_shown_after_the_exchanges() -> None:
    """Seed 000 "Voor de slag geopend wordt, dient de compromiskaart aan allen getoond te
    worden"; "Indien de compromiskaart valt ... toont men respect door te applaudisseren"."""
    g = make()
    s, _ = start(g, ["Th Td Ts 8d", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"], stock_top="Ac")
    events = act(g, s, "0 exchange 8d")
    assert public(events, "reveal") == [{"seat": 0, "card": "Ac"}]
    assert public(events, "applause") == [{"seat": 0}]
    assert kinds(events).index("reveal") > kinds(events).index("exchange")
    assert g.view(s, 3).compromiskaart == Played(seat=0, card="Ac")


def test_armoede_round_look_or_fold_and_the_armoede_player_leads() -> None:
    """Seed 000: "De spelers zonder armoede, hebben de mogelijkheid te kijken ... voor twee
    strafpunten. Ook hebben zij de keuze te passen voor één strafpunt"; "Degene met verst
    verkregen armoede opent de ronde"; the choosing starts left of that player."""
    g = make()
    s, events = start(g, PLAIN, points=[0, 0, 9, 0])
    assert public(events, "armoede") == [{"seats": [2], "lead": 2, "stake": 2}]
    assert g.to_act(s) == {3}
    assert legal_text(g, s, 3) == {"look", "fold"}
    act(g, s, "3 look", "0 fold", "1 look")
    assert g.to_act(s) == {2}
    assert legal_text(g, s, 1) == set()  # 9 + 3 > 10: no knock while 2 is active
    act(g, s, "2 play 9h", "3 play Kh", "1 play 7h")
    act(g, s, "2 play 8h", "3 play 7c", "1 play Ah")
    act(g, s, "2 play Jc", "3 play 7d", "1 play Kc")
    act(g, s, "1 play Qd", "2 play Ad", "3 play As")
    assert g.deal_summaries(s)[-1] == {"winner": 2, "stake": 2, "penalties": [1, 2, 0, 2]}


def test_armoede_happens_once_after_reaching_nine() -> None:
    """RULES.md §2.6 T3: once, in the deal right after a player first reaches 9."""
    g = make()
    s, _ = start(g, PLAIN, points=[0, 0, 9, 0])
    act(g, s, "3 fold", "0 fold", "1 fold")  # seat 2 wins at once
    assert g.deal_summaries(s)[-1] == {"winner": 2, "stake": 2, "penalties": [1, 1, 0, 1]}
    g.apply(s, 2, deal_of(PLAIN))
    assert s.armoede_seats == 0 and s.stake == 1


def test_armoede_every_round_toggle() -> None:
    """RULES.md §2.6: armoede_every_round repeats it while a player stands on 9."""
    g = make(armoede_every_round=True)
    s, _ = start(g, PLAIN, points=[0, 0, 9, 0])
    act(g, s, "3 fold", "0 fold", "1 fold")
    g.apply(s, 2, deal_of(PLAIN))
    assert s.armoede_seats == 1 << 2 and s.stake == 2


def test_most_recent_armoede_leads_when_two_stand_on_nine() -> None:
    """RULES.md §2.6: the latest to reach 9 leads; a tie in one deal goes to the first
    in the order dealer+1, dealer+2, ...; others choose clockwise from the lead's left."""
    g = make()
    s, events = start(g, PLAIN, points=[9, 0, 9, 0], dealer=1)
    assert public(events, "armoede")[0]["lead"] == 2
    assert g.to_act(s) == {3}
    act(g, s, "3 look", "1 look")
    assert g.to_act(s) == {2}


def test_armoede_players_play_each_other_when_all_others_fold() -> None:
    """RULES.md §2.6: if all non-armoede players pass, the armoede players play each
    other for 2; of two reaching 9 together, the first from the dealer's left leads."""
    g = make()
    s, _ = start(g, PLAIN, points=[9, 9, 8, 0], dealer=0)
    assert s.armoede_lead == 1
    assert g.to_act(s) == {2}
    act(g, s, "2 fold", "3 fold")
    assert g.to_act(s) == {1}
    act(g, s, "1 play 7h", "0 play Th", "0 play 9c", "1 play Kc")
    act(g, s, "0 play 8d", "1 play Qd", "0 play Js", "1 play Ah")
    assert g.deal_summaries(s) == [{"winner": 0, "stake": 2, "penalties": [0, 2, 1, 1]}]
    assert g.result_json(s) == {"losers": [1]}


def test_game_over_losers_and_perfect_game_events() -> None:
    g = make()
    s, _ = start(g, PLAIN, points=[8, 7, 0, 6])
    act(g, s, "0 knock", "1 stay", "2 stay", "3 stay")
    act(g, s, "1 play 7h", "2 play 9h", "3 play Kh", "0 play Th")
    act(g, s, "0 play 9c", "1 play Kc", "2 play Jc", "3 play 7c")
    act(g, s, "0 play 8d", "1 play Qd", "2 play Ad", "3 play 7d")
    events = act(g, s, "0 play Js", "1 play Ah", "2 play 8h", "3 play As")
    assert g.standings(s) == {"points": [10, 9, 2, 6]}
    assert g.result_json(s) == {"losers": [0]}
    assert public(events, "game_over")[0]["losers"] == [0]
    assert public(events, "shots") == [{"seats": [0], "extra_shot": False}]
    with pytest.raises(RuleError, match="the game is over"):
        act(g, s, "1 knock")


def test_perfect_game_event_for_a_player_on_zero() -> None:
    g = make()
    s, _ = start(g, PLAIN, points=[9, 0, 8, 8])
    # seat 0 in armoede: 1, 2, 3 choose; all look for 2: seat 3 wins the last trick
    act(g, s, "1 look", "2 look", "3 look")
    act(g, s, "0 play Th", "1 play 7h", "2 play 9h", "3 play Kh")
    act(g, s, "0 play 9c", "1 play Kc", "2 play Jc", "3 play 7c")
    act(g, s, "0 play 8d", "1 play Qd", "2 play Ad", "3 play 7d")
    events = act(g, s, "0 play Js", "1 play Ah", "2 play 8h", "3 play As")
    assert g.standings(s) == {"points": [11, 2, 10, 8]}
    assert g.result_json(s) == {"losers": [0, 2]}
    assert public(events, "perfect_game") == []
    assert public(events, "shots") == [{"seats": [0, 2], "extra_shot": False}]


def test_etiquette_events_change_nothing() -> None:
    """Seed 000: "Tienentrekker" when a ten is led in the first trick, "Heeft men meer?"
    when a player leads the same suit the second time, "Boerenfiske" at the third jack."""
    g = make()
    s, _ = start(g, ["Th Td 8h Js", "7h Ah Kc Qd", "9h 8c Jc Ad", "Kh 7c 7d Jh"], dealer=3)
    events = act(g, s, "0 play Th")
    assert public(events, "tienentrekker") == [{"seat": 0}]
    act(g, s, "1 play 7h", "2 play 9h", "3 play Kh")
    events = act(g, s, "0 play 8h")
    assert public(events, "heeft_men_meer") == [{"seat": 0, "suit": "h"}]
    act(g, s, "1 play Ah", "2 play Jc", "3 play Jh")
    events = act(g, s, "0 play Js")
    assert public(events, "boerenfiske") == [{}]
    klassiek = make("klassiek")
    s2, _ = start(klassiek, ["Th Td 8h Js", "7h Ah Kc Qd", "9h 8c Jc Ad", "Kh 7c 7d Jh"], dealer=3)
    assert "tienentrekker" not in kinds(act(klassiek, s2, "0 play Th"))


def test_two_reaching_nine_in_one_deal_order_from_the_armoede_dealer() -> None:
    """RULES.md §2.6, §12: several reach 9 in the same round: the first of them in the
    order dealer+1, dealer+2, ..., where the dealer is the armoede round's own, is the
    most recent and leads."""
    g = make()
    s, _ = start(g, PLAIN, points=[8, 8, 8, 0], dealer=0)
    # Seat 3 knocks; 0, 1 and 2 fold at stake 2 for 1 each: 0, 1, 2 reach 9 together.
    act(g, s, "3 knock", "0 fold", "1 fold", "2 fold")
    assert g.standings(s) == {"points": [9, 9, 9, 0]} and g.pending_deal(s) == 3
    events = g.apply(s, 3, deal_of(PLAIN))
    # Order from the armoede dealer 3's left: 0, 1, 2 -> seat 0 (not seat 1, left of the
    # dealer of the deal in which they reached 9).
    assert public(events, "armoede") == [{"seats": [0, 1, 2], "lead": 0, "stake": 2}]
    assert g.to_act(s) == {3}
