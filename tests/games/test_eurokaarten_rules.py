"""Eurokaarten turns, round ends, coins and the bokje (RULES.md §7, §12; seeds 003/004)."""

from __future__ import annotations

import random

import pytest

from kroeg.cards import card_str, parse_card
from kroeg.games.base import Deal, InvalidInput, RuleError
from kroeg.games.eurokaarten import Eurokaarten, EuroState
from kroeg.records import RecordWriter, replay
from tests.games.test_eurokaarten_support import act, full_hands, make_deal, start_round

OPEN_HANDS = {
    0: ["Ac", "2c", "2d", "3h", "Ad"],  # 9
    1: ["Kc", "Kd", "Ks", "Qc", "Qd"],  # 50
    2: ["9c", "9d", "8h", "7s", "6d"],  # 39
    3: ["Tc", "Th", "5s", "4d", "3c"],  # 32
    4: ["Jc", "Jd", "2h", "2s", "3d"],  # 27
    5: ["X1", "4c", "5c", "6c", "7c"],  # 42
}


def refused(game: Eurokaarten, s: EuroState, seat: int, *items: object) -> str:
    """The RuleError an action gets; the state must be exactly as before."""
    before = s.snapshot()
    with pytest.raises(RuleError) as e:
        act(game, s, seat, *items)
    assert s.snapshot() == before
    return str(e.value)


def run_down_stock(game: Eurokaarten, s: EuroState) -> None:
    """Every player draws from the stock and discards the drawn card, until the round ends."""
    while s.phase == "turn":
        seat = s.turn
        before = s.hands[seat]
        game.apply(s, seat, ("draw", "stock"))
        if s.phase != "turn":
            return
        drawn = (s.hands[seat] & ~before).bit_length() - 1
        game.apply(s, seat, ("discard", drawn))


def test_deal_the_left_of_the_dealer_starts_and_views_show_counts() -> None:
    """§7.4: 5 cards each, the upcard starts the pile, the player left of the dealer starts."""
    game, s = start_round(OPEN_HANDS, upcard="8c", dealer=5)
    assert game.to_act(s) == frozenset({0})
    v = game.view(s, 2)
    assert v.hand == ["9c", "6d", "9d", "8h", "7s"]  # by suit c d h s, then rank
    assert v.hand_counts == [5] * 6
    assert v.stock_count == 23 and v.discard_top == "8c"
    assert v.phase == "turn" and v.turn == 0 and v.dealer == 5
    assert game.legal(s, 0) == [("open",), ("draw", "stock"), ("draw", "discard")]
    assert game.legal(s, 1) == []


def test_a_plain_turn_draw_then_discard_passes_clockwise() -> None:
    """§7.5: draw one card, discard one card to end the turn."""
    game, s = start_round(OPEN_HANDS, upcard="8c", stock_top=["5d"])
    events = act(game, s, 0, "draw", "stock")
    assert {"kind": "draw", "to": None, "seat": 0, "from": "stock", "stock_count": 22} in events
    assert {"kind": "drawn", "to": 0, "card": "5d"} in events
    assert "open" not in [a[0] for a in game.legal(s, 0)]
    act(game, s, 0, "discard", "5d")
    assert s.turn == 1 and s.discard[-1] == parse_card("5d")
    assert game.view(s, None).hand_counts[0] == 5


def test_open_gaan_right_the_highest_hand_loses_a_coin() -> None:
    """Seed 004: "Ga je terecht open — je hebt strikt de minste punten — dan verliest de
    speler met de hoogste hand een munt"."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    act(game, s, 0, "open")
    assert game.deal_summaries(s) == [
        {"ended": "open", "by": 0, "hand_points": [9, 50, 39, 32, 27, 42], "coin_lost": [1]}
    ]
    assert game.standings(s) == {"coins": [3, 2, 3, 3, 3, 3], "bokje": [], "out": []}
    assert game.pending_deal(s) == 0


def test_open_gaan_wrong_costs_the_opener() -> None:
    """Seed 004: "Ga je onterecht open, dan verlies jij zelf een munt"."""
    hands = dict(OPEN_HANDS)
    hands[0], hands[4] = OPEN_HANDS[4], OPEN_HANDS[0]
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "open")
    assert game.deal_summaries(s)[0]["coin_lost"] == [0]


def test_open_gaan_tied_for_lowest_is_wrong() -> None:
    """§7.7 and §12: the opener must be strictly lower than every player still in."""
    hands = dict(OPEN_HANDS)
    hands[4] = ["As", "2h", "2s", "3d", "Ah"]  # 9, as the opener
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "open")
    summary = game.deal_summaries(s)[0]
    assert summary["hand_points"][0] == summary["hand_points"][4] == 9
    assert summary["coin_lost"] == [0]


def test_open_gaan_only_before_drawing() -> None:
    """Seed 003: "aan het begin van je beurt, vóór het pakken, mag je open gaan"."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    act(game, s, 0, "draw", "stock")
    assert "before you draw" in refused(game, s, 0, "open")


