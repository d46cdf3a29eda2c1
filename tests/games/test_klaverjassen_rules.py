"""Klaverjassen rule scenarios, one per rule of RULES.md §6 (and seed 001, "S1")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kroeg.cards import HEARTS, PIKET_DECK, card_str, mask_of, parse_card, parse_cards, parse_suit
from kroeg.games.base import Deal, InvalidInput, RuleError
from kroeg.games.klaverjassen import Klaverjassen, KlaverjasState, moves
from kroeg.games.klaverjassen.tricks import complete_trick
from kroeg.games.klaverjassen.view import Trick
from kroeg.games.view import UNSET


def table(
    variant: str = "nku",
    *,
    hands: dict[int, str],
    trump: str = "h",
    plays: str = "",
    dealer: int = 3,
    **options: Any,
) -> tuple[Klaverjassen, KlaverjasState]:
    """A deal in play with only the cards a scenario needs (seat 0 leads, dealer 3)."""
    game = Klaverjassen(variant, options)
    s = game.new_state(4, dealer=dealer)
    masks = [mask_of(parse_cards(hands.get(seat, "").split())) for seat in range(4)]
    moves.start_deal(game.options, s, masks)
    moves.make_trump(s, dealer, parse_suit(trump))
    for card in plays.split():
        game.apply(s, s.turn, ("play", parse_card(card)))
    return game, s


def legal_cards(game: Klaverjassen, s: KlaverjasState) -> set[str]:
    return {card_str(a[1]) for a in game.legal(s, s.turn) if a[0] == "play"}


def refused(game: Klaverjassen, s: KlaverjasState, card: str) -> str:
    before = s.snapshot()
    with pytest.raises(RuleError) as info:
        game.apply(s, s.turn, ("play", parse_card(card)))
    assert s.snapshot() == before, "a refused card changed the state"
    return str(info.value)


BY_SUIT = Deal(
    hands=(
        tuple(parse_cards(["Jh", "9h", "Ah", "Th", "Kh", "Qh", "8h", "7h"])),
        tuple(parse_cards(["Ac", "Kc", "Qc", "Jc", "Tc", "9c", "8c", "7c"])),
        tuple(parse_cards(["7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad"])),
        tuple(parse_cards(["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"])),
    ),
    stock=(),
)
"""Seat 0 all hearts, seat 1 all clubs, seat 2 all diamonds, seat 3 all spades."""


def play_all(game: Klaverjassen, s: KlaverjasState, order: dict[int, str]) -> None:
    """Play the deal out, each seat taking its next card from ``order`` when it is its turn."""
    queues = {seat: cards.split() for seat, cards in order.items()}
    while game.pending_deal(s) is None and not game.is_over(s):
        seat = s.turn
        game.apply(s, seat, ("play", parse_card(queues[seat].pop(0))))


# §6.5 Rotterdams ------------------------------------------------------------------


def test_must_follow_suit_with_any_card_of_it() -> None:
    """§6.5: a plain suit led and you hold it: any card of that suit, nothing else."""
    game, s = table(hands={0: "Ac", 1: "7c Kc 9h Ad"}, plays="Ac")
    assert legal_cards(game, s) == {"7c", "Kc"}
    assert refused(game, s, "9h") == "must follow suit c: legal cards are 7c, Kc"


def test_rotterdams_must_trump_when_void() -> None:
    """§6.5 Rotterdams: cannot follow → must trump."""
    game, s = table(hands={0: "Ac", 1: "7h Jh Ad 8s"}, plays="Ac")
    assert legal_cards(game, s) == {"7h", "Jh"}
    assert refused(game, s, "Ad") == "must trump: legal cards are 7h, Jh"


def test_rotterdams_must_trump_even_when_partner_wins() -> None:
    """§6.5 Rotterdams (PARLETT): trump "even if your partner is winning the trick"."""
    game, s = table(hands={0: "Ac", 1: "7c", 2: "7h Ad"}, plays="Ac 7c")
    assert legal_cards(game, s) == {"7h"}
    assert refused(game, s, "Ad") == "must trump: legal cards are 7h"


def test_rotterdams_must_overtrump_partner() -> None:
    """§6.5 Rotterdams: overtrump if possible, also over the partner's trump."""
    game, s = table(hands={0: "Ac", 1: "Qh", 2: "7c", 3: "Kh 7h Ad"}, plays="Ac Qh 7c")
    assert legal_cards(game, s) == {"Kh"}
    assert refused(game, s, "7h") == "must overtrump: legal cards are Kh"
    assert refused(game, s, "Ad") == "must overtrump: legal cards are Kh"


def test_rotterdams_must_undertrump_when_unable_to_overtrump() -> None:
    """§6.5 Rotterdams ("dus ook met ondertroeven"): lower trumps, not a discard."""
    game, s = table(hands={0: "Ac", 1: "Qh", 2: "7c", 3: "7h 8h Ad"}, plays="Ac Qh 7c")
    assert legal_cards(game, s) == {"7h", "8h"}
    assert refused(game, s, "Ad") == "must trump: legal cards are 7h, 8h"


