"""Klaverjassen with ``trump_mode: gedraaid`` (RULES.md §6.10, issue 3).

The rule, from the source RULES.md names for it (denksportcentrum.nu, "Klassieke
speelwijze"), quoted where each test checks it:

  "Als traditioneel "gedraaid" wordt, wordt bij aanvang van ieder spel een troefkleur
  bepaald, meestal door een kaart van de niet gebruikte stapel (de zogenaamde
  "draaikaarten", de niet gebruikte kaarten 2 tot en met 6) om te draaien. Tijdens het
  eerste spel is de troefkleur altijd klaveren. Beginnend bij de speler links van de
  deler wordt er gezegd of er wordt gespeeld of gepast. [...] Wanneer er rondgepast
  wordt [...] de volgende kaart wordt gedraaid en er op die kleur geboden wordt. Is deze
  kleur al geweest, wordt de volgende kaart gedraaid, tot eventueel de derde en de vierde
  kleur."

Records: the deal holds the whole pack, the 20 draaikaarten as the stock, top first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kroeg.cards import card_str, parse_card, parse_cards
from kroeg.games.base import Deal, InvalidInput, RuleError
from kroeg.games.klaverjassen import Klaverjassen, KlaverjasState
from kroeg.games.klaverjassen.state import BIDDING
from kroeg.records import replay
from tests.support import assert_no_hidden_cards

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

HANDS = (
    tuple(parse_cards(["Jh", "9h", "Ah", "Th", "Kh", "Qh", "8h", "7h"])),
    tuple(parse_cards(["7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac"])),
    tuple(parse_cards(["8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad", "7d"])),
    tuple(parse_cards(["9s", "Ts", "Js", "Qs", "Ks", "As", "7s", "8s"])),
)
"""Seat 0 all hearts, seat 1 all clubs, seat 2 all diamonds, seat 3 all spades."""

DRAAI = "2c 5h 3c 4h 6s 2d 3d 4d 5d 6d 2h 3h 6h 4c 5c 6c 2s 3s 4s 5s"
"""Draaikaarten top first: after clubs come hearts (2c skipped), spades (3c and 4h
skipped) and diamonds (2d)."""


def gedraaid(**options: Any) -> Klaverjassen:
    return Klaverjassen("nku", {"trump_mode": "gedraaid", **options})


def deal(stock: str = DRAAI) -> Deal:
    return Deal(hands=HANDS, stock=tuple(parse_cards(stock.split())))


def dealt(
    stock: str = DRAAI, deal_no: int = 0, **options: Any
) -> tuple[Klaverjassen, Any, list[Any]]:
    """A gedraaid game, dealer 0, after its deal number ``deal_no`` + 1 was dealt."""
    game = gedraaid(**options)
    s = game.new_state(4, dealer=0, start={"deal_no": deal_no})
    events = game.apply(s, 0, deal(stock))
    return game, s, events


def pass_round(game: Klaverjassen, s: KlaverjasState) -> list[Any]:
    """Seats 1, 2, 3, 0 pass; the events of the last pass."""
    events: list[Any] = []
    for seat in (1, 2, 3, 0):
        events = game.apply(s, seat, ("pass",))
    return events


def kinds(events: list[Any]) -> list[tuple[str, Any]]:
    return [(e.kind, e.to) for e in events]


def test_first_deal_proposes_clubs_without_turning_a_card() -> None:
    """Source: "Tijdens het eerste spel is de troefkleur altijd klaveren." and "Beginnend
    bij de speler links van de deler wordt er gezegd of er wordt gespeeld of gepast"."""
    game, s, events = dealt()
    assert kinds(events) == [("deal", None), ("propose", None), ("hand", 1)]
    assert events[1].data == {"suit": "c", "bidder": 1}
    assert game.to_act(s) == frozenset({1})
    assert game.legal(s, 1) == [("bid", CLUBS), ("pass",)]
    view = game.view(s, None)
    assert (view.proposed, view.turned) == ("c", [])
    before = s.snapshot()
    with pytest.raises(RuleError, match=r"only the proposed trump may be played .*bid c or pass"):
        game.apply(s, 1, ("bid", HEARTS))
    assert s.snapshot() == before
    game.apply(s, 1, ("bid", CLUBS))
    assert (s.trump, s.declarer, game.to_act(s)) == (CLUBS, 1, frozenset({1}))


