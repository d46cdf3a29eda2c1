"""The Game interface shared by every game (DESIGN.md, "The rules").

Each game is a pure, deterministic state machine. It never shuffles: when a deal is
due, :meth:`Game.pending_deal` names the dealer and the caller applies a :class:`Deal`
that it made with a CSPRNG or read from a record. So a game is a function of its
action list, which gives replays, crash recovery and records for free.

Actions are small tuples whose first item is the verb, cards as ints
(:mod:`kroeg.cards`): ``("play", card)``, ``("knock",)``, ``("bid", suit)``. The record
form (``["play", "Th"]``) exists only at the edges, through :meth:`Game.parse_action`
and :meth:`Game.action_json`.

Two kinds of error: :class:`InvalidInput` for input that is malformed whatever the
state (an unknown option, verb or card, a deck that is not the variant's deck), and
:class:`RuleError` for a well-formed action that the rules do not allow now. Both
leave the state exactly as it was.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from kroeg.cards import Card, card_str

Action = tuple[Any, ...]
"""A move: ``(verb, *args)`` with cards as ints."""

JSON = dict[str, Any]


Param = str | int | list[str]
"""A refusal's argument, JSON-ready: a name ending in ``suit`` holds a suit letter
(``"h"``), one ending in ``card`` a card (``"Th"``), one ending in ``cards`` a list of
cards; anything else is shown as it is."""


class GameError(Exception):
    """A refusal with a stable ``code`` (``"must_follow"``), its ``params`` and an English
    message. The code and params are what a front-end translates (the browser's catalogs
    have a ``rule.<code>`` text for each); the message is the library's own English."""

    default_code: ClassVar[str] = "refused"

    def __init__(self, code: str, message: str | None = None, /, **params: Param) -> None:
        if message is None:  # transitional: a message without a code yet
            code, message = self.default_code, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class RuleError(GameError):
    """An action the rules do not allow now; the message says why and what is allowed."""

    default_code = "illegal"


class InvalidInput(GameError, ValueError):
    """Input that is malformed whatever the state: bad option, verb, arguments or deck."""

    default_code = "invalid"


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance action: who gets which cards.

    ``hands[seat]`` are the cards dealt to a seat (empty for a seat that is out),
    ``stock`` the undealt cards top first, ``upcard`` the card that starts the
    discard pile (Eurokaarten only).
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    upcard: Card | None = None

    def json(self) -> JSON:
        out: JSON = {
            "hands": [[card_str(c) for c in hand] for hand in self.hands],
            "stock": [card_str(c) for c in self.stock],
        }
        if self.upcard is not None:
            out["upcard"] = card_str(self.upcard)
        return out


@dataclass(slots=True)
class Event:
    """Something that happened, with its audience: ``to`` is a seat, or None for all.

    ``data`` is JSON-ready. An event addressed to all never holds a card hidden from
    anyone; one addressed to a seat may hold that seat's own hidden cards. Not frozen:
    a random deal builds some twenty events, and a frozen dataclass's ``__init__``
    costs three times as much. Nobody changes an event once it is made.
    """

    kind: str
    data: JSON = field(default_factory=dict)
    to: int | None = None
    encoded: bytes | None = field(default=None, compare=False, repr=False)
    """The event's JSON (:meth:`json`) encoded, set by the first layer that sends it and
    kept for the next: games share some event objects across deals and games, and an
    event never changes once made."""

    def json(self) -> JSON:
        return {"kind": self.kind, "to": self.to, **self.data}