def test_rotterdams_void_in_led_suit_and_trump_plays_anything() -> None:
    """§6.5: no card of the led suit and no trump: any card."""
    game, s = table(hands={0: "Ac", 1: "Ad 7s"}, plays="Ac")
    assert legal_cards(game, s) == {"Ad", "7s"}


@pytest.mark.parametrize("variant", ["nku", "amsterdams"])
def test_trump_lead_must_be_headed(variant: str) -> None:
    """§6.5, both variants: to a trump lead, overtrump if you can (the duty that
    fversnel/KlaverjasAiChallenge's RotterdamRuleSet forgets). 9 beats A in trump."""
    game, s = table(variant, hands={0: "Ah", 1: "9h Th Ac"}, plays="Ah")
    assert legal_cards(game, s) == {"9h"}
    assert refused(game, s, "Th") == "must overtrump: legal cards are 9h"
    assert refused(game, s, "Ac") == "must follow suit h: legal cards are 9h"


@pytest.mark.parametrize("variant", ["nku", "amsterdams"])
def test_trump_lead_any_trump_when_unable_to_head(variant: str) -> None:
    """§6.5: a trump lead you cannot beat: any trump; no trump at all: any card."""
    game, s = table(variant, hands={0: "Jh", 1: "7h 9h Ac", 2: "Ad 7s"}, plays="Jh")
    assert legal_cards(game, s) == {"7h", "9h"}
    game.apply(s, 1, ("play", parse_card("7h")))
    assert legal_cards(game, s) == {"Ad", "7s"}


# §6.5 Amsterdams ------------------------------------------------------------------


def test_amsterdams_partner_winning_plain_frees_you() -> None:
    """§6.5 Amsterdams (PAGAT-K rule 1): partner winning with a plain card: any card."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "7c", 2: "7h Ad"}, plays="Ac 7c")
    assert legal_cards(game, s) == {"7h", "Ad"}


def test_amsterdams_partner_trumped_no_undertrump() -> None:
    """§6.5 Amsterdams: partner winning with trump: any card but a lower trump."""
    game, s = table(
        "amsterdams", hands={0: "Ac", 1: "Qh", 2: "7c", 3: "7h Kh Ad"}, plays="Ac Qh 7c"
    )
    assert legal_cards(game, s) == {"Kh", "Ad"}
    assert refused(game, s, "7h") == "may not undertrump: legal cards are Ad, Kh"


def test_amsterdams_partner_trumped_only_lower_trumps_left() -> None:
    """§6.5 Amsterdams: holding only lower trumps, you play one of them."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "Qh", 2: "7c", 3: "7h 8h"}, plays="Ac Qh 7c")
    assert legal_cards(game, s) == {"7h", "8h"}


def test_amsterdams_opponent_winning_must_trump() -> None:
    """§6.5 Amsterdams (rule 2): opponent winning, you cannot follow: trump."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "7h Ad"}, plays="Ac")
    assert legal_cards(game, s) == {"7h"}
    assert refused(game, s, "Ad") == "must trump: legal cards are 7h"


def test_amsterdams_opponent_trumped_must_overtrump() -> None:
    """§6.5 Amsterdams (rule 3): an opponent's trump must be beaten if you can."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "Qh", 2: "Kh 7h Ad"}, plays="Ac Qh")
    assert legal_cards(game, s) == {"Kh"}
    assert refused(game, s, "7h") == "must overtrump: legal cards are Kh"
    assert refused(game, s, "Ad") == "must overtrump: legal cards are Kh"


def test_amsterdams_cannot_overtrump_must_not_undertrump() -> None:
    """§6.5 Amsterdams: unable to overtrump: a card of another suit, no undertrumping."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "Qh", 2: "7h 8h Ad"}, plays="Ac Qh")
    assert legal_cards(game, s) == {"Ad"}
    assert refused(game, s, "7h") == "may not undertrump: legal cards are Ad"


def test_amsterdams_only_lower_trumps_may_undertrump() -> None:
    """§6.5 Amsterdams: holding nothing but lower trumps, undertrumping is allowed."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "Qh", 2: "7h 8h"}, plays="Ac Qh")
    assert legal_cards(game, s) == {"7h", "8h"}


def test_card_not_held_is_refused() -> None:
    game, s = table(hands={0: "Ac Kd"})
    assert refused(game, s, "7s") == "seat 0 does not hold 7s: it holds Ac, Kd"


# Trick winner and card points (§6.1, §6.5) ----------------------------------------


