"""Every refusal Eurokaarten can give carries its stable code (issue 16): one scenario per
code, each citing the rule it enforces, each checking that the refused action changes
nothing; the codes are found by scanning the game's source, and each of the game's own
codes has a Dutch and an English text in its section of the browser's catalogs."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from kroeg.cards import parse_card
from kroeg.games.base import Deal, GameError
from kroeg.games.eurokaarten import Eurokaarten, EuroState
from tests.games.test_eurokaarten_support import act, make_deal, start_round
from tests.support import shared_rule_codes

SRC = Path(__file__).resolve().parents[2] / "src" / "kroeg"
SOURCES = [
    *sorted((SRC / "games" / "eurokaarten").glob("*.py")),
    *sorted((SRC / "bots" / "eurokaarten").glob("*.py")),
    SRC / "terminal" / "eurokaarten.py",
]
SHARED_CODES = shared_rule_codes()
"""Codes every game shares (docs: common brief); their texts are in the Shared section."""

Attempt = tuple[EuroState | None, Callable[[], object]]


def raised_codes() -> set[str]:
    """Every code a RuleError or InvalidInput is raised with in the game's source."""
    found = set()
    for path in SOURCES:
        text = path.read_text()
        for call in re.finditer(r"\b(?:RuleError|InvalidInput)\(\s*([^\s,)]*)", text):
            literal = re.fullmatch(r'"([a-z_]+)"', call.group(1))
            assert literal, f"{path.name}: a refusal without a literal code: {call.group(0)}"
            found.add(literal.group(1))
    return found


def on(hand: list[str], *items: object, options: dict[str, object] | None = None) -> Attempt:
    """Seat 0, after drawing the 9s, tries ``items`` (record form)."""
    game = Eurokaarten("standaard", options)
    game, s = start_round({0: hand}, stock_top=["9s"], game=game)
    act(game, s, 0, "draw", "stock")
    return s, lambda: act(game, s, 0, *items)


def raw(hand: list[str], action: tuple[object, ...]) -> Attempt:
    """Seat 0, after drawing the 9s, applies an engine tuple (not through the notation)."""
    game, s = start_round({0: hand}, stock_top=["9s"])
    act(game, s, 0, "draw", "stock")
    return s, lambda: game.apply(s, 0, action)


def at_start(*items: object, options: dict[str, object] | None = None) -> Attempt:
    """Seat 0 at the start of its first turn tries ``items``."""
    game = Eurokaarten("standaard", options)
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h", game=game)
    return s, lambda: act(game, s, 0, *items)


def after_meld(
    hand0: list[str],
    meld: list[str],
    hand1: list[str],
    *items: object,
    options: dict[str, object] | None = None,
) -> Attempt:
    """Seat 0 melds ``meld`` and discards its Qs; seat 1 draws and tries ``items``."""
    game = Eurokaarten("standaard", options)
    game, s = start_round({0: hand0, 1: hand1}, upcard="8c", stock_top=["2c", "3d"], game=game)
    act(game, s, 0, "draw", "stock")
    act(game, s, 0, "meld", meld)
    act(game, s, 0, "discard", "Qs")
    act(game, s, 1, "draw", "stock")
    return s, lambda: act(game, s, 1, *items)


def round_over() -> tuple[Eurokaarten, EuroState]:
    """Seat 0 opened gaan: the round is over and dealer 0 deals next."""
    game, s = start_round({0: ["Ac", "2c", "2d", "3h", "Ad"]}, upcard="8c")
    act(game, s, 0, "open")
    return game, s


def game_won() -> tuple[Eurokaarten, EuroState]:
    start = {"coins": [3, 1, 0, 0, 0, 0], "bokje": [5], "out": [2, 3, 4, 5]}
    hands = {0: ["Ac", "2c", "2d", "3h", "Ad"], 1: ["Kc", "Kd", "Ks", "Qc", "Qd"]}
    game, s = start_round(hands, upcard="8c", dealer=1, start=start)
    act(game, s, 0, "open")
    assert game.is_over(s)
    return game, s


