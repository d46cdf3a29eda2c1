"""One driver for every game: :class:`Match` runs a :class:`~kroeg.games.base.Game` with a
deal source and one agent per seat (DESIGN.md, "Layers"; docs/game-interface.md, "The
driver").

A game is a pure state machine that waits either for chance (a deal, or the order of a
turned-over pile) or for the decisions of some seats. A match answers both: chance from
its :class:`DealSource` (shuffled with a generator, a fair deal from a secret, a record's
deals), decisions from the :class:`Agent` at each seat (a person at a prompt, the house's
``default()``, a bot, a policy function). It is step-able: :meth:`Match.pending` says what
the game waits for, :meth:`Match.step` applies one step given from outside (a record's, a
socket's, an environment's), :meth:`Match.advance` lets the deal source or an agent make
the next one, :meth:`Match.run` plays to the end. Every step applied is told to the
match's observers with its events (a record writer, a terminal describing the table).

Out-of-turn actions (a knock in Toepen while another seat is to play) are offered, when
the match is made with ``asides=True``, after every step to each seat the game does not
wait for and that has legal actions, seat by seat; after an action is played the chances
are offered afresh. An agent answers None at once when it has nothing to do.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from kroeg.cards import Card
from kroeg.games.base import JSON, Action, Deal, Event, Game, restock
from kroeg.games.view import View

S = TypeVar("S")

OUT: Action = ("out",)
"""The step ``[seat, "out"]``: the player was taken out of the game (two timeouts in a
row, or leaving). Every game has it; it applies :meth:`Game.eliminate` (the trick games
keep the seat in play for the house, Eurokaarten removes the hand)."""

MAX_ASIDES = 64
"""A bound on the out-of-turn actions after one step (each changes the state, and the
rules allow each only once per deal, so a handful is the most there can be)."""

Step = tuple[int, Action | Deal]
"""A seat and what it did: an action, :data:`OUT`, or a :class:`Deal` (the dealer's)."""

Observer = Callable[[int, Action | Deal, list[Event]], None]
"""Told every step applied: the seat, the action (or deal) and its events."""


class DealSource(Protocol):
    """Where a match's chance comes from."""

    def deal(self, game: Game[Any], s: Any) -> Deal:
        """The deal due now (``game.pending_deal(s)`` names its dealer)."""

    def restock(self, game: Game[Any], s: Any, cards: tuple[Card, ...]) -> Action:
        """The :func:`~kroeg.games.base.restock` step for the turned-over pile ``cards``
        (``game.pending_restock(s)``, in canonical order)."""


class RandomDeals:
    """Deals and restocks shuffled with a generator: ``random.Random(seed)`` for a game
    that repeats, :meth:`secure` for a table's."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @classmethod
    def secure(cls) -> RandomDeals:
        """Shuffled by the operating system's CSPRNG."""
        return cls(secrets.SystemRandom())

    def deal(self, game: Game[Any], s: Any) -> Deal:
        return game.random_deal(s, self.rng)

    def restock(self, game: Game[Any], s: Any, cards: tuple[Card, ...]) -> Action:
        order = list(cards)
        self.rng.shuffle(order)
        return restock(order)


class RecordedDeals:
    """A record's deals, in order (played again with other agents: duplicate play).

    A record's restocks are steps of its deals, made for that play; a match that turns a
    pile over again shuffles it with ``restocks`` (none given: it is an error)."""

    def __init__(self, deals: Sequence[Deal], restocks: DealSource | None = None) -> None:
        self.deals = list(deals)
        self.dealt = 0
        self.restocks = restocks

    def deal(self, game: Game[Any], s: Any) -> Deal:
        if self.dealt >= len(self.deals):
            raise RuntimeError(f"the record has {len(self.deals)} deals and a deal is due")
        self.dealt += 1
        return self.deals[self.dealt - 1]

    def restock(self, game: Game[Any], s: Any, cards: tuple[Card, ...]) -> Action:
        if self.restocks is None:
            raise RuntimeError("a pile is turned over and the recorded deals have no restock")
        return self.restocks.restock(game, s, cards)


class Agent(Protocol):
    """Who decides for a seat. It reads what it needs through the match: a bot only the
    seat's :meth:`Match.view` and :meth:`Match.legal`, the house the state."""

    def act(self, match: Match[Any], seat: int) -> Action:
        """The seat's decision now: a legal action (the game waits for the seat)."""

    def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
        """An out-of-turn action of ``legal`` (the game does not wait for the seat), or
        None at once when the seat has nothing to do."""


class HouseAgent:
    """The game's ``default()``: what the house plays for a seat. No out-of-turn actions."""

    def act(self, match: Match[Any], seat: int) -> Action:
        return match.game.default(match.state, seat)

    def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
        return None


Policy = Callable[[View, list[Action]], Action]
"""A decision from a seat's view and its legal actions."""


class PolicyAgent:
    """A policy function of the seat's view and legal actions; out of turn, ``aside``
    (the same kind of function answering None for nothing) when given."""

    def __init__(
        self, policy: Policy, aside: Callable[[View, list[Action]], Action | None] | None = None
    ) -> None:
        self.policy = policy
        self.aside_policy = aside

    def act(self, match: Match[Any], seat: int) -> Action:
        return self.policy(match.view(seat), match.legal(seat))

    def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
        return None if self.aside_policy is None else self.aside_policy(match.view(seat), legal)


class Pending(NamedTuple):
    """What the game waits for now: a deal (``dealer``), a pile's order (``restock``, the
    cards; ``seats`` the seat whose turn it is), the decisions of ``seats``, or nothing
    (``over``). A named tuple: the live table asks after every step, and a tuple is made
    in a fraction of a frozen dataclass's time."""

    seats: frozenset[int] = frozenset()
    dealer: int | None = None
    restock: tuple[Card, ...] | None = None
    over: bool = False

    @property
    def chance(self) -> bool:
        """The next step is the deal source's."""
        return self.dealer is not None or self.restock is not None


OVER = Pending(over=True)
"""What an ended game waits for: nothing."""


def aside_chances(game: Game[Any], s: Any) -> list[tuple[int, list[Action]]]:
    """The seats outside ``to_act`` that have legal actions now, with those actions."""
    if game.pending_deal(s) is not None or game.is_over(s):
        return []
    waiting = game.to_act(s)
    chances = []
    for seat in range(game.seat_count(s)):
        if seat in waiting:
            continue
        legal = game.legal(s, seat)
        if legal:
            chances.append((seat, legal))
    return chances


class Match(Generic[S]):
    """One game being played: its state, its deal source, an agent per seat, observers.

    ``agents`` may be left empty when every step is given from outside (:meth:`step`);
    ``deals`` when no chance step is asked of the match (:meth:`chance`)."""

    def __init__(
        self,
        game: Game[S],
        state: S,
        *,
        agents: Sequence[Agent] = (),
        deals: DealSource | None = None,
        asides: bool = False,
    ) -> None:
        self.game = game
        self.state = state
        self.agents = list(agents)
        self.deals = deals
        self.asides = asides
        self.dealt = 0
        """The deals this match dealt from its deal source."""
        self.observers: list[Observer] = []

    @classmethod
    def new(
        cls,
        game: Game[S],
        seats: int,
        *,
        dealer: int | None = None,
        seed: int | None = None,
        start: JSON | None = None,
        agents: Sequence[Agent] = (),
        deals: DealSource | None = None,
        asides: bool = False,
    ) -> Match[S]:
        """A match of a game before its first deal (:meth:`Game.new_state`'s arguments)."""
        state = game.new_state(seats, dealer=dealer, start=start, seed=seed)
        return cls(game, state, agents=agents, deals=deals, asides=asides)

    def watch(self, observer: Observer) -> None:
        """Tell ``observer`` every step from now on (after those watching already)."""
        self.observers.append(observer)

    # What the game waits for ------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.game.seat_count(self.state)

    def over(self) -> bool:
        return self.game.is_over(self.state)

    def pending(self) -> Pending:
        game, s = self.game, self.state
        if game.is_over(s):
            return OVER
        dealer = game.pending_deal(s)
        if dealer is not None:
            return Pending(dealer=dealer)
        return Pending(game.to_act(s), restock=game.pending_restock(s))

    def legal(self, seat: int) -> list[Action]:
        return self.game.legal(self.state, seat)

    def view(self, seat: int | None) -> View:
        """``seat``'s view (None: a spectator's): the game's own view class."""
        return self.game.view(self.state, seat)

    # Steps ------------------------------------------------------------------------

    def step(self, seat: int, action: Action | Deal) -> list[Event]:
        """Apply one step (a Deal with ``seat`` the dealer; :data:`OUT` takes the seat out)
        and tell the observers. A refused step raises the game's error and leaves the
        state and the observers untouched."""
        if action == OUT:
            events = self.game.eliminate(self.state, seat)
        else:
            events = self.game.apply(self.state, seat, action)
        for observer in self.observers:
            observer(seat, action, events)
        return events

    def chance(self) -> Step | None:
        """The chance step due now, from the deal source, applied; None when none is due
        (the game waits for seats, or is over)."""
        drawn = self.draw()
        if drawn is not None:
            self.step(*drawn)
        return drawn

    def draw(self) -> Step | None:
        """The chance step due now, from the deal source, not yet applied (a live table
        logs a deal with what its deal source says of it, then applies it with
        :meth:`step`); None when none is due."""
        game, s = self.game, self.state
        dealer = game.pending_deal(s)
        if dealer is not None:
            assert self.deals is not None, "a deal is due and the match has no deal source"
            deal = self.deals.deal(game, s)
            self.dealt += 1
            return dealer, deal
        cards = game.pending_restock(s)
        if cards is None:
            return None
        assert self.deals is not None, "a pile is turned over and the match has no deal source"
        return min(game.to_act(s)), self.deals.restock(game, s, cards)

    def advance(self) -> Step:
        """The next step: the chance step due, else the decision of the first seat the
        game waits for, by its agent; then the out-of-turn chances (``asides``)."""
        done = self.chance()
        if done is None:
            waiting = self.game.to_act(self.state)
            if not waiting:
                raise RuntimeError("the game is over: there is no next step")
            seat = min(waiting)
            action = self.agents[seat].act(self, seat)
            self.step(seat, action)
            done = seat, action
        if self.asides:
            self.offer_asides()
        return done

    def run(self, *, max_deals: int | None = None) -> None:
        """Play until the game is over, or until a deal is due after ``max_deals`` deals
        of this match's."""
        game, s = self.game, self.state
        while not game.is_over(s):
            due = max_deals is not None and self.dealt >= max_deals
            if due and game.pending_deal(s) is not None:
                return
            self.advance()

    # Out of turn ------------------------------------------------------------------

    def offer_asides(self) -> list[Step]:
        """Offer every out-of-turn chance (:func:`aside_chances`) to the seats' agents, seat
        by seat, and play what is chosen; after an action the chances are offered afresh.
        Returns what was played, in order."""
        played: list[Step] = []
        while len(played) < MAX_ASIDES:
            for seat, legal in aside_chances(self.game, self.state):
                action = self.agents[seat].aside(self, seat, legal)
                if action is not None and action in legal:
                    self.step(seat, action)
                    played.append((seat, action))
                    break
            else:
                break
        return played
