"""Issue 23: ``sterk``'s Klaverjassen samples follow the auction, from the view alone."""

from __future__ import annotations

import random

from kroeg.bots.klaverjassen import Kit
from kroeg.bots.klaverjassen.knowledge import infer_allowed, read_view, sample_hands
from kroeg.bots.klaverjassen.signals import auction_signals, odds_ratio, sample_deal
from kroeg.bots.levels import make_kit
from kroeg.cards import JACK, NINE, make_card
from kroeg.games import make_game
from kroeg.games.klaverjassen.view import KlaverjasView
from tests.bots.positions import positions, shuffle_hidden


def test_no_peeking_the_weighted_samples_do_not_change_when_hidden_cards_move() -> None:
    """The no-peeking test for the new inputs (the bids, the declarer): the samples drawn
    from a view equal those drawn from the same view after the hidden cards were
    shuffled among the other seats, draw for draw (same seeds)."""
    rng = random.Random(6)
    with_signals = checked = 0
    for game, s, seat in positions("klaverjassen", "nku", 4, 30, seed=21):
        kit = make_kit(game)
        assert isinstance(kit, Kit)
        shuffled = shuffle_hidden(game, s, seat, rng)
        view = KlaverjasView.of(game.view(s, seat))
        view_after = KlaverjasView.of(game.view(shuffled, seat))
        assert view == view_after
        with_signals += bool(kit.signals(read_view(view)))
        first = [kit.sample(view, random.Random(i)) for i in range(4)]
        assert first == [kit.sample(view_after, random.Random(i)) for i in range(4)]
        checked += 1
    assert with_signals >= checked // 4, "many positions should carry auction signals"


def _after_bid() -> tuple[KlaverjasView, int]:
    """A view of seat 0 after it passed and seat 1 named a trump of which seat 0 holds
    neither the jack nor the nine (the dealer, seat 0, bids first in NKU)."""
    game = make_game("klaverjassen", "nku")
    for attempt in range(50):
        s = game.new_state(4, dealer=0)
        game.apply(s, 0, game.random_deal(s, random.Random(attempt)))
        hand = s.hands[0]
        free = [
            t
            for t in range(4)
            if not hand >> make_card(JACK, t) & 1 | hand >> make_card(NINE, t) & 1
        ]
        if free:
            game.apply(s, 0, ("pass",))
            game.apply(s, 1, ("bid", free[0]))
            return KlaverjasView.of(game.view(s, 0)), free[0]
    raise AssertionError("no deal without the jack and nine of some suit in 50 tries")


def test_a_free_declarer_holds_the_trump_jack_and_nine_in_most_samples() -> None:
    """Uniform sampling gives seat 1 each unseen card a third of the time; weighted by the
    auction (a free declarer holds the jack and nine far more often), clearly more."""
    view, trump = _after_bid()
    game = make_game("klaverjassen", "nku")
    kit = make_kit(game)
    assert isinstance(kit, Kit)
    seen = read_view(view)
    allowed = infer_allowed(seen, game.rules)  # type: ignore[attr-defined]
    signals = kit.signals(seen)
    jack, nine = make_card(JACK, trump), make_card(NINE, trump)
    assert {(x.seat, x.card) for x in signals} == {(1, jack), (1, nine)}
    rng = random.Random(2)
    weighted = [sample_deal(seen, allowed, signals, rng)[1] for _ in range(400)]
    uniform = [sample_hands(seen, allowed, rng)[1] for _ in range(400)]
    share = [sum(h >> jack & 1 for h in hands) / 400 for hands in (weighted, uniform)]
    assert share[1] < 0.45 < 0.6 < share[0]
    assert sum(h >> nine & 1 for h in weighted) / 400 > 0.5


def test_passers_are_weighted_away_from_jacks_and_nines_and_gedraaid_reads_none() -> None:
    view, _ = _after_bid()
    seen = read_view(view)
    seen.me = 2  # seat 2's view of the same auction: seat 0 passed
    seen.hand = 0
    signals = auction_signals(seen, "free")
    passer = [x for x in signals if x.seat == 0]
    assert passer and all(x.odds < 1 for x in passer)
    assert all(x.odds > 1 for x in signals if x.seat == 1)
    assert auction_signals(seen, "gedraaid") == []
    assert odds_ratio(0.25) == 1.0
