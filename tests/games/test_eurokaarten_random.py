"""Random legal Eurokaarten games: they end, no card is lost, the result's places follow
the out order, views and events leak nothing, and the house always plays a legal move
from what its seat can see."""

from __future__ import annotations

import random
from typing import Any

from kroeg.cards import FULL_MASK, card_str, cards_in
from kroeg.games.base import InvalidInput, RuleError
from kroeg.games.eurokaarten import Eurokaarten, EuroState
from kroeg.games.playout import random_match, random_step
from tests.support import RANDOM_GAMES, assert_no_hidden_cards, assert_valid_places

GAME = Eurokaarten("standaard")
MAX_STEPS = 20_000


def accounted(s: EuroState, pack: int = FULL_MASK) -> bool:
    """Hands + stock + discard pile + table + dead cards are the pack (54 cards), each once."""
    parts = [*s.hands, s.dead]
    parts += [1 << c for c in s.stock] + [1 << c for c in s.discard]
    for meld in s.melds:
        parts.append(meld.real | sum(1 << j for j, _ in meld.jokers))
    total = 0
    for part in parts:
        if total & part:
            return False
        total |= part
    return total == pack


def test_random_games_end_and_keep_all_54_cards() -> None:
    """Issue 4: thousands of random games end, with every card accounted for at every step;
    the result's places rank the seats by the order they went out (§7.3: the last player
    in wins; docs/rules-decisions.md, Eurokaarten 19)."""
    rounds = 0
    for i in range(RANDOM_GAMES):
        rng = random.Random(i)
        s = GAME.new_state(6, seed=i)
        out_order: list[set[int]] = []
        steps = 0
        while not GAME.is_over(s):
            before = set(s.out)
            random_step(random_match(GAME, s, rng), rng)
            steps += 1
            assert steps < MAX_STEPS, f"game {i} does not end"
            if s.phase != "deal" or s.summaries:
                assert accounted(s), f"game {i} step {steps} lost a card"
            if s.out != before:
                out_order.append(s.out - before)
            if rng.random() < 0.002 and len(s.out) < 5:
                seat = rng.choice(s.seats_in())
                GAME.eliminate(s, seat)
                out_order.append({seat})
                assert accounted(s)
        rounds += len(s.summaries)
        result = GAME.result(s)
        assert result is not None and result.winner not in s.out
        assert len(s.seats_in()) == 1
        assert_valid_places(result, 6, out_order)
    assert rounds > RANDOM_GAMES * 3


