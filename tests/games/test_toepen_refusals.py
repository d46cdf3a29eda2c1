"""Every refusal Toepen can raise carries a stable code and its params, and changes nothing.

One scenario per code (some codes more than once): the position, the refused action, the
code and the params a front-end translates with. Each cites the rule it refuses by. The
last tests find every code in the source (the game, its bots, its terminal) and check
that each is reached here and has a Dutch and an English text in the web catalogs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kroeg.cards import parse_card
from kroeg.games.base import Deal, GameError, InvalidInput, RuleError
from kroeg.games.toepen import Toepen
from kroeg.games.toepen.state import ToepenState
from tests.games.test_toepen_support import act, deal_of, make, start
from tests.support import shared_rule_codes

SRC = Path(__file__).resolve().parents[2] / "src" / "kroeg"

HANDS = ["Th 9c 8d Js", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"]
"""Dealer 0, seat 1 leads; no three of a kind, no vuile was."""

TRIPS = ["Th 9c 8d Js", "7h 7c 7d Qd", "9h 8h Jc Ad", "Kh Ah Kc As"]
"""Seat 1 holds three sevens and the odd Qd: the exchange comes first (kroegregels)."""

SEVEN_HANDS = [
    "7h 8h 9h Th",
    "Jh Qh Kh Ah",
    "7d 8d 9d Td",
    "Jd Qd Kd Ad",
    "7c 8c 9c Tc",
    "Jc Qc Kc Ac",
    "7s 8s 9s Ts",
]
"""Klassiek at 7 seats: the stock holds four cards, one laundry's worth."""

TRICKS = [
    *("1 play 7h", "2 play 9h", "3 play Kh", "0 play Th"),
    *("0 play 9c", "1 play Kc", "2 play Jc", "3 play 7c"),
    *("0 play 8d", "1 play Qd", "2 play Ad", "3 play 7d"),
    *("0 play Js", "1 play Ah", "2 play 8h", "3 play As"),
]
"""The plain deal of HANDS: seat 3 wins the last trick."""

Position = tuple[Toepen, ToepenState]


def at(
    variant: str, hands: list[str], *steps: str, points: list[int] | None = None, **options: Any
) -> Callable[[], Position]:
    def build() -> Position:
        g = make(variant, **options)
        s, _ = start(g, hands, points=points)
        act(g, s, *steps)
        return g, s

    return build


def action(game: Toepen, text: str) -> tuple[int, Any]:
    seat, verb, *args = text.split()
    parsed = [int(a) if a.isdigit() else a for a in args]
    return int(seat), game.parse_action([verb, *parsed])


def kroeg(*steps: str, **options: Any) -> Callable[[], Position]:
    return at("kroegregels", HANDS, *steps, **options)


def klassiek(*steps: str, **options: Any) -> Callable[[], Position]:
    return at("klassiek", HANDS, *steps, **options)


