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
leave the state exactly as it was, and both carry a stable code and its params, which
the browser's catalogs turn into a sentence (``rule.<code>``).

What the layers around a game need to know of it is declared by the game too: its
:class:`~kroeg.games.traits.GameTraits` (seats, what one clock covers, seat rotation,
default clock), and how a finished game ended,
:class:`~kroeg.games.results.GameResult` (winners and losers, and the record's
``result`` form), so no layer keeps a list of games or reads a result's JSON keys.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from kroeg.cards import Card, CardError, card_str, parse_card
from kroeg.errors import Refusal
from kroeg.games.results import GameResult
from kroeg.games.traits import GameTraits
from kroeg.games.view import View

Action = tuple[Any, ...]
"""A move: ``(verb, *args)`` with cards as ints."""

JSON = dict[str, Any]


Param = str | int | list[str]
"""A refusal's argument, JSON-ready: a name ending in ``suit`` holds a suit letter
(``"h"``), one ending in ``card`` a card (``"Th"``), one ending in ``cards`` a list of
cards; ``seat`` (or a name ending in ``_seat``) and ``dealer`` hold a seat number, which
the browser shows as the player's name; ``option`` an option's name, shown as the
table form names it; anything else is shown as it is (a list joined by commas)."""


class GameError(Refusal):
    """A game's refusal: a stable ``code`` (``"must_follow"``), its ``params`` and an
    English message. The code and params are what a front-end translates (the browser's
    catalogs have a ``rule.<code>`` text for each); the message is the library's own
    English. A table passes it on inside its own refusal (``rule``, ``args``)."""

    def __init__(self, code: str, message: str, /, **params: Param) -> None:
        super().__init__(code, message, **params)


class RuleError(GameError):
    """An action the rules do not allow now; the message says why and what is allowed."""


class InvalidInput(GameError, ValueError):
    """Input that is malformed whatever the state: bad option, verb, arguments or deck."""


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

    @classmethod
    def from_json(cls, doc: Mapping[str, object]) -> Deal:
        """The deal that :meth:`json` wrote (RECORDS.md "deals"), back; InvalidInput
        ``deal_cards`` naming the field that is not a list of cards (whether the cards make
        the game's deck is :func:`check_deck`'s question)."""
        hands = doc.get("hands")
        if not isinstance(hands, list):
            raise InvalidInput("deal_cards", "hands must be a list of hands")
        return cls(
            tuple(_cards(hand, f"hand of seat {seat}") for seat, hand in enumerate(hands)),
            _cards(doc.get("stock"), "stock"),
            _cards([doc["upcard"]], "upcard")[0] if "upcard" in doc else None,
        )


def _cards(items: object, what: str) -> tuple[Card, ...]:
    """A list of cards in record notation, or InvalidInput ``deal_cards`` saying ``what``
    was wrong."""
    if not isinstance(items, list):
        raise InvalidInput("deal_cards", f"{what} must be a list of cards")
    try:
        return tuple(parse_card(c) for c in items)
    except CardError as e:
        raise InvalidInput("deal_cards", f"{what}: {e}") from None


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
        raise InvalidInput(
            "deal_no_upcard", "the deal has no upcard: this game turns one up to start the pile"
        )
    if not uses_upcard and deal.upcard is not None:
        raise InvalidInput("deal_upcard", "the deal has an upcard, which this game does not use")
    cards = [c for hand in deal.hands for c in hand] + list(deal.stock)
    if deal.upcard is not None:
        cards.append(deal.upcard)
    counts = Counter(cards)
    seen = set(counts)
    twice = [card_str(c) for c in sorted(c for c, n in counts.items() if n > 1)]
    if twice:
        raise InvalidInput("deal_twice", f"cards dealt twice: {', '.join(twice)}", cards=twice)
    foreign = [card_str(c) for c in sorted(seen - set(deck))]
    if foreign:
        raise InvalidInput(
            "deal_foreign", f"cards not in this game's deck: {', '.join(foreign)}", cards=foreign
        )
    missing = [card_str(c) for c in sorted(set(deck) - seen)]
    if missing:
        raise InvalidInput(
            "deal_missing", f"cards missing from the deal: {', '.join(missing)}", cards=missing
        )


RESTOCK = "restock"
"""The chance step that gives a turned-over discard pile its shuffled order
(:meth:`Game.pending_restock`): the caller's, like a :class:`Deal`, never a player's."""


def restock(order: Sequence[Card]) -> Action:
    """The ``restock`` action: the new stock, top first."""
    return (RESTOCK, tuple(order))


