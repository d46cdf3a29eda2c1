"""Klaverjassen with ``trump_mode: kraken`` (RULES.md §6.10, issue 3).

The rule is klaverjas.nl "Spelregels Kraken" (https://www.klaverjas.nl/SpelregelsKraken/),
quoted where each test checks it. Its core:

  "Kraken wordt gespeeld met de spelregels van Amsterdams Klaverjassen en er wordt
  verplicht gespeeld. [...] Bij kraken moet je verplicht spelen op een kleur (de speler
  links van de deler mag de troefkleur bepalen) en de tegenstander mag bepalen of ze
  denken dat je nat gaat en dan kunnen ze kraken. Als de tegenpartij kraakt, mag de
  spelende partij daarna nog rekraken of herkraken en na een herkraak mag de tegenpartij
  nog superkraken. Bij elke kraak worden de punten van die ronde verdubbeld (de roem
  telt niet mee bij de verdubbeling). [...] De partij die gaat of die gekraakt heeft
  (kraak, herkraak of superkraak) moet meer dan de helft van de punten halen, anders gaan
  ze nat". Roem is counted "in de hand aan het begin van een ronde".

The choices where the page is silent are in docs/rules-decisions.md (Klaverjassen).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kroeg.cards import mask_of, parse_cards
from kroeg.games.base import Deal, InvalidInput, RuleError
from kroeg.games.klaverjassen import Klaverjassen, KlaverjasState, moves, score_sheet
from kroeg.games.klaverjassen.kraken import hand_roem, roem_in_hand
from kroeg.games.klaverjassen.state import KRAKEN, PLAY
from kroeg.games.klaverjassen.view import Call
from kroeg.records import RecordWriter, replay
from tests.support import assert_no_hidden_cards

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

HANDS = {
    0: "Kh Qh 7c 8c 9c Ad Ts As",
    1: "8h 9h Th Jh Ah Kc Kd Ks",
    2: "7d 9d Jd 7s 9s Js Tc Qc",
    3: "Jc Ac 8d Td Qd 7h 8s Qs",
}
"""With hearts trump: seat 0 holds stuk (20) and a driekaart 7-8-9 of clubs (20), seat 1
a vierkaart 8-9-10-B of hearts (50), seats 2 and 3 no roem. Team 0 holds 40, team 1 50."""


def kraken(**options: Any) -> Klaverjassen:
    return Klaverjassen("amsterdams", {"trump_mode": "kraken", **options})


def mask(cards: str) -> int:
    return mask_of(parse_cards(cards.split()))


def deal() -> Deal:
    hands = tuple(tuple(parse_cards(HANDS[seat].split())) for seat in range(4))
    return Deal(hands=hands, stock=())


def dealt(**options: Any) -> tuple[Klaverjassen, KlaverjasState]:
    """Dealer 0 has dealt ``HANDS``; seat 1 is to make trump."""
    game = kraken(**options)
    s = game.new_state(4, dealer=0)
    game.apply(s, 0, deal())
    return game, s


def hearts_named() -> tuple[Klaverjassen, KlaverjasState, list[Any]]:
    game, s = dealt()
    events = game.apply(s, 1, ("bid", HEARTS))
    return game, s, events


def finish(game: Klaverjassen, s: KlaverjasState, points: list[int], tricks: list[int]) -> Any:
    """End the running deal with these card points and tricks per team; its summary."""
    s.points, s.tricks_won = points, tricks
    moves.finish_deal(game.options, s, None)
    return game.deal_summaries(s)[-1]


# Options ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "options", "message"),
    [
        ("nku", {"troefplicht": "rotterdams"}, "troefplicht must be amsterdams"),
        ("amsterdams", {"troefplicht": "rotterdams"}, "troefplicht must be amsterdams"),
        ("amsterdams", {"four_jacks_200": False}, "four_jacks_200 must be true"),
        ("amsterdams", {"roem_claim": "manual"}, "roem_claim manual cannot be used"),
        ("amsterdams", {"four_kind_ranks": "a10hv"}, "four_kind_ranks a10hv cannot be used"),
    ],
)
def test_kraken_refuses_options_set_against_its_rules(
    variant: str, options: dict[str, Any], message: str
) -> None:
    """Source: "Kraken wordt gespeeld met de spelregels van Amsterdams Klaverjassen";
    roem is counted in the hand from the page's own table."""
    with pytest.raises(InvalidInput, match=message):
        Klaverjassen(variant, {"trump_mode": "kraken", **options})


