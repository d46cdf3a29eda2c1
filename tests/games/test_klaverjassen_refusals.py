"""Every refusal of Klaverjassen carries its stable code and params, and changes nothing.

One test per rule (RULES.md section cited) asserts the code a refused action raises and
that the state is exactly as before. ``test_every_code_is_reached`` scans the game's
source for the codes it can raise and checks that this file reaches each of them;
``test_every_own_code_has_a_dutch_and_an_english_text`` checks the browser catalogs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kroeg.cards import parse_card, parse_cards
from kroeg.games.base import Deal, GameError, InvalidInput, RuleError
from kroeg.games.klaverjassen import Klaverjassen, KlaverjasState, score_sheet
from kroeg.games.klaverjassen.state import BIDDING, KRAKEN
from kroeg.terminal.klaverjassen import dutch_refusal
from tests.games.test_klaverjassen_rules import BY_SUIT, table
from tests.support import shared_rule_codes

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    *(ROOT / "src/kroeg/games/klaverjassen").glob("*.py"),
    *(ROOT / "src/kroeg/bots/klaverjassen").glob("*.py"),
    ROOT / "src/kroeg/terminal/klaverjassen.py",
]
CODE = re.compile(r'(?:RuleError|InvalidInput|GameError)\(\s*"([a-z_]+)"')
SHARED_CODES = shared_rule_codes()
"""The codes whose texts the Shared section of the catalogs holds (common brief)."""
REACHED: set[str] = set()
"""The codes the tests below saw raised (``test_every_code_is_reached`` checks them)."""


def raised(code: str, action: Callable[[], object], s: KlaverjasState | None = None) -> GameError:
    """Run ``action``, which must be refused with ``code`` and leave ``s`` unchanged."""
    before = s.snapshot() if s is not None else None
    with pytest.raises(GameError) as info:
        action()
    assert info.value.code == code, str(info.value)
    if s is not None:
        assert s.snapshot() == before, "a refused action changed the state"
    REACHED.add(code)
    return info.value


def bidding(variant: str = "nku", **options: Any) -> tuple[Klaverjassen, KlaverjasState]:
    """Dealer 0 has dealt ``BY_SUIT``; the first bidder is to bid."""
    game = Klaverjassen(variant, options)
    s = game.new_state(4, dealer=0)
    game.apply(s, 0, BY_SUIT)
    return game, s


def due_seat(game: Klaverjassen, s: KlaverjasState) -> int:
    (seat,) = game.to_act(s)
    return seat


# Troefplicht (RULES.md §6.5) -----------------------------------------------------------


def test_must_follow() -> None:
    """§6.5: who can follow the led suit must."""
    game, s = table(hands={0: "Ac", 1: "7c 7h Ad"}, plays="Ac")
    e = raised("must_follow", lambda: game.apply(s, 1, ("play", parse_card("Ad"))), s)
    assert e.params == {"suit": "c", "allowed_cards": ["7c"]}


def test_must_follow_a_trump_lead() -> None:
    """§6.5: a trump lead is followed with trump."""
    game, s = table(hands={0: "Ah", 1: "7h Ad"}, plays="Ah")
    e = raised("must_follow", lambda: game.apply(s, 1, ("play", parse_card("Ad"))), s)
    assert e.params == {"suit": "h", "allowed_cards": ["7h"]}


def test_must_overtrump_a_trump_lead() -> None:
    """§6.5: to a trump lead, head the trick if you can."""
    game, s = table(hands={0: "Ah", 1: "7h 9h"}, plays="Ah")
    e = raised("must_overtrump", lambda: game.apply(s, 1, ("play", parse_card("7h"))), s)
    assert e.params == {"card": "Ah", "allowed_cards": ["9h"]}


def test_rotterdams_must_trump() -> None:
    """§6.5 Rotterdams: who cannot follow must trump, even when the partner wins."""
    game, s = table(hands={0: "Ac", 1: "7d", 2: "7h Ad"}, plays="Ac 7d")
    e = raised("must_trump", lambda: game.apply(s, 2, ("play", parse_card("Ad"))), s)
    assert e.params == {"suit": "h", "allowed_cards": ["7h"]}


def test_rotterdams_must_overtrump_the_partner() -> None:
    """§6.5 Rotterdams: must overtrump, also over the partner's trump."""
    game, s = table(hands={0: "Ac", 1: "Qh", 2: "7d", 3: "7h Kh Ad"}, plays="Ac Qh 7d")
    e = raised("must_overtrump", lambda: game.apply(s, 3, ("play", parse_card("Ad"))), s)
    assert e.params == {"card": "Qh", "allowed_cards": ["Kh"]}
    e = raised("must_overtrump", lambda: game.apply(s, 3, ("play", parse_card("7h"))), s)
    assert e.params == {"card": "Qh", "allowed_cards": ["Kh"]}


