"""The house-rule toggles of RULES.md §5: validation, defaults (§10) and what each does."""

from __future__ import annotations

import random

import pytest

from kroeg.games.base import InvalidInput, RuleError
from kroeg.games.toepen import Toepen
from kroeg.games.toepen.options import OPTION_SPECS, VARIANTS
from tests.games.test_toepen_support import act, deal_of, legal_text, make, public, start

HANDS = ["Th 9c 8d Js", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"]
TRICKS = [
    "1 play 7h",
    "2 play 9h",
    "3 play Kh",
    "0 play Th",
    "0 play 9c",
    "1 play Kc",
    "2 play Jc",
    "3 play 7c",
    "0 play 8d",
    "1 play Qd",
    "2 play Ad",
    "3 play 7d",
    "0 play Js",
    "1 play Ah",
    "2 play 8h",
    "3 play As",
]
"""The shared example's plain deal: seat 3 wins the last trick with the A of spades."""

TABLE_5 = {
    "max_points",
    "end_mode",
    "knock_limit",
    "knock_only_on_turn",
    "knock_mode",
    "voluntary_fold",
    "laundry",
    "laundry_multi_check",
    "laundry_repeat",
    "white_laundry",
    "laundry_bluff_open_cards",
    "three_tens_exchange",
    "four_tens_instant",
    "any_toep_wins",
    "armoede",
    "armoede_every_round",
    "announce_tells",
    "winnen_met_boer",
    "enforce_follow_suit",
    "slow_play_penalty",
}


def test_every_toggle_of_the_rules_table_is_an_option() -> None:
    """RULES.md §5 (``players`` is the record's ``seats``, checked per variant)."""
    assert set(OPTION_SPECS) == TABLE_5
    for defaults in VARIANTS.values():
        assert set(defaults) == TABLE_5


def test_variant_defaults_follow_the_rules_table() -> None:
    """RULES.md §5 "default A / B" and §10."""
    a, b = VARIANTS["kroegregels"], VARIANTS["klassiek"]
    assert (a["knock_limit"], b["knock_limit"]) == ("any_active", "knocker_only")
    assert (a["voluntary_fold"], b["voluntary_fold"]) == (True, False)
    assert (a["laundry"], b["laundry"]) == (False, True)
    assert (a["three_tens_exchange"], b["three_tens_exchange"]) == (True, False)
    assert a["four_tens_instant"] == "game" and a["armoede"] is True
    assert (a["announce_tells"], b["announce_tells"]) == ("tens", "tens_and_jacks")
    assert (a["slow_play_penalty"], b["slow_play_penalty"]) == (True, False)
    assert a["max_points"] == b["max_points"] == 10


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_pints": 10}, "unknown option 'max_pints'"),
        ({"max_points": 2}, "max_points must be from 3 to 100"),
        ({"max_points": "10"}, "max_points must be an integer"),
        ({"knock_limit": "any active"}, "knock_limit must be one of any_active"),
        ({"armoede": "yes"}, "armoede must be true or false"),
    ],
)
def test_bad_options_are_refused_with_what_is_allowed(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        Toepen("kroegregels", options)


def test_unknown_variant() -> None:
    with pytest.raises(InvalidInput, match="unknown variant 'pub' for toepen"):
        Toepen("pub")


def test_max_points_moves_the_limit_and_the_end() -> None:
    """RULES.md §5 max_points (15 is common): the any-active limit and the loss follow it."""
    g = make(max_points=15)
    s, _ = start(g, HANDS, points=[12, 0, 0, 0])
    assert "knock" in legal_text(g, s, 1)  # 12 + 2 <= 15
    act(g, s, "1 knock", "2 stay", "3 stay", "0 stay")
    assert "knock" in legal_text(g, s, 2)  # 12 + 3 <= 15
    act(g, s, "2 knock", "3 stay", "0 stay", "1 stay")
    assert "knock" not in legal_text(g, s, 3)  # 12 + 4 > 15
    act(g, s, *TRICKS)
    assert g.standings(s) == {"points": [15, 3, 3, 0]}
    assert g.result_json(s) == {"losers": [0]}


def test_elimination_plays_on_without_the_loser() -> None:
    """RULES.md §5 end_mode elimination: out at max_points, until one player remains."""
    g = make("klassiek", end_mode="elimination")
    s, _ = start(g, HANDS, points=[9, 0, 0, 0])
    act(g, s, *TRICKS)
    assert g.result(s) is None
    assert s.out == 1
    with pytest.raises(InvalidInput, match="seat 0 is out of the game"):
        g.apply(s, 3, deal_of(HANDS))
    s2 = g.copy(s)
    g.apply(s, 3, deal_of(["", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"]))
    assert g.to_act(s) == {1}
    assert g.view(s, 1).hand_counts == [0, 4, 4, 4]
    assert s2.phase == 0


def test_elimination_ranks_the_later_wave_above_the_earlier_one() -> None:
    """RULES.md §5 end_mode elimination: seat 0 reaches 10 first and is out, seats 1 and 2
    reach it together in the next deal; seat 3 remains and wins. The result keeps
    RECORDS.md's form (the losers in seat order) and places the waves (docs/ratings.md)."""
    g = make("klassiek", end_mode="elimination")
    s, _ = start(g, HANDS, points=[9, 8, 8, 0])
    act(g, s, *TRICKS)
    assert g.standings(s) == {"points": [10, 9, 9, 0]} and g.result(s) is None
    g.apply(s, 3, deal_of(["", "Jh Qh Kh Ah", "Jd Qd Kd Ad", "7h 8h 9h Th"]))
    act(g, s, "1 play Jh", "2 play Jd", "3 play 7h", "3 play 8h", "1 play Qh", "2 play Qd")
    act(g, s, "3 play 9h", "1 play Kh", "2 play Kd", "3 play Th", "1 play Ah", "2 play Ad")
    assert g.standings(s) == {"points": [10, 10, 10, 0]}
    result = g.result(s)
    assert result is not None and result.json() == {"losers": [0, 1, 2]}
    assert result.places == (2, 1, 1, 0)


def test_the_first_loser_ends_the_game_and_everyone_else_shares_the_first_place() -> None:
    """RULES.md §4 "first to 10 loses": one loser, three winners, two places."""
    g = make("klassiek")
    s, _ = start(g, HANDS, points=[9, 0, 0, 0])
    act(g, s, *TRICKS)
    result = g.result(s)
    assert result is not None and result.json() == {"losers": [0]}
    assert result.places == (1, 0, 0, 0)


def test_knock_limit_none() -> None:
    """RULES.md §5 knock_limit none: players on 9 do not stop a knock."""
    g = make(knock_limit="none", armoede=False)
    s, _ = start(g, HANDS, points=[9, 9, 9, 9])
    assert "knock" in legal_text(g, s, 2)
    assert "knock" not in legal_text(
        make(armoede=False), start(make(armoede=False), HANDS, points=[9, 9, 9, 9])[0], 2
    )


def test_knock_only_on_turn() -> None:
    """RULES.md §5 knock_only_on_turn; §12: an over-knock only for the player on turn."""
    g = make(knock_only_on_turn=True)
    s, _ = start(g, HANDS)
    assert "knock" not in legal_text(g, s, 3)
    with pytest.raises(RuleError, match="only on your own turn"):
        act(g, s, "3 knock")
    act(g, s, "1 knock")
    assert "knock" not in legal_text(g, s, 2)


def test_voluntary_fold_off_in_kroegregels() -> None:
    g = make(voluntary_fold=False)
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h")
    assert "fold" not in legal_text(g, s, 2)


def test_armoede_off() -> None:
    g = make(armoede=False)
    s, _ = start(g, HANDS, points=[0, 0, 9, 0])
    assert s.stake == 1 and g.to_act(s) == {1}


def test_any_toep_wins_the_deal_and_the_others_pay_three() -> None:
    """RULES.md §2.9 T2 toggle any_toep_wins (WB-T: others +3)."""
    g = make(any_toep_wins=True)
    s, events = start(g, ["Jh Jd Js Jc", "7h Ah Kc Qd", "9h 8h Tc Ad", "Kh 7c 7d As"])
    assert g.deal_summaries(s) == [{"winner": 0, "stake": 1, "penalties": [0, 3, 3, 3]}]
    assert public(events, "toep")[0]["seat"] == 0
    plain = make()
    s2, _ = start(plain, ["Jh Jd Js Jc", "7h Ah Kc Qd", "9h 8h Tc Ad", "Kh 7c 7d As"])
    assert plain.to_act(s2) == {1}


def test_winnen_met_boer_takes_a_point_off() -> None:
    """RULES.md §12: -1 for the deal's winner when a jack won the last trick."""
    g = make(winnen_met_boer=True)
    s, _ = start(g, ["Th 9c 8d Js", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d Qh"])
    act(g, s, *TRICKS[:12], "0 play Js", "1 play Ah", "2 play 8h", "3 play Qh")
    assert g.deal_summaries(s)[-1]["penalties"] == [-1, 1, 1, 1]
    g2 = make(winnen_met_boer=True)
    s2, _ = start(g2, ["Th 9c 8d Js", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d 8s"])
    act(g2, s2, *TRICKS[:12], "0 play Js", "1 play Ah", "2 play 8h", "3 play 8s")
    assert g2.deal_summaries(s2)[-1]["penalties"] == [1, 1, 1, 0]


def test_revoke_mode_any_card_and_a_called_revoke_costs_two() -> None:
    """Seed 000 "Hierin verzaken beëindigt het spel en kost de verzaker twee strafpunten"
    (RULES.md §2.7 allow_revoke = enforce_follow_suit off)."""
    g = make(enforce_follow_suit=False)
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h")
    assert "play Jc" in legal_text(g, s, 2)
    act(g, s, "2 play Jc")
    events = act(g, s, "0 revoke 3")
    assert public(events, "revoke_call") == [{"seat": 0, "target": 3, "proven": False}]
    assert "revoke 3" not in legal_text(g, s, 0)
    events = act(g, s, "0 revoke 2")
    assert public(events, "revoke_call") == [{"seat": 0, "target": 2, "proven": True}]
    assert g.deal_summaries(s) == [{"winner": None, "stake": 1, "penalties": [0, 0, 2, 0]}]
    assert g.pending_deal(s) == 0  # no winner: the same dealer deals again


def test_revoke_calls_need_revoke_mode() -> None:
    g = make()
    s, _ = start(g, HANDS)
    with pytest.raises(RuleError, match="no revoke calls"):
        act(g, s, "0 revoke 1")


def test_slow_play_penalty_late() -> None:
    """RULES.md §2.7: after the clock, +1 (toggle slow_play_penalty, on in kroegregels)."""
    g = make()
    s, _ = start(g, HANDS)
    with pytest.raises(RuleError, match="not being waited for"):
        act(g, s, "2 late")
    act(g, s, "1 late")
    with pytest.raises(RuleError, match="already been penalised"):
        act(g, s, "1 late")
    act(g, s, *TRICKS)
    assert g.deal_summaries(s)[-1]["penalties"] == [1, 2, 1, 0]
    k = make("klassiek")
    s2, _ = start(k, HANDS)
    with pytest.raises(RuleError, match="slow_play_penalty"):
        act(k, s2, "1 late")


def test_announce_tells_off() -> None:
    g = make("klassiek", announce_tells="off")
    _, events = start(g, ["Th Td Ts 8d", "Jh Jd Js Jc", "9h 8h 7c Ad", "Kh Kc 7d As"])
    assert public(events, "whistle") == [] and public(events, "stand_up") == []


REFINEMENTS = {
    "laundry_multi_check": "laundry",
    "laundry_repeat": "laundry",
    "white_laundry": "laundry",
    "laundry_bluff_open_cards": "laundry",
    "armoede_every_round": "armoede",
}
"""RULES.md §5 and §12: the options that only refine another (the bluffer's open cards
are §5's fifth laundry refinement, the same kind as the four §12 names)."""


def test_refinements_name_the_option_they_refine() -> None:
    """RULES.md §12: the table form hides a refinement whose parent is off (``requires``)."""
    declared = {name: spec.requires for name, spec in OPTION_SPECS.items() if spec.requires}
    assert declared == REFINEMENTS


@pytest.mark.parametrize("name", sorted(REFINEMENTS))
@pytest.mark.parametrize("variant", ["kroegregels", "klassiek"])
def test_a_refinement_is_accepted_while_its_parent_is_off_and_does_nothing(
    name: str, variant: str
) -> None:
    """RULES.md §12: accepted, kept as written, and the game plays as without it: the same
    random game (same seed, same choices) gives the same legal actions, events and standings."""
    parent = REFINEMENTS[name]
    off = {parent: False, "slow_play_penalty": False}
    plain, refined = Toepen(variant, off), Toepen(variant, {**off, name: True})
    assert refined.option_values[name] is True and plain.option_values[name] is False
    for seed in range(12):
        states = [
            g.new_state(4, dealer=0, start={"points": [9, 8, 0, 0]}) for g in (plain, refined)
        ]
        rngs = [random.Random(seed), random.Random(seed)]
        steps = 0
        while not plain.is_over(states[0]) and steps < 400:
            steps += 1
            outs: list[object] = []
            for g, s, rng in zip((plain, refined), states, rngs, strict=True):
                dealer = g.pending_deal(s)
                if dealer is not None:
                    outs.append(g.apply(s, dealer, g.random_deal(s, rng)))
                    continue
                seat = min(g.to_act(s))
                actions = g.legal(s, seat)
                outs.append((actions, g.apply(s, seat, rng.choice(actions))))
            assert outs[0] == outs[1], (name, seed, steps)
        assert refined.is_over(states[1]) == plain.is_over(states[0])
        assert refined.standings(states[1]) == plain.standings(states[0])


def test_armoede_every_round_without_armoede_gives_no_armoede_round() -> None:
    """RULES.md §12: armoede_every_round under armoede: false has no effect; a seat that
    starts on 9 plays an ordinary deal at stake 1, led from the dealer's left."""
    g = make(armoede=False, armoede_every_round=True)
    s, events = start(g, HANDS, points=[0, 0, 9, 0])
    assert s.armoede_seats == 0 and s.stake == 1
    assert "armoede" not in [e.kind for e in events]
    assert g.to_act(s) == {1}