def test_the_dealer_does_not_bid_first_even_with_bid_start_dealer() -> None:
    """Source: "Beginnend bij de speler links van de deler" (the NKU default bid_start
    dealer, §6.4, does not apply to gedraaid)."""
    game, s, _ = dealt(bid_start="dealer")
    assert game.to_act(s) == frozenset({1})
    with pytest.raises(RuleError, match="not your turn: waiting for seat 1"):
        game.apply(s, 0, ("pass",))


def test_a_later_deal_turns_the_top_draaikaart_to_propose_its_suit() -> None:
    """Source: "bij aanvang van ieder spel een troefkleur bepaald, meestal door een kaart
    van de niet gebruikte stapel [...] om te draaien"."""
    game, s, events = dealt(stock=DRAAI.replace("2c 5h", "5h 2c"), deal_no=3)
    assert kinds(events) == [("deal", None), ("turn", None), ("propose", None), ("hand", 1)]
    assert events[1].data == {"card": "5h", "suit": "h", "repeat": False}
    assert game.legal(s, 1) == [("bid", HEARTS), ("pass",)]
    assert game.view(s, 2).turned == ["5h"]


def test_rondgepast_turns_the_next_card_and_skips_a_suit_already_proposed() -> None:
    """Source: "Wanneer er rondgepast wordt [...] de volgende kaart wordt gedraaid en er
    op die kleur geboden wordt. Is deze kleur al geweest, wordt de volgende kaart
    gedraaid". In the first deal clubs was proposed, so the 2c on top is skipped."""
    game, s, _ = dealt()
    events = pass_round(game, s)
    assert kinds(events) == [("pass", None), ("turn", None), ("turn", None), ("propose", None)]
    assert [e.data for e in events[1:]] == [
        {"card": "2c", "suit": "c", "repeat": True},
        {"card": "5h", "suit": "h", "repeat": False},
        {"suit": "h", "bidder": 1},
    ]
    assert game.view(s, 3).turned == ["2c", "5h"]
    assert game.view(s, 3).proposed == "h"
    assert game.legal(s, 1) == [("bid", HEARTS), ("pass",)]
    events = pass_round(game, s)
    assert [e.data["card"] for e in events if e.kind == "turn"] == ["3c", "4h", "6s"]
    assert game.view(s, None).proposed == "s"
    game.apply(s, 1, ("pass",))
    game.apply(s, 2, ("bid", SPADES))
    assert (s.trump, s.declarer, s.leader) == (SPADES, 2, 1)
    assert game.view(s, 0).turned == ["2c", "5h", "3c", "4h", "6s"]


def test_four_suits_passed_the_dealer_must_play_the_last_suit() -> None:
    """Source: "tot eventueel de derde en de vierde kleur"; after that the source is
    silent, so the table's all_pass rule applies (docs/rules-decisions.md (klaverjassen)):
    by default the dealer must play, here the last proposed suit, diamonds."""
    game, s, _ = dealt()
    for _ in range(3):
        pass_round(game, s)
    assert game.view(s, None).proposed == "d"
    events = pass_round(game, s)
    assert events[-1].kind == "must_play" and events[-1].data == {"seat": 0, "suit": "d"}
    assert game.to_act(s) == frozenset({0})
    assert game.legal(s, 0) == [("bid", DIAMONDS)]
    assert game.default(s, 0) == ("bid", DIAMONDS)
    before = s.snapshot()
    with pytest.raises(RuleError, match="seat 0 must play"):
        game.apply(s, 0, ("pass",))
    with pytest.raises(RuleError, match=r"play it \(bid d\)"):
        game.apply(s, 0, ("bid", CLUBS))
    assert s.snapshot() == before
    game.apply(s, 0, ("bid", DIAMONDS))
    assert (s.trump, s.declarer, game.to_act(s)) == (DIAMONDS, 0, frozenset({1}))
    assert len(s.bids) == 17


@pytest.mark.parametrize(("all_pass", "seat"), [("first", 1), ("dealer", 0)])
def test_four_suits_passed_follows_the_all_pass_option(all_pass: str, seat: int) -> None:
    """§6.10 all_pass: first (the first bidder, left of the dealer) or dealer."""
    game, s, _ = dealt(all_pass=all_pass)
    for _ in range(4):
        pass_round(game, s)
    assert game.to_act(s) == frozenset({seat})
    assert game.legal(s, seat) == [("bid", DIAMONDS)]