def test_rotterdams_must_undertrump() -> None:
    """§6.5 Rotterdams: unable to overtrump, the seat must still trump (undertrump)."""
    game, s = table(hands={0: "Ac", 1: "Kh", 2: "7h Ad"}, plays="Ac Kh")
    e = raised("must_trump", lambda: game.apply(s, 2, ("play", parse_card("Ad"))), s)
    assert e.params == {"suit": "h", "allowed_cards": ["7h"]}


def test_amsterdams_no_undertrump_over_a_partner() -> None:
    """§6.5 Amsterdams: the partner trumped: no undertrumping while you hold another card."""
    game, s = table(
        "amsterdams", hands={0: "Ac", 1: "Qh", 2: "7c", 3: "7h Kh Ad"}, plays="Ac Qh 7c"
    )
    e = raised("no_undertrump", lambda: game.apply(s, 3, ("play", parse_card("7h"))), s)
    assert e.params == {"card": "Qh", "allowed_cards": ["Ad", "Kh"]}


def test_amsterdams_must_trump_an_opponent() -> None:
    """§6.5 Amsterdams: an opponent wins with a plain card: who cannot follow must trump."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "7h Ad"}, plays="Ac")
    e = raised("must_trump", lambda: game.apply(s, 1, ("play", parse_card("Ad"))), s)
    assert e.params == {"suit": "h", "allowed_cards": ["7h"]}


def test_amsterdams_must_overtrump_an_opponent() -> None:
    """§6.5 Amsterdams: an opponent trumped: overtrump if you can."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "Qh", 2: "Kh 7h Ad"}, plays="Ac Qh")
    e = raised("must_overtrump", lambda: game.apply(s, 2, ("play", parse_card("Ad"))), s)
    assert e.params == {"card": "Qh", "allowed_cards": ["Kh"]}


def test_amsterdams_no_undertrump_of_an_opponent() -> None:
    """§6.5 Amsterdams: unable to overtrump an opponent, do not undertrump."""
    game, s = table("amsterdams", hands={0: "Ac", 1: "Qh", 2: "7h Ad"}, plays="Ac Qh")
    e = raised("no_undertrump", lambda: game.apply(s, 2, ("play", parse_card("7h"))), s)
    assert e.params == {"card": "Qh", "allowed_cards": ["Ad"]}


def test_a_card_not_held() -> None:
    """§6.5 (engine conventions): only a held card can be played."""
    game, s = table(hands={0: "Ac Kc"})
    e = raised("not_in_hand", lambda: game.apply(s, 0, ("play", parse_card("Qc"))), s)
    assert e.params == {"card": "Qc"}


def test_the_terminal_says_each_play_refusal_in_dutch() -> None:
    """The terminal translates by code and params (never by the English message), in the
    browser catalog's words (nl.js)."""
    cases = [
        (("nku", "0: Ac | 1: 7c 7h Ad", "Ac"), "Ad", "Je moet bekennen: klaveren is gevraagd."),
        (("nku", "0: Ah | 1: 7h 9h", "Ah"), "7h", "Je moet overtroeven: hoger dan harten aas."),
        (("nku", "0: Ac | 1: 7h Ad", "Ac"), "Ad", "Je moet troeven: harten is troef."),
        (
            ("amsterdams", "0: Ac | 1: Qh | 2: 7h Ad", "Ac Qh"),
            "7h",
            "Je mag niet ondertroeven onder harten vrouw.",
        ),
        (("nku", "0: Ac Kc", ""), "Qc", "Die kaart heb je niet: klaveren vrouw."),
    ]
    for (variant, hands, plays), card, dutch in cases:
        held = dict(part.split(": ") for part in hands.split(" | "))
        game, s = table(variant, hands={int(k): v for k, v in held.items()}, plays=plays)
        with pytest.raises(RuleError) as info:
            game.apply(s, s.turn, ("play", parse_card(card)))
        text = dutch_refusal(info.value)
        assert text.startswith(f"Die kaart mag niet. {dutch}"), text
        assert "must" not in text and "seat" not in text