def test_trick_winner_highest_trump_else_highest_of_led_suit() -> None:
    """§6.5: highest trump wins; else the highest card of the led suit (10 over H)."""
    _, s = table(hands={0: "Kc", 1: "Tc", 2: "Ad", 3: "7s"}, plays="Kc Tc Ad 7s")
    assert s.last_trick == (0, tuple(parse_cards(["Kc", "Tc", "Ad", "7s"])), 1)
    assert s.points == [0, 4 + 10 + 11 + 0]
    _, s = table(hands={0: "Ac", 1: "7h", 2: "Tc", 3: "8h"}, plays="Ac 7h Tc 8h")
    assert s.last_trick is not None and s.last_trick[2] == 3
    assert s.points == [0, 11 + 10]


def test_trump_card_points() -> None:
    """§6.1: trump B 20, 9 14, A 11, 10 10, H 4, V 3; plain B 2, 9 0."""
    _, s = table(hands={0: "Jh", 1: "9h", 2: "Ah", 3: "Th"}, plays="Jh 9h Ah Th")
    assert s.points == [20 + 14 + 11 + 10, 0]
    _, s = table(hands={0: "Jc", 1: "9c", 2: "Kc", 3: "Qc"}, plays="Jc 9c Kc Qc")
    assert s.points == [2 + 0 + 4 + 3, 0]


# §6.6 Roem ------------------------------------------------------------------------------

ROEM_TABLE = [
    ("7c 8c 9c Ad", "h", 20, "3 consecutive cards of one suit"),
    ("9c Tc Jc Ad", "h", 20, "3 consecutive in the natural order 9-10-B"),
    ("Qd Kd Ad 7c", "h", 20, "V-H-A of a plain suit"),
    ("Kh Qh 7c 8d", "h", 20, "H + V of trump (stuk)"),
    ("Ah Kh Qh 7c", "h", 40, "A + H + V of trump"),
    ("Kh Qh Jh 7c", "h", 40, "H + V + B of trump"),
    ("7d 8d 9d Td", "h", 50, "4 consecutive cards of one suit"),
    ("Th Jh Qh Kh", "h", 70, "10 + B + V + H of trump"),
    ("Jh Qh Kh Ah", "h", 70, "B + V + H + A of trump"),
    ("7c 7d 7h 7s", "h", 100, "4 equal cards (7)"),
    ("Ac Ad Ah As", "s", 100, "4 equal cards (A)"),
    ("Jc Jd Jh Js", "c", 100, "4 jacks, NKU: 100"),
    ("Kc Qc 7d 8d", "h", 0, "H + V of a plain suit is no stuk"),
    ("Jh 9h Ah 7c", "h", 0, "the trump order B-9-A is not a run"),
    ("8c 9c Jc Ad", "h", 0, "8-9-B has a gap"),
    ("Kc Ac 7c 8c", "h", 0, "the ace does not wrap round to the 7"),
]


@pytest.mark.parametrize(("cards", "trump", "roem", "why"), ROEM_TABLE)
def test_roem_table(cards: str, trump: str, roem: int, why: str) -> None:
    """§6.6, the S1 roem table row by row: "{why}"."""
    game = Klaverjassen("nku")
    assert game.rules.roem(parse_suit(trump), mask_of(parse_cards(cards.split()))) == roem


def test_four_jacks_200_in_amsterdams_and_by_option() -> None:
    """§6.6: KBN/BGA-K four jacks 200 (option four_jacks_200, on in amsterdams)."""
    jacks = mask_of(parse_cards(["Jc", "Jd", "Jh", "Js"]))
    assert Klaverjassen("amsterdams").rules.roem(0, jacks) == 200
    assert Klaverjassen("nku", {"four_jacks_200": True}).rules.roem(0, jacks) == 200


def test_four_kind_ranks_a10hv() -> None:
    """§12: four_kind_ranks a10hv: four 7s, 8s or 9s give nothing; A, 10, H, V 100; B 200."""
    game = Klaverjassen("nku", {"four_kind_ranks": "a10hv"})
    for rank, roem in (("7", 0), ("8", 0), ("9", 0), ("T", 100), ("Q", 100), ("K", 100)):
        cards = [rank + suit for suit in "cdhs"]
        assert game.rules.roem(3, mask_of(parse_cards(cards))) == roem
    assert game.rules.roem(0, mask_of(parse_cards(["Jc", "Jd", "Jh", "Js"]))) == 200


def test_roem_goes_to_the_team_that_wins_the_trick() -> None:
    """§6.6: roem is credited to the winner of the trick, whoever laid the cards."""
    _, s = table(hands={0: "Kh", 1: "Qh", 2: "7c", 3: "Jh"}, plays="Kh Qh 7c Jh")
    assert s.roem == [0, 20 + 20]  # H+V+B of trump: 40, won by seat 3


def test_roem_across_a_trick_boundary_is_not_counted() -> None:
    """§6.6: only cards lying together in one trick count: 7c 8c, then 9c, is no run."""
    _, s = table(
        hands={0: "7c Kd", 1: "8c 9c", 2: "Ad Qs", 3: "As 7s"}, plays="7c 8c Ad As 9c Qs 7s Kd"
    )
    assert s.tricks_played == 2
    assert s.roem == [0, 0]