def check_deck(deal: Deal, deck: Sequence[Card], uses_upcard: bool) -> None:
    """InvalidInput unless the deal holds exactly ``deck``, each card once."""
    if uses_upcard and deal.upcard is None:
        raise InvalidInput("the deal has no upcard: this game turns one up to start the pile")
    if not uses_upcard and deal.upcard is not None:
        raise InvalidInput("the deal has an upcard, which this game does not use")
    cards = [c for hand in deal.hands for c in hand] + list(deal.stock)
    if deal.upcard is not None:
        cards.append(deal.upcard)
    counts = Counter(cards)
    seen = set(counts)
    twice = sorted(c for c, n in counts.items() if n > 1)
    if twice:
        raise InvalidInput(f"cards dealt twice: {', '.join(card_str(c) for c in twice)}")
    foreign = sorted(seen - set(deck))
    if foreign:
        raise InvalidInput(
            f"cards not in this game's deck: {', '.join(card_str(c) for c in foreign)}"
        )
    missing = sorted(set(deck) - seen)
    if missing:
        raise InvalidInput(
            f"cards missing from the deal: {', '.join(card_str(c) for c in missing)}"
        )


# Options -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoolOption:
    help: str
    requires: str | None = None
    """A boolean option this one refines: it matters only while that one is on (the
    table form hides it otherwise; given while its parent is off it has no effect)."""

    def check(self, name: str, value: object) -> object:
        if not isinstance(value, bool):
            raise InvalidInput(f"option {name} must be true or false, got {value!r}")
        return value

    def describe(self) -> JSON:
        return {"type": "bool", "help": self.help, "requires": self.requires}