def test_ties_for_highest_all_lose() -> None:
    """§7.7 DECISION E2: every player tied for the highest hand loses a coin."""
    hands = dict(OPEN_HANDS)
    hands[2] = ["Jh", "Js", "Qh", "Qs", "Kh"]  # 50, as seat 1
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "open")
    assert game.deal_summaries(s)[0]["coin_lost"] == [1, 2]
    assert game.standings(s)["coins"] == [3, 2, 2, 3, 3, 3]


def test_ties_for_highest_none_lose_with_the_option() -> None:
    """§7.9 toggle tie_highest: none_lose."""
    hands = dict(OPEN_HANDS)
    hands[2] = ["Jh", "Js", "Qh", "Qs", "Kh"]
    game = Eurokaarten("standaard", {"tie_highest": "none_lose"})
    game, s = start_round(hands, upcard="8c", game=game)
    act(game, s, 0, "open")
    assert game.deal_summaries(s)[0]["coin_lost"] == []


def test_the_stock_running_out_ends_the_round_after_that_draw() -> None:
    """Seed 004: "zodra de gedekte stapel op is, stopt de ronde meteen en verliest de
    hoogste hand een munt"; DECIDED E1: right after the draw, the drawer holds 6 cards."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    run_down_stock(game, s)
    summary = game.deal_summaries(s)[0]
    assert summary["ended"] == "stock" and summary["by"] is None
    # 23 stock cards, six players: seat 4 made the 23rd draw and kept the card.
    drawer_points = summary["hand_points"][4]
    assert s.hands[4].bit_count() == 6
    assert drawer_points > 27
    highest = max(summary["hand_points"])
    expected = [seat for seat, p in enumerate(summary["hand_points"]) if p == highest]
    assert summary["coin_lost"] == expected
    assert game.legal(s, 5) == [] and game.pending_deal(s) == 0


def test_alles_kwijt_by_melding_ends_the_round_at_once() -> None:
    """Seed 003: "ben je al je kaarten kwijt, dan stopt de ronde direct en ben jij veilig"."""
    hands = dict(OPEN_HANDS)
    hands[0] = ["4h", "5h", "6h", "9s", "9d"]
    hands[2] = ["9c", "Jh", "8h", "7s", "6d"]
    game, s = start_round(hands, upcard="9h")
    act(game, s, 0, "draw", "discard")
    act(game, s, 0, "meld", ["4h", "5h", "6h"])
    events = act(game, s, 0, "meld", ["9s", "9d", "9h"])
    assert any(e["kind"] == "deal_end" for e in events)  # type: ignore[index]
    summary = game.deal_summaries(s)[0]
    assert summary["ended"] == "out" and summary["by"] == 0
    assert summary["hand_points"][0] == 0
    assert summary["coin_lost"] == [1]  # 50, the highest hand


def test_alles_kwijt_by_the_last_discard() -> None:
    """§7.5 DECISION: an emptied hand by discarding the last card also ends the round."""
    hands = {0: ["4h", "5h", "6h", "7h", "9s"]}
    game, s = start_round(hands, upcard="8h")
    act(game, s, 0, "draw", "discard")
    act(game, s, 0, "meld", ["4h", "5h", "6h", "7h", "8h"])
    assert s.phase == "turn"
    act(game, s, 0, "discard", "9s")
    summary = game.deal_summaries(s)[0]
    assert summary["ended"] == "out" and summary["by"] == 0 and summary["hand_points"][0] == 0


def test_the_card_just_taken_from_the_pile_may_not_be_discarded() -> None:
    """Seed 003: "De kaart die je net van de aflegstapel pakte mag je niet direct terugleggen"."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    act(game, s, 0, "draw", "discard")
    reason = refused(game, s, 0, "discard", "8c")
    assert reason == "you may not discard the card you just took from the discard pile (8c)"
    assert ("discard", parse_card("8c")) not in game.legal(s, 0)
    assert game.view(s, 3).taken == "8c"


def test_every_view_shows_the_cards_taken_from_the_pile_while_they_are_held() -> None:
    """Seed 003 / RULES.md §7.5: the discard pile lies open, so a card taken from it was
    seen by everyone (view key ``picked``); once it leaves the hand it no longer shows."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    act(game, s, 0, "draw", "discard")
    act(game, s, 0, "discard", "3h")
    for viewer in (None, 0, 3):
        assert game.view(s, viewer).picked == [["8c"], [], [], [], [], []]
    for seat in range(1, 6):  # the others draw from the stock and discard that card
        drawn = card_str(s.stock[-1])
        act(game, s, seat, "draw", "stock")
        act(game, s, seat, "discard", drawn)
    assert game.view(s, None).picked[0] == ["8c"]
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "discard", "8c")
    assert game.view(s, None).picked[0] == []


def test_every_view_shows_the_pile_cards_a_seat_left_there_drawing_the_stock() -> None:
    """RULES.md §7.5: the pile's top card lies open, so everyone saw a seat draw from the
    stock instead of taking it (view key ``declined``, for the round)."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    act(game, s, 0, "draw", "discard")
    act(game, s, 0, "discard", "3h")
    drawn = card_str(s.stock[-1])
    act(game, s, 1, "draw", "stock")
    act(game, s, 1, "discard", drawn)
    for viewer in (None, 1, 4):
        assert game.view(s, viewer).declined == [[], ["3h"], [], [], [], []]


