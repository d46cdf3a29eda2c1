"""Every level of every game: legal decisions, views only, samples that show the view."""

from __future__ import annotations

import random

import pytest

from kroeg.bots.levels import LEVELS, make_bot, make_kit
from kroeg.bots.toepen.knowledge import read_view as read_toepen
from kroeg.bots.toepen.signals import signals as toepen_signals
from kroeg.cards import cards_in
from kroeg.games.toepen.view import ToepenView
from tests.bots.positions import STATE_VARIANTS, all_variants, positions, shuffle_hidden

POSITIONS = 40


@pytest.mark.parametrize(("game_name", "variant", "seats"), all_variants())
def test_every_level_returns_a_legal_action(game_name: str, variant: str, seats: int) -> None:
    bots = None
    for game, s, seat in positions(game_name, variant, seats, POSITIONS, seed=11):
        if bots is None:
            bots = {level: make_bot(game, level, max_samples=3) for level in LEVELS}
        legal = game.legal(s, seat)
        view = game.view(s, seat)
        for level, bot in bots.items():
            action = bot.decide(view, legal, random.Random(5), 1.0)
            assert action in legal, f"{level} chose {action} in {view}"


@pytest.mark.parametrize(("game_name", "variant", "seats"), STATE_VARIANTS)
def test_a_state_built_from_a_view_shows_exactly_that_view(
    game_name: str, variant: str, seats: int
) -> None:
    """What ``huis`` relies on: the rebuilt state is a state the seat could be in."""
    kit = None
    rng = random.Random(3)
    count = 30 if game_name == "eurokaarten" else 150
    for game, s, seat in positions(game_name, variant, seats, count, seed=12):
        kit = kit or make_kit(game)
        view = game.view(s, seat)
        built = kit.state(view, rng)
        assert game.view(built, seat) == view
        assert sorted(game.legal(built, seat)) == sorted(game.legal(s, seat))


@pytest.mark.parametrize(("variant", "seats"), [("kroegregels", 4), ("klassiek", 6)])
def test_toepen_determinisations_deal_every_unseen_card_once_and_respect_voids(
    variant: str, seats: int
) -> None:
    """RULES.md §1: a seat that did not follow the led suit holds none of it."""
    rng = random.Random(5)
    for game, s, seat in positions("toepen", variant, seats, 150, seed=14):
        view = ToepenView.of(game.view(s, seat))
        seen = read_toepen(view)
        det = make_kit(game).sample(view, rng)
        assert det.hands[seat] == s.hands[seat]
        assert [h.bit_count() for h in det.hands] == view.hand_counts
        assert len(det.stock) == view.stock_count
        everything = [c for h in det.hands for c in cards_in(h)] + det.stock
        assert len(everything) == len(set(everything))
        assert not set(everything) & set(cards_in(seen.gone))
        for other in range(seats):
            if other != seat:
                assert det.hands[other] & seen.voids[other] == 0


@pytest.mark.parametrize(("game_name", "variant", "seats"), all_variants())
def test_no_peeking_a_bot_decides_the_same_when_the_hidden_cards_are_shuffled(
    game_name: str, variant: str, seats: int
) -> None:
    """Issue 7: a bot run from a view equals a bot run from the same view recomputed
    after the hidden cards of the state were shuffled among the other seats and the
    stock (same rng seed). The shuffled state is a fresh sample of the hidden cards.
    Toepen ``sterk`` also weighs its samples by the knocks and stays the view shows:
    positions after one are among those checked."""
    rng = random.Random(4)
    moved = checked = signalled = 0
    bots = None
    for game, s, seat in positions(game_name, variant, seats, 25, seed=13):
        if bots is None:
            bots = [make_bot(game, level, max_samples=4) for level in ("huis", "basis", "sterk")]
        shuffled = shuffle_hidden(game, s, seat, rng)
        moved += _hidden(shuffled, seat) != _hidden(s, seat)
        view, view_after = game.view(s, seat), game.view(shuffled, seat)
        assert view == view_after
        if game_name == "toepen":  # sterk's samples are weighted by knocks and stays
            signalled += any(v != "none" for v in toepen_signals(ToepenView.of(view)).values())
        legal = game.legal(s, seat)
        for bot in bots:
            first = bot.decide(view, legal, random.Random(9), 60.0)
            second = bot.decide(view_after, game.legal(shuffled, seat), random.Random(9), 60.0)
            assert first == second, f"{bot.level} changed its mind when hidden cards moved"
        checked += 1
    assert moved > checked // 2, "the shuffles should move hidden cards in most positions"
    assert game_name != "toepen" or signalled, "some positions follow a knock or a stay"


def _hidden(s: object, seat: int) -> object:
    """The other seats' hands of a state (every engine keeps them as ``hands``)."""
    hands = getattr(s, "hands", None)
    return [h for i, h in enumerate(hands or []) if i != seat]
