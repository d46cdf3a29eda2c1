"""The rules of Toepen, both variants (RULES.md §1-5, §10, §12; RECORDS.md "The order of
decisions"): :class:`Toepen` wires together the modules that hold them.

Words: *kloppen* (knock) raises the stake by one; *meegaan* (``stay``) and *passen*
(``fold``) answer a knock; *armoede* is standing on ``max_points - 1`` (the others
*kijken*, ``look``, for two, or fold for one); *kans op toep* is the three-of-a-kind
exchange; *vuile was* (``laundry``) swaps a hand of only B/V/H/A for four stock cards;
the *compromiskaart* is the klaveren aas.

Each verb has a handler ``(rules, state, seat, action, events)``: :mod:`.tricks` (play),
:mod:`.knocks` (knock, stay, fold), :mod:`.dealing` (the deal, exchange, keep, look),
:mod:`.claims` (laundry, challenge, revoke); slow play (``late``) is here.
:mod:`.moves` says who acts and lists what they may do, :mod:`.scoring` ends deals
and the game, :mod:`.following` the rules of a trick, :mod:`.limits` who may knock,
:mod:`.turns` the turn checks, :mod:`.notation` the record form. Each rule is one
function that ``legal`` lists an action by and the handler checks it by
(docs/games/toepen.md, "Where each rule lives").

Every handler checks the whole action before it changes anything, so a RuleError or
InvalidInput leaves the state as it was. Events are built only when the caller wants
them (:meth:`Toepen.apply`); :meth:`Toepen.advance` runs the same rules without them.
The frequent events are prebuilt and shared (:mod:`.events`); the hot paths read the
lookup tables of :mod:`.tables` instead of computing. ``legal``, ``to_act`` and the
dispatch in ``apply``/``advance`` are the hottest code of a playout.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from kroeg.cards import PIKET_DECK
from kroeg.games.base import JSON, Action, Deal, Event, Game, InvalidInput, RuleError
from kroeg.games.results import LosersResult
from kroeg.games.toepen import claims, dealing, house, knocks, moves, notation, tricks, view
from kroeg.games.toepen.events import Events
from kroeg.games.toepen.following import playable
from kroeg.games.toepen.het import draw_for_dealer
from kroeg.games.toepen.options import (
    KROEGREGELS,
    OPTION_SPECS,
    PLAYERS,
    PLAYERS_OPTION,
    VARIANTS,
    Options,
)
from kroeg.games.toepen.state import DEAL, OVER, PLAY, ToepenState
from kroeg.games.toepen.tables import (
    BIT,
    hand_str,
    shuffled_deck,
)
from kroeg.games.traits import GameTraits

Handler = Callable[[Options, ToepenState, int, Action, Events], None]
"""The rule of one verb: checks the action, then changes the state and adds the events."""


class Toepen(Game[ToepenState]):
    """Toepen: kroegregels (seed 000) and klassiek (seed 002), every RULES.md §5 toggle."""

    name = "toepen"
    deck = PIKET_DECK
    option_specs = OPTION_SPECS
    variants = VARIANTS
    game_traits: ClassVar[GameTraits] = GameTraits((3, 8), 4)
    """Klassiek: 3 to 8 players, 4 typical (seed 002)."""
    variant_traits: ClassVar[Mapping[str, GameTraits]] = {
        KROEGREGELS: GameTraits((4, 4), 4, loser_rotation=True)
    }
    """Kroegregels: exactly 4 (seed 000, "louter met vier personen"), and a loser gives
    the seat to the longest-waiting (RULES.md §2.8)."""

    def __init__(self, variant: str, options: Mapping[str, object] | None = None) -> None:
        given = dict(options or {})
        players = given.pop(PLAYERS, None)
        if players is not None:
            PLAYERS_OPTION.check(PLAYERS, players)
        super().__init__(variant, given)
        self.players: int | None = players if isinstance(players, int) else None
        """RULES.md §5 ``players`` when given (it must equal the seats), else None."""
        if self.players is not None:
            self.option_values[PLAYERS] = self.players  # kept as written, so a record keeps it
        self.options = Options(variant, self.option_values)
        self._dealt: tuple[Deal, int, int, tuple[int, ...]] | None = None
        """The latest deal of :meth:`random_deal`, for its table size and seats out,
        with its hands as masks: applying it needs no check of the deck."""
        self._handlers: dict[str, Handler] = dict(
            zip(
                notation.VERBS,
                (
                    tricks.play,
                    knocks.knock,
                    knocks.stay,
                    knocks.fold,
                    dealing.look,
                    dealing.exchange,
                    dealing.keep,
                    claims.laundry,
                    claims.challenge,
                    claims.revoke,
                    self._late,
                ),
                strict=True,
            )
        )

    # Setting up ------------------------------------------------------------------

    def check_seats(self, seats: int) -> None:
        """The variant's seats (:class:`GameTraits`), and the ``players`` option, when
        given, names the same number (RULES.md §5: it is the record's ``seats``)."""
        super().check_seats(seats)
        if self.players is not None and seats != self.players:
            raise InvalidInput(
                "players_seats",
                f"option players is {self.players} but the game has {seats} seats:"
                " they must be equal",
                players=self.players,
                seats=seats,
            )

    def new_state(
        self,
        seats: int,
        *,
        dealer: int | None = None,
        start: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> ToepenState:
        self.check_seats(seats)
        points = self._start_points(seats, start)
        het = None
        if dealer is None:
            rng = random.Random(seed)
            if self.options.het:
                dealer, het = draw_for_dealer(list(range(seats)), rng)
            else:
                dealer = rng.randrange(seats)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise InvalidInput(
                "dealer_seat",
                f"dealer must be a seat from 0 to {seats - 1}, got {dealer!r}",
                high=seats - 1,
                dealer=repr(dealer),
            )
        s = ToepenState()
        s.n = seats
        s.points = points
        s.out = 0
        s.dealer = dealer
        s.first_dealer = dealer
        s.het = het
        s.phase = DEAL
        s.deal_no = 0
        s.armoede_done = 0
        level = self.options.armoede_level
        # RECORDS.md `start`: a seat starting on max_points - 1 reached it "in the
        # previous deal", deal 0.
        s.reached_at = [0 if points[p] == level else None for p in range(seats)]
        s.history = []
        s.losers = None
        s.waves = ()
        dealing.reset_deal(s)
        s.hands = [0] * seats
        s.stock = ()
        return s

    def _start_points(self, seats: int, start: Mapping[str, Any] | None) -> list[int]:
        if start is None:
            return [0] * seats
        if not isinstance(start, Mapping):
            raise InvalidInput(
                "start_form", 'start must be a JSON object like {"points": [0, 0, 9, 0]}'
            )
        unknown = sorted(set(start) - {"points"})
        if unknown:
            raise InvalidInput(
                "start_fields",
                f"unknown start fields for toepen: {', '.join(unknown)}; expected points",
                fields=unknown,
            )
        points = start.get("points", [0] * seats)
        low = -self.options.max_points if self.options.winnen_met_boer else 0
        high = self.options.max_points - 1
        if (
            not isinstance(points, list)
            or len(points) != seats
            or any(isinstance(p, bool) or not isinstance(p, int) for p in points)
        ):
            raise InvalidInput(
                "start_points_form",
                f"start.points must be a list of {seats} integers, got {points!r}",
                seats=seats,
            )
        for seat, p in enumerate(points):
            if not low <= p <= high:
                raise InvalidInput(
                    "start_points_range",
                    f"start.points: seat {seat} has {p}; points must be from {low} to {high}"
                    f" (max_points {self.options.max_points} would have ended the game)",
                    seat=seat,
                    points=p,
                    low=low,
                    high=high,
                )
        return list(points)

    def copy(self, s: ToepenState) -> ToepenState:
        return s.copy()

    def seat_count(self, s: ToepenState) -> int:
        return s.n

    def in_game(self, s: ToepenState) -> int:
        """The seats still in the game (all but the eliminated), as a mask."""
        return ((1 << s.n) - 1) & ~s.out

    def pending_deal(self, s: ToepenState) -> int | None:
        return s.dealer if s.phase == DEAL else None

    def random_deal(self, s: ToepenState, rng: random.Random) -> Deal:
        cards = shuffled_deck(rng)
        out = s.out
        n = s.n
        if not out:  # everyone plays: four cards each from the top, in seat order
            top = iter(cards[: 4 * n])
            # One iterator four times: equal lengths by construction (and strict= would
            # parse a keyword argument on every deal).
            hands_in = tuple(zip(top, top, top, top))  # noqa: B905
            bit = BIT
            masks = tuple([bit[a] | bit[b] | bit[c] | bit[d] for a, b, c, d in hands_in])
            dealt = Deal(hands_in, tuple(cards[4 * n :]))
            self._dealt = (dealt, n, 0, masks)
            return dealt
        hands: list[tuple[int, ...]] = []
        mask_list: list[int] = []
        pos = 0
        for seat in range(n):
            if out >> seat & 1:
                hands.append(())
                mask_list.append(0)
            else:
                a, b, c, d = hand = cards[pos : pos + 4]
                hands.append(tuple(hand))
                mask_list.append(1 << a | 1 << b | 1 << c | 1 << d)
                pos += 4
        dealt = Deal(tuple(hands), tuple(cards[pos:]))
        self._dealt = (dealt, n, out, tuple(mask_list))
        return dealt

    # Who acts, and what they may do: :mod:`.moves` --------------------------------------

    # The rules' own functions, not wrappers: a playout calls both for every decision.
    to_act = staticmethod(moves.to_act)
    legal = moves.legal

    # Applying -------------------------------------------------------------------------

    def apply(self, s: ToepenState, seat: int, action: Action | Deal) -> list[Event]:
        events: list[Event] = []
        # The usual case checked at once (a known verb, a seat, a deal under way): the
        # handler is called straight away. Anything else goes through _step's checks in order.
        if action.__class__ is tuple and action and seat.__class__ is int and 0 <= seat < s.n:
            handler = self._handlers.get(action[0])
            if handler is not None and DEAL < s.phase < OVER:
                handler(self.options, s, seat, action, events)
                if s.late and action[0] != "late":
                    s.late &= ~(1 << seat)
                return events
        self._step(s, seat, action, events)
        return events

    def advance(self, s: ToepenState, seat: int, action: Action | Deal) -> None:
        """:meth:`apply` without building events: the same rules, for simulations."""
        if action.__class__ is tuple and action and seat.__class__ is int and 0 <= seat < s.n:
            handler = self._handlers.get(action[0])
            if handler is not None and DEAL < s.phase < OVER:
                handler(self.options, s, seat, action, None)
                if s.late and action[0] != "late":
                    s.late &= ~(1 << seat)
                return
        self._step(s, seat, action, None)

    def _step(self, s: ToepenState, seat: int, action: Action | Deal, ev: Events) -> None:
        """Check and apply an action: the checks in their order, then the handler."""
        if action.__class__ is not tuple:
            if isinstance(action, Deal):
                dealt = self._dealt
                masks = None
                if (
                    dealt is not None
                    and dealt[0] is action
                    and dealt[1] == s.n
                    and dealt[2] == s.out
                ):
                    masks = dealt[3]  # random_deal made it for this table: no need to check
                dealing.deal(self.options, s, seat, action, ev, masks)
                return
            raise InvalidInput(
                "action_form", f"an action must be a tuple (verb, *args), got {action!r}"
            )
        handler = self._handlers.get(action[0]) if action else None
        if handler is None:
            notation.unknown_verb(action[0] if action else None)
        if seat.__class__ is not int or not 0 <= seat < s.n:
            raise InvalidInput(
                "no_such_seat",
                f"seat {seat!r} does not exist: seats are 0 to {s.n - 1}",
                seat=repr(seat),
                high=s.n - 1,
            )
        phase = s.phase
        if phase in (DEAL, OVER):
            if phase == OVER:
                raise RuleError("game_over", "the game is over")
            raise RuleError(
                "no_decision",
                f"no action now: the next deal is due (dealer {s.dealer})",
                seat=seat,
            )
        handler(self.options, s, seat, action, ev)
        if s.late and action[0] != "late":
            s.late &= ~(1 << seat)

    def _late(self, rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        """``("late",)``: a seat the game waits for pays a point for slow play."""
        notation.arity(action, 0, "no arguments")
        if not rules.slow_play:
            raise RuleError(
                "slow_play_off",
                "slow play is not penalised at this table (option slow_play_penalty)",
            )
        if seat not in self.to_act(s):
            raise RuleError("no_decision", f"seat {seat} is not being waited for", seat=seat)
        if s.late >> seat & 1:
            raise RuleError(
                "already_late",
                f"seat {seat} has already been penalised for this decision",
                seat=seat,
            )
        s.late |= 1 << seat
        s.extra[seat] += 1
        if ev is not None:
            ev.append(Event("late", {"seat": seat, "cost": 1}))

    def result(self, s: ToepenState) -> LosersResult | None:
        if s.phase != OVER or s.losers is None:
            return None
        return LosersResult(s.n, tuple(s.losers), s.waves)

    def is_over(self, s: ToepenState) -> bool:
        return s.phase == OVER

    def standings(self, s: ToepenState) -> JSON:
        return {"points": s.points[:]}

    def deal_summaries(self, s: ToepenState) -> list[JSON]:
        return [dict(d, penalties=d["penalties"][:]) for d in s.history]

    # Views, the house's choice, record form ----------------------------------------------------

    def view(self, s: ToepenState, seat: int | None) -> view.ToepenView:
        return view.view(self, self.options, s, seat)

    def open_hands(self, s: ToepenState) -> list[list[str]]:
        dealt = s.phase != DEAL and s.deal_no > 0  # as the view shows a hand
        return [hand_str(hand) if dealt else [] for hand in s.hands]

    def default(self, s: ToepenState, seat: int) -> Action:
        """:func:`house.choose_for_hand` of the seat's hand and legal actions: the
        house's usual decisions, from what ``legal`` lists.

        A card on the seat's turn with no laundry window open (most of the table's house
        moves) skips ``legal``: of what it lists then (the plays, fold, knock, a revoke
        call) the policy takes the lowest play, :func:`house.lowest_play` of the cards
        :func:`.following.playable` lets it play, the same set ``legal`` lists plays of."""
        if seat not in self.to_act(s):
            raise RuleError("no_decision", f"seat {seat} has no decision to make now", seat=seat)
        if s.phase == PLAY and s.knocker < 0 and not s.laundry_open:
            hand = s.hands[seat]  # the seat is s.turn: to_act says so
            return house.lowest_play(playable(hand, s.led) if self.options.follow else hand)
        dealt = s.phase != DEAL and s.deal_no > 0  # as the view shows the hand
        return house.choose_for_hand(s.hands[seat] if dealt else 0, self.legal(s, seat))

    def timeout_action(self, s: ToepenState, seat: int) -> Action:
        """:func:`house.on_timeout`: the lowest card, a knock answered by passen (stay
        with ``knock_mode: fast``), armoede passed, never by hand strength (RULES.md §2.7)."""
        if seat not in self.to_act(s):
            raise RuleError("no_decision", f"seat {seat} has no decision to make now", seat=seat)
        return house.on_timeout(self.legal(s, seat), fast_answers=self.options.answer_in_any_order)

    def parse_action(self, items: Sequence[Any]) -> Action:
        return notation.parse_action(items)

    action_json = staticmethod(notation.action_json)
    """The record form of an action: the table asks this for every step and every legal
    action of the newest frame, so no method wraps it."""