def test_a_joker_may_not_be_discarded() -> None:
    """Seed 003: "Joker afleggen mag niet"."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    for seat in range(5):
        act(game, s, seat, "draw", "stock")
        drawn = next(a for a in game.legal(s, seat) if a[0] == "discard")
        game.apply(s, seat, drawn)
    act(game, s, 5, "draw", "stock")
    assert refused(game, s, 5, "discard", "X1").startswith("you may not discard a joker")
    assert all(a != ("discard", parse_card("X1")) for a in game.legal(s, 5))


def test_a_joker_drawn_as_the_upcard_may_not_be_discarded() -> None:
    """§12: "The upcard may be a joker; drawn from the pile, it still may not be discarded"."""
    hands = dict(OPEN_HANDS)
    hands[5] = ["8c", "4c", "5c", "6c", "7c"]
    game, s = start_round(hands, upcard="X1")
    act(game, s, 0, "draw", "discard")
    assert "joker" in refused(game, s, 0, "discard", "X1")


def test_lay_off_on_another_players_meld() -> None:
    """Seed 004: "aanleggen bij combinaties die er al liggen — ook bij die van anderen"."""
    hands = dict(OPEN_HANDS)
    hands[0] = ["4h", "5h", "6h", "Jc", "Js"]
    hands[1] = ["7h", "Kd", "Ks", "Qc", "Qd"]
    hands[4] = ["Kc", "Jd", "2h", "2s", "3d"]
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "meld", ["4h", "5h", "6h"])
    act(game, s, 0, "discard", "Jc")
    act(game, s, 1, "draw", "stock")
    assert ("layoff", 0, ((parse_card("7h"), None),)) in game.legal(s, 1)
    events = act(game, s, 1, "layoff", 0, ["7h"])
    assert events[0]["added"] == ["7h"] and events[0]["seat"] == 1  # type: ignore[index]
    assert game.view(s, 2).melds[0].cards == ["4h", "5h", "6h", "7h"]
    assert game.view(s, 2).melds[0].owner == 0


def test_joker_swap_gives_the_joker_to_the_player_who_lays_the_card() -> None:
    """Seed 003: "Ligt hij in een combinatie en jij hebt de echte kaart die hij vervangt?
    Dan mag je ruilen: jij legt die kaart en de joker komt in jouw hand"."""
    hands = {
        0: ["X1", "4c", "4d", "Jh", "Js"],
        1: ["4h", "Kd", "Ks", "Qc", "Qd"],
        5: ["Kc", "Jc", "5c", "6c", "7c"],
    }
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "meld", ["4c", "4d", "X1=4h"])
    act(game, s, 0, "discard", "Jh")
    act(game, s, 1, "draw", "stock")
    assert refused(game, s, 1, "swap", 0, "Kd") == (
        "meld 0 has no joker standing for Kd: its jokers are X1=4h"
    )
    act(game, s, 1, "swap", 0, "4h")
    assert game.view(s, 1).melds[0].cards == ["4c", "4d", "4h"]
    assert "X1" in (game.view(s, 1).hand or [])
    assert "joker" in refused(game, s, 1, "discard", "X1")


def test_in_a_set_of_three_a_joker_swaps_for_either_missing_suit() -> None:
    """§7.6 and §12: "In a set of three, a joker stands for either missing suit:
    ``swap N CARD`` with a real card of a missing suit that no joker declares takes the
    set's first joker" (shared case eurokaarten-set-swap-missing-suit)."""
    hands = {
        0: ["X1", "4c", "4d", "Jh", "Js"],
        1: ["4s", "Kd", "Ks", "Qc", "Qd"],
        5: ["Kc", "Jc", "5c", "6c", "7c"],
    }
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "meld", ["4c", "4d", "X1=4h"])
    act(game, s, 0, "discard", "Jh")
    act(game, s, 1, "draw", "stock")
    assert ("swap", 0, parse_card("4s")) in game.legal(s, 1)
    events = act(game, s, 1, "swap", 0, "4s")
    assert events[0]["joker"] == "X1" and events[0]["cards"] == ["4c", "4d", "4s"]  # type: ignore[index]
    assert "X1" in (game.view(s, 1).hand or [])