def test_kraken_brings_the_amsterdams_rules_to_the_nku_preset() -> None:
    """Source: "Kraken wordt gespeeld met de spelregels van Amsterdams Klaverjassen": the
    preset's Rotterdams troefplicht and four jacks 100 give way; the record keeps them."""
    game = Klaverjassen("nku", {"trump_mode": "kraken"})
    assert game.option_values["troefplicht"] == "amsterdams"
    assert game.option_values["four_jacks_200"] is True
    assert game.rules.amsterdams
    writer = RecordWriter(game, 4, dealer=0)
    assert writer.doc["options"] == {
        "trump_mode": "kraken",
        "troefplicht": "amsterdams",
        "four_jacks_200": True,
    }


def test_kraken_takes_the_other_options() -> None:
    game = kraken(game_length="8_deals", pit_bonus=0, allow_revoke=True, double_spades=True)
    assert game.option_values["trump_mode"] == "kraken"


# Making trump and the calls ------------------------------------------------------------


@pytest.mark.parametrize("bid_start", ["dealer", "left_of_dealer"])
def test_the_player_left_of_the_dealer_must_make_trump(bid_start: str) -> None:
    """Source: "Bij kraken moet je verplicht spelen op een kleur (de speler links van de
    deler mag de troefkleur bepalen)"."""
    game, s = dealt(bid_start=bid_start)
    assert game.to_act(s) == frozenset({1})
    assert game.legal(s, 1) == [("bid", suit) for suit in range(4)]
    with pytest.raises(RuleError, match="seat 1 must play"):
        game.apply(s, 1, ("pass",))


def test_after_trump_the_defenders_may_kraak_left_of_the_declarer_first() -> None:
    """Source: "de tegenstander mag bepalen of ze denken dat je nat gaat en dan kunnen ze
    kraken". Decision: each defender in turn, clockwise from the declarer."""
    game, s, events = hearts_named()
    assert s.phase == KRAKEN
    assert events[-1].kind == "may_call"
    assert events[-1].data == {"seats": [2, 0], "call": "kraak", "factor": 1}
    assert game.to_act(s) == frozenset({2})
    assert game.legal(s, 2) == [("kraak",), ("pass",)]
    assert game.legal(s, 0) == []
    with pytest.raises(RuleError, match="not your turn: waiting for seat 2"):
        game.apply(s, 0, ("kraak",))
    with pytest.raises(RuleError, match="the next call is kraak, not herkraak"):
        game.apply(s, 2, ("herkraak",))
    with pytest.raises(RuleError, match="kraak calls are not over"):
        game.apply(s, 1, ("play", parse_cards(["8h"])[0]))
    game.apply(s, 2, ("pass",))
    assert game.to_act(s) == frozenset({0})
    events = game.apply(s, 0, ("pass",))
    assert s.phase == PLAY and s.turn == 1
    assert [e.kind for e in events] == ["call", "roem_in_hand"]
    assert events[-1].data["factor"] == 1
    assert events[-1].data["must_make"] == 1


def test_each_call_doubles_the_points_and_hands_the_turn_to_the_other_team() -> None:
    """Source: "Als de tegenpartij kraakt, mag de spelende partij daarna nog rekraken of
    herkraken en na een herkraak mag de tegenpartij nog superkraken. Bij elke kraak worden
    de punten van die ronde verdubbeld"."""
    game, s, _ = hearts_named()
    game.apply(s, 2, ("pass",))
    events = game.apply(s, 0, ("kraak",))
    assert events[0].data == {"seat": 0, "call": "kraak", "factor": 2}
    assert events[1].data == {"seats": [1, 3], "call": "herkraak", "factor": 2}
    assert game.view(s, 3).factor == 2 and game.view(s, 3).must_make == 0
    assert game.legal(s, 1) == [("herkraak",), ("pass",)]
    game.apply(s, 1, ("pass",))
    game.apply(s, 3, ("herkraak",))
    assert game.to_act(s) == frozenset({0})  # left of seat 3
    assert game.legal(s, 0) == [("superkraak",), ("pass",)]
    events = game.apply(s, 0, ("superkraak",))
    assert s.phase == PLAY  # no call follows a superkraak
    assert events[-1].kind == "roem_in_hand" and events[-1].data["factor"] == 8
    view = game.view(s, None)
    assert view.calls == [
        Call(2, "pass"),
        Call(0, "kraak"),
        Call(1, "pass"),
        Call(3, "herkraak"),
        Call(0, "superkraak"),
    ]
    assert (view.factor, view.must_make, view.next_call) == (8, 0, None)