def test_four_suits_passed_with_redeal_deals_again_with_the_same_dealer() -> None:
    """§6.10 all_pass redeal: the deal is void; clubs again, it is still the first deal."""
    game, s, _ = dealt(all_pass="redeal")
    for _ in range(3):
        pass_round(game, s)
    events = pass_round(game, s)
    assert events[-1].kind == "redeal"
    assert game.pending_deal(s) == 0 and game.deal_summaries(s) == []
    events = game.apply(s, 0, deal(DRAAI.replace("2c 5h", "5h 2c")))
    assert events[1].data == {"suit": "c", "bidder": 1}


def test_bad_gedraaid_deals_are_invalid_input() -> None:
    """RECORDS.md: a deal must be exactly the variant's deck; gedraaid keeps the 2 to 6
    out of the hands and all 20 of them in the stock."""
    game = gedraaid()
    assert len(game.deck) == 52 and len(Klaverjassen("nku").deck) == 32
    s = game.new_state(4, dealer=0)
    with pytest.raises(InvalidInput, match="missing from the deal: 2c"):
        game.apply(s, 0, deal(DRAAI[3:]))
    swapped = list(HANDS)
    swapped[0] = (parse_card("2c"), *HANDS[0][1:])
    with pytest.raises(InvalidInput, match="20 draaikaarten"):
        game.apply(s, 0, Deal(hands=tuple(swapped), stock=(HANDS[0][0], *deal().stock[1:])))
    with pytest.raises(InvalidInput, match="dealt twice"):
        game.apply(s, 0, Deal(hands=HANDS, stock=(*deal().stock[:-1], parse_card("2c"))))
    assert game.pending_deal(s) == 0


PLAYS = [
    [1, "play", "7c"], [2, "play", "8d"], [3, "play", "9s"], [0, "play", "Jh"],
    [0, "play", "9h"], [1, "play", "8c"], [2, "play", "9d"], [3, "play", "Ts"],
    [0, "play", "Ah"], [1, "play", "9c"], [2, "play", "Td"], [3, "play", "Js"],
    [0, "play", "Th"], [1, "play", "Tc"], [2, "play", "Jd"], [3, "play", "Qs"],
    [0, "play", "Kh"], [1, "play", "Jc"], [2, "play", "Qd"], [3, "play", "Ks"],
    [0, "play", "Qh"], [1, "play", "Qc"], [2, "play", "Kd"], [3, "play", "As"],
    [0, "play", "8h"], [1, "play", "Kc"], [2, "play", "Ad"], [3, "play", "7s"],
    [0, "play", "7h"], [1, "play", "Ac"], [2, "play", "7d"], [3, "play", "8s"],
]  # fmt: skip
"""Seat 0 trumps the first trick (it holds only hearts) and then leads hearts, which
nobody can follow or trump: it takes all eight tricks. No trick holds two cards of one
suit or four of one rank, so there is no roem."""

RECORD: dict[str, Any] = {
    "format": "kroeg-record/1",
    "game": "klaverjassen",
    "variant": "nku",
    "options": {"trump_mode": "gedraaid"},
    "seats": 4,
    "dealer": 0,
    "deals": [
        {
            "hands": [[card_str(c) for c in hand] for hand in HANDS],
            "stock": DRAAI.split(),
            "actions": [
                [1, "pass"], [2, "pass"], [3, "pass"], [0, "pass"],
                [1, "pass"], [2, "pass"], [3, "pass"], [0, "bid", "h"],
                *PLAYS,
            ],
        },
        {
            "hands": [[card_str(c) for c in hand] for hand in HANDS],
            "stock": ["6s", *DRAAI.replace("6s ", "").split()],
            "actions": [[2, "pass"], [3, "bid", "s"]],
        },
    ],
}  # fmt: skip
"""Written by hand. Deal 1: clubs (first deal) passed round; 2c skipped, 5h turned,
seat 0 plays hearts and takes every trick: pit, 162 + 100 for team 0 (§6.7). Deal 2
(dealer 1): the 6s on top proposes spades; seat 2 passes, seat 3 plays."""


