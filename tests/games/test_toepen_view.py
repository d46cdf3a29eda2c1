"""The view (DESIGN.md "Hidden information has one door") and the house's default, which
must decide from the view alone."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest

from kroeg.cards import cards_in, parse_card
from kroeg.games.base import Action
from kroeg.games.playout import random_match, random_step
from kroeg.games.toepen import Toepen, house
from kroeg.games.toepen.het import COMPROMISKAART
from kroeg.games.toepen.state import ToepenState
from kroeg.games.toepen.tables import FACE_MASK, FOLD, KEEP, KNOCK, LAUNDRY, LOOK, STAY, STRENGTH
from kroeg.games.toepen.view import SEATS_IN, Knock, ToepenView
from kroeg.games.view import Played
from tests.games.test_toepen_support import act, make, start

encode = msgspec.json.Encoder().encode

HANDS = ["Th 9c 8d Js", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"]
COMMON = {"game", "variant", "options", "seats", "you", "dealer", "phase", "to_act", "hand"}
COMMON |= {"hand_counts", "standings", "deals", "result"}


def test_view_has_the_common_keys_and_hides_hands_from_a_spectator() -> None:
    g = make()
    s, _ = start(g, HANDS)
    act(g, s, "1 play 7h", "3 knock")
    spectator = g.view(s, None)
    assert set(spectator.json()) >= COMMON
    assert spectator.hand is None and spectator.you is None
    assert spectator.phase == "answer"
    assert spectator.knock == Knock(knocker=3, stake=2, waiting=[0, 1, 2], knocks_again=None)
    assert spectator.trick == [Played(seat=1, card="7h")]
    assert spectator.hand_counts == [4, 3, 4, 4]
    mine = g.view(s, 2)
    assert mine.hand == ["Jc", "Ad", "8h", "9h"]
    assert "legal" not in mine.json()


def test_view_before_the_first_deal() -> None:
    g = make()
    s = g.new_state(4, dealer=1)
    v = g.view(s, 0)
    assert v.phase == "deal" and v.hand == [] and v.stake is None
    assert v.het is None and v.dealer == 1


def shuffle_hidden(s: ToepenState, seat: int, rng: random.Random) -> ToepenState:
    """A copy where the cards ``seat`` cannot see are dealt anew among the other hands
    and the stock (same counts): a world the seat cannot tell from the real one."""
    t = s.copy()
    others = [
        p
        for p in range(s.n)
        if p != seat and not s.open_hands >> p & 1 and s.hands[p] >> COMPROMISKAART & 1 == 0
    ]
    pool = [c for p in others for c in cards_in(s.hands[p])] + list(s.stock[s.stock_pos :])
    rng.shuffle(pool)
    pos = 0
    for p in others:
        k = s.hands[p].bit_count()
        t.hands[p] = sum(1 << c for c in pool[pos : pos + k])
        pos += k
    t.stock = s.stock[: s.stock_pos] + tuple(pool[pos:])
    return t


def test_default_decides_from_the_view_alone() -> None:
    """DESIGN.md: the house sees only what its seat may see; other hands shuffled, the
    same choice."""
    rng = random.Random(5)
    checked = 0
    for variant, seats in (("kroegregels", 4), ("klassiek", 5)):
        g = Toepen(variant)
        for game_no in range(60):
            s = g.new_state(seats, seed=game_no)
            while not g.is_over(s):
                if g.pending_deal(s) is None:
                    for seat in g.to_act(s):
                        choice = g.default(s, seat)
                        assert choice in g.legal(s, seat)
                        # default() reads the hand from the state: the same as from the view
                        assert choice == house.choose(g.view(s, seat), g.legal(s, seat))
                        other = shuffle_hidden(s, seat, rng)
                        assert g.view(other, seat) == g.view(s, seat)
                        assert g.default(other, seat) == choice
                        checked += 1
                random_step(random_match(g, s, rng), rng)
    assert checked > 1000


def test_seats_in_lists_the_seats_of_every_mask() -> None:
    assert SEATS_IN[0] == () and SEATS_IN[0b1010_0101] == (0, 2, 5, 7)
    for mask in range(256):
        assert SEATS_IN[mask] == tuple(p for p in range(8) if mask >> p & 1)


OPTION_SETS: list[tuple[str, dict[str, Any], int]] = [
    ("kroegregels", {}, 4),
    ("klassiek", {}, 5),
    ("klassiek", {"knock_mode": "fast", "voluntary_fold": True, "armoede": True}, 3),
    (
        "kroegregels",
        {"laundry": True, "laundry_repeat": True, "laundry_bluff_open_cards": True},
        4,
    ),
    (
        "klassiek",
        {"enforce_follow_suit": False, "three_tens_exchange": True, "end_mode": "elimination"},
        6,
    ),
]


def house_rule(hand: list[int], legal: list[Action]) -> Action:
    """docs/games/toepen.md "The house's default" written out plainly, from which verbs
    are legal: the reference that ``policy`` (which reads the first legal action and
    the hand as a mask) must agree with."""
    if len(legal) == 1:
        return legal[0]
    strong = any(STRENGTH[c] >= STRENGTH[parse_card("9h")] for c in hand)
    by_verb = {a[0]: a for a in legal}
    if "exchange" in by_verb:
        odd = by_verb["exchange"][1]
        return by_verb["exchange"] if STRENGTH[odd] < STRENGTH[parse_card("9h")] else KEEP
    if "look" in by_verb:
        return LOOK if strong else FOLD
    if "stay" in by_verb:
        return STAY if strong or not hand else FOLD
    if "laundry" in by_verb and hand and all(1 << c & FACE_MASK for c in hand):
        return LAUNDRY
    plays = [a for a in legal if a[0] == "play"]
    return min(plays, key=lambda a: (STRENGTH[a[1]], a[1]))


def test_the_house_keeps_its_rule_at_every_decision() -> None:
    rng = random.Random(11)
    chosen: Counter[str] = Counter()
    for variant, options, seats in OPTION_SETS:
        g = Toepen(variant, options)
        for game_no in range(40):
            s = g.new_state(
                seats, seed=game_no, start={"points": [g.options.max_points - 2] * seats}
            )
            while not g.is_over(s):
                for seat in g.to_act(s):
                    legal = g.legal(s, seat)
                    choice = g.default(s, seat)
                    assert choice == house_rule(cards_in(s.hands[seat]), legal)
                    chosen[choice[0] if len(legal) > 1 else "only"] += 1
                if g.to_act(s) and rng.random() < 0.5:
                    seat = min(g.to_act(s))
                    g.apply(s, seat, g.default(s, seat))  # the house's own games too
                else:
                    random_step(random_match(g, s, rng), rng)
    assert set(chosen) == {"only", "play", "stay", "fold", "look", "exchange", "keep", "laundry"}


def test_the_house_has_no_rule_for_a_list_legal_never_gives() -> None:
    with pytest.raises(ValueError, match="no house rule"):
        house.choose_for_hand(0, [KNOCK, LAUNDRY])


def test_views_handed_out_never_change_later() -> None:
    """The view shares the state's deal summaries (view.py): nothing later in the game,
    nor in a copy played on, changes a view once built; a copy's view is the original's
    and goes its own way."""
    rng = random.Random(12)
    for variant, options, seats in OPTION_SETS:
        g = Toepen(variant, options)
        for game_no in range(15):
            s = g.new_state(seats, seed=game_no)
            kept: list[tuple[ToepenView, bytes]] = []
            while not g.is_over(s):
                for seat in [None, *range(seats)]:
                    v = g.view(s, seat)
                    assert v.deals == g.deal_summaries(s)
                    if rng.random() < 0.1:
                        kept.append((v, encode(v)))
                if rng.random() < 0.1:
                    twin = s.copy()
                    assert g.view(twin, 0) == g.view(s, 0)
                    before = encode(g.view(s, None))
                    for _ in range(rng.randint(1, 40)):
                        if g.is_over(twin):
                            break
                        random_step(random_match(g, twin, rng), rng)
                    assert encode(g.view(s, None)) == before
                random_step(random_match(g, s, rng), rng)
            assert s.history, "no deal ended"
            for v, text in kept:
                assert encode(v) == text