# §6.7 Scoring -----------------------------------------------------------------------------


def dealt(variant: str = "nku", deal: Deal = BY_SUIT, **options: Any) -> tuple[Klaverjassen, Any]:
    game = Klaverjassen(variant, options)
    s = game.new_state(4, dealer=3)
    game.apply(s, 3, deal)
    return game, s


def test_pit_scores_162_plus_roem_plus_100() -> None:
    """§6.7 / S1: "Een Mars c.q. Pit c.q. Pan is 162 punten + de gemaakte roem + 100"."""
    game, s = dealt()
    game.apply(s, 3, ("pass",))
    game.apply(s, 0, ("bid", parse_suit("h")))
    play_all(
        game,
        s,
        {
            0: "Jh 9h Ah Th Kh Qh 8h 7h",
            1: "Ac Kc Qc Jc Tc 9c 8c 7c",
            2: "7d 8d 9d Td Jd Qd Kd Ad",
            3: "As Ks Qs Js Ts 9s 8s 7s",
        },
    )
    assert game.deal_summaries(s) == [
        {
            "declarer": 0,
            "trump": "h",
            "points": [162, 0],
            "roem": [0, 0],
            "score": [262, 0],
            "mark": "pit",
        }
    ]
    assert game.standings(s) == {"totals": [262, 0], "deal_no": 1}
    assert game.pending_deal(s) == 0  # §6.2: the deal passes clockwise


def test_pit_bonus_zero() -> None:
    """§6.10 pit_bonus 0: a pit is just 162 + roem."""
    game, s = dealt(pit_bonus=0)
    game.apply(s, 3, ("pass",))
    game.apply(s, 0, ("bid", parse_suit("h")))
    play_all(
        game,
        s,
        {
            0: "Jh 9h Ah Th Kh Qh 8h 7h",
            1: "Ac Kc Qc Jc Tc 9c 8c 7c",
            2: "7d 8d 9d Td Jd Qd Kd Ad",
            3: "As Ks Qs Js Ts 9s 8s 7s",
        },
    )
    assert game.deal_summaries(s)[0]["score"] == [162, 0]


def test_tegenmars_is_just_nat() -> None:
    """§6.7 / S1: "Een zogenaamde tegenmars is gewoon nat": 162 + roem, no bonus."""
    game, s = dealt()
    game.apply(s, 3, ("pass",))
    game.apply(s, 0, ("bid", parse_suit("s")))
    play_all(
        game,
        s,
        {
            0: "Ah Kh Qh Jh Th 9h 8h 7h",
            1: "Ac Kc Qc Jc Tc 9c 8c 7c",
            2: "7d 8d 9d Td Jd Qd Kd Ad",
            3: "Js 9s As Ts Ks Qs 8s 7s",
        },
    )
    assert game.deal_summaries(s) == [
        {
            "declarer": 0,
            "trump": "s",
            "points": [0, 162],
            "roem": [0, 0],
            "score": [0, 162],
            "mark": "nat",
        }
    ]


def scored(points: list[int], roem: list[int], tricks: list[int], **options: Any) -> Any:
    """Score a deal that ended with these totals (declarer seat 0, trump hearts)."""
    game, s = table(hands={}, dealer=3, **options)
    s.declarer = 0
    s.points, s.roem, s.tricks_won = points, roem, tricks
    moves.finish_deal(game.options, s, None)
    return game.deal_summaries(s)[0]


def test_made_scores_both_teams_points_and_roem() -> None:
    """§6.7: made: both teams score their points and roem."""
    summary = scored([100, 62], [20, 50], [5, 3])
    assert (summary["score"], summary["mark"]) == ([120, 112], None)


def test_nat_on_a_tie() -> None:
    """§6.7 DECISION (K3): equal totals are nat: 81 against 81."""
    summary = scored([81, 81], [0, 0], [4, 4])
    assert (summary["score"], summary["mark"]) == ([0, 162], "nat")


def test_nat_with_roem_counts_roem_in_the_comparison_and_gives_all_roem() -> None:
    """§6.7 / S1: nat is "162 punten + de door beide partijen gemaakte roem"."""
    summary = scored([71, 91], [20, 0], [4, 4])  # 91 against 91: nat
    assert (summary["score"], summary["mark"]) == ([0, 182], "nat")
    summary = scored([90, 72], [0, 20], [5, 3])  # 90 against 92: nat
    assert (summary["score"], summary["mark"]) == ([0, 182], "nat")
    summary = scored([72, 90], [40, 20], [4, 4])  # 112 against 110: made
    assert (summary["score"], summary["mark"]) == ([112, 110], None)