def test_a_set_of_three_with_two_jokers_gives_up_its_first_joker_in_suit_order() -> None:
    """§12: the swap with the undeclared suit "takes the set's first joker in suit order
    c, d, h, s"; the other joker keeps its card."""
    hands = {
        0: ["X1", "X2", "4h", "Jh", "Js"],
        1: ["4s", "Kd", "Ks", "Qc", "Qd"],
        5: ["Kc", "Jc", "5c", "6c", "7c"],
    }
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "meld", ["X2=4c", "X1=4d", "4h"])
    act(game, s, 0, "discard", "Jh")
    act(game, s, 1, "draw", "stock")
    events = act(game, s, 1, "swap", 0, "4s")
    assert events[0]["joker"] == "X2"  # type: ignore[index]
    assert game.view(s, 1).melds[0].cards == ["X1=4d", "4h", "4s"]


def test_a_run_joker_swaps_only_for_its_own_card() -> None:
    """§12: "Run jokers never change what they stand for"; a set of four has no missing
    suit, so there too only the exact card swaps (§7.6)."""
    hands = {
        0: ["X1", "4h", "6h", "Jd", "Js"],
        1: ["7h", "5h", "Ks", "Qc", "Qd"],
        5: ["Kc", "Jc", "5c", "6c", "7c"],
    }
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "meld", ["4h", "X1=5h", "6h"])
    act(game, s, 0, "discard", "Jd")
    act(game, s, 1, "draw", "stock")
    assert refused(game, s, 1, "swap", 0, "7h") == (
        "meld 0 has no joker standing for 7h: its jokers are X1=5h"
    )
    assert [a for a in game.legal(s, 1) if a[0] == "swap"] == [("swap", 0, parse_card("5h"))]
    act(game, s, 1, "swap", 0, "5h")
    assert game.view(s, 1).melds[0].cards == ["4h", "5h", "6h"]


def test_a_joker_laid_off_on_a_set_may_take_the_suit_of_the_sets_joker() -> None:
    """§12: "a joker laid off on a set may be declared as that suit too": the set's
    joker moves to the remaining missing suit (shared case
    eurokaarten-set-joker-layoff-retarget)."""
    hands = {
        0: ["X1", "4c", "4d", "Jh", "Js"],
        1: ["X2", "Kd", "Ks", "Qc", "Qd"],
        5: ["Kc", "Jc", "5c", "6c", "7c"],
    }
    game, s = start_round(hands, upcard="8c")
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "meld", ["4c", "4d", "X1=4h"])
    act(game, s, 0, "discard", "Jh")
    act(game, s, 1, "draw", "stock")
    layoffs = {a[2] for a in game.legal(s, 1) if a[0] == "layoff"}
    x2 = parse_card("X2")
    assert layoffs == {((x2, parse_card("4h")),), ((x2, parse_card("4s")),)}
    act(game, s, 1, "layoff", 0, ["X2=4h"])
    assert game.view(s, 1).melds[0].cards == ["4c", "4d", "X2=4h", "X1=4s"]


def test_bad_melds_say_why_and_change_nothing() -> None:
    """Issue 4: an invalid meld says why; nothing changes."""
    hands = {0: ["4h", "5h", "6s", "4s", "X1"], 5: ["Kc", "Jc", "5c", "6c", "7c"]}
    game, s = start_round(hands, upcard="8c")
    assert refused(game, s, 0, "meld", ["4h", "5h", "6s"]).startswith("draw a card first")
    act(game, s, 0, "draw", "stock")
    assert refused(game, s, 0, "meld", ["4h", "5h", "6s"]) == "a run needs one suit"
    assert refused(game, s, 0, "meld", ["4h", "4s", "5h"]) == "a set needs cards of one rank"
    assert refused(game, s, 0, "meld", ["4h", "4s", "4d"]) == "you do not hold 4d"
    assert "no meld 3" in refused(game, s, 0, "layoff", 3, ["4h"])
    assert refused(game, s, 0, "draw", "stock").startswith("you already drew")
    assert refused(game, s, 1, "draw", "stock") == "not your turn: waiting for seat 0"


def test_a_hand_that_can_neither_discard_nor_lay_ends_the_turn() -> None:
    """RECORDS.md: "When no card may be discarded (only jokers, or only the card just taken
    from the pile) and nothing can be laid, the turn ends without a discard"."""
    hands = {
        0: ["X1", "5h", "6h", "7h", "8h"],
        2: ["9c", "9d", "3s", "7s", "6d"],
        3: ["Tc", "Th", "5s", "4d", "8c"],
    }
    game, s = start_round(hands, upcard="3c")
    act(game, s, 0, "draw", "discard")
    events = act(game, s, 0, "meld", ["5h", "6h", "7h", "8h", "X1=9h"])
    kinds = [e["kind"] for e in events]  # type: ignore[index]
    assert kinds == ["meld", "no_discard", "turn"]
    assert s.turn == 1 and game.view(s, 0).hand == ["3c"]