def _eliminated() -> Position:
    """Klassiek by elimination: seat 0 reaches 10 and is out; the next deal skips it."""
    g = make("klassiek", end_mode="elimination")
    s, _ = start(g, HANDS, points=[9, 0, 0, 0])
    act(g, s, *TRICKS)
    g.apply(s, 3, deal_of(["", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"]))
    return g, s


def _deal_due() -> Position:
    g = make("klassiek")
    s, _ = start(g, HANDS)
    act(g, s, *TRICKS)
    return g, s


def _game_over() -> Position:
    g = make("klassiek")
    s, _ = start(g, HANDS, points=[9, 0, 0, 0])
    act(g, s, *TRICKS)
    return g, s


def _not_dealt() -> Position:
    g = make()
    return g, g.new_state(4, dealer=0)


SCENARIOS: list[tuple[str, Callable[[], Position], str, str, dict[str, Any]]] = [
    # RULES.md §1: follow suit; cards of one's own hand; one's own turn.
    (
        "§1 follow suit",
        kroeg("1 play 7h"),
        "2 play Jc",
        "must_follow",
        {"suit": "h", "cards": ["8h", "9h"]},
    ),
    ("§1 a card of one's hand", kroeg(), "1 play Th", "not_in_hand", {"card": "Th"}),
    ("§1 turn to play", kroeg(), "2 play 9h", "not_your_turn", {"seat": 1}),
    ("§1.1 folded seat", kroeg("1 play 7h", "2 fold"), "2 knock", "seat_folded", {"seat": 2}),
    ("§5 end_mode elimination", _eliminated, "0 play Th", "seat_out", {"seat": 0}),
    # RULES.md §1, §2.5, §3.3, §12: knocking.
    (
        "§1 no double knock",
        kroeg("1 knock", "2 stay", "3 stay", "0 stay"),
        "1 knock",
        "own_knock",
        {"seat": 1},
    ),
    (
        "§5 knock_only_on_turn",
        kroeg(knock_only_on_turn=True),
        "2 knock",
        "knock_on_turn",
        {"seat": 1},
    ),
    (
        "§2.5 any-active limit",
        at("kroegregels", HANDS, "1 knock", "2 stay", "3 stay", "0 stay", points=[8, 0, 0, 0]),
        "2 knock",
        "knock_limit",
        {"seat": 0, "points": 8, "stake": 3, "max_points": 10},
    ),
    (
        "§3.3 knocker-only limit",
        at("klassiek", HANDS, "1 knock", "2 stay", "3 stay", "0 stay", points=[0, 0, 8, 0]),
        "2 knock",
        "knock_limit",
        {"seat": 2, "points": 8, "stake": 3, "max_points": 10},
    ),
    ("§3.3 no over-knock in tournament mode", klassiek("1 knock"), "2 knock", "no_over_knock", {}),
    (
        "§12 one over-knock per round of answers",
        kroeg("1 knock", "2 knock"),
        "3 knock",
        "over_knock_taken",
        {"seat": 2},
    ),
    ("§2.5 the knocker does not answer", kroeg("1 knock"), "1 stay", "not_answering", {"seat": 1}),
    ("§2.5 answers one by one", kroeg("1 knock"), "3 stay", "not_your_turn", {"seat": 2}),
    ("§2.5 stay answers a knock", kroeg(), "1 stay", "no_knock", {}),
    ("§2.5 answers before play", kroeg("1 knock"), "2 play 9h", "wait_answers", {"seat": 1}),
    # RULES.md §2.5, §3.3, §12: folding.
    ("§3.3 no fold without a knock", klassiek("1 play 7h"), "2 fold", "fold_needs_knock", {}),
    ("§2.5 no voluntary fold when leading", kroeg(), "1 fold", "fold_leading", {}),
    (
        "§2.5 voluntary fold on one's own turn",
        kroeg("1 play 7h"),
        "3 fold",
        "not_your_turn",
        {"seat": 2},
    ),
    # RULES.md §2.4, §12: the three-of-a-kind exchange.
    (
        "§2.4 exchanges before play",
        at("kroegregels", TRIPS),
        "1 play 7h",
        "wait_exchange",
        {"seat": 1},
    ),
    (
        "§2.4 exchanges before knocks",
        at("kroegregels", TRIPS),
        "2 knock",
        "wait_exchange",
        {"seat": 1},
    ),
    (
        "§12 exchange the odd card",
        at("kroegregels", TRIPS),
        "1 exchange 7h",
        "exchange_odd",
        {"card": "Qd"},
    ),
    ("§2.4 exchange in turn", at("kroegregels", TRIPS), "2 keep", "not_your_turn", {"seat": 1}),
    ("§2.4 nothing to exchange", kroeg(), "1 keep", "no_exchange", {}),
    (
        "§2.4 three tens must exchange",
        at("kroegregels", ["Th Tc Td Js", *HANDS[1:3], "Kh 7c 7d As"]),
        "0 keep",
        "tens_exchange",
        {},
    ),
    # RULES.md §2.6: armoede.
    (
        "§2.6 armoede decisions first",
        at("kroegregels", HANDS, points=[9, 0, 0, 0]),
        "1 play 7h",
        "wait_armoede",
        {"seat": 1},
    ),
    ("§2.6 look only in armoede", kroeg(), "1 look", "no_armoede", {}),
    (
        "§2.6 armoede choices in order",
        at("kroegregels", HANDS, points=[9, 0, 0, 0]),
        "2 look",
        "not_your_turn",
        {"seat": 1},
    ),
    # RULES.md §3.2, §12: vuile was and its challenge.
    ("§5 laundry off", kroeg(), "1 laundry", "no_laundry", {}),
    (
        "§3.2 laundry before the first card",
        klassiek("1 play 7h"),
        "2 laundry",
        "laundry_closed",
        {},
    ),
    (
        "§3.2 one laundry per player",
        klassiek("1 laundry"),
        "1 laundry",
        "laundry_once",
        {"seat": 1},
    ),
    (
        "§3.2 four stock cards",
        at("klassiek", SEVEN_HANDS, "1 laundry"),
        "2 laundry",
        "laundry_stock",
        {"count": 0},
    ),
    (
        "§12 no laundry while answering",
        klassiek("1 knock"),
        "3 laundry",
        "wait_answers",
        {"seat": 1},
    ),
    ("§3.2 a claim to challenge", klassiek(), "2 challenge 1", "no_claim", {}),
    (
        "§3.2 the latest claim",
        klassiek("1 laundry", "2 laundry"),
        "3 challenge 1",
        "challenge_latest",
        {"seat": 2},
    ),
    ("§3.2 not one's own claim", klassiek("1 laundry"), "1 challenge 1", "challenge_own", {}),
    (
        "§3.2 one challenge per claim",
        klassiek("1 laundry", "2 challenge 1"),
        "3 challenge 1",
        "challenge_taken",
        {},
    ),
    # RULES.md §2.7: revoke mode.
    ("§2.7 revoke calls only in revoke mode", kroeg(), "1 revoke 2", "no_revoke_calls", {}),
    (
        "§2.7 revoke on another seat",
        kroeg(enforce_follow_suit=False),
        "1 revoke 1",
        "revoke_target",
        {"seat": 1},
    ),
    (
        "§2.7 one call per seat",
        kroeg("1 revoke 2", enforce_follow_suit=False),
        "1 revoke 2",
        "revoke_called",
        {"seat": 2},
    ),
    (
        "§2.7 revoke calls outside answers",
        kroeg("1 knock", enforce_follow_suit=False),
        "2 revoke 3",
        "wait_answers",
        {"seat": 1},
    ),
    # RULES.md §2.7: slow play.
    ("§5 slow_play_penalty off", klassiek(), "1 late", "slow_play_off", {}),
    ("§2.7 slow play of the seat waited for", kroeg(), "2 late", "no_decision", {"seat": 2}),
    ("§2.7 one point per decision", kroeg("1 late"), "1 late", "already_late", {"seat": 1}),
    # RULES.md §1, RECORDS.md: the deal and the end.
    ("§1 next deal due", _deal_due, "0 play Th", "no_decision", {"seat": 0}),
    ("§1 game over", _game_over, "1 knock", "game_over", {}),
    ("§1 a card of the piket deck", kroeg(), "1 play 2h", "not_piket", {"card": "2h"}),
    (
        "RECORDS.md verbs take their arguments",
        kroeg(),
        "1 knock 3",
        "bad_arguments",
        {"verb": "knock"},
    ),
    ("RECORDS.md verbs", kroeg(), "1 dance", "unknown_verb", {"verb": "dance"}),
    ("RECORDS.md seats", kroeg(), "1 challenge 7", "no_such_seat", {"seat": "7", "high": 3}),
]


def refused(g: Toepen, s: ToepenState, seat: int, act_on: Any) -> GameError:
    """The refusal of ``act_on`` by ``seat``; asserts that it changed nothing."""
    before = s.snapshot()
    with pytest.raises(GameError) as caught:
        g.apply(s, seat, act_on)
    assert s.snapshot() == before
    return caught.value


def _apply_text(g: Toepen, s: ToepenState, text: str) -> GameError:
    seat, verb, *args = text.split()
    parsed: list[Any] = [int(a) if a.isdigit() else a for a in args]
    try:
        act_on = g.parse_action([verb, *parsed])
    except GameError as e:  # malformed whatever the state: refused before apply
        return e
    return refused(g, s, int(seat), act_on)


@pytest.mark.parametrize(
    ("rule", "position", "text", "code", "params"),
    SCENARIOS,
    ids=[f"{c[3]}: {c[0]}" for c in SCENARIOS],
)
def test_refusal_has_its_code_and_params_and_changes_nothing(
    rule: str, position: Callable[[], Position], text: str, code: str, params: dict[str, Any]
) -> None:
    """RULES.md as cited in ``rule``: the refused action names why, in a code and params."""
    g, s = position()
    error = _apply_text(g, s, text)
    assert error.code == code, (rule, str(error))
    assert error.params == params, rule
    assert str(error)  # the English message the API and CLI show


def test_the_refused_card_is_refused_by_the_engine_as_well_as_by_parse() -> None:
    """RULES.md §1: a card outside the piket deck, or an argument that is no card, given to
    apply directly (no parse_action), is refused with the same codes."""
    g, s = kroeg()()
    assert refused(g, s, 1, ("play", parse_card("2h"))).code == "not_piket"
    assert refused(g, s, 1, ("play", "Th")).code == "bad_arguments"
    assert refused(g, s, 1, ("play",)).code == "bad_arguments"
    assert refused(g, s, 1, "play").code == "action_form"
    assert refused(g, s, 9, ("knock",)).params == {"seat": "9", "high": 3}
    with pytest.raises(InvalidInput) as caught:
        g.parse_action([])
    assert caught.value.code == "action_form"


def test_deal_refusals() -> None:
    """RECORDS.md deals: the dealer deals the 32-card piket deck, 4 cards a seat, when due."""
    g, s = kroeg()()
    assert refused(g, s, 0, deal_of(HANDS)).code == "no_deal_due"
    g, s = _not_dealt()
    wrong = refused(g, s, 1, deal_of(HANDS))
    assert (wrong.code, wrong.params) == ("wrong_dealer", {"dealer": 0})
    plain = deal_of(HANDS)
    assert (
        refused(g, s, 0, Deal(plain.hands, plain.stock[1:], plain.stock[0])).code == "deal_upcard"
    )
    short = refused(g, s, 0, Deal(plain.hands[:3], plain.stock))
    assert (short.code, short.params) == ("deal_hands", {"count": 4})
    three = Deal((plain.hands[0][:3], *plain.hands[1:]), (plain.hands[0][3], *plain.stock))
    sized = refused(g, s, 0, three)
    assert (sized.code, sized.params) == ("deal_hand_size", {"seat": 0, "count": 3, "expected": 4})
    not_a_card: Any = "x"
    strange = Deal(((*plain.hands[0][:3], not_a_card), *plain.hands[1:]), plain.stock)
    assert refused(g, s, 0, strange).code == "deal_not_cards"
    g, s = _game_over()
    assert refused(g, s, 0, deal_of(HANDS)).code == "game_over"


def test_default_has_no_decision_for_a_seat_not_waited_for() -> None:
    """RULES.md §0 turn clock: the house acts only for a seat the game waits for."""
    g, s = kroeg()()
    with pytest.raises(RuleError) as caught:
        g.default(s, 2)
    assert (caught.value.code, caught.value.params) == ("no_decision", {"seat": 2})


@pytest.mark.parametrize(
    ("variant", "seats", "kwargs", "code", "params"),
    [
        ("kroegregels", 5, {}, "seats_fixed", {"seats": 4}),
        ("klassiek", 9, {}, "seats_range", {"low": 3, "high": 8}),
        ("klassiek", 4, {"dealer": 7}, "dealer_seat", {"high": 3, "dealer": "7"}),
        ("klassiek", 4, {"start": "x"}, "start_form", {}),
        (
            "klassiek",
            4,
            {"start": {"points": [0] * 4, "coins": 1}},
            "start_fields",
            {"fields": ["coins"]},
        ),
        ("klassiek", 4, {"start": {"points": [0, 0]}}, "start_points_form", {"seats": 4}),
        (
            "klassiek",
            4,
            {"start": {"points": [0, 0, 10, 0]}},
            "start_points_range",
            {"seat": 2, "points": 10, "low": 0, "high": 9},
        ),
    ],
)
def test_new_state_refusals(
    variant: str, seats: int, kwargs: dict[str, Any], code: str, params: dict[str, Any]
) -> None:
    """RULES.md §2.1, §3.1 (players per variant), RECORDS.md ``dealer`` and ``start``."""
    with pytest.raises(InvalidInput) as caught:
        Toepen(variant).new_state(seats, **kwargs)
    assert (caught.value.code, caught.value.params) == (code, params)


@pytest.mark.parametrize(
    ("variant", "players", "seats", "code", "params"),
    [
        ("klassiek", 5, 4, "players_seats", {"players": 5, "seats": 4}),
        ("kroegregels", 5, 5, "seats_fixed", {"seats": 4}),
        ("klassiek", 9, 9, "option_range", {"option": "players", "low": 3, "high": 8}),
    ],
)
def test_the_players_option_must_be_the_seats(
    variant: str, players: int, seats: int, code: str, params: dict[str, Any]
) -> None:
    """RULES.md §5 ``players`` ("4 / 3–8") names the number of seats: another number is
    refused, and nothing is built."""
    with pytest.raises(InvalidInput) as caught:
        Toepen(variant, {"players": players}).new_state(seats, dealer=0)
    assert (caught.value.code, caught.value.params) == (code, params)


SHARED_CODES = shared_rule_codes()
"""The codes of common.md's shared list that Toepen raises (texts in the Shared section)."""


def raised_codes() -> set[str]:
    """Every code raised in Toepen's code: the game, its bots and its terminal."""
    files = [
        *(SRC / "games" / "toepen").glob("*.py"),
        *(SRC / "bots" / "toepen").glob("*.py"),
        SRC / "terminal" / "toepen.py",
    ]
    pattern = re.compile(r'(?:RuleError|InvalidInput)\(\s*"([a-z_]+)"')
    return {code for path in files for code in pattern.findall(path.read_text())}


def codes_tested() -> set[str]:
    return {c[3] for c in SCENARIOS} | {
        "action_form",
        "no_deal_due",
        "wrong_dealer",
        "deal_upcard",
        "deal_hands",
        "deal_hand_size",
        "deal_not_cards",
        "dealer_seat",
        "start_form",
        "start_fields",
        "start_points_form",
        "start_points_range",
        "players_seats",
    }


def test_every_code_raised_is_reached_by_a_test() -> None:
    raised = raised_codes()
    assert len(raised) > 40  # the scan finds the raises at all
    assert raised - codes_tested() == set()


def _section(catalog: str, start: str, end: str) -> set[str]:
    text = (SRC / "web" / "i18n" / catalog).read_text()
    body = text[text.index(start) : text.index(end)]
    return set(re.findall(r'"rule\.([a-z_]+)"\s*:\s*"[^"]+', body))


@pytest.mark.parametrize("catalog", ["nl.js", "en.js"])
def test_every_toepen_code_has_a_text_in_both_catalogs(catalog: str) -> None:
    """common.md: the Toepen section holds a text for each of Toepen's own codes (the
    shared codes are the Shared section's); none of the shared ones is written twice."""
    own = _section(catalog, "// Toepen:", "// ... (Toepen ends)")
    assert raised_codes() - SHARED_CODES == own
    assert own & SHARED_CODES == set()