def test_double_spades_doubles_the_deal_score() -> None:
    """§6.10 double_spades: a deal with spades as trump scores double."""
    game, s = table(hands={}, trump="s", double_spades=True)
    s.declarer = 0
    s.points, s.roem, s.tricks_won = [100, 62], [20, 0], [5, 3]
    moves.finish_deal(game.options, s, None)
    assert game.deal_summaries(s)[0]["score"] == [240, 124]


# §6.4 Making trump --------------------------------------------------------------------


def test_dealer_bids_first_and_only_their_hand_is_visible() -> None:
    """§6.4 / S1 "De gever is de eerste speler"; §6.3 "Slechts diegene die aan de beurt is
    om troef te maken, mag zijn kaarten opnemen"."""
    game = Klaverjassen("nku")
    s = game.new_state(4, dealer=3)
    events = game.apply(s, 3, BY_SUIT)
    assert [(e.kind, e.to) for e in events] == [("deal", None), ("hand", 3)]
    assert game.to_act(s) == frozenset({3})
    assert game.view(s, 3).hand is not None
    assert all(game.view(s, seat).hand is None for seat in (0, 1, 2))
    events = game.apply(s, 3, ("pass",))
    assert [(e.kind, e.to) for e in events] == [("pass", None), ("hand", 0)]
    assert game.view(s, 0).hand is not None and game.view(s, 1).hand is None
    events = game.apply(s, 0, ("bid", parse_suit("d")))
    assert [(e.kind, e.to) for e in events] == [
        ("bid", None),
        ("trump", None),
        ("hand", 1),
        ("hand", 2),
    ]
    assert all(game.view(s, seat).hand is not None for seat in range(4))
    assert game.view(s, None).hand is None


def test_left_of_dealer_leads_whoever_made_trump() -> None:
    """§6.4.6 / S1: "In alle gevallen komt de speler links van de gever als eerste uit"."""
    game, s = dealt()
    for seat in (3, 0, 1):
        game.apply(s, seat, ("pass",))
    game.apply(s, 2, ("bid", 1))
    assert game.to_act(s) == frozenset({0}) and s.declarer == 2


def test_dealer_must_play_when_all_passed() -> None:
    """§6.4.4 / S1: "Wanneer alle spelers gepast hebben is de gever verplicht tot spelen"."""
    game, s = dealt()
    for seat in (3, 0, 1, 2):
        game.apply(s, seat, ("pass",))
    assert game.to_act(s) == frozenset({3})
    assert game.legal(s, 3) == [("bid", 0), ("bid", 1), ("bid", 2), ("bid", 3)]
    before = s.snapshot()
    with pytest.raises(RuleError, match="seat 3 must play"):
        game.apply(s, 3, ("pass",))
    assert s.snapshot() == before
    game.apply(s, 3, ("bid", 2))
    assert (s.declarer, s.trump, game.to_act(s)) == (3, 2, frozenset({0}))


def test_no_correction_and_no_bid_out_of_turn() -> None:
    """§6.4.3 "Herstel is hierna niet mogelijk"; bidding strictly in turn."""
    game, s = dealt()
    with pytest.raises(RuleError, match="not your turn: waiting for seat 3"):
        game.apply(s, 0, ("bid", 1))
    game.apply(s, 3, ("bid", 1))
    with pytest.raises(RuleError, match="bidding is over"):
        game.apply(s, 3, ("bid", 2))


def test_bid_start_left_of_dealer_and_all_pass_first() -> None:
    """§12: bid_start left_of_dealer; all_pass first: the first bidder must bid."""
    game, s = dealt(bid_start="left_of_dealer", all_pass="first")
    assert game.to_act(s) == frozenset({0})
    for seat in (0, 1, 2, 3):
        game.apply(s, seat, ("pass",))
    assert game.to_act(s) == frozenset({0})
    assert ("pass",) not in game.legal(s, 0)


def test_all_pass_redeal_same_dealer_no_score() -> None:
    """§6.10 all_pass redeal: the deal is void; the same dealer deals again."""
    game, s = dealt(all_pass="redeal")
    for seat in (3, 0, 1, 2):
        events = game.apply(s, seat, ("pass",))
    assert events[-1].kind == "redeal"
    assert game.pending_deal(s) == 3
    assert game.standings(s) == {"totals": [0, 0], "deal_no": 0}
    assert game.deal_summaries(s) == []


def test_verplicht_spelen_first_bidder_must_play() -> None:
    """§6.10 trump_mode verplicht_spelen: the first to decide must play."""
    game, s = dealt(trump_mode="verplicht_spelen")
    assert game.legal(s, 3) == [("bid", 0), ("bid", 1), ("bid", 2), ("bid", 3)]


def test_utrechts_left_of_dealer_must_play() -> None:
    """§6.10 trump_mode utrechts: "De speler links naast de deler maakt troef en speelt
    verplicht" (KJV Utrecht); the dealer never looks first."""
    game, s = dealt(trump_mode="utrechts")
    assert game.to_act(s) == frozenset({0})
    assert game.legal(s, 0) == [("bid", 0), ("bid", 1), ("bid", 2), ("bid", 3)]
    assert game.view(s, 3).hand is None