def test_the_bokje_goes_to_the_first_to_lose_their_last_coin() -> None:
    """Seed 003: "De eerste speler die zijn laatste munt verliest krijgt het bokje"."""
    game, s = start_round(OPEN_HANDS, upcard="8c", start={"coins": [3, 1, 3, 3, 3, 3]})
    act(game, s, 0, "open")
    assert game.standings(s) == {"coins": [3, 0, 3, 3, 3, 3], "bokje": [1], "out": []}


def test_the_bokje_is_given_once() -> None:
    """Seed 003: "Het bokje wordt maar één keer per partij vergeven"."""
    start = {"coins": [3, 1, 0, 3, 3, 3], "bokje": [2]}
    game, s = start_round(OPEN_HANDS, upcard="8c", start=start)
    act(game, s, 0, "open")
    assert game.standings(s) == {"coins": [3, 0, 0, 3, 3, 3], "bokje": [2], "out": [1]}


def test_losing_again_with_the_bokje_puts_you_out() -> None:
    """Seed 003: "Verliest die speler daarna weer, dan is het spel voor hem of haar voorbij"."""
    start = {"coins": [3, 0, 3, 3, 3, 3], "bokje": [1]}
    game, s = start_round(OPEN_HANDS, upcard="8c", start=start)
    act(game, s, 0, "open")
    assert game.standings(s)["out"] == [1]
    assert game.deal_summaries(s)[0]["coin_lost"] == [1]


def test_simultaneous_last_coins_all_get_the_bokje() -> None:
    """§7.7 DECISION E3: all who lose their last coin in one event get the bokje."""
    hands = dict(OPEN_HANDS)
    hands[2] = ["Jh", "Js", "Qh", "Qs", "Kh"]
    game, s = start_round(hands, upcard="8c", start={"coins": [3, 1, 1, 3, 3, 3]})
    act(game, s, 0, "open")
    assert game.standings(s) == {"coins": [3, 0, 0, 3, 3, 3], "bokje": [1, 2], "out": []}


def test_bokje_per_player_option() -> None:
    """§7.9 toggle bokje_per_player (as in Schwimmen)."""
    game = Eurokaarten("standaard", {"bokje_per_player": True})
    start = {"coins": [3, 1, 0, 3, 3, 3], "bokje": [2]}
    game, s = start_round(OPEN_HANDS, upcard="8c", start=start, game=game)
    act(game, s, 0, "open")
    assert game.standings(s) == {"coins": [3, 0, 0, 3, 3, 3], "bokje": [1, 2], "out": []}


def test_a_round_that_would_put_everyone_out_is_void() -> None:
    """§7.7 DECISION E3 and RECORDS.md: summarised with coin_lost [], nothing changes and
    the same dealer deals again."""
    start = {"coins": [0, 0, 0, 0, 0, 0], "bokje": [0, 1], "out": [2, 3, 4, 5]}
    hands = {0: ["X1", "As", "2c", "3c", "4c"], 1: ["X2", "Ks", "4d", "4h", "2d"]}
    game, s = start_round(hands, upcard="Kd", dealer=1, start=start)
    assert s.turn == 0
    run_down_stock(game, s)
    summary = game.deal_summaries(s)[0]
    # Seat 0 drew last (43 stock cards, two players): 30 + the Qs = 40, as seat 1.
    assert summary["hand_points"] == [40, 40, None, None, None, None]
    assert summary["coin_lost"] == []
    assert game.standings(s) == {"coins": [0] * 6, "bokje": [0, 1], "out": [2, 3, 4, 5]}
    assert game.pending_deal(s) == 1


def test_the_last_player_in_wins() -> None:
    """Seed 003: "De laatste speler met minstens één munt wint"."""
    start = {"coins": [3, 1, 0, 0, 0, 0], "bokje": [5], "out": [2, 3, 4, 5]}
    game, s = start_round(OPEN_HANDS, upcard="8c", dealer=1, start=start)
    act(game, s, 0, "open")
    assert game.result_json(s) == {"winner": 0}
    assert game.view(s, 0).phase == "over"
    assert game.legal(s, 0) == [] and game.to_act(s) == frozenset()
    with pytest.raises(RuleError, match="the game is over"):
        act(game, s, 0, "open")