def after_the_partij() -> Attempt:
    game, s = game_won()
    return s, lambda: act(game, s, 0, "open")


def between_rounds() -> Attempt:
    game, s = round_over()
    return s, lambda: act(game, s, 1, "draw", "stock")


def deal_due(wrong_seat: bool = False, hands: int = 6, short: bool = False) -> Attempt:
    game, s = round_over()
    deal = game.random_deal(s, random.Random(1))
    if hands != 6:
        deal = Deal(deal.hands[:hands], deal.stock, deal.upcard)
    if short:
        cards = [list(h) for h in deal.hands]
        moved = cards[3].pop()
        deal = Deal(tuple(tuple(h) for h in cards), (*deal.stock, moved), deal.upcard)
    return s, lambda: game.apply(s, 1 if wrong_seat else 0, deal)


def empty_pile() -> Attempt:
    """Seat 0 took the upcard, the only card of the pile, and is put out (§7.8): seat 1
    finds the pile empty."""
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h")
    act(game, s, 0, "draw", "discard")
    game.eliminate(s, 0)
    return s, lambda: act(game, s, 1, "draw", "discard")


def empty_stock() -> Attempt:
    """The round ends as the stock runs out (§7.7), so a turn never meets an empty stock;
    a state built with one (as a bot's rebuilt state could be) is refused all the same."""
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h")
    s.stock = []
    return s, lambda: act(game, s, 0, "draw", "stock")


def new_state(**kw: object) -> Attempt:
    game = Eurokaarten("standaard", kw.pop("options", None))  # type: ignore[arg-type]
    return None, lambda: game.new_state(6, **kw)  # type: ignore[arg-type]


def default_out_of_turn() -> Attempt:
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h")
    return s, lambda: game.default(s, 3)


def eliminate(seat: int, twice: bool = False) -> Attempt:
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]})
    if twice:
        game.eliminate(s, seat)
    return s, lambda: game.eliminate(s, seat)


def c(text: str) -> int:
    return parse_card(text)


def at_start_other() -> Attempt:
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h")
    return s, lambda: act(game, s, 1, "draw", "stock")


def at_start_raw(action: tuple[object, ...]) -> Attempt:
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h")
    return s, lambda: game.apply(s, 0, action)


def deal_during_turn() -> Attempt:
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h")
    hands = [["4h", "5h", "6h", "X1", "Qs"], *([] for _ in range(5))]
    return s, lambda: game.apply(s, 5, make_deal(hands, "7h"))


def took_upcard(*items: object) -> Attempt:
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h")
    act(game, s, 0, "draw", "discard")
    return s, lambda: act(game, s, 0, *items)


def restock_attempt(due: bool) -> Attempt:
    """A restock with the pile's cards but one (due: right after the draw that turned
    the pile over; else at the start of a turn)."""
    game = Eurokaarten("standaard", {"stock_empty": "reshuffle_discards"})
    game, s = start_round({0: ["4h", "5h", "6h", "X1", "Qs"]}, upcard="7h", game=game)
    if due:
        while game.pending_restock(s) is None:  # draw, and discard what was drawn
            seat, before = s.turn, s.hands[s.turn]
            game.apply(s, seat, ("draw", "stock"))
            drawn = (s.hands[seat] & ~before).bit_length() - 1
            if game.pending_restock(s) is None:
                game.apply(s, seat, ("discard", drawn) if drawn < 52 else game.default(s, seat))
    cards = game.pending_restock(s) or (c("2c"), c("3c"))
    return s, lambda: game.apply(s, s.turn, ("restock", cards[1:]))


SET9 = ["9c", "9d", "9h", "Jd", "Qs"]
RUN = ["4h", "5h", "6h", "Jd", "Qs"]