# Manual roem --------------------------------------------------------------------------


def test_manual_roem_claimed_before_the_next_card() -> None:
    """§6.6 / S1 "Roem moet worden gemeld voordat de slag ... is gedekt. Ook de
    tegenpartij is bevoegd roem te melden"."""
    hands = {0: "Kh 7d", 1: "Qh 7s", 2: "7c 8c", 3: "Jh 8s"}
    game, s = table(hands=hands, plays="Kh Qh 7c Jh", roem_claim="manual")
    assert s.roem == [0, 0]
    assert ("roem",) in game.legal(s, 0)  # the other team may claim it too
    events = game.apply(s, 0, ("roem",))
    assert events[0].data == {"seat": 0, "team": 1, "roem": 40}
    assert s.roem == [0, 40]
    with pytest.raises(RuleError, match="no roem to claim"):
        game.apply(s, 1, ("roem",))


def test_manual_roem_lost_once_the_trick_is_covered() -> None:
    """§6.8 / S1: playing a card to the next trick covers the last one: its roem is lost."""
    hands = {0: "Kh 7d", 1: "Qh 7s", 2: "7c 8c", 3: "Jh 8s"}
    game, s = table(hands=hands, plays="Kh Qh 7c Jh 8s", roem_claim="manual")
    assert ("roem",) not in game.legal(s, 0)
    with pytest.raises(RuleError, match="no roem to claim"):
        game.apply(s, 0, ("roem",))
    assert s.roem == [0, 0]


def test_roem_verb_refused_with_automatic_roem() -> None:
    """RECORDS.md: ``roem`` without manual roem is a rule violation."""
    game, s = table(hands={0: "Kh", 1: "Qh", 2: "7c", 3: "Jh"}, plays="Kh Qh 7c Jh")
    with pytest.raises(RuleError, match="roem_claim: auto"):
        game.apply(s, 0, ("roem",))


# §6.8 Verzaken -----------------------------------------------------------------------------


def test_revoke_called_gives_162_plus_100_plus_roem() -> None:
    """§6.7 / S1: "Verzaken is voor de tegenpartij 162 punten + 100 strafpunten + de door
    beide partijen, tot het moment van verzaken, gemaakte roem"."""
    hands = {0: "Kh Ac", 1: "Qh 7s Ad", 2: "8c 9c", 3: "Jh 8s"}
    game, s = table(hands=hands, plays="Kh Qh 8c Jh", allow_revoke=True)
    assert s.roem == [0, 40]
    game.apply(s, 3, ("play", parse_card("8s")))
    game.apply(s, 0, ("play", parse_card("Ac")))
    game.apply(s, 1, ("play", parse_card("Ad")))  # holds 7s: a revoke, accepted in this mode
    assert ("verzaakt", 1) in game.legal(s, 2)
    events = game.apply(s, 2, ("verzaakt", 1))
    assert [e.kind for e in events] == ["verzaakt", "deal_end"]
    assert events[0].data == {"seat": 2, "accused": 1, "revoke": True}
    summary = game.deal_summaries(s)[0]
    assert (summary["score"], summary["mark"]) == ([162 + 100 + 40, 0], "verzaakt")


def test_false_revoke_call_changes_nothing_but_uses_the_call() -> None:
    """§6.8: the call is checked against §6.5; a seat that kept the rules plays on."""
    hands = {0: "Ac Kc", 1: "Ad 7d", 2: "7s 8s", 3: "8d 9d"}
    game, s = table(hands=hands, plays="Ac Ad", allow_revoke=True)
    assert game.legal(s, 2) == [
        ("play", parse_card("7s")),
        ("play", parse_card("8s")),
        ("verzaakt", 1),
    ]
    events = game.apply(s, 2, ("verzaakt", 1))
    assert events[0].data["revoke"] is False
    assert game.pending_deal(s) is None and s.tricks_played == 0
    assert ("verzaakt", 1) not in game.legal(s, 2)
    with pytest.raises(RuleError, match="no play since it was last checked"):
        game.apply(s, 2, ("verzaakt", 1))


def test_revoke_only_called_on_an_opponent_and_only_in_revoke_mode() -> None:
    hands = {0: "Ac Kc", 1: "Ad 7c", 2: "7s 8s", 3: "8d 9d"}
    game, s = table(hands=hands, plays="Ac Ad", allow_revoke=True)
    with pytest.raises(RuleError, match="only call a revoke of an opponent"):
        game.apply(s, 3, ("verzaakt", 1))
    game, s = table(hands=hands, plays="Ac 7c")
    with pytest.raises(RuleError, match="allow_revoke: false"):
        game.apply(s, 2, ("verzaakt", 1))


# Flow, errors, options ------------------------------------------------------------------