def test_eliminate_removes_the_hand_and_skips_the_seat() -> None:
    """§7.8: two timeouts in a row or leaving: the hand leaves play face down."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    act(game, s, 0, "draw", "stock")
    events = [e.json() for e in game.eliminate(s, 0)]
    assert events[0] == {"kind": "eliminated", "to": None, "seat": 0}
    assert s.turn == 1 and game.view(s, None).hand_counts[0] == 0
    assert s.dead.bit_count() == 6
    act(game, s, 1, "draw", "stock")
    act(game, s, 1, "discard", "Kc")
    act(game, s, 2, "open")
    summary = game.deal_summaries(s)[0]
    assert summary["hand_points"][0] is None
    assert game.standings(s)["out"] == [0]
    with pytest.raises(RuleError, match="already out"):
        game.eliminate(s, 0)
    for seat in (1, 2, 3, 4):
        game.eliminate(s, seat)
    assert game.result_json(s) == {"winner": 5}


def test_the_places_follow_the_order_the_seats_went_out() -> None:
    """§7.3: the last player in wins; the others rank by when they went out, the last out
    second. Seat 4 is out at the start, seats 1 and 2 lose their last coin in one round
    (the bokje is gone: both out, tied), then 3 and 0 are put out (§7.8). The result keeps
    RECORDS.md's form (docs/rules-decisions.md, Eurokaarten 19)."""
    hands = dict(OPEN_HANDS)
    hands[2] = ["Jh", "Js", "Qh", "Qs", "Kh"]  # 50, tied with seat 1 for the highest hand
    start = {"coins": [3, 1, 1, 3, 0, 3], "bokje": [4], "out": [4]}
    game, s = start_round(hands, upcard="8c", start=start)
    act(game, s, 0, "open")
    assert game.standings(s) == {"coins": [3, 0, 0, 3, 0, 3], "bokje": [4], "out": [1, 2, 4]}
    game.eliminate(s, 3)
    game.eliminate(s, 0)
    result = game.result(s)
    assert result is not None and result.json() == {"winner": 5}
    assert result.places == (1, 3, 3, 2, 4, 0)


def test_seats_put_out_one_by_one_get_distinct_places() -> None:
    """§7.8: each seat put out alone; the last out is second, the first out last."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    for seat in (2, 0, 4, 1, 5):
        game.eliminate(s, seat)
    result = game.result(s)
    assert result is not None and result.json() == {"winner": 3}
    assert result.places == (4, 2, 5, 0, 3, 1)


def test_the_dealer_moves_clockwise_over_the_seats_still_in() -> None:
    """§7.4 DECISION and §12: the dealer is never a seat that is out."""
    start = {"coins": [3, 3, 3, 3, 3, 3], "out": [0]}
    game, s = start_round({1: OPEN_HANDS[1]}, upcard="8c", dealer=5, start=start)
    assert s.turn == 1
    act(game, s, 1, "open")
    assert game.pending_deal(s) == 1


def test_deals_are_checked() -> None:
    game, s = start_round(OPEN_HANDS, upcard="8c")
    with pytest.raises(RuleError, match="no deal is due"):
        game.apply(s, 5, make_deal(list(OPEN_HANDS.values()), "8c"))
    act(game, s, 0, "open")
    with pytest.raises(RuleError, match="next deal is due"):
        act(game, s, 1, "draw", "stock")
    short = [list(h) for h in OPEN_HANDS.values()]
    short[3] = short[3][:4]
    with pytest.raises(InvalidInput, match="seat 3 must be dealt 5 cards"):
        game.apply(s, 0, make_deal(short, "8c"))
    deal = make_deal(list(OPEN_HANDS.values()), "8c")
    with pytest.raises(InvalidInput, match="cards dealt twice"):
        game.apply(s, 0, Deal(deal.hands, (*deal.stock, deal.stock[0]), deal.upcard))


def test_options_are_validated() -> None:
    """§7.9: every toggle is checked."""
    with pytest.raises(InvalidInput, match="stock_empty"):
        Eurokaarten("standaard", {"stock_empty": "shuffle"})
    with pytest.raises(InvalidInput, match="unknown option"):
        Eurokaarten("standaard", {"lives": 3})
    assert len(Eurokaarten("standaard", {"jokers": 0}).deck) == 52


def test_open_first_turn_off() -> None:
    """§7.9 toggle open_first_turn."""
    game = Eurokaarten("standaard", {"open_first_turn": False})
    game, s = start_round(OPEN_HANDS, upcard="8c", game=game)
    assert "first turn" in refused(game, s, 0, "open")
    assert ("open",) not in game.legal(s, 0)


def test_min_first_meld_option() -> None:
    """§7.9 toggle min_first_meld: the first meld must show that many points."""
    hands = {0: ["2h", "3h", "4h", "Jh", "Js"]}
    game = Eurokaarten("standaard", {"min_first_meld": 20})
    game, s = start_round(hands, upcard="Jd", game=game)
    act(game, s, 0, "draw", "discard")
    assert "worth 20 points" in refused(game, s, 0, "meld", ["2h", "3h", "4h"])
    act(game, s, 0, "meld", ["Jh", "Js", "Jd"])
    act(game, s, 0, "meld", ["2h", "3h", "4h"])


def test_reshuffle_discards_turns_the_pile_over() -> None:
    """§7.9 toggle stock_empty: reshuffle_discards (the engine turns the pile over)."""
    game = Eurokaarten("standaard", {"stock_empty": "reshuffle_discards"})
    game, s = start_round(OPEN_HANDS, upcard="8c", game=game)
    for _ in range(23):
        seat = s.turn
        before = s.hands[seat]
        game.apply(s, seat, ("draw", "stock"))
        drawn = (s.hands[seat] & ~before).bit_length() - 1
        game.apply(s, seat, ("discard", drawn) if drawn < 52 else game.default(s, seat))
    assert s.phase == "turn"
    assert game.view(s, None).stock_count > 0


def _until_turned_over(game: Eurokaarten, s: EuroState) -> int:
    """Draw and discard the drawn card until a draw turns the pile over; the drawer."""
    for _ in range(40):
        seat = s.turn
        before = s.hands[seat]
        game.apply(s, seat, ("draw", "stock"))
        if game.pending_restock(s) is not None:
            return seat
        drawn = (s.hands[seat] & ~before).bit_length() - 1
        game.apply(s, seat, ("discard", drawn) if drawn < 52 else game.default(s, seat))
    raise AssertionError("the pile was never turned over")


def test_a_turned_over_pile_takes_the_callers_shuffled_order() -> None:
    """§7.9 stock_empty: reshuffle_discards. "Reshuffle" is a shuffle: the pile is turned
    over and the caller, who has the chance (DESIGN.md), gives it its order with the
    ``restock`` step, as it gives a deal; the next stock card is the order's top."""
    game = Eurokaarten("standaard", {"stock_empty": "reshuffle_discards"})
    game, s = start_round(OPEN_HANDS, upcard="8c", game=game)
    seat = _until_turned_over(game, s)
    due = game.pending_restock(s)
    assert due is not None and list(due) == sorted(s.stock), "the pile's cards, canonical"
    assert game.to_act(s) == {seat} and ("restock",) not in [a[:1] for a in game.legal(s, seat)]
    order = list(due)
    random.Random(4).shuffle(order)
    act(game, s, seat, "restock", [card_str(c) for c in order])
    assert game.pending_restock(s) is None
    while s.drawn:
        game.apply(s, seat, game.default(s, seat))
    nxt = s.turn
    before = s.hands[nxt]
    game.apply(s, nxt, ("draw", "stock"))
    assert s.hands[nxt] & ~before == 1 << order[0], "the top of the stock is the order's first"