# Options -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoolOption:
    help: str
    requires: str | None = None
    """A boolean option this one refines: it matters only while that one is on (the
    table form hides it otherwise; given while its parent is off it has no effect)."""

    def check(self, name: str, value: object) -> object:
        if not isinstance(value, bool):
            raise InvalidInput(
                "option_bool", f"option {name} must be true or false, got {value!r}", option=name
            )
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
                "option_range",
                f"option {name} must be an integer from {self.low} to {self.high}, got {value!r}",
                option=name,
                low=self.low,
                high=self.high,
            )
        if not self.low <= value <= self.high:
            raise InvalidInput(
                "option_range",
                f"option {name} must be from {self.low} to {self.high}, got {value}",
                option=name,
                low=self.low,
                high=self.high,
            )
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
            raise InvalidInput(
                "option_choice",
                f"option {name} must be one of {', '.join(self.choices)}, got {value!r}",
                option=name,
                choices=list(self.choices),
            )
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
            "unknown_variant",
            f"unknown variant {variant!r} for {game}: expected one of {', '.join(variants)}",
            variant=str(variant),
        )
    resolved = dict(variants[variant])
    for name, value in (options or {}).items():
        if name not in specs:
            raise InvalidInput(
                "unknown_option",
                f"unknown option {name!r} for {game}: expected one of {', '.join(sorted(specs))}",
                option=str(name),
            )
        resolved[name] = specs[name].check(name, value)
    return resolved


# The interface -----------------------------------------------------------------

S = TypeVar("S")


class Game(ABC, Generic[S]):
    """One game with one variant and its options; the state is a separate object.

    Subclasses set ``name``, ``deck`` (every card a deal holds, once; an option may
    change it per instance, e.g. fewer jokers), ``uses_upcard``, ``option_specs``,
    ``variants`` (variant name to its full set of option defaults), ``game_traits``
    and, for a variant whose traits differ, ``variant_traits``. An instance's
    :attr:`traits` are its variant's.
    """

    name: ClassVar[str]
    deck: tuple[Card, ...]
    uses_upcard: ClassVar[bool] = False
    option_specs: ClassVar[Mapping[str, OptionSpec]]
    variants: ClassVar[Mapping[str, Mapping[str, object]]]
    game_traits: ClassVar[GameTraits]
    variant_traits: ClassVar[Mapping[str, GameTraits]] = {}
    """The traits of a variant where they are not :attr:`game_traits`."""

    def __init__(self, variant: str, options: Mapping[str, object] | None = None) -> None:
        self.variant = variant
        self.option_values = resolve_options(
            self.name, self.option_specs, self.variants, variant, options
        )
        self.traits = self.traits_of(variant)

    @classmethod
    def traits_of(cls, variant: str) -> GameTraits:
        return cls.variant_traits.get(variant, cls.game_traits)

    def check_seats(self, seats: int) -> None:
        low, high = self.traits.seats
        if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high:
            game = f"{self.name} {self.variant}"
            if low == high:
                raise InvalidInput(
                    "seats_fixed",
                    f"{game} is played by exactly {low} players, got {seats!r}",
                    seats=low,
                )
            raise InvalidInput(
                "seats_range",
                f"{game} is played by {low} to {high} players, got {seats!r}",
                low=low,
                high=high,
            )

    def default_clock(self) -> float:
        """The table's clock when nobody asks for one: the game's clock option if it has
        one (Eurokaarten ``turn_clock``), else its traits' ``clock_seconds``."""
        option = self.traits.clock_option
        if option is None:
            return self.traits.clock_seconds
        value = self.option_values[option]
        assert isinstance(value, int | float)
        return float(value)

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

    def advance(self, s: S, seat: int, action: Action | Deal) -> None:
        """:meth:`apply` for simulations, which want no events: the same rules and checks.
        A game whose events cost much overrides it to build none (Toepen)."""
        self.apply(s, seat, action)

    @abstractmethod
    def view(self, s: S, seat: int | None) -> View:
        """Everything ``seat`` may see (None: a spectator): the game's own
        :class:`~kroeg.games.view.View` (docs/game-interface.md, "Views")."""

    @abstractmethod
    def open_hands(self, s: S) -> list[list[str]]:
        """Every seat's hand in notation, as its own view shows it once the seat may look
        at it (``[]`` between deals and for a seat without cards)."""

    def open_view(self, s: S) -> View:
        """A spectator's view with every hand open (``hands``): what the replay of a
        finished game shows at each step. Never for a game in play: its record, which
        holds every hand, is readable only once the game is over."""
        return msgspec.structs.replace(self.view(s, None), hands=self.open_hands(s))

    @abstractmethod
    def default(self, s: S, seat: int) -> Action:
        """What the house plays for ``seat``: always a legal action (the ``huis`` level,
        and the fallback of every bot)."""

    def pending_restock(self, s: S) -> tuple[Card, ...] | None:
        """The cards the caller must shuffle now, in canonical order, or None (the usual
        case). Chance is the caller's (DESIGN.md), for a deal and for this: Eurokaarten's
        ``stock_empty: reshuffle_discards`` turns the discard pile over as the new stock,
        and the caller applies :func:`restock` of the order it shuffled, as the very next
        step, with the seat whose turn it is (docs/records.md, verb ``restock``)."""
        return None

    def timeout_action(self, s: S, seat: int) -> Action:
        """What the house plays for a person at ``seat`` whose clock ran out: always a
        legal action. The table's timeout path asks this and nothing else, so a game
        states the rule once (Toepen: never by hand strength, RULES.md §2.7); the
        default is :meth:`default`."""
        return self.default(s, seat)

    @abstractmethod
    def result(self, s: S) -> GameResult | None:
        """None while the game goes on; how it ended once it is over."""

    def result_json(self, s: S) -> JSON | None:
        """The result in RECORDS.md's form (None while the game goes on), for views and records."""
        result = self.result(s)
        return None if result is None else result.json()

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