def test_deal_due_and_game_over_refuse_actions() -> None:
    """Engine conventions: a deal due refuses anything else; after the game, everything."""
    game = Klaverjassen("nku")
    s = game.new_state(4, dealer=1, start={"totals": [0, 0], "deal_no": 15})
    with pytest.raises(RuleError, match=r"no action now: the next deal is due \(dealer 1\)"):
        game.apply(s, 2, ("pass",))
    assert game.to_act(s) == frozenset() and game.legal(s, 1) == []
    game.apply(s, 1, BY_SUIT)
    with pytest.raises(RuleError, match="no deal is due now"):
        game.apply(s, 1, BY_SUIT)
    game.apply(s, 1, ("bid", 0))
    s2 = game.copy(s)
    while not game.is_over(s2):
        (seat,) = game.to_act(s2)
        game.apply(s2, seat, game.default(s2, seat))
    assert game.standings(s2)["deal_no"] == 16
    totals = game.standings(s2)["totals"]
    assert game.result_json(s2) == {"winner": 0 if totals[0] > totals[1] else 1}
    with pytest.raises(RuleError, match="the game is over"):
        game.apply(s2, 0, ("play", 0))
    assert s.tricks_played == 0, "the copy is independent"


def test_bad_deals_are_invalid_input() -> None:
    game = Klaverjassen("nku")
    s = game.new_state(4, dealer=0)
    short = Deal(
        hands=tuple(h[:7] for h in BY_SUIT.hands), stock=tuple(h[7] for h in BY_SUIT.hands)
    )
    with pytest.raises(InvalidInput, match="4 hands of 8 cards"):
        game.apply(s, 0, short)
    with pytest.raises(RuleError, match="due from seat 0"):
        game.apply(s, 1, BY_SUIT)
    hands = list(BY_SUIT.hands)
    hands[3] = (*hands[3][:7], hands[0][0])
    with pytest.raises(InvalidInput, match="cards dealt twice: Jh"):
        game.apply(s, 0, Deal(hands=tuple(hands), stock=()))
    hands[3] = (*hands[3][:7], parse_card("6s"))
    with pytest.raises(InvalidInput, match="not in this game's deck: 6s"):
        game.apply(s, 0, Deal(hands=tuple(hands), stock=()))
    assert game.pending_deal(s) == 0