def test_a_restock_is_refused_unless_due_and_exactly_the_pile() -> None:
    """A restock is the caller's step right after the pile was turned over: another
    order of other cards, or one at another moment, is refused and changes nothing."""
    game = Eurokaarten("standaard", {"stock_empty": "reshuffle_discards"})
    game, s = start_round(OPEN_HANDS, upcard="8c", game=game)
    assert "no restock now" in refused(game, s, s.turn, "restock", ["2c"])
    seat = _until_turned_over(game, s)
    due = game.pending_restock(s)
    assert due is not None
    short = [card_str(c) for c in due[1:]]
    assert "the turned-over pile" in refused(game, s, seat, "restock", short)
    other = next(c for c in range(52) if c not in due)
    wrong = [card_str(other), *short]
    assert "the turned-over pile" in refused(game, s, seat, "restock", wrong)
    # Any other action closes the moment: the pile keeps the order it was turned over in.
    stock = s.stock[:]
    game.apply(s, seat, game.default(s, seat))
    assert game.pending_restock(s) is None and s.stock == stock
    assert "no restock now" in refused(game, s, s.turn, "restock", [card_str(c) for c in due])


def test_a_record_with_a_restock_replays_it_and_one_without_keeps_the_pile() -> None:
    """docs/records.md ``restock``: the record's step gives the order; a record without
    it (written before the restock existed) replays as it always did."""
    game = Eurokaarten("standaard", {"stock_empty": "reshuffle_discards"})
    game, s = start_round(OPEN_HANDS, upcard="8c", game=game)
    writer = RecordWriter(game, 6, dealer=5)
    writer.add(5, make_deal(full_hands(OPEN_HANDS, "8c", (), set()), "8c"))
    plain = game.copy(s)
    for state, shuffle in ((s, True), (plain, False)):
        for _ in range(40):
            seat = state.turn
            before = state.hands[seat]
            game.apply(state, seat, ("draw", "stock"))
            if shuffle:
                writer.add(seat, ("draw", "stock"))
            due = game.pending_restock(state)
            if due is not None:
                if shuffle:
                    order = tuple(random.Random(9).sample(due, len(due)))
                    game.apply(state, seat, ("restock", order))
                    writer.add(seat, ("restock", order))
                break
            drawn = (state.hands[seat] & ~before).bit_length() - 1
            action = ("discard", drawn) if drawn < 52 else game.default(state, seat)
            game.apply(state, seat, action)
            if shuffle:
                writer.add(seat, action)
    assert s.stock != plain.stock and sorted(s.stock) == sorted(plain.stock)
    out, status = replay(writer.json())
    assert status == 0, out
    assert writer.json()["deals"][0]["actions"][-1][1] == "restock"