def _without_identities(obj: Any) -> Any:
    """``X1=9h`` as ``X1``: what a joker stands for is public even when someone holds
    that card (§12), so the leak check looks at the cards themselves."""
    if isinstance(obj, str):
        return obj.partition("=")[0] if obj.startswith("X") else obj
    if isinstance(obj, dict):
        return {k: _without_identities(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_without_identities(v) for v in obj]
    return obj


def _hidden_from(s: EuroState, seat: int | None) -> set[str]:
    """The stock and the other hands, except the cards taken from the open pile this
    round: everyone saw them taken."""
    hidden = {card_str(c) for c in s.stock}
    for other in range(s.seats):
        if other != seat:
            hidden |= {card_str(c) for c in cards_in(s.hands[other] & ~s.picked[other])}
    return hidden


def test_views_and_events_leak_no_hidden_card() -> None:
    """DESIGN.md: no view or event for a seat or a spectator holds another seat's hand
    or the stock. Between rounds all hands were shown, so only rounds in play count.
    Every event is checked, the views at one step in ten."""
    for i in range(max(RANDOM_GAMES // 40, 50)):
        rng = random.Random(10_000 + i)
        s = GAME.new_state(6, seed=i)
        while not GAME.is_over(s):
            if GAME.pending_deal(s) is not None:
                random_step(random_match(GAME, s, rng), rng)
                continue
            seat = s.turn
            action = rng.choice(GAME.legal(s, seat))
            hidden_before = {viewer: _hidden_from(s, viewer) for viewer in (*range(6), None)}
            events = GAME.apply(s, seat, action)
            for event in events:
                if event.kind == "deal_end":
                    continue  # the showdown reveals every hand (§7.7)
                # Hidden from the audience both before and after the action: a card
                # taken from the pile or laid on the table was or is public.
                hidden = hidden_before[event.to] & _hidden_from(s, event.to)
                assert_no_hidden_cards(
                    _without_identities(event.json()), hidden, f"event {event.kind}"
                )
            if s.phase == "turn" and rng.random() < 0.1:
                for viewer in (*range(6), None):
                    assert_no_hidden_cards(
                        _without_identities(GAME.view(s, viewer).json()),
                        _hidden_from(s, viewer),
                        f"view of {viewer}",
                    )


def test_the_house_plays_legal_moves_decided_from_its_view() -> None:
    """Conventions: default() is always legal and depends only on what the seat sees
    (the other hands and the stock are shuffled among themselves: same choice)."""
    checked = 0
    for i in range(max(RANDOM_GAMES // 20, 40)):
        rng = random.Random(20_000 + i)
        s = GAME.new_state(6, seed=i)
        while not GAME.is_over(s):
            if GAME.pending_deal(s) is None and rng.random() < 0.15:
                seat = s.turn
                choice = GAME.default(s, seat)
                assert choice in GAME.legal(s, seat)
                assert GAME.default(_shuffle_hidden(s, seat, rng), seat) == choice
                checked += 1
                GAME.apply(s, seat, choice)
                continue
            random_step(random_match(GAME, s, rng), rng)
    assert checked > 500


def _shuffle_hidden(s: EuroState, seat: int, rng: random.Random) -> EuroState:
    """A copy where the other hands and the stock hold the same counts of other cards."""
    t = s.copy()
    others = [o for o in range(t.seats) if o != seat]
    pool = [c for o in others for c in cards_in(t.hands[o])] + t.stock
    rng.shuffle(pool)
    for o in others:
        n = t.hands[o].bit_count()
        t.hands[o] = sum(1 << c for c in pool[:n])
        del pool[:n]
    t.stock = pool
    return t


def test_house_games_end() -> None:
    """The house alone plays whole partijen to the end (kroeg record uses it)."""
    for i in range(3):
        rng = random.Random(i)
        s = GAME.new_state(6, seed=i)
        steps = 0
        while not GAME.is_over(s):
            dealer = GAME.pending_deal(s)
            if dealer is not None:
                GAME.apply(s, dealer, GAME.random_deal(s, rng))
                continue
            GAME.apply(s, s.turn, GAME.default(s, s.turn))
            steps += 1
            assert steps < MAX_STEPS
        assert GAME.result(s) is not None


def _normal(action: tuple[Any, ...]) -> tuple[Any, ...]:
    """An action with its cards as a set: the order of cards in an action is free (§12)."""
    if action[0] == "meld":
        return ("meld", frozenset(action[1]))
    if action[0] == "layoff":
        return ("layoff", action[1], frozenset(action[2]))
    return action


def _candidate(s: EuroState, rng: random.Random) -> tuple[Any, ...]:
    """A random action that may or may not be legal, built from the hand and the table."""
    hand = cards_in(s.hands[s.turn])
    verb = rng.choice(["open", "draw", "meld", "meld", "layoff", "layoff", "swap", "discard"])
    if verb == "open":
        return ("open",)
    if verb == "draw":
        return ("draw", rng.choice(["stock", "discard"]))
    if verb == "discard":
        return ("discard", rng.choice(hand))
    n = rng.randrange(len(s.melds) + 1)
    if verb == "swap":
        return ("swap", n, rng.randrange(52))
    picked = rng.sample(hand, min(len(hand), rng.randint(1, 4)))
    laid = tuple((c, rng.randrange(52) if c >= 52 else None) for c in picked)
    return ("meld", laid) if verb == "meld" else ("layoff", n, laid)


def test_apply_accepts_exactly_what_legal_lists() -> None:
    """legal() lists every legal action (issue 4, item 7): a random action is accepted
    exactly when legal() lists it, and a refused one leaves the state as it was."""
    accepted = refused = 0
    for i in range(max(RANDOM_GAMES // 20, 50)):
        rng = random.Random(30_000 + i)
        s = GAME.new_state(6, seed=i)
        while not GAME.is_over(s):
            if GAME.pending_deal(s) is None:
                seat = s.turn
                listed = {_normal(a) for a in GAME.legal(s, seat)}
                for _ in range(3):
                    action = _candidate(s, rng)
                    before = s.snapshot()
                    trial = s.copy()
                    try:
                        GAME.apply(trial, seat, action)
                    except (RuleError, InvalidInput):
                        assert _normal(action) not in listed, action
                        assert trial.snapshot() == before
                        refused += 1
                        continue
                    assert _normal(action) in listed, action
                    accepted += 1
            random_step(random_match(GAME, s, rng), rng)
    assert accepted > 100 and refused > 1000


OPTION_SETS: tuple[dict[str, object], ...] = (
    {"jokers": 0},
    {"jokers": 1, "max_jokers_per_meld": 1},
    {"hand_size": 8, "start_coins": 1},
    {"stock_empty": "reshuffle_discards"},
    {"bokje_per_player": True, "tie_highest": "none_lose"},
    {"bokje": False, "open_first_turn": False},
    {"wraparound_runs": True, "no_adjacent_jokers": True},
    {"min_first_meld": 30, "swap_only_after_melding": True},
)


def test_random_games_with_the_house_rule_toggles() -> None:
    """§7.9: every toggle plays: random games end with all the pack's cards accounted for."""
    for options in OPTION_SETS:
        game = Eurokaarten("standaard", options)
        pack = sum(1 << c for c in game.deck)
        for i in range(max(RANDOM_GAMES // 40, 20)):
            rng = random.Random(40_000 + i)
            s = game.new_state(6, seed=i)
            steps = 0
            while not game.is_over(s):
                random_step(random_match(game, s, rng), rng)
                steps += 1
                assert steps < MAX_STEPS, (options, i)
                if s.phase == "turn":
                    assert accounted(s, pack), (options, i)