def test_parse_and_write_actions() -> None:
    game = Klaverjassen("nku")
    assert game.parse_action(["play", "10h"]) == ("play", parse_card("Th"))
    assert game.parse_action(["bid", "s"]) == ("bid", 3)
    assert game.parse_action(["pass"]) == ("pass",)
    assert game.parse_action(["verzaakt", 2]) == ("verzaakt", 2)
    assert game.action_json(("bid", 3)) == ["bid", "s"]
    assert game.action_json(("play", parse_card("Th"))) == ["play", "Th"]
    for bad in (["play", "2h"], ["bid", "x"], ["knock"], ["pass", 1], ["verzaakt", 4], []):
        with pytest.raises(InvalidInput):
            game.parse_action(bad)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"troefplicht": "brabants"}, "troefplicht must be one of"),
        ({"pit_bonus": 50}, "pit_bonus must be 100 or 0"),
        ({"trump_mode": "leidsch"}, "trump_mode must be one of"),
        ({"game_length": "10_deals"}, "game_length must be one of"),
        ({"roem": "auto"}, "unknown option"),
    ],
)
def test_option_validation(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        Klaverjassen("nku", options)


def test_first_to_1500_ends_when_a_team_passes_1500() -> None:
    """§6.10 game_length first_to_1500."""
    game, s = table(hands={}, game_length="first_to_1500")
    s.totals = [1400, 1300]
    s.declarer = 0
    s.points, s.roem, s.tricks_won = [100, 62], [0, 0], [5, 3]
    moves.finish_deal(game.options, s, None)
    assert game.result_json(s) == {"winner": 0}
    result = game.result(s)
    # the team of seats 1 and 3 lost (§6.2 partners)
    assert result is not None and result.losers == {1, 3}


def test_copy_is_complete_and_independent() -> None:
    """Engine conventions: ``copy`` is a full, independent copy (for search and tests)."""
    game, s = table(hands={0: "Ac Kc", 1: "7c 8c", 2: "9c Tc", 3: "Jc Qc"}, plays="Ac 7c")
    other = game.copy(s)
    assert set(other.snapshot()) == set(KlaverjasState.__slots__)
    assert other.snapshot() == s.snapshot()
    game.apply(other, 2, ("play", parse_card("9c")))
    assert s.trick == parse_cards(["Ac", "7c"]) and s.hands[2] == mask_of(parse_cards(["9c", "Tc"]))


@pytest.mark.parametrize(
    ("start", "options", "message"),
    [
        ({"points": [0, 0]}, {}, "unknown start fields"),
        ({"totals": [1, 2, 3]}, {}, "start totals must be two whole numbers"),
        ({"totals": [0, -5]}, {}, "start totals must be two whole numbers"),
        ({"deal_no": 16}, {}, "below the game length 16"),
        ({"deal_no": 8}, {"game_length": "8_deals"}, "below the game length 8"),
        ({"totals": [1500, 0]}, {"game_length": "first_to_1500"}, "already reach 1500"),
    ],
)
def test_bad_start_standings(start: dict[str, Any], options: dict[str, Any], message: str) -> None:
    """RECORDS.md ``start``: klaverjassen takes ``totals`` (per team) and ``deal_no``."""
    with pytest.raises(InvalidInput, match=message):
        Klaverjassen("nku", options).new_state(4, dealer=0, start=start)


def test_start_standings_carry_on() -> None:
    """RECORDS.md ``start``: a scenario that begins mid-game keeps its totals."""
    game = Klaverjassen("nku")
    s = game.new_state(4, dealer=2, start={"totals": [700, 650], "deal_no": 10})
    assert game.standings(s) == {"totals": [700, 650], "deal_no": 10}
    assert game.pending_deal(s) == 2


@pytest.mark.parametrize("variant", ["nku", "amsterdams"])
def test_trump_lead_headed_even_over_the_partner(variant: str) -> None:
    """§6.5, both variants: on a trump lead you must overtrump if you can, also when
    your partner's trump is winning (the Amsterdams partner exemption is for plain leads)."""
    game, s = table(variant, hands={0: "Qh", 1: "7h", 2: "Kh 8h Ac"}, plays="Qh 7h")
    assert legal_cards(game, s) == {"Kh"}
    assert refused(game, s, "8h") == "must overtrump: legal cards are Kh"


def test_show_last_trick_in_the_view() -> None:
    """§6.10 show_last_trick: the last completed trick stays visible; off (NKU) it is absent."""
    hands = {0: "Ac 7d", 1: "7c 8d", 2: "8c 9d", 3: "9c Td"}
    game, s = table(hands=hands, plays="Ac 7c 8c 9c", show_last_trick=True)
    expected = Trick(leader=0, cards=["Ac", "7c", "8c", "9c"], winner=0)
    assert game.view(s, None).last_trick == expected
    game, s = table(hands=hands, plays="Ac 7c 8c 9c")
    assert game.view(s, None).last_trick is UNSET
    assert "last_trick" not in game.view(s, None).json()


def test_house_calls_a_revoke_its_opponent_has_proven() -> None:
    """§6.8 verzaken mode: seat 1 showed out of clubs, then played a club: the house (seat
    2, to act) calls it; before the proof it plays on."""
    hands = {0: "Ac Kd", 1: "Ad 7c", 2: "8c 9d", 3: "9c Td"}
    game, s = table(hands=hands, plays="Ac Ad", allow_revoke=True)
    assert game.default(s, 2)[0] == "play"
    for card in ("8c", "9c"):
        game.apply(s, s.turn, ("play", parse_card(card)))
    game.apply(s, 0, ("play", parse_card("Kd")))
    game.apply(s, 1, ("play", parse_card("7c")))  # a club: it held one when it played Ad
    assert game.default(s, 2) == ("verzaakt", 1)
    events = game.apply(s, 2, ("verzaakt", 1))
    assert events[0].data["revoke"] is True


def test_random_deal_is_dealt_3_2_3_from_the_dealers_left() -> None:
    """§6.3 / S1: dealt 3-2-3, clockwise from the dealer's left: packets of 3, then 2,
    then 3 cards go round the table starting with the seat after the dealer."""
    game = Klaverjassen("nku")
    s = game.new_state(4, dealer=2)
    pack = list(PIKET_DECK)
    random.Random(9).shuffle(pack)
    order = [3, 0, 1, 2]
    expected: dict[int, list[int]] = {seat: [] for seat in order}
    pos = 0
    for size in (3, 2, 3):
        for seat in order:
            expected[seat] += pack[pos : pos + size]
            pos += size
    deal = game.random_deal(s, random.Random(9))
    assert deal.hands == tuple(tuple(expected[seat]) for seat in range(4))
    assert deal.stock == ()


def test_a_completed_trick_gives_its_points_the_last_bonus_and_its_roem() -> None:
    """RULES.md §6.7 and §6.6: Jh 9h Ah Th with hearts trump are 20 + 14 + 11 + 10 card
    points, 10 more as the eighth trick, and 9-10-J is a run of three (20 roem)."""
    trick = [parse_card(c) for c in ("Jh", "9h", "Ah", "Th")]
    points, won = [0, 0], [0, 0]
    rules = Klaverjassen("nku").rules
    assert complete_trick(rules, HEARTS, trick, 1, 8, points, won) == 20
    assert (points, won) == ([0, 65], [0, 1])
    assert complete_trick(rules, HEARTS, trick, 2, 3, points, won) == 20
    assert (points, won) == ([55, 65], [1, 1])
