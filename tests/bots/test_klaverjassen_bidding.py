"""Issue 23: ``sterk``'s Klaverjassen bid comes from a model learned offline."""

from __future__ import annotations

import random

from kroeg.bots.klaverjassen.bidmodel import FEATURES, BidModel, features, shipped
from kroeg.bots.klaverjassen.bidtrain import fit, label_deals
from kroeg.bots.levels import make_bot
from kroeg.cards import ACE, EIGHT, JACK, NINE, SEVEN, TEN, make_card, mask_of
from kroeg.games import make_game

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def test_training_is_reproducible_and_learns_that_the_jack_and_nine_make_deals() -> None:
    """The same deals and seed give the same coefficients, threshold included (the
    shipped JSON is reproducible with bench/train_bid_model.py)."""
    one, two = fit(label_deals(25, 5)), fit(label_deals(25, 5))
    assert one == two
    assert fit(label_deals(25, 6)) != one
    weights = dict(zip(FEATURES, one.weights, strict=True))
    assert weights["jack"] > 0 and weights["nine"] > 0
    assert 0 < one.bid_at < 1
    assert BidModel.from_json(one.to_json()) == one


def test_the_shipped_model_bids_nel_with_length_and_passes_a_weak_hand() -> None:
    model = shipped()
    legal = [("bid", t) for t in range(4)] + [("pass",)]
    strong = mask_of(
        [make_card(r, HEARTS) for r in (JACK, NINE, ACE, TEN)]
        + [make_card(ACE, CLUBS), make_card(ACE, SPADES), make_card(SEVEN, DIAMONDS)]
        + [make_card(EIGHT, DIAMONDS)]
    )
    assert model.choose(strong, legal, 0) == ("bid", HEARTS)
    weak = mask_of([make_card(r, s) for s in range(4) for r in (SEVEN, EIGHT)])
    assert model.choose(weak, legal, 0) == ("pass",)
    forced = model.choose(weak, legal[:4], 4)
    assert forced[0] == "bid"
    assert len(features(weak, CLUBS, 0, False)) == len(model.weights)


def test_sterk_bids_as_the_model_and_never_names_a_trump_it_thinks_goes_nat() -> None:
    """No trump without the jack and nine unless the model says it makes: every free bid
    of ``sterk`` has a chance of at least ``bid_at``; after four passes it must play."""
    model = shipped()
    game = make_game("klaverjassen", "nku")
    bot = make_bot(game, "sterk", max_samples=2)
    bids = 0
    for number in range(50):
        s = game.new_state(4, dealer=number % 4)
        game.apply(s, number % 4, game.random_deal(s, random.Random(number)))
        passes = number % 5
        for _ in range(passes):
            game.apply(s, min(game.to_act(s)), ("pass",))
        seat = min(game.to_act(s))
        legal = game.legal(s, seat)
        assert (("pass",) in legal) == (passes < 4)
        action = bot.decide(game.view(s, seat), legal, random.Random(1), 60.0)
        assert action == model.choose(s.hands[seat], legal, passes)
        if action[0] == "bid" and passes < 4:
            assert model.made_chance(s.hands[seat], action[1], passes, False) >= model.bid_at
            bids += 1
        assert action[0] == "bid" or passes < 4
    assert 5 <= bids <= 40
