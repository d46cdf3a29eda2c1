"""Eurokaarten (RULES.md §7, seeds 003 and 004): the rules as a state machine.

Six seats, 52 cards and two jokers, 5 cards each. A turn is ``open`` (open gaan: call
the showdown), or ``draw`` then any ``meld``/``layoff``/``swap`` and one ``discard``.
A round ends when a hand is empty (alles kwijt), on open gaan, or when the stock runs
out; then the highest hand (or a wrong opener) loses a *munt* (coin, a life). The
first to lose their last coin gets the *bokje*, one extra life; the last player in
wins the *partij* (the whole game).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from kroeg.cards import (
    FULL_DECK,
    JOKERS,
    Card,
    card_str,
    cards_in,
    is_joker,
    meld_card_str,
)
from kroeg.games.base import (
    JSON,
    RESTOCK,
    Action,
    Deal,
    Event,
    Game,
    GameError,
    InvalidInput,
    OptionSpec,
    RuleError,
    check_deck,
)
from kroeg.games.eurokaarten import house, moves, notation, view
from kroeg.games.eurokaarten.melds import (
    Meld,
    MeldCard,
    extend_meld,
    hand_notation,
    new_meld,
    swap_in,
    swap_joker,
)
from kroeg.games.eurokaarten.options import OPTION_SPECS, VARIANTS, Options
from kroeg.games.eurokaarten.scoring import end_round, finish_if_won
from kroeg.games.eurokaarten.state import DEAL, OVER, TURN, EuroState
from kroeg.games.results import WinnerResult
from kroeg.games.traits import GameTraits

SEATS = 6


class Eurokaarten(Game[EuroState]):
    name: ClassVar[str] = "eurokaarten"
    deck = FULL_DECK
    uses_upcard: ClassVar[bool] = True
    option_specs: ClassVar[Mapping[str, OptionSpec]] = OPTION_SPECS
    variants: ClassVar[Mapping[str, Mapping[str, object]]] = VARIANTS
    game_traits: ClassVar[GameTraits] = GameTraits(
        (SEATS, SEATS), SEATS, clock_per_turn=True, clock_option="turn_clock"
    )
    """Always six at the table (seed 003: "Er zitten altijd zes spelers aan tafel"); one
    clock per turn, after which the house plays the turn (seed 003)."""

    def __init__(self, variant: str, options: Mapping[str, object] | None = None) -> None:
        super().__init__(variant, options)
        self.options = Options.from_resolved(self.option_values)
        if self.options.jokers < len(JOKERS):
            # The pack follows the option ``jokers``; record checks (check_deck) read it.
            self.deck = FULL_DECK[: 52 + self.options.jokers]

    # Set-up --------------------------------------------------------------------

    def new_state(
        self,
        seats: int,
        *,
        dealer: int | None = None,
        start: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> EuroState:
        self.check_seats(seats)
        coins, bokje, out = self._start(start or {})
        seats_in = [seat for seat in range(seats) if seat not in out]
        if dealer is None:
            dealer = random.Random(seed).choice(seats_in)
        elif not (isinstance(dealer, int) and 0 <= dealer < seats):
            raise InvalidInput(
                "no_such_seat",
                f"dealer must be a seat from 0 to {seats - 1}, got {dealer!r}",
                seat=str(dealer),
            )
        elif dealer in out:
            raise InvalidInput(
                "dealer_out", f"dealer {dealer} is out: the dealer is a seat still in", seat=dealer
            )
        return EuroState(seats, dealer, coins, bokje, out)

    def _start(self, start: Mapping[str, Any]) -> tuple[list[int], set[int], set[int]]:
        unknown = sorted(set(start) - {"coins", "bokje", "out"})
        if unknown:
            raise InvalidInput(
                "start_unknown",
                f"unknown start fields for eurokaarten: {', '.join(unknown)};"
                " expected coins, bokje, out",
                fields=", ".join(unknown),
            )
        coins = start.get("coins", [self.options.start_coins] * SEATS)
        if not (
            isinstance(coins, list)
            and len(coins) == SEATS
            and all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in coins)
        ):
            raise InvalidInput(
                "start_coins",
                f"start coins must be a list of {SEATS} integers 0 or more",
                count=SEATS,
            )
        bokje = self._seat_list(start.get("bokje", []), "bokje")
        out = self._seat_list(start.get("out", []), "out")
        for seat in range(SEATS):
            if coins[seat] == 0 and seat not in out and seat not in bokje:
                raise InvalidInput(
                    "start_needs_bokje",
                    f"seat {seat} has no coins and is not out, so it must hold the bokje",
                    seat=seat,
                )
        if bokje and not self.options.bokje:
            raise InvalidInput(
                "start_bokje_off", "start gives the bokje, but the option bokje is off"
            )
        for seat in sorted(bokje - out):
            if coins[seat]:
                raise InvalidInput(
                    "start_bokje_coins",
                    f"seat {seat} holds the bokje, so it has no coins left",
                    seat=seat,
                )
        if SEATS - len(out) < 2:
            raise InvalidInput("start_too_few", "at least two seats must be in at the start")
        return list(coins), bokje, out

    @staticmethod
    def _seat_list(value: object, what: str) -> set[int]:
        if not (
            isinstance(value, list)
            and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < SEATS for v in value
            )
        ):
            raise InvalidInput(
                "start_seats",
                f"start {what} must be a list of seats 0 to {SEATS - 1}",
                field=what,
            )
        return set(value)

    def copy(self, s: EuroState) -> EuroState:
        return s.copy()

    def seat_count(self, s: EuroState) -> int:
        return s.seats

    def pending_deal(self, s: EuroState) -> int | None:
        return s.dealer if s.phase == DEAL else None

    def random_deal(self, s: EuroState, rng: random.Random) -> Deal:
        cards = list(self.deck)
        rng.shuffle(cards)
        size = self.options.hand_size
        hands: list[tuple[Card, ...]] = []
        for seat in range(s.seats):
            if seat in s.out:
                hands.append(())
            else:
                hands.append(tuple(cards[:size]))
                del cards[:size]
        return Deal(tuple(hands), stock=tuple(cards[1:]), upcard=cards[0])

    def to_act(self, s: EuroState) -> frozenset[int]:
        return frozenset((s.turn,)) if s.phase == TURN else frozenset()

    # Legal actions ---------------------------------------------------------------

    def legal(self, s: EuroState, seat: int) -> list[Action]:
        if s.phase != TURN or seat != s.turn:
            return []
        opts = self.options
        if not s.drawn:
            out: list[Action] = [("open",)] if moves.may_open(s, seat, opts) else []
            out.extend(("draw", pile) for pile in ("stock", "discard") if moves.may_draw(s, pile))
            return out
        actions = moves.lay_actions(s, seat, opts)
        actions.extend(
            ("discard", card) for card in cards_in(moves.discardable(s.hands[seat], s.taken))
        )
        return actions

    # Applying --------------------------------------------------------------------

    def apply(self, s: EuroState, seat: int, action: Action | Deal) -> list[Event]:
        if s.phase == OVER:
            raise RuleError("game_over", "the game is over")
        if isinstance(action, Deal):
            return self._deal(s, seat, action)
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise InvalidInput(
                "unknown_verb", f"an action is a tuple (verb, *args), got {action!r}", verb=""
            )
        if s.phase == DEAL:
            raise RuleError(
                "no_decision",
                f"no action now: the next deal is due (dealer {s.dealer})",
                seat=seat,
            )
        if seat != s.turn:
            raise RuleError(
                "not_your_turn", f"not your turn: waiting for seat {s.turn}", seat=s.turn
            )
        verb = action[0]
        if verb == RESTOCK:
            return self._restock(s, action)
        if not s.restock:
            return self._act(s, seat, verb, action)
        s.restock = False  # any other action closes the restock's moment
        try:
            return self._act(s, seat, verb, action)
        except GameError:
            s.restock = True
            raise

    def _act(self, s: EuroState, seat: int, verb: str, action: Action) -> list[Event]:
        if verb == "open":
            return self._open(s, seat)
        if verb == "draw":
            return self._draw(s, seat, action)
        if verb in ("meld", "layoff", "swap", "discard") and not s.drawn:
            raise RuleError(
                "draw_first",
                f"draw a card first: {verb} comes after draw stock or draw discard",
                verb=verb,
            )
        if verb == "meld":
            return self._meld(s, seat, action)
        if verb == "layoff":
            return self._layoff(s, seat, action)
        if verb == "swap":
            return self._swap(s, seat, action)
        if verb == "discard":
            return self._discard(s, seat, action)
        raise InvalidInput("unknown_verb", f"unknown verb {verb!r} for eurokaarten", verb=verb)

    def _deal(self, s: EuroState, seat: int, deal: Deal) -> list[Event]:
        if s.phase != DEAL:
            raise RuleError("no_deal_due", "no deal is due now: the round is being played")
        if seat != s.dealer:
            raise RuleError(
                "wrong_dealer",
                f"the deal is due from dealer {s.dealer}, not seat {seat}",
                dealer=s.dealer,
            )
        if len(deal.hands) != s.seats:
            raise InvalidInput(
                "deal_hands", f"the deal needs {s.seats} hands, one per seat", count=s.seats
            )
        check_deck(deal, self.deck, True)
        for hand_seat, hand in enumerate(deal.hands):
            size = 0 if hand_seat in s.out else self.options.hand_size
            if len(hand) != size:
                why = "it is out" if hand_seat in s.out else "each seat still in gets that many"
                raise InvalidInput(
                    "deal_hand_size",
                    f"seat {hand_seat} must be dealt {size} cards ({why}), got {len(hand)}",
                    seat=hand_seat,
                    count=len(hand),
                    expected=size,
                )
        assert deal.upcard is not None
        s.hands = [sum(1 << c for c in hand) for hand in deal.hands]
        s.stock = list(reversed(deal.stock))
        s.discard = [deal.upcard]
        s.melds = []
        s.had_turn = s.came_down = s.dead = 0
        s.phase = TURN
        s.turn = s.next_in(s.dealer)
        s.drawn = False
        s.taken = None
        s.picked = [0] * s.seats
        s.declined = [0] * s.seats
        events = [
            Event(
                "deal",
                {
                    "dealer": s.dealer,
                    "hand_counts": view.hand_counts(s),
                    "upcard": card_str(deal.upcard),
                    "stock_count": len(s.stock),
                    "turn": s.turn,
                },
            )
        ]
        events.extend(
            Event("hand", {"cards": hand_notation(s.hands[h])}, to=h) for h in s.seats_in()
        )
        return events

    def _open(self, s: EuroState, seat: int) -> list[Event]:
        if not moves.may_open(s, seat, self.options):
            if s.drawn:
                raise RuleError(
                    "open_after_draw", "open gaan only at the start of your turn, before you draw"
                )
            raise RuleError(
                "open_first_turn",
                "open gaan is not allowed on your first turn of the round (option open_first_turn)",
            )
        return [Event("open", {"seat": seat}), *end_round(s, "open", seat, self.options)]

    def _draw(self, s: EuroState, seat: int, action: Action) -> list[Event]:
        if len(action) != 2 or action[1] not in ("stock", "discard"):
            raise InvalidInput("bad_arguments", 'draw takes "stock" or "discard"', verb="draw")
        pile = action[1]
        if not moves.may_draw(s, pile):
            if s.drawn:
                raise RuleError(
                    "already_drew", "you already drew this turn: meld, lay off, swap or discard"
                )
            if pile == "discard":
                raise RuleError(
                    "discard_pile_empty", "the discard pile is empty: draw from the stock"
                )
            raise RuleError("stock_empty", "the stock is empty: draw from the discard pile")
        if pile == "discard":
            card = s.discard.pop()
            s.hands[seat] |= 1 << card
            s.drawn = True
            s.taken = card
            s.picked[seat] |= 1 << card
            events = [Event("draw", {"seat": seat, "from": "discard", "card": card_str(card)})]
            return events + self._after_lay(s, seat)
        if s.discard:
            s.declined[seat] |= 1 << s.discard[-1]
        card = s.stock.pop()
        s.hands[seat] |= 1 << card
        s.drawn = True
        events = [
            Event("draw", {"seat": seat, "from": "stock", "stock_count": len(s.stock)}),
            Event("drawn", {"card": card_str(card)}, to=seat),
        ]
        if not s.stock:
            if self.options.reshuffle_discards and len(s.discard) > 1:
                # The engine has no chance of its own: the pile is turned over, and the
                # caller's restock step (pending_restock) gives it its shuffled order.
                top = s.discard.pop()
                s.stock = s.discard
                s.discard = [top]
                s.restock = True
                events.append(Event("stock_renewed", {"stock_count": len(s.stock)}))
            else:
                return events + end_round(s, "stock", None, self.options)
        return events + self._after_lay(s, seat)

    def pending_restock(self, s: EuroState) -> tuple[int, ...] | None:
        """The turned-over pile's cards, canonical order, while its restock may come."""
        return tuple(sorted(s.stock)) if s.restock and s.phase == TURN else None

    def _restock(self, s: EuroState, action: Action) -> list[Event]:
        """``("restock", cards)``: the new stock's shuffled order, top first, given by the
        caller right after the draw that turned the pile over (RULES.md §7.9
        ``stock_empty: reshuffle_discards``; docs/rules-decisions.md). A record without
        it keeps the pile's order, as records made before the restock step do."""
        if not s.restock:
            raise RuleError(
                "no_restock",
                "no restock now: only right after the draw that turned the pile over",
            )
        if len(action) != 2 or not isinstance(action[1], tuple | list):
            raise InvalidInput("bad_arguments", "restock takes the list of cards", verb=RESTOCK)
        cards = action[1]
        if sorted(cards) != sorted(s.stock):
            raise RuleError(
                "restock_cards",
                f"a restock holds the {len(s.stock)} cards of the turned-over pile, each once",
                count=len(s.stock),
            )
        s.stock = list(reversed(cards))
        s.restock = False
        return []

    def _cards_in_hand(self, s: EuroState, seat: int, verb: str, laid: Sequence[MeldCard]) -> int:
        if not isinstance(laid, (tuple, list)) or not laid:
            raise InvalidInput(
                "bad_arguments",
                "the cards must be a non-empty sequence of (card, stands_for)",
                verb=verb,
            )
        mask = 0
        for item in laid:
            if not (isinstance(item, tuple) and len(item) == 2):
                raise InvalidInput(
                    "bad_arguments",
                    f"a laid card is a pair (card, stands_for), got {item!r}",
                    verb=verb,
                )
            card, stands = item
            if not isinstance(card, int) or not 0 <= card < 54:
                raise InvalidInput("bad_arguments", f"no such card {card!r}", verb=verb)
            if stands is not None and not (
                is_joker(card) and isinstance(stands, int) and 0 <= stands < 52
            ):
                raise InvalidInput(
                    "stands_for_joker_only",
                    f"only a joker can stand for another card, and only for an ordinary card,"
                    f" not {card_str(card)}={stands!r}",
                    card=card_str(card),
                )
            if mask >> card & 1:
                raise InvalidInput(
                    "card_twice", f"{card_str(card)} is given twice", card=card_str(card)
                )
            if not s.hands[seat] >> card & 1:
                raise RuleError(
                    "not_in_hand", f"you do not hold {card_str(card)}", card=card_str(card)
                )
            mask |= 1 << card
        return mask

    def _meld(self, s: EuroState, seat: int, action: Action) -> list[Event]:
        if len(action) != 2:
            raise InvalidInput("bad_arguments", "meld takes one list of cards", verb="meld")
        laid = action[1]
        mask = self._cards_in_hand(s, seat, "meld", laid)
        meld = new_meld(seat, laid, self.options.meld_rules)
        points = moves.first_meld_points(s, seat, self.options)
        if not moves.shows_enough(laid, points):
            value = moves.first_meld_value(laid)
            raise RuleError(
                "first_meld_value",
                f"your first meld of the round must be worth {points} points,"
                f" this one is worth {value}",
                points=points,
                value=value,
            )
        s.hands[seat] &= ~mask
        s.melds.append(meld)
        s.came_down |= 1 << seat
        n = len(s.melds) - 1
        events = [Event("meld", {"seat": seat, "meld": n, **view.meld_json(n, meld)})]
        return events + self._after_lay(s, seat)

    def _meld_at(self, s: EuroState, verb: str, n: object) -> Meld:
        if isinstance(n, bool) or not isinstance(n, int):
            raise InvalidInput(
                "bad_arguments", f"a meld number is an integer, got {n!r}", verb=verb
            )
        if not 0 <= n < len(s.melds):
            there = f"melds are 0 to {len(s.melds) - 1}" if s.melds else "no meld is on the table"
            raise RuleError("no_such_meld", f"there is no meld {n}: {there}", meld=n)
        return s.melds[n]

    def _layoff(self, s: EuroState, seat: int, action: Action) -> list[Event]:
        if len(action) != 3:
            raise InvalidInput(
                "bad_arguments", "layoff takes a meld number and a list of cards", verb="layoff"
            )
        _, n, laid = action
        meld = self._meld_at(s, "layoff", n)
        mask = self._cards_in_hand(s, seat, "layoff", laid)
        if not moves.may_lay_off(s, seat, self.options):
            raise RuleError(
                "layoff_before_first_meld",
                f"lay a first meld worth {self.options.min_first_meld} points before laying off",
                points=self.options.min_first_meld,
            )
        grown = extend_meld(meld, laid, self.options.meld_rules)
        s.hands[seat] &= ~mask
        s.melds[n] = grown
        events = [
            Event(
                "layoff",
                {
                    "seat": seat,
                    "meld": n,
                    "added": [meld_card_str(card, stands) for card, stands in laid],
                    **view.meld_json(n, grown),
                },
            )
        ]
        return events + self._after_lay(s, seat)

    def _swap(self, s: EuroState, seat: int, action: Action) -> list[Event]:
        if len(action) != 3:
            raise InvalidInput("bad_arguments", "swap takes a meld number and a card", verb="swap")
        _, n, card = action
        meld = self._meld_at(s, "swap", n)
        if not isinstance(card, int) or not 0 <= card < 52:
            raise InvalidInput(
                "bad_arguments", f"swap needs a real card, got {card!r}", verb="swap"
            )
        if not moves.may_swap(s, seat, self.options):
            raise RuleError(
                "swap_before_meld", "lay a meld of your own first: swap_only_after_melding is on"
            )
        if not s.hands[seat] >> card & 1:
            raise RuleError("not_in_hand", f"you do not hold {card_str(card)}", card=card_str(card))
        joker = swap_joker(meld, card)
        if joker is None:
            jokers = ", ".join(f"{card_str(j)}={card_str(c)}" for j, c in meld.jokers)
            raise RuleError(
                "swap_no_joker",
                f"meld {n} has no joker standing for {card_str(card)}"
                + (f": its jokers are {jokers}" if jokers else ": it holds no joker"),
                card=card_str(card),
                meld=n,
            )
        swapped = swap_in(meld, card, joker)
        s.melds[n] = swapped
        s.hands[seat] = s.hands[seat] & ~(1 << card) | 1 << joker
        events = [
            Event(
                "swap",
                {"seat": seat, "meld": n, "card": card_str(card), "joker": card_str(joker)}
                | view.meld_json(n, swapped),
            )
        ]
        return events + self._after_lay(s, seat)

    def _discard(self, s: EuroState, seat: int, action: Action) -> list[Event]:
        if len(action) != 2 or not isinstance(action[1], int) or not 0 <= action[1] < 54:
            raise InvalidInput("bad_arguments", "discard takes one card", verb="discard")
        card = action[1]
        if not s.hands[seat] >> card & 1:
            raise RuleError("not_in_hand", f"you do not hold {card_str(card)}", card=card_str(card))
        if not moves.discardable(s.hands[seat], s.taken) >> card & 1:
            if is_joker(card):
                raise RuleError(
                    "joker_discard", "you may not discard a joker: lay it in a meld or keep it"
                )
            raise RuleError(
                "discard_taken",
                "you may not discard the card you just took from the discard pile"
                f" ({card_str(card)})",
                card=card_str(card),
            )
        s.hands[seat] &= ~(1 << card)
        s.discard.append(card)
        events = [Event("discard", {"seat": seat, "card": card_str(card)})]
        if not s.hands[seat]:
            return events + end_round(s, "out", seat, self.options)
        return events + self._pass_turn(s, seat)

    def _after_lay(self, s: EuroState, seat: int) -> list[Event]:
        """After a draw or a lay: an empty hand ends the round (alles kwijt); a hand that
        can neither discard nor lay anything ends the turn without a discard."""
        if not s.hands[seat]:
            return end_round(s, "out", seat, self.options)
        if not moves.turn_stuck(s, seat, self.options):
            return []
        return [Event("no_discard", {"seat": seat}), *self._pass_turn(s, seat)]

    def _pass_turn(self, s: EuroState, seat: int) -> list[Event]:
        s.had_turn |= 1 << seat
        s.turn = s.next_in(seat)
        s.drawn = False
        s.taken = None
        return [Event("turn", {"seat": s.turn, "stock_count": len(s.stock)})]

    # Seats that are out ------------------------------------------------------------

    def eliminate(self, s: EuroState, seat: int) -> list[Event]:
        """Put a seat out of the partij (two timeouts in a row, or leaving; §7.8): its
        hand leaves play face down, it is skipped, and the last player in wins."""
        if s.phase == OVER:
            raise RuleError("game_over", "the game is over")
        if not 0 <= seat < s.seats:
            raise InvalidInput(
                "no_such_seat", f"no seat {seat}: seats are 0 to {s.seats - 1}", seat=seat
            )
        if seat in s.out:
            raise RuleError("already_out", f"seat {seat} is already out", seat=seat)
        s.put_out([seat])
        s.dead |= s.hands[seat]
        s.hands[seat] = 0
        events = [Event("eliminated", {"seat": seat})]
        won = finish_if_won(s)
        if won:
            return events + won
        if s.phase == TURN and s.turn == seat:
            s.turn = s.next_in(seat)
            s.drawn = False
            s.taken = None
            events.append(Event("turn", {"seat": s.turn, "stock_count": len(s.stock)}))
        elif s.phase == DEAL and s.dealer == seat:
            s.dealer = s.next_in(seat)
        return events

    # Reading the state ---------------------------------------------------------------

    def view(self, s: EuroState, seat: int | None) -> view.EuroView:
        return view.view(self, s, seat)

    def open_hands(self, s: EuroState) -> list[list[str]]:
        return [hand_notation(hand) for hand in s.hands]

    def default(self, s: EuroState, seat: int) -> Action:
        return house.choose(s, seat, self.legal(s, seat), self.options.meld_rules)

    def result(self, s: EuroState) -> WinnerResult | None:
        return None if s.winner is None else WinnerResult(SEATS, s.winner, s.out_order)

    def is_over(self, s: EuroState) -> bool:
        return s.winner is not None

    def standings(self, s: EuroState) -> JSON:
        return {"coins": list(s.coins), "bokje": sorted(s.bokje), "out": sorted(s.out)}

    def deal_summaries(self, s: EuroState) -> list[JSON]:
        return [dict(summary) for summary in s.summaries]

    def parse_action(self, items: Sequence[Any]) -> Action:
        return notation.parse_action(items)

    def action_json(self, action: Action) -> list[Any]:
        return notation.action_json(action)