# Making trump (RULES.md §6.4, §6.10) ---------------------------------------------------


def test_bid_out_of_turn() -> None:
    """§6.4: the dealer decides first, then clockwise; nobody else may bid."""
    game, s = bidding()
    e = raised("not_your_turn", lambda: game.apply(s, 2, ("bid", 0)), s)
    assert e.params == {"seat": 0}


def test_pass_when_forced() -> None:
    """§6.10 verplicht_spelen: the first bidder may not pass."""
    game, s = bidding(trump_mode="verplicht_spelen")
    e = raised("must_bid", lambda: game.apply(s, 0, ("pass",)), s)
    assert e.params == {"seat": 0}


def test_gedraaid_only_the_proposed_suit() -> None:
    """§6.10 gedraaid: only the suit the draaikaart proposes may be played (first deal clubs)."""
    game = Klaverjassen("nku", {"trump_mode": "gedraaid"})
    s = game.new_state(4, dealer=0)
    game.apply(s, 0, game.random_deal(s, random.Random(1)))
    e = raised("gedraaid_proposed", lambda: game.apply(s, 1, ("bid", 2)), s)
    assert e.params == {"suit": "c"}


def test_no_bid_once_trump_is_made() -> None:
    """§6.4: "Herstel is hierna niet mogelijk": after trump is made nobody bids."""
    game, s = bidding()
    game.apply(s, 0, ("bid", 2))
    raised("trump_made", lambda: game.apply(s, 1, ("bid", 0)), s)
    raised("trump_made", lambda: game.apply(s, 1, ("pass",)), s)


def test_no_card_while_bidding() -> None:
    """§6.4: the first card falls once trump is made."""
    game, s = bidding()
    assert s.phase == BIDDING
    raised("still_bidding", lambda: game.apply(s, 0, ("play", parse_card("Jh"))), s)


def test_kraken_calls_in_order_and_no_card_before_they_end() -> None:
    """§6.10 kraken: kraak, then herkraak, then superkraak; play starts after the calls."""
    game, s = bidding("amsterdams", trump_mode="kraken")
    game.apply(s, 1, ("bid", 0))
    assert s.phase == KRAKEN
    e = raised("kraken_next_call", lambda: game.apply(s, 2, ("herkraak",)), s)
    assert e.params == {"call": "kraak"}
    raised("still_kraken", lambda: game.apply(s, 1, ("play", parse_card("Ac"))), s)


# Roem and verzaken (RULES.md §6.6, §6.8) ----------------------------------------------


def test_roem_claim_with_automatic_roem() -> None:
    """§6.6 roem_claim auto: the server counts roem; nobody claims it."""
    game, s = table(hands={0: "Ac"})
    raised("roem_auto", lambda: game.apply(s, 0, ("roem",)), s)


def test_roem_claim_with_nothing_to_claim() -> None:
    """§6.6 roem_claim manual: only roem of the last completed trick can be claimed."""
    game, s = table(hands={0: "Ac", 1: "7c"}, roem_claim="manual")
    raised("no_roem", lambda: game.apply(s, 1, ("roem",)), s)


