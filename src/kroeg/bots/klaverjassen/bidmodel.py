"""``sterk``'s bid: a logistic model of "the deal is made" learned offline.

For each suit it may name, the bidder's hand is described by a few features (the
jack, nine, ace and ten of trump, nel, the trump count, side aces and tens, the roem
in hand, how many seats passed before it and whether it must play) and the model
gives the chance that its team makes the deal with that trump (not nat). The seat
names the suit with the best chance when that chance reaches the model's ``bid_at``
(or when it must play), else it passes. The coefficients and ``bid_at`` come from
``bench/train_bid_model.py`` (:mod:`.bidtrain`) and ship in :data:`MODEL_FILE`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

from kroeg.cards import ACE, JACK, NINE, SUIT_MASKS, TEN, make_card
from kroeg.games.base import Action
from kroeg.games.klaverjassen.kraken import hand_roem

MODEL_FILE = "bid_model.json"

FEATURES = (
    "jack",
    "nine",
    "nel",
    "ace",
    "ten",
    "trumps",
    "side_aces",
    "side_tens",
    "roem",
    "passes_before",
    "forced",
)
"""The names of :func:`features`, in order (the JSON's ``weights`` follow them)."""


def features(hand: int, trump: int, passes_before: int, forced: bool) -> list[float]:
    """The hand described with ``trump`` as trump suit (see the module docstring); the
    roem in hand is in hundreds, so every feature is of order one."""
    trumps = hand & SUIT_MASKS[trump]
    jack = float(hand >> make_card(JACK, trump) & 1)
    nine = float(hand >> make_card(NINE, trump) & 1)
    side_aces = side_tens = 0
    for suit in range(4):
        if suit != trump:
            side_aces += hand >> make_card(ACE, suit) & 1
            side_tens += hand >> make_card(TEN, suit) & 1
    return [
        jack,
        nine,
        jack * nine,
        float(hand >> make_card(ACE, trump) & 1),
        float(hand >> make_card(TEN, trump) & 1),
        float(trumps.bit_count()),
        float(side_aces),
        float(side_tens),
        hand_roem(hand, trump) / 100,
        float(passes_before),
        float(forced),
    ]


@dataclass(frozen=True, slots=True)
class BidModel:
    intercept: float
    weights: tuple[float, ...]
    bid_at: float
    """The chance of making the deal from which the seat plays rather than passes."""

    def chance(self, x: list[float]) -> float:
        """The chance of making the deal for the :func:`features` ``x``."""
        z = self.intercept + sum(w * v for w, v in zip(self.weights, x, strict=True))
        return 1.0 / (1.0 + math.exp(-z))

    def made_chance(self, hand: int, trump: int, passes_before: int, forced: bool) -> float:
        return self.chance(features(hand, trump, passes_before, forced))

    def choose(self, hand: int, legal: list[Action], passes: int) -> Action:
        """The best legal suit when its chance reaches ``bid_at`` or passing is not
        allowed, else pass (``gedraaid`` offers one suit at a time: only legal suits count).
        ``passes``: the passes so far (as trained: at most 3 before a free bid, 4 when all
        passed and the seat must play)."""
        suits = [a[1] for a in legal if a[0] == "bid"]
        if not suits:
            return ("pass",)
        forced = ("pass",) not in legal
        before = min(passes, 4 if forced else 3)
        chance, suit = max((self.made_chance(hand, t, before, forced), t) for t in suits)
        return ("bid", suit) if forced or chance >= self.bid_at else ("pass",)

    def to_json(self) -> dict[str, object]:
        return {
            "features": list(FEATURES),
            "intercept": self.intercept,
            "weights": list(self.weights),
            "bid_at": self.bid_at,
        }

    @staticmethod
    def from_json(data: dict[str, object]) -> BidModel:
        if data["features"] != list(FEATURES):
            raise ValueError(f"{MODEL_FILE} was trained on other features: {data['features']}")
        weights = data["weights"]
        assert isinstance(weights, list)
        return BidModel(
            float(str(data["intercept"])),
            tuple(float(w) for w in weights),
            float(str(data["bid_at"])),
        )


@cache
def shipped() -> BidModel:
    """The model in the package (trained by ``bench/train_bid_model.py``)."""
    text = resources.files("kroeg.bots.klaverjassen").joinpath(MODEL_FILE).read_text("utf-8")
    return BidModel.from_json(json.loads(text))