@dataclass(frozen=True, slots=True)
class IntOption:
    help: str
    low: int
    high: int
    requires: str | None = None

    def check(self, name: str, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInput(
                f"option {name} must be an integer from {self.low} to {self.high}, got {value!r}"
            )
        if not self.low <= value <= self.high:
            raise InvalidInput(f"option {name} must be from {self.low} to {self.high}, got {value}")
        return value

    def describe(self) -> JSON:
        return {
            "type": "int",
            "min": self.low,
            "max": self.high,
            "help": self.help,
            "requires": self.requires,
        }


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    help: str
    choices: tuple[str, ...]
    requires: str | None = None

    def check(self, name: str, value: object) -> object:
        if value not in self.choices:
            allowed = ", ".join(self.choices)
            raise InvalidInput(f"option {name} must be one of {allowed}, got {value!r}")
        return value

    def describe(self) -> JSON:
        return {
            "type": "choice",
            "choices": list(self.choices),
            "help": self.help,
            "requires": self.requires,
        }


OptionSpec = BoolOption | IntOption | ChoiceOption


def resolve_options(
    game: str,
    specs: Mapping[str, OptionSpec],
    variants: Mapping[str, Mapping[str, object]],
    variant: str,
    options: Mapping[str, object] | None,
) -> dict[str, object]:
    """The variant's defaults overridden by ``options``, every value checked."""
    if variant not in variants:
        raise InvalidInput(
            f"unknown variant {variant!r} for {game}: expected one of {', '.join(variants)}"
        )
    resolved = dict(variants[variant])
    for name, value in (options or {}).items():
        if name not in specs:
            raise InvalidInput(
                f"unknown option {name!r} for {game}: expected one of {', '.join(sorted(specs))}"
            )
        resolved[name] = specs[name].check(name, value)
    return resolved


# The interface -----------------------------------------------------------------

S = TypeVar("S")


class Game(ABC, Generic[S]):
    """One game with one variant and its options; the state is a separate object.

    Subclasses set ``name``, ``deck`` (every card a deal holds, once; an option may
    change it per instance, e.g. fewer jokers), ``uses_upcard``,
    ``option_specs``, ``variants`` (variant name to its full set of option defaults)
    and ``seat_range`` (fewest and most seats).
    """

    name: ClassVar[str]
    deck: tuple[Card, ...]
    uses_upcard: ClassVar[bool] = False
    option_specs: ClassVar[Mapping[str, OptionSpec]]
    variants: ClassVar[Mapping[str, Mapping[str, object]]]
    seat_range: ClassVar[tuple[int, int]]

    def __init__(self, variant: str, options: Mapping[str, object] | None = None) -> None:
        self.variant = variant
        self.options = resolve_options(
            self.name, self.option_specs, self.variants, variant, options
        )

    def check_seats(self, seats: int) -> None:
        low, high = self.seat_range
        if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high:
            allowed = f"exactly {low}" if low == high else f"{low} to {high}"
            raise InvalidInput(
                f"{self.name} {self.variant} is played by {allowed} players, got {seats!r}"
            )

    @abstractmethod
    def new_state(
        self,
        seats: int,
        *,
        dealer: int | None = None,
        start: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> S:
        """A game before its first deal. ``dealer`` None: chosen as the rules say,
        with ``random.Random(seed)`` for the chance it needs (RECORDS.md ``dealer``).
        ``start`` gives standings for scenarios that begin mid-game."""

    @abstractmethod
    def copy(self, s: S) -> S:
        """An independent copy of a state (for search and for tests)."""

    @abstractmethod
    def seat_count(self, s: S) -> int:
        """How many seats the game in ``s`` has."""

    @abstractmethod
    def pending_deal(self, s: S) -> int | None:
        """The dealer's seat when the next action must be a :class:`Deal`, else None."""

    @abstractmethod
    def random_deal(self, s: S, rng: random.Random) -> Deal:
        """A deal for the pending dealer, shuffled with ``rng`` (a CSPRNG at live tables)."""

    @abstractmethod
    def to_act(self, s: S) -> frozenset[int]:
        """The seats whose decision the game waits for (empty when a deal is due or over)."""

    @abstractmethod
    def legal(self, s: S, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, also out of turn (a knock)."""

    @abstractmethod
    def apply(self, s: S, seat: int, action: Action | Deal) -> list[Event]:
        """Apply an action (or a :class:`Deal`, with ``seat`` the dealer).

        Raises :class:`RuleError` or :class:`InvalidInput` and leaves ``s`` unchanged
        when it is not allowed."""

    @abstractmethod
    def view(self, s: S, seat: int | None) -> JSON:
        """Everything ``seat`` may see (None: a spectator), JSON-ready."""

    @abstractmethod
    def default(self, s: S, seat: int) -> Action:
        """What the house plays for ``seat`` on a timeout: always a legal action."""

    @abstractmethod
    def result(self, s: S) -> JSON | None:
        """None while the game goes on; the result of RECORDS.md when it is over."""

    def losers(self, s: S) -> set[int]:
        """The seats that lost a finished game (empty while it goes on): the result's
        ``losers`` (Toepen), else every seat but its ``winner`` (nobody on a draw,
        ``winner: null``). A game whose winner is a team says so by overriding this."""
        result = self.result(s)
        if not result:
            return set()
        if "losers" in result:
            return {int(seat) for seat in result["losers"]}
        winner = result.get("winner")
        if winner is None:
            return set()
        return {seat for seat in range(self.seat_count(s)) if seat != winner}

    @abstractmethod
    def standings(self, s: S) -> JSON:
        """The standings after the last finished deal, as RECORDS.md's replay prints them."""

    @abstractmethod
    def deal_summaries(self, s: S) -> list[JSON]:
        """A summary of every finished deal, as RECORDS.md's replay prints them."""

    @abstractmethod
    def parse_action(self, items: Sequence[Any]) -> Action:
        """A record action without its seat (``["play", "Th"]``) to an :data:`Action`.

        Raises :class:`InvalidInput` for a verb the game does not have or wrong arguments."""

    @abstractmethod
    def action_json(self, action: Action) -> list[Any]:
        """The record form of an action (``["play", "Th"]``)."""

    def eliminate(self, s: S, seat: int) -> list[Event]:
        """Take a player out of the game (two timeouts in a row, or leaving).

        Trick games keep the seat in play with the house at it, so the rules change
        nothing; Eurokaarten overrides this to remove the seat's hand."""
        return []

    def is_over(self, s: S) -> bool:
        return self.result(s) is not None