def test_revoke_calls() -> None:
    """§6.8 verzaken mode: only with allow_revoke, only in play, only of an opponent that
    made a play open to doubt since it was last checked."""
    game, s = table(hands={0: "Ac", 1: "7c"})
    raised("revoke_off", lambda: game.apply(s, 0, ("verzaakt", 1)), s)
    game, s = table(hands={0: "Ac Kc", 1: "7c 8c", 2: "9c Tc", 3: "Jc Qc"}, allow_revoke=True)
    e = raised("revoke_partner", lambda: game.apply(s, 0, ("verzaakt", 2)), s)
    assert e.params == {"seat": 2}
    game.apply(s, 0, ("play", parse_card("Ac")))
    game.apply(s, 1, ("play", parse_card("7c")))  # following a plain suit: never a revoke
    e = raised("revoke_nothing", lambda: game.apply(s, 2, ("verzaakt", 1)), s)
    assert e.params == {"seat": 1}
    game, s = bidding(allow_revoke=True)
    raised("revoke_not_now", lambda: game.apply(s, 0, ("verzaakt", 1)), s)


# The deal and the flow of the game (RULES.md §6.2, §6.3) --------------------------------


def test_actions_while_a_deal_is_due_or_after_the_game() -> None:
    """§6.2: a game is 16 deals; while a deal is due nobody acts, after the last nobody."""
    game = Klaverjassen("nku")
    s = game.new_state(4, dealer=1, start={"totals": [0, 0], "deal_no": 15})
    e = raised("no_decision", lambda: game.apply(s, 2, ("pass",)), s)
    assert e.params == {"seat": 2}
    raised("no_decision", lambda: game.default(s, 2), s)
    rng = random.Random(5)
    game.apply(s, 1, game.random_deal(s, rng))
    raised("no_deal_due", lambda: game.apply(s, 1, game.random_deal(s, rng)), s)
    while not game.is_over(s):
        seat = due_seat(game, s)
        game.apply(s, seat, rng.choice(game.legal(s, seat)))
    raised("game_over", lambda: game.apply(s, 0, ("pass",)), s)
    raised("game_over", lambda: game.apply(s, 1, game.random_deal(s, rng)), s)


def test_bad_deals() -> None:
    """§6.3: the dealer deals 4 hands of 8 piket cards, nothing left over."""
    game = Klaverjassen("nku")
    s = game.new_state(4, dealer=0)
    e = raised("wrong_dealer", lambda: game.apply(s, 1, BY_SUIT), s)
    assert e.params == {"dealer": 0}
    three = Deal(hands=BY_SUIT.hands[:3], stock=BY_SUIT.hands[3])
    e = raised("deal_hands", lambda: game.apply(s, 0, three), s)
    assert e.params == {"count": 4}
    with_stock = Deal(hands=BY_SUIT.hands, stock=tuple(parse_cards(["2c"])))
    raised("deal_no_stock", lambda: game.apply(s, 0, with_stock), s)


def test_a_gedraaid_deal_keeps_the_draaikaarten_out_of_the_hands() -> None:
    """§6.10 gedraaid: the 32 piket cards are dealt, the 20 draaikaarten are the stock."""
    game = Klaverjassen("nku", {"trump_mode": "gedraaid"})
    s = game.new_state(4, dealer=0)
    good = game.random_deal(s, random.Random(2))
    hands = [list(h) for h in good.hands]
    stock = list(good.stock)
    hands[0][0], stock[0] = stock[0], hands[0][0]
    swapped = Deal(hands=tuple(tuple(h) for h in hands), stock=tuple(stock))
    raised("deal_gedraaid", lambda: game.apply(s, 0, swapped), s)


def test_malformed_actions() -> None:
    """Engine conventions: an unknown verb or wrong arguments are invalid input."""
    game, s = bidding()
    for action, code, verb in [
        (("knock",), "unknown_verb", "knock"),
        (("bid", 7), "bad_arguments", "bid"),
        (("play", "Ah"), "bad_arguments", "play"),
        (("pass", 1), "bad_arguments", "pass"),
        (("verzaakt", 9), "bad_arguments", "verzaakt"),
    ]:
        e = raised(code, lambda action=action: game.apply(s, 0, action), s)  # type: ignore[misc]
        assert e.params == {"verb": verb}
    e = raised("bad_seat", lambda: game.apply(s, 4, ("pass",)), s)
    assert e.params == {"seat": "4"}
    for items, code in [
        (["knock"], "unknown_verb"),
        ([], "unknown_verb"),
        (["bid", "x"], "bad_arguments"),
        (["pass", 1], "bad_arguments"),
    ]:
        raised(code, lambda items=items: game.parse_action(items))  # type: ignore[misc]
    e = raised("not_piket", lambda: game.parse_action(["play", "2h"]))
    assert e.params == {"card": "2h"}


