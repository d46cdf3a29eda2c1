"""``kroeg play GAME``: one terminal table for every game, and what it asks of a game.

You sit at seat 0; the house plays every other seat with ``default()``. The table is a
:class:`~kroeg.games.match.Match` with you at a prompt (:class:`Prompt`) and the house
at the other seats; what is particular to a game, how its table is shown, its events
told and your moves read, all in Dutch, is its :class:`Describer`
(``kroeg.terminal.<game>.Describer``). The record of the game is written as it is
played, to ``--record`` at the end.
"""

from __future__ import annotations

import argparse
import importlib
import random
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from kroeg.cards import parse_card
from kroeg.games import game_class, make_game
from kroeg.games.base import Action, Deal, Event, Game, InvalidInput
from kroeg.games.match import Agent, HouseAgent, Match, RandomDeals
from kroeg.records import RecordWriter
from kroeg.terminal.refusals import refusal_nl

Input = Callable[[str], str]
Output = Callable[[str], None]

YOU = 0
"""Your seat."""

SUIT_KEYS = {"k": "c", "r": "d", "h": "h", "s": "s"}
RANK_KEYS = {"7": "7", "8": "8", "9": "9", "10": "T", "b": "J", "v": "Q", "h": "K", "a": "A"}


def read_card(text: str) -> int | None:
    """A card typed as Dutch short (``h10``, ``sb``, ``♥10``: suit, then rank) or in record
    notation (``Th``, any case); None for anything else."""
    text = text.replace("♣", "k").replace("♦", "r").replace("♥", "h").replace("♠", "s")
    if len(text) >= 2 and text[0] in SUIT_KEYS and text[1:] in RANK_KEYS:
        return parse_card(RANK_KEYS[text[1:]] + SUIT_KEYS[text[0]])
    try:
        return parse_card(text[:-1].upper() + text[-1:])
    except (ValueError, IndexError):
        return None


class Describer(Protocol):
    """One game at the terminal table: its names, and its Dutch words for the table."""

    rules_choose_dealer: ClassVar[bool]
    """True: the first dealer is chosen as the rules say, from the seed (Toepen's 'Het');
    False: drawn from the table's generator."""

    def names(self, you: str, seats: int) -> list[str]:
        """The players' names by seat: yours, then the house's."""

    def opening(self, table: TerminalTable) -> None:
        """What is said before the first deal."""

    def before_deal(self, table: TerminalTable, dealer: int) -> None:
        """What is said when a deal is due, before it is dealt."""

    def event(self, table: TerminalTable, event: Event) -> None:
        """Tell an event (the describer leaves out those not for you)."""

    def ask(self, table: TerminalTable) -> Action:
        """Your decision now: shown the table, prompted until a legal action is given."""

    def aside(self, table: TerminalTable, legal: list[Action]) -> Action | None:
        """An out-of-turn action of ``legal`` you are offered, or None."""

    def closing(self, table: TerminalTable) -> None:
        """What is said once the game is over."""


class Prompt:
    """You, at the prompt: your seat's agent asks the describer."""

    def __init__(self, table: TerminalTable) -> None:
        self.table = table

    def act(self, match: Match[Any], seat: int) -> Action:
        return self.table.describer.ask(self.table)

    def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
        return self.table.describer.aside(self.table, legal)


class TerminalTable:
    """One game in the terminal: deals, asks you for your decisions, lets the house play."""

    def __init__(
        self,
        game: Game[Any],
        describer: Describer,
        args: argparse.Namespace,
        input_fn: Input,
        output_fn: Output,
    ) -> None:
        self.game = game
        self.describer = describer
        self.args = args
        self.ask = input_fn
        self.say = output_fn
        seats = args.seats or game.traits.usual_seats
        self.names = describer.names(args.name, seats)
        seed = args.seed
        if describer.rules_choose_dealer and seed is None:
            # A record without a dealer replays the same only with its seed: always keep one.
            seed = random.randrange(2**31)
        self.rng = random.Random(seed)
        dealer = None if describer.rules_choose_dealer else self.rng.randrange(seats)
        agents: list[Agent] = [Prompt(self), *[HouseAgent()] * (seats - 1)]
        self.match = Match.new(
            game,
            seats,
            dealer=dealer,
            seed=seed,
            agents=agents,
            deals=RandomDeals(self.rng),
            asides=True,
        )
        self.writer = RecordWriter(game, seats, names=self.names, dealer=dealer, seed=seed)
        self.match.watch(self.writer.observe)
        self.match.watch(self.tell)

    @property
    def state(self) -> Any:
        return self.match.state

    def run(self) -> None:
        self.describer.opening(self)
        while not (pending := self.match.pending()).over:
            if pending.dealer is not None:
                self.describer.before_deal(self, pending.dealer)
            self.match.advance()
        self.describer.closing(self)

    def tell(self, seat: int, action: Action | Deal, events: list[Event]) -> None:
        for event in events:
            self.describer.event(self, event)

    def try_action(self, action: Action) -> None:
        """Raise the game's refusal of ``action`` for you now; change nothing either way."""
        self.game.apply(self.game.copy(self.match.state), YOU, action)


def play(args: argparse.Namespace, *, input_fn: Input = input, output_fn: Output = print) -> int:
    """Play a whole game of ``args.game``; at its end, or when the input runs out (status
    1), write the record to ``args.record`` when one was asked for. Status 2 (after
    telling why, in Dutch) when the variant, an option or the seat count is refused."""
    describer: Describer = importlib.import_module(f"kroeg.terminal.{args.game}").Describer()
    options = getattr(args, "options", None)
    try:
        variant = args.variant or next(iter(game_class(args.game).variants))
        game = make_game(args.game, variant, options)
        game.check_seats(args.seats or game.traits.usual_seats)
    except InvalidInput as e:
        output_fn(f"Kan niet beginnen: {refusal_nl(e) or e}")
        return 2
    table = TerminalTable(game, describer, args, input_fn, output_fn)
    try:
        table.run()
    except EOFError:
        table.say("\nGestopt.")
        status = 1
    else:
        status = 0
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            f.write(table.writer.dumps() + "\n")
        table.say(f"Het verslag staat in {table.args.record}.")
    return status