@pytest.mark.parametrize(
    ("calls", "factor"),
    [([], 1), (["kraak"], 2), (["kraak", "herkraak"], 4), (["kraak", "herkraak", "superkraak"], 8)],
)
def test_made_deal_counts_the_card_points_factor_times_and_the_roem_once(
    calls: list[str], factor: int
) -> None:
    """Source: "Bij een normale partij gaat het dus om 162 punten + roem, bij een kraak om
    324 punten + roem, bij een herkraak om 648 + roem en bij een superkraak om 1296 punten
    +roem" and "(de roem telt niet mee bij de verdubbeling)"."""
    game, s, _ = hearts_named()
    speaker = 2
    for call in calls:
        game.apply(s, speaker, (call,))
        speaker = (speaker + 1) % 4
    while s.phase == KRAKEN:
        game.apply(s, moves.caller(s), ("pass",))
    assert s.roem == [20, 50]
    team = moves.must_make(s)
    points = [0, 0]
    points[team], points[1 - team] = 100, 62
    summary = finish(game, s, points, [4, 4])
    assert summary["score"] == [points[0] * factor + 20, points[1] * factor + 50]
    assert summary["mark"] is None
    assert summary["factor"] == factor
    assert sum(summary["score"]) == 162 * factor + 70


def test_the_cracking_team_is_nat_without_more_than_half() -> None:
    """Source: "De partij die gaat of die gekraakt heeft (kraak, herkraak of superkraak)
    moet meer dan de helft van de punten halen, anders gaan ze nat". Decision: nat as in
    Amsterdams, the other team 162 x factor + all roem."""
    game, s, _ = hearts_named()
    game.apply(s, 2, ("kraak",))
    game.apply(s, 3, ("pass",))  # left of the kraker first
    game.apply(s, 1, ("pass",))
    assert moves.must_make(s) == 0
    summary = finish(game, s, [81, 81], [4, 4])  # exactly half is not more than half
    assert summary["score"] == [0, 324 + 20 + 50]
    assert summary["mark"] == "nat"
    assert summary["kraken"] == [2]


def test_the_playing_team_is_not_nat_when_the_crackers_must_make_it() -> None:
    """Source: only "de partij die gaat of die gekraakt heeft" must take more than half:
    after a kraak that is the defenders, so the players with 70 points are not nat."""
    game, s, _ = hearts_named()
    game.apply(s, 2, ("kraak",))
    game.apply(s, 3, ("pass",))  # left of the kraker first
    game.apply(s, 1, ("pass",))
    summary = finish(game, s, [92, 70], [5, 3])
    assert summary["score"] == [92 * 2 + 20, 70 * 2 + 50]


def test_after_a_herkraak_the_players_must_make_it_again() -> None:
    """Source: the team that cracked last must take more than half: after a herkraak the
    playing team, who are then nat with 81."""
    game, s, _ = hearts_named()
    game.apply(s, 2, ("kraak",))
    game.apply(s, 3, ("pass",))
    game.apply(s, 1, ("herkraak",))
    game.apply(s, 2, ("pass",))
    game.apply(s, 0, ("pass",))
    summary = finish(game, s, [81, 81], [4, 4])
    assert summary["score"] == [648 + 70, 0] and summary["mark"] == "nat"


def test_roem_is_not_counted_in_the_tricks() -> None:
    """Decision from "Kraken wordt daarnaast gespeeld met [roem] in de hand aan het begin
    van een ronde": a trick holding a run gives no roem."""
    game = kraken()
    assert game.rules.roem(HEARTS, mask("7c 8c 9c Tc")) == 0
    assert Klaverjassen("amsterdams").rules.roem(HEARTS, mask("7c 8c 9c Tc")) == 50