def test_a_gedraaid_record_replays() -> None:
    """RECORDS.md: the record replays; the stock holds the draaikaarten top first."""
    out, status = replay(RECORD)
    assert status == 0, out
    assert out["deals"] == [
        {
            "declarer": 0,
            "trump": "h",
            "points": [162, 0],
            "roem": [0, 0],
            "score": [262, 0],
            "mark": "pit",
        }
    ]
    assert out["standings"] == {"totals": [262, 0], "deal_no": 1}
    assert out["next"]["to_act"] == [2]  # seat 2, left of dealer 1, leads


def test_a_gedraaid_record_bidding_a_suit_not_proposed_is_refused() -> None:
    """RECORDS.md errors: a rule violation names the deal, action and seat."""
    bad = {**RECORD, "deals": [{**RECORD["deals"][0], "actions": [[1, "bid", "h"]]}]}
    out, status = replay(bad)
    assert status == 1
    assert out["error"]["action"] == 0 and "proposed trump" in out["error"]["reason"]


def test_a_gedraaid_record_without_draaikaarten_is_malformed() -> None:
    """RECORDS.md: hands + stock must be exactly the variant's deck."""
    bad = {**RECORD, "deals": [{**RECORD["deals"][0], "stock": []}]}
    out, status = replay(bad)
    assert status == 2 and "missing from the deal" in out["error"]["reason"]


def play_random(seed: int, options: dict[str, Any], check: Any) -> None:
    game = gedraaid(**options)
    rng = random.Random(seed)
    s = game.new_state(4, dealer=seed % 4, seed=seed)
    while not game.is_over(s) and s.deal_no < 2:
        due = game.pending_deal(s)
        if due is not None:
            step: tuple[int, Any] = (due, game.random_deal(s, rng))
        else:
            (seat,) = game.to_act(s)
            step = (seat, rng.choice(game.legal(s, seat)))
        before = s.copy()
        events = game.apply(s, *step)
        check(game, before, step, s, events)


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(["dealer", "first", "redeal"]),
    st.sampled_from(["rotterdams", "amsterdams"]),
)
def test_random_gedraaid_games_keep_the_rule(seed: int, all_pass: str, troefplicht: str) -> None:
    """Over random games: clubs first in the game's first deal, else the suit of the
    last card turned; no suit is proposed twice in a deal; a bid names the proposed suit;
    nothing public shows a draaikaart before it is turned."""

    def check(game: Klaverjassen, before: Any, step: Any, s: KlaverjasState, events: Any) -> None:
        turned = [card_str(c) for c in s.draai[: s.turned]]
        unturned = {card_str(c) for c in s.draai[s.turned :]}
        if s.phase == BIDDING:
            view = game.view(s, None)
            assert view.turned == turned
            if s.deal_no == 0 and s.proposals == 1:
                assert view.proposed == "c" and s.turned == 0
            else:
                assert view.proposed == turned[-1][1]
        if isinstance(step[1], tuple):
            earlier = {b for i, b in enumerate("cdhs") if (before.proposals >> i) & 1}
            for e in events:
                if e.kind == "turn":
                    assert (e.data["suit"] in earlier) == e.data["repeat"]
            if step[1][0] == "bid":
                assert step[1][1] == before.proposed
        # A seat's view and events add only its own hand, which holds no draaikaart;
        # test_views_and_events_leak_no_hidden_card[gedraaid] checks every seat's.
        public = [game.view(s, None), *(e.data for e in events if e.to is None)]
        assert_no_hidden_cards(public, unturned, "the public view and events")

    play_random(seed, {"all_pass": all_pass, "troefplicht": troefplicht}, check)


def test_random_deal_puts_the_shuffled_draaikaarten_in_the_stock() -> None:
    """The draaikaarten are "de niet gebruikte kaarten 2 tot en met 6": the hands get
    the piket cards as without gedraaid, the stock all twenty 2-6 in a shuffled order."""
    game = gedraaid()
    s = game.new_state(4, dealer=1)
    deal = game.random_deal(s, random.Random(4))
    plain = Klaverjassen("nku").random_deal(s, random.Random(4))
    assert deal.hands == plain.hands
    assert sorted(deal.stock) == [c for c in range(52) if c % 13 <= 4]
    assert deal.stock != tuple(sorted(deal.stock))
