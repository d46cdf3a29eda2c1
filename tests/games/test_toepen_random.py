"""Random legal Toepen games (hypothesis picks the seeds): every game ends, an illegal
action raises and changes nothing, penalties add up, the house's default is legal,
nothing hidden leaks into a view or an event, the record replays to the same end,
``advance`` (no events) changes the state exactly as ``apply`` does, and the result's
places rank the waves of losers in the order they went out.

The two named variants at their defaults play ``RANDOM_GAMES`` games each, the other
seat counts and toggle sets a tenth of that (their games are longer); in every tenth
game the costly checks run at every step (views and events against the leak check, the
house's default), in the others the illegal-action check runs at some steps; every
fourth game's record is replayed to the same end.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kroeg.cards import card_str
from kroeg.games.base import Action, Deal, Event, InvalidInput, RuleError
from kroeg.games.toepen import Toepen
from kroeg.games.toepen.state import ToepenState
from kroeg.games.toepen.view import hidden_cards
from kroeg.records import RecordWriter, replay
from tests.support import RANDOM_GAMES, assert_no_hidden_cards, assert_valid_places

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("kroegregels", {}, 4),
    ("klassiek", {}, 4),
    ("klassiek", {}, 3),
    ("klassiek", {}, 8),
    ("klassiek", {"knock_mode": "fast"}, 5),
    (
        "kroegregels",
        {
            "enforce_follow_suit": False,
            "end_mode": "elimination",
            "winnen_met_boer": True,
            "any_toep_wins": True,
            "four_tens_instant": "round",
            "armoede_every_round": True,
            "knock_only_on_turn": True,
        },
        4,
    ),
    (
        "klassiek",
        {
            "laundry_multi_check": True,
            "laundry_repeat": True,
            "white_laundry": True,
            "laundry_bluff_open_cards": True,
            "armoede": True,
            "three_tens_exchange": True,
            "four_tens_instant": "game",
            "end_mode": "elimination",
            "knock_limit": "any_active",
            "slow_play_penalty": True,
        },
        6,
    ),
]
IDS = [f"{v}-{n}-{'+'.join(sorted(o)) or 'defaults'}" for v, o, n in CONFIGS]

MAX_STEPS = 20_000
"""No Toepen game comes near this: a knock limit or a fold ends every deal."""


def probes(game: Toepen, s: ToepenState) -> list[Action]:
    """Actions to try as illegal ones: every player's verb, some cards and seats.

    (``late`` is the table's verb, never in ``legal``; test_toepen_options covers it.)"""
    out: list[Action] = [("knock",), ("stay",), ("fold",), ("look",), ("keep",), ("laundry",)]
    out += [("challenge", 0), ("challenge", s.n - 1), ("revoke", 1)]
    out += [("play", c) for c in game.deck[::5]] + [("exchange", c) for c in game.deck[::7]]
    return out


def hidden_strings(s: ToepenState, seat: int | None) -> set[str]:
    return {card_str(c) for c in hidden_cards(s, seat)}


def check_events(s: ToepenState, events: list[Event]) -> None:
    for e in events:
        if e.kind == "toep":
            continue  # four of a kind is shown to all by the rule itself
        data = {k: v for k, v in e.data.items() if k != "het"}
        assert_no_hidden_cards(data, hidden_strings(s, e.to), f"event {e.kind} to {e.to}")


def check_views(game: Toepen, s: ToepenState) -> None:
    for seat in [None, *range(s.n)]:
        view = game.view(s, seat)
        # 'Het' cards come from a separate draw before the first shuffle.
        view = msgspec.structs.replace(view, het=None)
        assert_no_hidden_cards(view, hidden_strings(s, seat), f"view of {seat}")


def play_game(variant: str, options: dict[str, Any], seats: int, seed: int, full: bool) -> None:
    game = Toepen(variant, options)
    rng = random.Random(seed)
    # Elimination games run until one player is left: start them nearer the end.
    near = options.get("end_mode") == "elimination"
    start_points = [rng.choice([7, 8, 9] if near else [0, 0, 0, 5, 8, 9]) for _ in range(seats)]
    start = {"points": start_points}
    s = game.new_state(seats, start=start, seed=seed)
    twin = game.new_state(seats, start=start, seed=seed)  # the same moves through advance()
    writer = RecordWriter(game, seats, seed=seed, start=start)
    waves: list[list[int]] = []  # the seats of each "eliminated" event
    steps = 0
    while not game.is_over(s):
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
        dealer = game.pending_deal(s)
        if dealer is not None:
            assert game.to_act(s) == frozenset()
            assert all(game.legal(s, p) == [] for p in range(seats))
            deal = game.random_deal(s, rng)
            events = game.apply(s, dealer, deal)
            writer.add(dealer, deal)
            waves += [e.data["seats"] for e in events if e.kind == "eliminated"]
            if full:
                check_events(s, events)
                game.advance(twin, dealer, deal)
            continue
        choices = [(p, a) for p in range(seats) for a in game.legal(s, p)]
        assert choices, "the game waits but nobody may act"
        if full:
            for p in game.to_act(s):
                assert game.default(s, p) in game.legal(s, p)
        if rng.random() < (0.3 if full else 0.05):
            check_illegal(game, s, rng, choices)
        seat, action = rng.choice(choices)
        events = game.apply(s, seat, action)
        writer.add(seat, action)
        waves += [e.data["seats"] for e in events if e.kind == "eliminated"]
        assert any(e.to is None for e in events), f"{action} told nobody"
        if full:
            check_events(s, events)
            check_views(game, s)
            game.advance(twin, seat, action)
            assert twin.snapshot() == s.snapshot(), "advance() and apply() differ"
    with pytest.raises(RuleError, match="the game is over"):
        game.apply(s, 0, ("knock",))
    summaries = game.deal_summaries(s)
    totals = [start_points[p] + sum(d["penalties"][p] for d in summaries) for p in range(seats)]
    assert game.standings(s) == {"points": totals}
    result = game.result(s)
    assert result is not None
    # RULES.md §5 end_mode: the later a wave of losers went out, the better its place;
    # the losers still in at the end (first_loser, four tens) lose together last.
    last = result.losers - {p for wave in waves for p in wave}
    assert_valid_places(result, seats, [*waves, *([last] if last else [])])
    if seed % 4:
        return
    out, status = replay(writer.json())
    assert status == 0, out
    assert out["standings"] == game.standings(s)
    assert out["deals"] == summaries
    assert out["result"] == game.result_json(s)


def check_illegal(
    game: Toepen, s: ToepenState, rng: random.Random, choices: list[tuple[int, Action]]
) -> None:
    seat = rng.randrange(s.n)
    legal = {a for p, a in choices if p == seat}
    action = rng.choice([a for a in probes(game, s) if a not in legal])
    before = s.snapshot()
    try:
        game.apply(s, seat, action)
    except (RuleError, InvalidInput):
        pass
    else:
        raise AssertionError(f"seat {seat} could {action}, which legal() does not list")
    assert s.snapshot() == before
    try:
        game.apply(s, s.dealer, Deal(((),), ()))
    except RuleError as e:
        assert "no deal is due now" in str(e)
    else:
        raise AssertionError("a deal was accepted while none is due")
    assert s.snapshot() == before


@pytest.mark.parametrize(("variant", "options", "seats"), CONFIGS, ids=IDS)
def test_random_games(variant: str, options: dict[str, Any], seats: int) -> None:
    named = not options and seats == 4

    @settings(max_examples=RANDOM_GAMES if named else RANDOM_GAMES // 10, database=None)
    @given(st.integers(0, 2**32))
    def run(seed: int) -> None:
        play_game(variant, options, seats, seed, full=seed % 10 == 0)

    run()