# Roem in hand -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "roem", "rule"),
    [
        ("7c 8c 9c Jd Ah 7s 9s Js", 20, "Driekaart 20 punten"),
        ("Tc Jc Qc Kc 7d 9d 7h 9h", 50, "Vierkaart 50 punten"),
        ("7d 8d 9d Td Jd Ac 7h 9s", 100, "Vijf- of zes-kaart 100 punten"),
        ("7d 8d 9d Td Jd Qd 7h 9s", 100, "Vijf- of zes-kaart 100 punten"),
        ("7d 8d 9d Td Jd Qd Kd Ad", 100, "Vijf of meer opeenvolgende kaarten"),
        ("Kh Qh 7c 9c Jc 7d 9d Jd", 20, "Stuk 20 punten: Heer en Vrouw van de troefkleur"),
        ("Kc Qc 7h 9h Jh 7d 9d Jd", 0, "stuk is of the trump suit only"),
        ("Jh Qh Kh 7c 9c 7d 9d 8s", 40, "driekaart 20 + stuk 20"),
        ("Qc Qd Qh Qs 7c 9d Jh 7s", 100, "Vier vrouwen, heren of azen 100"),
        ("Kc Kd Kh Ks 7c 9d Jh 7s", 100, "Vier vrouwen, heren of azen 100"),
        ("Ac Ad Ah As 7c 9d Jh 8s", 100, "Vier vrouwen, heren of azen 100"),
        ("9c 9d 9h 9s 7c Jd Qh Ks", 150, "Vier negens 150 punten"),
        ("Jc Jd Jh Js 7c 9d Qh Ks", 200, "four jacks: decision, Amsterdams 200"),
        ("Tc Td Th Ts 7c 9d Qh Ks", 0, "four tens are not in the table"),
        ("7c 8c 9c Jc Qc Kc 7d 9d", 40, "two driekaarten in one suit"),
    ],
)
def test_roem_in_hand_follows_the_table(hand: str, roem: int, rule: str) -> None:
    """Source: the table "Puntentelling roem in de hand" (hearts trump here)."""
    assert hand_roem(mask(hand), HEARTS) == roem, rule


def test_the_team_with_most_roem_in_hand_gets_it_the_other_only_stuk() -> None:
    """Source: "De partij die samen de meeste [roem] in de hand heeft, krijgt deze roem
    toegekend (de roem van de tegenpartij wordt dan afgekeurd). Echter stuk (Heer + Vrouw
    van troef) kan niet worden afgekeurd en telt altijd mee."""
    hands = [mask(HANDS[seat]) for seat in range(4)]
    assert roem_in_hand(hands, HEARTS) == ([40, 50], [20, 50])
    game, s, _ = hearts_named()
    game.apply(s, 2, ("pass",))
    events = game.apply(s, 0, ("pass",))
    assert events[-1].data == {
        "held": [40, 50],
        "roem": [20, 50],
        "factor": 1,
        "must_make": 1,
        "leader": 1,
    }
    assert game.view(s, 2).roem_held == [40, 50] and game.view(s, 2).roem == [20, 50]


def test_the_roem_of_both_partners_counts_together_and_a_tie_keeps_each_its_own() -> None:
    """Source: "De partij die samen de meeste [roem]", "stuk [...] telt altijd mee" and
    "Als beide partijen evenveel roem in de hand hebben, dan krijgt ieder zijn eigen roem."."""
    hands = [
        mask("7c 8c 9c 8d Jd 7s 9s Js"),  # driekaart 20
        mask("Jc Ac 7d 9d Kh Qh 8s Ts"),  # stuk 20
        mask("Tc Kc Td Qd 7h 8h 9h Qs"),  # driekaart 20
        mask("Qc Kd Ad Th Jh Ah Ks As"),  # nothing
    ]
    assert roem_in_hand(hands, HEARTS) == ([40, 20], [40, 20])  # team 1 keeps only stuk
    assert roem_in_hand(hands, CLUBS) == ([40, 0], [40, 0])  # no stuk with clubs trump
    hands[2] = mask("Tc Kc Td Qd Kd 7h 8h 9h")  # still a driekaart 20
    hands[3] = mask("Qc Qs Ad Th Jh Ah Ks As")  # now V-H-A of spades: driekaart 20
    assert roem_in_hand(hands, HEARTS) == ([40, 40], [40, 40])
    assert roem_in_hand(hands, CLUBS) == ([40, 20], [40, 0])