# Options and start standings (RULES.md §6.10) -------------------------------------------


def test_bad_options() -> None:
    """§6.10: pit_bonus is 100 or 0; kraken is played with the Amsterdams rules and
    counts roem in the hand."""
    e = raised("option_choice", lambda: Klaverjassen("nku", {"pit_bonus": 50}))
    assert e.params == {"option": "pit_bonus", "choices": ["100", "0"]}
    e = raised(
        "kraken_amsterdams",
        lambda: Klaverjassen("nku", {"trump_mode": "kraken", "troefplicht": "rotterdams"}),
    )
    assert e.params == {"option": "troefplicht", "value": "amsterdams"}
    for option, value in (("roem_claim", "manual"), ("four_kind_ranks", "a10hv")):
        e = raised(
            "kraken_roem_in_hand",
            lambda option=option, value=value: Klaverjassen(  # type: ignore[misc]
                "amsterdams", {"trump_mode": "kraken", option: value}
            ),
        )
        assert e.params == {"option": option}


BAD_STARTS = [
    (7, None, {}, "dealer"),
    (0, {"score": 1}, {}, "score"),
    (0, {"totals": [-1, 0]}, {}, "totals"),
    (0, {"deal_no": -1}, {}, "deal_no"),
    (0, {"deal_no": 16}, {}, "deal_no"),
    (0, {"totals": [1500, 0]}, {"game_length": "first_to_1500"}, "totals"),
]


@pytest.mark.parametrize(("dealer", "start", "options", "field"), BAD_STARTS)
def test_bad_start(dealer: int, start: Any, options: dict[str, Any], field: str) -> None:
    """§6.2 / RECORDS.md start: a game may start from standings inside its length."""
    game = Klaverjassen("nku", options)
    e = raised("bad_start", lambda: game.new_state(4, dealer=dealer, start=start))
    assert e.params == {"field": field}


def test_the_score_sheet_of_another_game() -> None:
    """The club score sheet is only for Klaverjassen records."""
    e = raised("not_klaverjassen", lambda: score_sheet({"game": "toepen"}))
    assert e.params == {"game": "toepen"}
    assert isinstance(e, InvalidInput)


# The codes and the catalogs -------------------------------------------------------------


def source_codes() -> set[str]:
    return {code for path in SOURCES for code in CODE.findall(path.read_text())}


def catalog_keys(lang: str) -> Iterator[str]:
    text = (ROOT / "src/kroeg/web/i18n" / f"{lang}.js").read_text()
    section = text.split("  // Klaverjassen:", 1)[1].split("// ... (Klaverjassen ends)", 1)[0]
    for line in section.splitlines():
        m = re.match(r'\s*"rule\.([a-z_]+)":\s*"(.+)",?$', line)
        if m:
            yield m.group(1)


def test_every_own_code_has_a_dutch_and_an_english_text() -> None:
    """Each code of the game's own (not a shared one) has its rule.<code> text in the
    Klaverjassen section of nl.js and en.js, and the sections hold no other code."""
    own = source_codes() - SHARED_CODES
    assert set(catalog_keys("nl")) == own
    assert set(catalog_keys("en")) == own


def test_every_code_is_reached() -> None:
    """Every code in the source is raised by one of the tests above (run here again, so
    that the check does not depend on the order the tests run in)."""
    REACHED.clear()
    for name, test in list(globals().items()):
        if name.startswith("test_") and name != "test_every_code_is_reached":
            if name == "test_bad_start":
                for case in BAD_STARTS:
                    test(*case)
            elif not name.startswith("test_every_"):
                test()
    codes = source_codes()
    assert codes >= {"must_follow", "must_overtrump", "must_trump", "no_undertrump"}
    assert codes - REACHED == set()
