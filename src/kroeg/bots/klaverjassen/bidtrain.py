"""Training :class:`~.bidmodel.BidModel` from played-out deals (``bench/train_bid_model.py``).

Labels: each training deal is shuffled from a seeded generator and bid in the NKU
order, the other seats bidding as ``basis`` does; every seat reached in the auction
(its earlier seats passed) gives one row per suit: its hand's :func:`~.bidmodel.features`
and whether its team makes the deal with that trump when the whole deal is played out
by ``basis`` (:func:`~.play.rollout`: every seat knows only its own hand). When all
four pass, the seat that must play gives rows with ``forced`` set. (A double-dummy
solve of the full deal would label with perfect play, but costs seconds a deal; the
basis play-out is what ``sterk``'s own early-trick search uses.)

The fit is logistic regression by Newton's method with a small ridge penalty, from
zero: the same rows give the same coefficients. ``bid_at`` is then the chance, on a
grid of hundredths, at which bidding the best suit (else passing, after which the
later seats bid as ``basis``) gives the seat's team the best mean margin on the same
deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from kroeg.cards import PIKET_DECK, mask_of
from kroeg.games import make_game
from kroeg.games.klaverjassen import Klaverjassen, moves

from .basis import bid_weight, choose_bid
from .bidmodel import BidModel, features
from .play import Play, margin, rollout

RIDGE = 1.0
ITERATIONS = 30
OPEN = [("bid", 0), ("bid", 1), ("bid", 2), ("bid", 3), ("pass",)]


@dataclass(frozen=True, slots=True)
class Choice:
    """A free bidding decision: per suit its features, margin and whether it was made;
    and the margin after passing."""

    suits: list[list[float]]
    margins: list[float]
    made: list[bool]
    passed: float


@dataclass(slots=True)
class Rows:
    x: list[list[float]] = field(default_factory=list)
    made: list[float] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    """Every free bidding decision of the training deals."""


def _outcome(game: Klaverjassen, hands: list[int], trump: int, declarer: int, lead: int) -> Play:
    p = Play(trump, declarer & 1, game.rules, 100, list(hands), lead, [], 0, [0, 0], [0, 0], [0, 0])
    rollout(p)
    return p


def _made(p: Play) -> bool:
    _, mark = moves.deal_score(
        p.pit_bonus, p.declarer_team, p.points, p.roem, p.tricks_won, p.factor, p.must_make
    )
    return mark != "nat"


def label_deals(deals: int, seed: int) -> Rows:
    """The training rows of ``deals`` shuffled deals (see the module docstring)."""
    game = make_game("klaverjassen", "nku")
    assert isinstance(game, Klaverjassen)
    rows = Rows()
    for number in range(deals):
        rng = random.Random(f"bid-model/{seed}/{number}")
        pack = list(PIKET_DECK)
        rng.shuffle(pack)
        hands = [mask_of(pack[8 * i : 8 * i + 8]) for i in range(4)]
        dealer = number % 4
        lead = (dealer + 1) % 4
        order = game.options.bid_orders[dealer]
        forced = moves.all_pass_bidder(game.options, dealer)
        first: dict[int, tuple[list[bool], list[float]]] = {}
        for k, seat in enumerate(order):
            played = [_outcome(game, hands, t, seat, lead) for t in range(4)]
            made = [_made(p) for p in played]
            margins = [float(margin(p, seat & 1)) for p in played]
            first[seat] = made, margins
            suits = [features(hands[seat], t, k, False) for t in range(4)]
            rows.x += suits
            rows.made += [float(m) for m in made]
            after = _after_pass(game, hands, list(order[k + 1 :]), forced, lead)
            passed = 0.0 if after is None else float(margin(after, seat & 1))
            rows.choices.append(Choice(suits, margins, made, passed))
            if choose_bid(hands[seat], OPEN) != ("pass",):
                break
        else:
            if forced is not None:
                made, _ = first[forced]
                rows.x += [features(hands[forced], t, 4, True) for t in range(4)]
                rows.made += [float(m) for m in made]
    return rows


def _after_pass(
    game: Klaverjassen, hands: list[int], bidders: list[int], forced: int | None, lead: int
) -> Play | None:
    """The deal played out after a pass, the later seats bidding as ``basis`` (None: all
    passed at a redeal table)."""
    for seat in bidders:
        bid = choose_bid(hands[seat], OPEN)
        if bid != ("pass",):
            return _outcome(game, hands, bid[1], seat, lead)
    if forced is None:
        return None
    trump = max((bid_weight(hands[forced], t), t) for t in range(4))[1]
    return _outcome(game, hands, trump, forced, lead)


def fit(rows: Rows) -> BidModel:
    """Logistic regression of ``made`` on the features, then ``bid_at`` (module docstring)."""
    x = np.array(rows.x, dtype=np.float64)
    y = np.array(rows.made, dtype=np.float64)
    design = np.hstack([np.ones((len(x), 1)), x])
    beta = np.zeros(design.shape[1])
    penalty = RIDGE * np.eye(design.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(ITERATIONS):
        p = 1.0 / (1.0 + np.exp(-design @ beta))
        gradient = design.T @ (y - p) - penalty @ beta
        hessian = (design.T * (p * (1 - p))) @ design + penalty
        beta = beta + np.linalg.solve(hessian, gradient)
    coefficients = [round(float(b), 4) for b in beta]
    model = BidModel(coefficients[0], tuple(coefficients[1:]), 0.5)
    return BidModel(model.intercept, model.weights, best_bid_at(model, rows))


def best_bid_at(model: BidModel, rows: Rows) -> float:
    """The threshold on a grid of hundredths with the best mean margin (the lowest of equals)."""
    chances = []
    for choice in rows.choices:
        best, chance = best_suit(model, choice)
        chances.append((chance, choice.margins[best], choice.passed))
    best_total, best_at = -1e18, 0.5
    for step in range(1, 100):
        at = step / 100
        total = sum(m if c >= at else passed for c, m, passed in chances)
        if total > best_total + 1e-9:
            best_total, best_at = total, at
    return best_at


def best_suit(model: BidModel, choice: Choice) -> tuple[int, float]:
    """The suit the model likes best at a decision, and its chance."""
    chances = [model.chance(x) for x in choice.suits]
    best = max(range(4), key=chances.__getitem__)
    return best, chances[best]