def test_pit_adds_the_bonus_once_not_doubled() -> None:
    """Amsterdams pit (RULES.md §6.7: 162 + roem + 100) with the page's doubled points:
    the 100 is a bonus written in the roem column (seed 001), so it is not doubled."""
    game, s, _ = hearts_named()
    game.apply(s, 2, ("kraak",))
    game.apply(s, 3, ("pass",))
    game.apply(s, 1, ("pass",))
    summary = finish(game, s, [0, 162], [0, 8])
    assert summary["score"] == [0, 324 + 20 + 50 + 100] and summary["mark"] == "pit"


def test_a_revoke_costs_the_doubled_points_and_the_penalty() -> None:
    """Seed 001 verzaken (162 + 100 + all roem) with the page's doubling of "de punten"."""
    game = kraken(allow_revoke=True)
    s = game.new_state(4, dealer=0)
    game.apply(s, 0, deal())
    game.apply(s, 1, ("bid", HEARTS))
    game.apply(s, 2, ("pass",))
    game.apply(s, 0, ("kraak",))
    game.apply(s, 1, ("pass",))
    game.apply(s, 3, ("pass",))
    # seat 1 leads a club; seat 2 holds clubs but discards a spade: a revoke
    for seat, card in ((1, "Kc"), (2, "7s"), (3, "Ac"), (0, "7c")):
        game.apply(s, seat, ("play", parse_cards([card])[0]))
    events = game.apply(s, 1, ("verzaakt", 2))
    assert events[0].data["revoke"] is True
    summary = game.deal_summaries(s)[-1]
    assert summary["score"] == [0, 324 + 100 + 20 + 50] and summary["mark"] == "verzaakt"


def test_views_show_the_calls_and_the_roem_amounts_but_no_hidden_card() -> None:
    """Decision: roem in hand is told as each team's amount, never the cards that make it
    (no hidden card leaves the server, DESIGN.md)."""
    game, s, _ = hearts_named()
    view = game.view(s, 2)
    assert view.phase == "kraken" and view.next_call == "kraak"
    assert view.roem_held is None and view.factor == 1 and view.must_make == 1
    game.apply(s, 2, ("pass",))
    game.apply(s, 0, ("pass",))
    for seat in (None, 0, 1, 2, 3):
        view = game.view(s, seat)
        assert view.roem_held == [40, 50] and view.roem == [20, 50]
        hidden = {c for other in range(4) if other != seat for c in HANDS[other].split()}
        assert_no_hidden_cards(view, hidden, f"view of {seat}")
    assert game.view(s, None).hand is None


def test_new_verbs_parse_and_print() -> None:
    """docs/records.md: the verbs kraak, herkraak, superkraak take no argument."""
    game = kraken()
    for verb in ("kraak", "herkraak", "superkraak"):
        assert game.parse_action([verb]) == (verb,)
        assert game.action_json((verb,)) == [verb]
        with pytest.raises(InvalidInput):
            game.parse_action([verb, 1])


def test_a_kraken_record_replays_and_renders_its_score_sheet() -> None:
    """RECORDS.md: a kraken game's record replays to the same summaries; the score sheet
    shows the factor and the doubled points."""
    game = kraken(game_length="8_deals")
    rng = random.Random(7)
    s = game.new_state(4, dealer=0)
    writer = RecordWriter(game, 4, dealer=0)
    first = True
    while not game.is_over(s):
        due = game.pending_deal(s)
        if due is not None:
            the_deal = deal() if first else game.random_deal(s, rng)
            first = False
            game.apply(s, due, the_deal)
            writer.add(due, the_deal)
            continue
        (seat,) = game.to_act(s)
        action = game.default(s, seat)
        if s.phase == KRAKEN and s.deal_no == 0:
            action = (moves.next_call(s),)  # deal 1: kraak, herkraak, superkraak
        game.apply(s, seat, action)
        writer.add(seat, action)
    record = writer.json()
    out, status = replay(record)
    assert status == 0, out
    assert out["deals"] == game.deal_summaries(s)
    assert out["deals"][0]["factor"] == 8 and out["deals"][0]["kraken"] == [2, 3, 0]
    sheet = score_sheet(record)
    first_row = sheet.splitlines()[6]
    assert first_row.split("|")[0].split()[-1] == "×8"
    # the superkrakers (team 0) took no more than half: nat, 1296 + all roem to team 1
    assert 2 * out["deals"][0]["points"][0] <= 162
    assert first_row.endswith("|      0 N     0 |   1296      70")
    assert sheet.splitlines()[0] == "Klaverjassen · Amsterdams · Kraken · 8 spellen"