def test_records_verbs_round_trip() -> None:
    """RECORDS.md verbs: meld, layoff, swap, draw, discard, open."""
    game = Eurokaarten("standaard")
    for items in (
        ["open"],
        ["draw", "stock"],
        ["draw", "discard"],
        ["meld", ["4h", "4s", "X1=4d"]],
        ["layoff", 2, ["5h"]],
        ["swap", 1, "5h"],
        ["discard", "Th"],
        ["restock", ["5h", "X2", "Ac"]],
    ):
        assert game.action_json(game.parse_action(items)) == items
    for bad in (
        ["meld", ["4h", "4s", "X1"]],
        ["meld", []],
        ["meld", ["4h", "4h", "4s"]],
        ["layoff", -1, ["5h"]],
        ["swap", 0, "X1"],
        ["draw", "pile"],
        ["knock"],
        ["discard"],
    ):
        with pytest.raises(InvalidInput):
            game.parse_action(bad)


def test_start_standings_are_checked() -> None:
    """RECORDS.md `start` and §12: "A seat with 0 coins that is not out must hold the
    bokje; the dealer is never a seat that is out"."""
    game = Eurokaarten("standaard")
    with pytest.raises(InvalidInput, match="must hold the bokje"):
        game.new_state(6, dealer=0, start={"coins": [0, 3, 3, 3, 3, 3]})
    with pytest.raises(InvalidInput, match="holds the bokje, so it has no coins"):
        game.new_state(6, dealer=0, start={"coins": [2, 3, 3, 3, 3, 3], "bokje": [0]})
    with pytest.raises(InvalidInput, match="dealer 2 is out"):
        game.new_state(6, dealer=2, start={"out": [2]})
    with pytest.raises(InvalidInput, match="unknown start fields"):
        game.new_state(6, dealer=0, start={"points": [0] * 6})
    s = game.new_state(6, seed=4, start={"out": [0, 1, 2, 3]})
    assert s.dealer in (4, 5)


def test_swap_only_after_melding_option() -> None:
    """§7.9 toggle swap_only_after_melding: the swap needs a meld of your own first."""
    game = Eurokaarten("standaard", {"swap_only_after_melding": True})
    hands = {
        0: ["X1", "4c", "4d", "Jh", "Js"],
        1: ["4h", "9d", "9h", "9s", "Qd"],
        5: ["Kc", "Jc", "5c", "6c", "7c"],
    }
    game, s = start_round(hands, upcard="8c", game=game)
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "meld", ["4c", "4d", "X1=4h"])
    act(game, s, 0, "discard", "Jh")
    act(game, s, 1, "draw", "stock")
    assert "lay a meld of your own first" in refused(game, s, 1, "swap", 0, "4h")
    assert ("swap", 0, parse_card("4h")) not in game.legal(s, 1)
    act(game, s, 1, "meld", ["9d", "9h", "9s"])
    act(game, s, 1, "swap", 0, "4h")
    assert "X1" in (game.view(s, 1).hand or [])


def test_eliminating_the_next_dealer_passes_the_deal_on() -> None:
    """§12: "the dealer is never a seat that is out"."""
    game, s = start_round(OPEN_HANDS, upcard="8c")
    act(game, s, 0, "open")
    assert game.pending_deal(s) == 0
    game.eliminate(s, 0)
    assert game.pending_deal(s) == 1
    assert game.view(s, None).hand_counts[0] == 0


def test_a_record_with_options_replays() -> None:
    """RECORDS.md: options are part of the record; a pack without jokers is the deck."""
    game = Eurokaarten("standaard", {"jokers": 0, "hand_size": 6})
    s = game.new_state(6, dealer=2)
    writer = RecordWriter(game, 6, dealer=2)
    rng = random.Random(5)
    while not game.is_over(s) and len(s.summaries) < 3:
        dealer = game.pending_deal(s)
        step = game.random_deal(s, rng) if dealer is not None else game.default(s, s.turn)
        seat = dealer if dealer is not None else s.turn
        game.apply(s, seat, step)
        writer.add(seat, step)
    doc = writer.json()
    assert doc["options"] == {"jokers": 0, "hand_size": 6}
    assert all(len(d["hands"][0]) == 6 and "X1" not in d["stock"] for d in doc["deals"])
    result, status = replay(doc)
    assert status == 0 and result["deals"] == game.deal_summaries(s)


def test_bokje_per_player_while_the_bokje_is_off_is_accepted_and_does_nothing() -> None:
    """The same reading as RULES.md §12 gives Toepen's refining options: an option that
    only refines another is accepted while its parent is off and then has no effect
    (docs/rules-decisions.md, Eurokaarten 17). The table form hides it (``requires``)."""
    game = Eurokaarten("standaard", {"bokje": False, "bokje_per_player": True})
    assert game.option_specs["bokje_per_player"].describe()["requires"] == "bokje"
    game, s = start_round(OPEN_HANDS, upcard="8c", start={"coins": [3, 1, 3, 3, 3, 3]}, game=game)
    act(game, s, 0, "open")
    assert game.standings(s) == {"coins": [3, 0, 3, 3, 3, 3], "bokje": [], "out": [1]}
