"""Bots at Klaverjassen tables with the trump modes of RULES.md §6.10 that add decisions:
``gedraaid`` and ``kraken`` (klaverjas.nl "Spelregels Kraken": after trump is made the
teams may kraak, herkraak and superkraak, each call doubling the card points, and the
team that cracked last must take more than half of them; roem is counted in the hand
when play starts)."""

from __future__ import annotations

import random

import pytest

from kroeg.bots.klaverjassen.knowledge import read_view
from kroeg.bots.klaverjassen.play import Play, final_scores, play_card
from kroeg.bots.levels import LEVELS, make_bot, make_kit
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.klaverjassen.state import PLAY
from tests.bots.positions import positions

KRAKEN: dict[str, object] = {"trump_mode": "kraken"}


TRUMP_MODES = [
    # variant, options, the phase of the mode's own decisions, seeds for the positions
    ("nku", {"trump_mode": "gedraaid"}, "bidding", (21, 22)),
    ("amsterdams", KRAKEN, "kraken", (31, 32)),
]
"""RULES.md §6.10's trump modes with decisions of their own: gedraaid (speel or pas on a
proposed suit, the turned draaikaarten public) and kraken (the calls, roem in hand)."""


@pytest.mark.parametrize(("variant", "options", "phase", "seeds"), TRUMP_MODES)
def test_every_level_decides_legally(
    variant: str, options: dict[str, object], phase: str, seeds: tuple[int, int]
) -> None:
    bots = None
    deciding = 0
    for game, s, seat in positions("klaverjassen", variant, 4, 100, seeds[0], options):
        bots = bots or {level: make_bot(game, level, max_samples=3) for level in LEVELS}
        legal = game.legal(s, seat)
        view = game.view(s, seat)
        deciding += view.phase == phase
        for level, bot in bots.items():
            action = bot.decide(view, legal, random.Random(5), 1.0)
            assert action in legal, f"{level} chose {action} in {view}"
    assert deciding >= 5  # the positions include the mode's own decisions


@pytest.mark.parametrize(("variant", "options", "phase", "seeds"), TRUMP_MODES)
def test_a_state_rebuilt_from_a_view_shows_that_view(
    variant: str, options: dict[str, object], phase: str, seeds: tuple[int, int]
) -> None:
    """``huis`` rebuilds the state: the turned draaikaarten, the calls, the factor and
    the roem in hand come out the same as the view shows."""
    kit = None
    rng = random.Random(4)
    for game, s, seat in positions("klaverjassen", variant, 4, 80, seeds[1], options):
        kit = kit or make_kit(game)
        view = game.view(s, seat)
        built = kit.state(view, rng)
        assert game.view(built, seat) == view
        assert sorted(game.legal(built, seat)) == sorted(game.legal(s, seat))


def test_the_bots_score_a_kraken_deal_as_the_engine_does() -> None:
    """The bots' model (``Play``) scores a finished kraken deal exactly as the engine:
    factor, the team that must make it, nat, pit and the roem in hand."""
    game = Klaverjassen("amsterdams", KRAKEN)
    rng = random.Random(33)
    compared = 0
    for _ in range(300):
        s = game.new_state(4, dealer=rng.randrange(4))
        game.apply(s, s.dealer, game.random_deal(s, rng))
        while s.phase != PLAY:
            (seat,) = game.to_act(s)
            game.apply(s, seat, rng.choice(game.legal(s, seat)))
        seen = read_view(game.view(s, s.turn))
        p = Play(
            seen.trump,
            seen.declarer & 1,
            game.rules,
            100,
            list(s.hands),
            s.leader,
            [],
            0,
            [0, 0],
            list(seen.roem),
            [0, 0],
            factor=seen.factor,
            must_make=seen.must_make,
        )
        while s.phase == PLAY:
            (seat,) = game.to_act(s)
            action = rng.choice(game.legal(s, seat))
            play_card(p, action[1])
            game.apply(s, seat, action)
        assert list(final_scores(p)) == game.deal_summaries(s)[-1]["score"]
        compared += seen.factor > 1
    assert compared >= 10  # deals with a kraak among them


def test_a_kraken_game_of_bots_plays_to_the_end() -> None:
    game = Klaverjassen("amsterdams", {**KRAKEN, "game_length": "8_deals"})
    bots = [make_bot(game, level, max_samples=2) for level in ("sterk", "basis") * 2]
    rng = random.Random(34)
    s = game.new_state(4, dealer=0)
    while not game.is_over(s):
        due = game.pending_deal(s)
        if due is not None:
            game.apply(s, due, game.random_deal(s, rng))
            continue
        (seat,) = game.to_act(s)
        legal = game.legal(s, seat)
        game.apply(s, seat, bots[seat].decide(game.view(s, seat), legal, rng, 1.0))
    assert len(game.deal_summaries(s)) == 8
    assert game.result(s) is not None
