"""A tiny game for the table tests, so seats, rotation and clocks can be driven exactly.

Every seat, in turn from the dealer's left, says ``win`` or ``lose``; the game is over
once all have spoken, and the seats that said ``lose`` lost. The one deal gives each
seat one card of a small deck (so deals, hands and hidden cards exist).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from kroeg.cards import card_str, parse_card
from kroeg.games.base import (
    JSON,
    Action,
    BoolOption,
    Deal,
    Event,
    Game,
    InvalidInput,
    OptionSpec,
    RuleError,
)
from kroeg.games.results import LosersResult
from kroeg.games.traits import GameTraits
from kroeg.games.view import View

DECK = tuple(parse_card(c) for c in ("2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"))


class Say:
    __slots__ = ("dealer", "dealt", "hands", "said", "seats")

    def __init__(self, seats: int, dealer: int) -> None:
        self.seats = seats
        self.dealer = dealer
        self.dealt = False
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.said: list[str | None] = [None] * seats


class SayView(View, frozen=True, gc=False):
    """The fake game's view: the shared fields, what each seat said, the result."""

    said: list[str | None]
    result: JSON | None


class SayGame(Game[Say]):
    name = "say"
    deck = DECK
    option_specs: ClassVar[dict[str, OptionSpec]] = {"x": BoolOption("unused")}
    variants: ClassVar[dict[str, dict[str, object]]] = {
        "plain": {"x": False},
        "rotating": {"x": False},
    }
    game_traits: ClassVar[GameTraits] = GameTraits((2, 8), 4)
    variant_traits: ClassVar[dict[str, GameTraits]] = {
        "rotating": GameTraits((2, 8), 4, loser_rotation=True)
    }
    """``rotating``: a loser gives the seat to the longest-waiting, as in Toepen kroegregels."""

    def new_state(
        self, seats: int, *, dealer: int | None = None, start: Any = None, seed: int | None = None
    ) -> Say:
        return Say(seats, 0 if dealer is None else dealer)

    def copy(self, s: Say) -> Say:
        c = Say(s.seats, s.dealer)
        c.dealt, c.hands, c.said = s.dealt, [list(h) for h in s.hands], list(s.said)
        return c

    def seat_count(self, s: Say) -> int:
        return s.seats

    def pending_deal(self, s: Say) -> int | None:
        return None if s.dealt else s.dealer

    def random_deal(self, s: Say, rng: random.Random) -> Deal:
        cards = list(DECK)
        rng.shuffle(cards)
        return Deal(tuple((cards[i],) for i in range(s.seats)), tuple(cards[s.seats :]))

    def _next(self, s: Say) -> int | None:
        for k in range(1, s.seats + 1):
            seat = (s.dealer + k) % s.seats
            if s.said[seat] is None:
                return seat
        return None

    def to_act(self, s: Say) -> frozenset[int]:
        nxt = self._next(s) if s.dealt else None
        return frozenset() if nxt is None else frozenset({nxt})

    def legal(self, s: Say, seat: int) -> list[Action]:
        return [("win",), ("lose",)] if seat in self.to_act(s) else []

    def apply(self, s: Say, seat: int, action: Action | Deal) -> list[Event]:
        if isinstance(action, Deal):
            if s.dealt:
                raise RuleError("illegal", "no deal is due")
            s.dealt = True
            s.hands = [list(h) for h in action.hands]
            return [Event("deal", {"dealer": s.dealer})] + [
                Event("hand", {"cards": [card_str(c) for c in h]}, to=i)
                for i, h in enumerate(s.hands)
            ]
        if seat not in self.to_act(s):
            raise RuleError(
                "not_your_turn", f"not your turn: waiting for seat {sorted(self.to_act(s))}"
            )
        s.said[seat] = action[0]
        return [Event(action[0], {"seat": seat})]

    def open_hands(self, s: Say) -> list[list[str]]:
        return [[card_str(c) for c in hand] for hand in s.hands]

    def view(self, s: Say, seat: int | None) -> SayView:
        return SayView(
            game="say",
            variant=self.variant,
            options=dict(self.option_values),
            seats=s.seats,
            you=seat,
            dealer=s.dealer,
            phase="play" if s.dealt else "deal",
            to_act=sorted(self.to_act(s)),
            hand=None if seat is None else [card_str(c) for c in s.hands[seat]],
            said=list(s.said),
            result=self.result_json(s),
        )

    def default(self, s: Say, seat: int) -> Action:
        return ("win",)

    def result(self, s: Say) -> LosersResult | None:
        if not s.dealt or None in s.said:
            return None
        return LosersResult(s.seats, tuple(i for i, w in enumerate(s.said) if w == "lose"))

    def standings(self, s: Say) -> JSON:
        return {}

    def deal_summaries(self, s: Say) -> list[JSON]:
        return []

    def parse_action(self, items: Sequence[Any]) -> Action:
        if list(items) in (["win"], ["lose"]):
            return (items[0],)
        raise InvalidInput("invalid", f"unknown action {list(items)!r}: say win or lose")

    def action_json(self, action: Action) -> list[Any]:
        return [action[0]]