SCENARIOS: dict[str, tuple[str, Callable[[], Attempt]]] = {
    "game_over": ("§7.3: the partij is over", after_the_partij),
    "no_decision": ("§7.4: a deal is due, no turn is played", between_rounds),
    "not_your_turn": ("§7.4: the player left of the dealer starts", at_start_other),
    "no_deal_due": ("§7.4: one deal per round", deal_during_turn),
    "wrong_dealer": ("§7.4: the dealer deals", lambda: deal_due(wrong_seat=True)),
    "deal_hands": ("§7.4: a hand per seat", lambda: deal_due(hands=5)),
    "deal_hand_size": ("§7.4: 5 cards each", lambda: deal_due(short=True)),
    "unknown_verb": ("RECORDS.md verbs", lambda: at_start_raw(("knock",))),
    "bad_arguments": ("RECORDS.md: draw stock or discard", lambda: at_start_raw(("draw", "pile"))),
    "open_after_draw": ("§7.5: open gaan before drawing", lambda: on(RUN, "open")),
    "open_first_turn": (
        "§7.9 open_first_turn",
        lambda: at_start("open", options={"open_first_turn": False}),
    ),
    "already_drew": ("§7.5: draw exactly one card", lambda: on(RUN, "draw", "stock")),
    "draw_first": ("§7.5: draw before melding or discarding", lambda: at_start("discard", "Qs")),
    "stock_empty": ("§7.5: draw from a pile that has cards", empty_stock),
    "discard_pile_empty": ("§7.5: draw from a pile that has cards", empty_pile),
    "no_restock": (
        "§7.9 reshuffle_discards: a restock only right after the pile is turned over",
        lambda: restock_attempt(due=False),
    ),
    "restock_cards": (
        "§7.9 reshuffle_discards: the restock is the turned-over pile's cards",
        lambda: restock_attempt(due=True),
    ),
    "joker_discard": (
        "§7.5: a joker may not be discarded",
        lambda: on(["X1", *RUN[:4]], "discard", "X1"),
    ),
    "discard_taken": (
        "§7.5: not the card just taken from the pile",
        lambda: took_upcard("discard", "7h"),
    ),
    "not_in_hand": ("§7.5: you lay your own cards", lambda: on(RUN, "discard", "Kc")),
    "card_twice": (
        "§7.6: each card once",
        lambda: raw(RUN, ("meld", ((c("4h"), None), (c("4h"), None), (c("5h"), None)))),
    ),
    "stands_for_joker_only": (
        "§7.6: only a joker stands for a card",
        lambda: raw(RUN, ("meld", ((c("4h"), c("3h")), (c("5h"), None), (c("6h"), None)))),
    ),
    "joker_needs_card": (
        "§7.6 DECISION: every joker declares its card",
        lambda: raw(
            ["X1", *RUN[:4]], ("meld", ((c("4h"), None), (c("5h"), None), (c("X1"), None)))
        ),
    ),
    "joker_stands_twice": (
        "§7.6: a joker replaces a missing card",
        lambda: on(["X1", *RUN[:4]], "meld", ["4h", "5h", "X1=5h"]),
    ),
    "meld_too_short": ("§7.6: 3 or more cards", lambda: on(RUN, "meld", ["4h", "5h"])),
    "meld_only_jokers": (
        "§7.6: at least one real card",
        lambda: on(["X1", "X2", "4h", "Jd", "Qs"], "meld", ["X1=4c", "X2=4d"]),
    ),
    "too_many_jokers": (
        "§7.9 max_jokers_per_meld",
        lambda: on(
            ["X1", "X2", "4h", "Jd", "Qs"],
            "meld",
            ["4h", "X1=5h", "X2=6h"],
            options={"max_jokers_per_meld": 1},
        ),
    ),
    "jokers_side_by_side": (
        "§7.9 no_adjacent_jokers",
        lambda: on(
            ["X1", "X2", "4h", "Jd", "Qs"],
            "meld",
            ["4h", "X1=5h", "X2=6h"],
            options={"no_adjacent_jokers": True},
        ),
    ),
    "set_one_rank": (
        "§7.6: a set is of one rank",
        lambda: on(["X1", *RUN[:4]], "meld", ["4h", "X1=4s", "5h"]),
    ),
    "run_one_suit": ("§7.6: a run is of one suit", lambda: on(RUN, "meld", ["4h", "5h", "9s"])),
    "run_gap": (
        "§7.6: a run is consecutive",
        lambda: on(["4h", "6h", "8h", "Jd", "Qs"], "meld", ["4h", "6h", "8h"]),
    ),
    "run_wraps": (
        "§7.6 DECISION: no wrap-around",
        lambda: on(["Kh", "Ah", "2h", "Jd", "Qs"], "meld", ["Kh", "Ah", "2h"]),
    ),
    "first_meld_value": (
        "§7.9 min_first_meld",
        lambda: on(RUN, "meld", ["4h", "5h", "6h"], options={"min_first_meld": 20}),
    ),
    "no_such_meld": (
        "§7.5: lay off on a combination on the table",
        lambda: on(RUN, "layoff", 3, ["4h"]),
    ),
    "set_closed": (
        "§7.6: a set of four is complete",
        lambda: after_meld(
            ["9c", "9d", "9h", "9s", "Qs"],
            ["9c", "9d", "9h", "9s"],
            ["X1", "Kd", "Ks", "Qc", "Qd"],
            "layoff",
            0,
            ["X1=9s"],
        ),
    ),
    "set_has_card": (
        "§7.6: a joker replaces a missing card",
        lambda: after_meld(
            SET9, ["9c", "9d", "9h"], ["X1", "Kd", "Ks", "Qc", "Qd"], "layoff", 0, ["X1=9c"]
        ),
    ),
    "set_wrong_rank": (
        "§7.6: a set is of one rank",
        lambda: after_meld(
            SET9, ["9c", "9d", "9h"], ["8s", "Kd", "Ks", "Qc", "Qd"], "layoff", 0, ["8s"]
        ),
    ),
    "set_too_big": (
        "§7.6: a set has 3 or 4 cards",
        lambda: after_meld(
            ["9c", "9d", "X1", "Jd", "Qs"],
            ["9c", "9d", "X1=9h"],
            ["9h", "9s", "Ks", "Qc", "Qd"],
            "layoff",
            0,
            ["9h", "9s"],
        ),
    ),
    "run_wrong_suit": (
        "§7.6: a run is of one suit",
        lambda: after_meld(
            RUN, ["4h", "5h", "6h"], ["7s", "Kd", "Ks", "Qc", "Qd"], "layoff", 0, ["7s"]
        ),
    ),
    "layoff_before_first_meld": (
        "§7.9 min_first_meld",
        lambda: after_meld(
            ["Jc", "Jd", "Jh", "5d", "Qs"],
            ["Jc", "Jd", "Jh"],
            ["Js", "Kd", "Ks", "3c", "Qd"],
            "layoff",
            0,
            ["Js"],
            options={"min_first_meld": 20},
        ),
    ),
    "swap_before_meld": (
        "§7.9 swap_only_after_melding",
        lambda: after_meld(
            ["X1", "4c", "4d", "Jh", "Qs"],
            ["4c", "4d", "X1=4h"],
            ["4h", "Kd", "Ks", "3c", "Qd"],
            "swap",
            0,
            "4h",
            options={"swap_only_after_melding": True},
        ),
    ),
    "swap_no_joker": (
        "§7.6: the swap needs the card the joker stands for",
        lambda: after_meld(
            ["X1", "4h", "6h", "Jh", "Qs"],
            ["4h", "X1=5h", "6h"],
            ["7h", "Kd", "Ks", "3c", "Qd"],
            "swap",
            0,
            "7h",
        ),
    ),
    "no_such_seat": ("§7.8: put out a seat of the table", lambda: eliminate(9)),
    "already_out": ("§7.8: a seat is put out once", lambda: eliminate(2, twice=True)),
    "dealer_out": (
        "§12: the dealer is never a seat that is out",
        lambda: new_state(dealer=2, start={"out": [2]}),
    ),
    "start_unknown": (
        "RECORDS.md start: coins, bokje, out",
        lambda: new_state(dealer=0, start={"points": [0] * 6}),
    ),
    "start_coins": (
        "RECORDS.md start: coins per seat",
        lambda: new_state(dealer=0, start={"coins": [3] * 5}),
    ),
    "start_seats": (
        "RECORDS.md start: out is a list of seats",
        lambda: new_state(dealer=0, start={"out": [7]}),
    ),
    "start_needs_bokje": (
        "§12: a seat with 0 coins that is in holds the bokje",
        lambda: new_state(dealer=0, start={"coins": [0, 3, 3, 3, 3, 3]}),
    ),
    "start_bokje_off": (
        "§7.9 bokje off: nobody holds it",
        lambda: new_state(
            dealer=0, start={"coins": [0, 3, 3, 3, 3, 3], "bokje": [0]}, options={"bokje": False}
        ),
    ),
    "start_bokje_coins": (
        "§7.3: the bokje is the life after the last coin",
        lambda: new_state(dealer=0, start={"coins": [2, 3, 3, 3, 3, 3], "bokje": [0]}),
    ),
    "start_too_few": (
        "§7.3: the partij needs two players in",
        lambda: new_state(dealer=0, start={"out": [1, 2, 3, 4, 5]}),
    ),
}


def test_every_code_the_game_raises_has_a_scenario() -> None:
    """Issue 16: every code is reached by a test that asserts it (found by the source)."""
    assert raised_codes() == set(SCENARIOS)


@pytest.mark.parametrize("code", sorted(SCENARIOS))
def test_the_refusal_carries_its_code_and_changes_nothing(code: str) -> None:
    """The refused action raises the code of the rule it breaks (SCENARIOS names the
    rule, RULES.md §7 unless told) and leaves the state exactly as it was."""
    rule, scenario = SCENARIOS[code]
    s, attempt = scenario()
    before = None if s is None else s.snapshot()
    with pytest.raises(GameError) as refused:
        attempt()
    assert refused.value.code == code, (rule, refused.value.message)
    assert refused.value.message
    assert all(isinstance(v, (str, int, list)) for v in refused.value.params.values())
    if s is not None:
        assert s.snapshot() == before, rule


def test_the_house_refuses_a_seat_without_a_decision() -> None:
    """§7.8: the house plays a turn only for the seat whose turn it is."""
    s, attempt = default_out_of_turn()
    before = s.snapshot() if s else None
    with pytest.raises(GameError) as refused:
        attempt()
    assert refused.value.code == "no_decision" and refused.value.params == {"seat": 3}
    assert s is not None and s.snapshot() == before


def _section(lang: str) -> str:
    text = (SRC / "web" / "i18n" / f"{lang}.js").read_text()
    start = text.index("// Eurokaarten:")
    return text[start : text.index("// ... (Eurokaarten ends)", start)]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_each_own_code_has_a_text_in_the_games_catalog_section(lang: str) -> None:
    """Issue 16: a Dutch and an English text for every code; the game's own codes in its
    section, the shared ones left to the Shared section, every placeholder a param."""
    keys = dict(re.findall(r'"rule\.([a-z_]+)(?:\.one)?": "([^"]*)"', _section(lang)))
    own = raised_codes() - SHARED_CODES
    assert set(keys) == own
    params: dict[str, set[str]] = {code: set() for code in own}
    for code, (_, scenario) in SCENARIOS.items():
        if code in own:
            _, attempt = scenario()
            with pytest.raises(GameError) as refused:
                attempt()
            params[code] = set(refused.value.params)
    for code, text in keys.items():
        assert set(re.findall(r"\{(\w+)\}", text)) <= params[code], (code, text)
