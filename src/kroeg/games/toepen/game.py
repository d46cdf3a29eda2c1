"""The rules of Toepen, both variants (RULES.md §1-5, §10, §12; RECORDS.md "The order of
decisions").

Words: *kloppen* (knock) raises the stake by one; *meegaan* (``stay``) and *passen*
(``fold``) answer a knock; *armoede* is standing on ``max_points - 1`` (the others
*kijken*, ``look``, for two, or fold for one); *kans op toep* is the three-of-a-kind
exchange; *vuile was* (``laundry``) swaps a hand of only B/V/H/A for four stock cards;
the *compromiskaart* is the klaveren aas.

Every handler checks the whole action before it changes anything, so a RuleError or
InvalidInput leaves the state as it was. Events are built only when the caller wants
them (:meth:`Toepen.apply`); :meth:`Toepen.advance` runs the same rules without them.
The frequent events are prebuilt and shared (:mod:`.events`); the hot paths read the
lookup tables of :mod:`.tables` instead of computing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kroeg.cards import (
    JACK,
    PIKET_DECK,
    SUIT_MASKS,
    TEN,
    CardError,
    card_str,
    cards_in,
    parse_card,
    suit_str,
)
from kroeg.games.base import (
    JSON,
    Action,
    Deal,
    Event,
    Game,
    InvalidInput,
    RuleError,
    check_deck,
)
from kroeg.games.toepen import policy, view
from kroeg.games.toepen.events import (
    KNOCK_AGAIN_EVENTS,
    KNOCK_EVENTS,
    LEAD_EVENTS,
    PLAY_EVENTS,
    REVEAL_EVENTS,
    STAY_EVENTS,
    TRICK_EVENTS,
    fold_event,
    knock_event,
)
from kroeg.games.toepen.het import COMPROMISKAART, draw_for_dealer
from kroeg.games.toepen.options import (
    ANSWER_FAST,
    ANSWER_SEQUENTIAL,
    FOUR_TENS_GAME,
    FOUR_TENS_OFF,
    LIMIT_ANY,
    LIMIT_KNOCKER,
    LIMIT_NONE,
    OPTION_SPECS,
    SEATS,
    VARIANTS,
    Rules,
    check_combination,
)
from kroeg.games.toepen.state import ARMOEDE, DEAL, EXCHANGE, OVER, PLAY, ToepenState
from kroeg.games.toepen.tables import (
    BIT,
    CARD_STR,
    CHALLENGE,
    FACE_MASK,
    FOLD,
    KEEP,
    KNOCK,
    LAUNDRY,
    LEAD_COUNT,
    LOOK,
    NEXT_SEAT,
    PIKET,
    PLAYS,
    POINTS_OF,
    RANK_MASKS,
    RANKS,
    REVOKE,
    SEATS_AFTER,
    SEVENS,
    STAY,
    SUIT_OF,
    SUIT_STRS,
    TELL_HANDS,
    TENS,
    TOEP_HANDS,
    TRICK_VALUES,
    TRIPS_HANDS,
    hand_list,
    hand_str,
    plays_of,
    shuffled_deck,
    trips,
)
from kroeg.games.toepen.tables import EXCHANGE as EXCHANGE_ACTIONS

Events = list[Event] | None
_SINGLE = tuple(frozenset((seat,)) for seat in range(8))
_NONE: frozenset[int] = frozenset()
_PIKET_MASK = sum(1 << c for c in PIKET_DECK)
_ORDERS = tuple(
    tuple([(seat + k) % n for k in range(1, n + 1)] for seat in range(n)) for n in range(9)
)
"""``_ORDERS[n][seat]``: all seats clockwise from the left of ``seat`` (read-only lists)."""


class Toepen(Game[ToepenState]):
    """Toepen: kroegregels (seed 000) and klassiek (seed 002), every RULES.md §5 toggle."""

    name = "toepen"
    deck = PIKET_DECK
    option_specs = OPTION_SPECS
    variants = VARIANTS
    seat_range = (3, 8)

    def __init__(self, variant: str, options: Mapping[str, object] | None = None) -> None:
        super().__init__(variant, options)
        check_combination(self.options)
        self.rules = Rules(variant, self.options)
        self.seats_allowed = SEATS[variant]
        self._any_answer_order = self.rules.answers == ANSWER_FAST
        """Fast answers: everyone answers a knock at once, in any order."""
        self._over_knocks = self.rules.answers == ANSWER_SEQUENTIAL
        """Sequential answers: an answer may be a knock (once per round of answers)."""
        self._dealt: tuple[Deal, int, int, tuple[int, ...]] | None = None
        """The latest deal of :meth:`random_deal`, for its table size and seats out,
        with its hands as masks: applying it needs no check of the deck."""
        self._handlers: dict[str, Callable[[ToepenState, int, Action, Events], None]] = {
            "play": self._play,
            "knock": self._knock,
            "stay": self._stay,
            "fold": self._fold,
            "look": self._look,
            "exchange": self._exchange,
            "keep": self._keep,
            "laundry": self._laundry,
            "challenge": self._challenge,
            "revoke": self._revoke,
            "late": self._late,
        }

    # Setting up ------------------------------------------------------------------

    def check_seats(self, seats: int) -> None:
        low, high = self.seats_allowed
        if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high:
            allowed = f"exactly {low}" if low == high else f"{low} to {high}"
            raise InvalidInput(
                f"toepen {self.variant} is played by {allowed} players, got {seats!r}"
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
            if self.rules.het:
                dealer, het = draw_for_dealer(list(range(seats)), rng)
            else:
                dealer = rng.randrange(seats)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise InvalidInput(f"dealer must be a seat from 0 to {seats - 1}, got {dealer!r}")
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
        level = self.rules.armoede_level
        # RECORDS.md `start`: a seat starting on max_points - 1 reached it "in the
        # previous deal"; ties are ordered from the first dealer's left.
        s.reached_at = [
            (-1, (p - dealer - 1) % seats) if points[p] == level else None for p in range(seats)
        ]
        s.history = []
        s.losers = None
        self._reset_deal(s)
        s.hands = [0] * seats
        s.stock = ()
        return s

    def _start_points(self, seats: int, start: Mapping[str, Any] | None) -> list[int]:
        if start is None:
            return [0] * seats
        if not isinstance(start, Mapping):
            raise InvalidInput('start must be a JSON object like {"points": [0, 0, 9, 0]}')
        unknown = sorted(set(start) - {"points"})
        if unknown:
            raise InvalidInput(
                f"unknown start fields for toepen: {', '.join(unknown)}; expected points"
            )
        points = start.get("points", [0] * seats)
        low = -self.rules.max_points if self.rules.winnen_met_boer else 0
        high = self.rules.max_points - 1
        if (
            not isinstance(points, list)
            or len(points) != seats
            or any(isinstance(p, bool) or not isinstance(p, int) for p in points)
        ):
            raise InvalidInput(f"start.points must be a list of {seats} integers, got {points!r}")
        for seat, p in enumerate(points):
            if not low <= p <= high:
                raise InvalidInput(
                    f"start.points: seat {seat} has {p}; points must be from {low} to {high}"
                    f" (max_points {self.rules.max_points} would have ended the game)"
                )
        return list(points)

    def _reset_deal(self, s: ToepenState) -> None:
        n = s.n
        s.stake = 1
        s.owed = [0] * n
        s.extra = [0] * n
        s.active = 0
        s.limit_top = 0
        s.last_knocker = -1
        s.knocker = -1
        s.answerers = []
        s.over_knock = -1
        s.turn = -1
        s.trick_seats = []
        s.trick_cards = []
        s.trick_played = 0
        s.led = -1
        s.tricks_done = 0
        s.last_trick = None
        s.done_tricks = []
        s.played_any = False
        s.queue = []
        s.armoede_seats = 0
        s.armoede_lead = -1
        s.dead = []
        s.shown_ac = -1
        s.laundry_count = [0] * n
        s.laundry = []
        s.claim = -1
        s.open_hands = 0
        s.revoked = 0
        s.revoke_calls = set()
        s.late = 0
        s.led_suits = [0] * n
        s.jacks_seen = 0
        s.stock_pos = 0

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

    # Who acts, and what they may do ------------------------------------------------

    def to_act(self, s: ToepenState) -> frozenset[int]:
        phase = s.phase
        if phase == PLAY:
            if s.knocker >= 0:
                if self._any_answer_order:
                    return frozenset(s.answerers)
                return _SINGLE[s.answerers[0]]
            return _SINGLE[s.turn]
        if phase in (EXCHANGE, ARMOEDE):
            return _SINGLE[s.queue[0]]
        return _NONE

    def legal(self, s: ToepenState, seat: int) -> list[Action]:
        phase = s.phase
        if phase == PLAY:
            if s.knocker >= 0:
                answerers = s.answerers
                if seat in answerers and (self._any_answer_order or answerers[0] == seat):
                    if self._over_knocks and s.over_knock < 0 and self._may_raise(s, seat):
                        return [STAY, FOLD, KNOCK]
                    return [STAY, FOLD]
                return []
            if not s.active >> seat & 1:
                return []
            rules = self.rules
            out: list[Action]
            if seat == s.turn:
                hand = s.hands[seat]
                led = s.led
                if led >= 0:
                    if rules.follow and hand & SUIT_MASKS[led]:
                        hand &= SUIT_MASKS[led]
                    plays = PLAYS.get(hand) or plays_of(hand)
                    out = [*plays, FOLD] if rules.voluntary_fold else [*plays]
                else:
                    out = [*(PLAYS.get(hand) or plays_of(hand))]
            else:
                out = []
            # _may_raise, inlined: this is the hottest line of a random playout.
            if seat != s.last_knocker and (not rules.knock_only_on_turn or seat == s.turn):
                limit = rules.limit
                if (
                    limit == LIMIT_NONE
                    or (s.limit_top if limit == LIMIT_ANY else s.points[seat]) + s.stake
                    < rules.max_points
                ):
                    out.append(KNOCK)
            if rules.laundry and not s.played_any:  # vuile was, no knock being answered
                stock_left = len(s.stock) - s.stock_pos
                if (rules.laundry_repeat or not s.laundry_count[seat]) and stock_left >= 4:
                    out.append(LAUNDRY)
                if s.claim >= 0 and self._may_challenge(s, seat):
                    out.append(CHALLENGE[s.laundry[s.claim][0]])
            if not rules.follow:
                out.extend(REVOKE[t] for t in self._revoke_targets(s, seat))
            return out
        if phase == EXCHANGE:
            if seat != s.queue[0]:
                return []
            rank, odd = trips(s.hands[seat])
            if rank == TEN:
                return [EXCHANGE_ACTIONS[odd]]
            return [EXCHANGE_ACTIONS[odd], KEEP]
        if phase == ARMOEDE:
            return [LOOK, FOLD] if seat == s.queue[0] else []
        return []

    def _limit_blocker(self, s: ToepenState, seat: int) -> int:
        """The seat the knock limit protects from one more point of stake, or -1.

        The limit compares the standings at the start of the deal with the new stake
        (RULES.md §2.5, §3.3, §12): any active player (kroegregels), the knocker
        only (klassiek), or nobody.
        """
        limit = self.rules.limit
        new_stake = s.stake + 1
        top = self.rules.max_points
        if limit == LIMIT_ANY:
            if s.limit_top + new_stake <= top:
                return -1
            return next(
                p for p in range(s.n) if s.active >> p & 1 and s.points[p] + new_stake > top
            )
        if limit == LIMIT_KNOCKER and s.points[seat] + new_stake > top:
            return seat
        return -1

    def _may_challenge(self, s: ToepenState, seat: int) -> bool:
        entry = s.laundry[s.claim]
        if entry[0] == seat:
            return False
        if self.rules.laundry_multi_check:
            return not entry[2] >> seat & 1
        return not entry[2]

    def _revoke_targets(self, s: ToepenState, seat: int) -> list[int]:
        in_game = self.in_game(s)
        return [
            t
            for t in range(s.n)
            if t != seat and in_game >> t & 1 and (seat, t) not in s.revoke_calls
        ]

    # Applying -------------------------------------------------------------------------

    def apply(self, s: ToepenState, seat: int, action: Action | Deal) -> list[Event]:
        events: list[Event] = []
        # The usual case checked at once (a known verb, a seat, a deal under way): the
        # handler is called straight away. Anything else goes through _step's checks in order.
        if action.__class__ is tuple and action and seat.__class__ is int and 0 <= seat < s.n:
            handler = self._handlers.get(action[0])
            if handler is not None and DEAL < s.phase < OVER:
                handler(s, seat, action, events)
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
                handler(s, seat, action, None)
                if s.late and action[0] != "late":
                    s.late &= ~(1 << seat)
                return
        self._step(s, seat, action, None)

    def _step(self, s: ToepenState, seat: int, action: Action | Deal, ev: Events) -> None:
        """Check and apply an action: the checks in their order, then the handler."""
        if action.__class__ is not tuple:
            if isinstance(action, Deal):
                self._deal(s, seat, action, ev)
                return
            raise InvalidInput(f"an action must be a tuple (verb, *args), got {action!r}")
        handler = self._handlers.get(action[0]) if action else None
        if handler is None:
            verb = action[0] if action else None
            raise InvalidInput(
                f"unknown toepen verb {verb!r}: expected one of {', '.join(self._handlers)}"
            )
        if seat.__class__ is not int or not 0 <= seat < s.n:
            raise InvalidInput(f"seat {seat!r} does not exist: seats are 0 to {s.n - 1}")
        phase = s.phase
        if phase in (DEAL, OVER):
            if phase == OVER:
                raise RuleError("the game is over")
            raise RuleError(f"no action now: the next deal is due (dealer {s.dealer})")
        handler(s, seat, action, ev)
        if s.late and action[0] != "late":
            s.late &= ~(1 << seat)

    @staticmethod
    def _arity(action: Action, n: int, what: str) -> None:
        if len(action) != n + 1:
            raise InvalidInput(f"{action[0]} takes {what}, got {list(action[1:])!r}")

    def _card_arg(self, action: Action) -> int:
        self._arity(action, 1, "one card")
        card = action[1]
        if isinstance(card, bool) or not isinstance(card, int) or card not in PIKET:
            raise InvalidInput(f"{action[0]} needs a card of the piket deck, got {card!r}")
        return card

    def _seat_arg(self, s: ToepenState, action: Action) -> int:
        self._arity(action, 1, "one seat")
        target = action[1]
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < s.n:
            raise InvalidInput(f"{action[0]} needs a seat from 0 to {s.n - 1}, got {target!r}")
        return target

    def _waiting(self, s: ToepenState) -> str:
        """What the game waits for, for error messages."""
        if s.phase == EXCHANGE:
            return f"waiting for seat {s.queue[0]} to exchange or keep"
        if s.phase == ARMOEDE:
            return f"waiting for seat {s.queue[0]} to look or fold (armoede)"
        if s.knocker >= 0:
            seats = ", ".join(str(p) for p in s.answerers)
            return f"the knock of seat {s.knocker} is being answered (waiting for {seats})"
        return f"waiting for seat {s.turn} to play"

    def _require_active(self, s: ToepenState, seat: int) -> None:
        if not s.active >> seat & 1:
            if s.out >> seat & 1:
                raise RuleError(f"seat {seat} is out of the game")
            raise RuleError(f"seat {seat} has folded and takes no further part in this deal")

    # The deal ---------------------------------------------------------------------------

    def _deal(self, s: ToepenState, seat: int, deal: Deal, ev: Events) -> None:
        if s.phase != DEAL or seat != s.dealer:
            self._refuse_deal(s, seat)
        dealt = self._dealt
        if dealt is not None and dealt[0] is deal and dealt[1] == s.n and dealt[2] == s.out:
            hands = list(dealt[3])  # made by random_deal for this table: no need to check
        else:
            hands = self._check_deal(s, deal)
        self._reset_deal(s)
        s.deal_no += 1
        s.hands = hands
        s.stock = deal.stock
        in_game = ((1 << s.n) - 1) & ~s.out
        s.active = in_game
        rules = self.rules
        if rules.armoede and rules.armoede_level in s.points:
            level = rules.armoede_level
            seats = 0
            for p in range(s.n):
                if (
                    in_game >> p & 1
                    and s.points[p] == level
                    and (rules.armoede_every_round or not s.armoede_done >> p & 1)
                ):
                    seats |= 1 << p
            if seats:
                s.armoede_seats = seats
                s.armoede_done |= seats
                s.stake = 2
                s.armoede_lead = self._most_recent_armoede(s, seats)
        if ev is not None:
            self._deal_events(s, ev)
        if (rules.four_tens != FOUR_TENS_OFF or rules.any_toep_wins) and self._instant_win(s, ev):
            return
        if rules.three_of_a_kind and not TRIPS_HANDS.isdisjoint(hands):
            s.queue = [p for p in self._order_from(s, s.dealer) if hands[p] in TRIPS_HANDS]
            self._next_exchange(s, ev)
        else:
            self._after_exchanges(s, ev)

    def _refuse_deal(self, s: ToepenState, seat: int) -> None:
        if s.phase == OVER:
            raise RuleError("the game is over")
        if s.phase != DEAL:
            raise RuleError(f"no deal is due now: the deal is not finished ({self._waiting(s)})")
        if seat != s.dealer:
            raise RuleError(f"seat {seat} may not deal: the dealer is seat {s.dealer}")

    def _check_deal(self, s: ToepenState, deal: Deal) -> list[int]:
        if deal.upcard is not None:
            raise InvalidInput("the deal has an upcard, which toepen does not use")
        if len(deal.hands) != s.n:
            raise InvalidInput(f"the deal has {len(deal.hands)} hands for {s.n} seats")
        out = s.out
        total = 0
        count = 0
        masks = []
        for seat, hand in enumerate(deal.hands):
            want = 0 if out >> seat & 1 else 4
            if len(hand) != want:
                state = "is out of the game" if want == 0 else "is dealt 4 cards"
                raise InvalidInput(f"seat {seat} {state}, but the deal gives it {len(hand)}")
            count += want
        try:
            for hand in deal.hands:
                mask = 0
                for c in hand:
                    mask |= 1 << c
                masks.append(mask)
                total |= mask
            for c in deal.stock:
                total |= 1 << c
        except (TypeError, ValueError):  # not a card number at all
            total = -1
        count += len(deal.stock)
        if total != _PIKET_MASK or count != 32:
            everything = [*deal.stock, *(c for hand in deal.hands for c in hand)]
            strange = [c for c in everything if c.__class__ is not int or not 0 <= c < 54]
            if strange:
                raise InvalidInput(f"the deal holds things that are not cards: {strange!r}")
            check_deck(deal, PIKET_DECK, False)
            raise InvalidInput("the deal is not the 32-card piket deck")
        return masks

    @staticmethod
    def _order_from(s: ToepenState, seat: int) -> list[int]:
        """The seats in the game clockwise from the left of ``seat``."""
        order = _ORDERS[s.n][seat]
        if s.out:
            return [q for q in order if not s.out >> q & 1]
        return order

    def _most_recent_armoede(self, s: ToepenState, seats: int) -> int:
        """RULES.md §2.6: the latest to reach the level; ties in order dealer+1, ...."""
        best = -1
        key = (1, 0)
        for p in range(s.n):
            reached = s.reached_at[p]
            if seats >> p & 1 and reached is not None:
                k = (-reached[0], reached[1])
                if best < 0 or k < key:
                    best, key = p, k
        return best

    def _deal_events(self, s: ToepenState, ev: list[Event]) -> None:
        hands = s.hands
        data: JSON = {
            "dealer": s.dealer,
            "deal_no": s.deal_no,
            "hand_counts": list(map(int.bit_count, hands)),
            "stock_count": len(s.stock),
            "stake": s.stake,
        }
        if s.deal_no == 1 and s.het is not None:
            data["het"] = view.het_json(s.het)
        append = ev.append
        append(Event("deal", data))
        c, d, h, sp = SUIT_STRS  # hand_str, inlined: dealt hands are piket cards
        for p, hand in enumerate(hands):
            if hand:
                cards = [
                    *c[hand >> 5 & 255],
                    *d[hand >> 18 & 255],
                    *h[hand >> 31 & 255],
                    *sp[hand >> 44 & 255],
                ]
                append(Event("hand", {"seat": p, "cards": cards}, p))
        if not TELL_HANDS.isdisjoint(hands):
            for p in self._order_from(s, s.dealer):
                if hands[p] in TELL_HANDS:
                    self._tell_events(p, hands[p], ev)
        if s.armoede_seats:
            ev.append(
                Event(
                    "armoede",
                    {
                        "seats": [p for p in range(s.n) if s.armoede_seats >> p & 1],
                        "lead": s.armoede_lead,
                        "stake": s.stake,
                    },
                )
            )

    def _tell_events(self, seat: int, hand: int, ev: list[Event]) -> None:
        """Seed 000/002: three tens (or jacks) whistle, four stand up; public, no effect."""
        rules = self.rules
        for rank, on in ((TEN, rules.tells_tens), (JACK, rules.tells_jacks)):
            if not on:
                continue
            held = (hand & RANK_MASKS[rank]).bit_count()
            if held >= 3:
                kind = "whistle" if held == 3 else "stand_up"
                ev.append(Event(kind, {"seat": seat, "rank": "T" if rank == TEN else "J"}))

    def _instant_win(self, s: ToepenState, ev: Events) -> bool:
        """Four tens dealt, or any toep with ``any_toep_wins`` (RULES.md §2.9, §12)."""
        rules = self.rules
        hands = s.hands
        if rules.four_tens != FOUR_TENS_OFF and TENS in hands:
            self._four_tens(s, hands.index(TENS), ev)  # the four tens are one hand
            return True
        if rules.any_toep_wins and not TOEP_HANDS.isdisjoint(hands):
            for p in self._order_from(s, s.dealer):
                if hands[p] in TOEP_HANDS:
                    self._toep_round(s, p, ev)
                    return True
        return False

    @staticmethod
    def _toep_rank(hand: int) -> int:
        for rank in RANKS:
            if hand & RANK_MASKS[rank] == RANK_MASKS[rank]:
                return rank
        return -1

    def _four_tens(self, s: ToepenState, holder: int, ev: Events) -> None:
        if ev is not None:
            ev.append(Event("toep", {"seat": holder, "cards": hand_str(TENS)}))
        if self.rules.four_tens == FOUR_TENS_GAME:
            summary: JSON = {"winner": holder, "stake": s.stake, "penalties": [0] * s.n}
            s.history.append(summary)
            s.losers = [p for p in range(s.n) if p != holder]
            s.phase = OVER
            if ev is not None:
                ev.append(Event("deal_end", {**summary, "points": s.points[:], "four_tens": True}))
                self._game_over_events(s, ev)
            return
        self._end_deal(s, holder, ev, -1)

    def _toep_round(self, s: ToepenState, holder: int, ev: Events) -> None:
        if ev is not None:
            rank = self._toep_rank(s.hands[holder])
            ev.append(Event("toep", {"seat": holder, "cards": hand_str(RANK_MASKS[rank])}))
        for p in range(s.n):
            if p != holder and s.active >> p & 1:
                s.owed[p] = 3
        s.active &= 1 << holder
        self._end_deal(s, holder, ev, -1)

    # Three of a kind (kans op toep), the klaveren aas, armoede ------------------------------

    def _next_exchange(self, s: ToepenState, ev: Events) -> None:
        if s.stock_pos >= len(s.stock):
            s.queue = []  # RULES.md §12: no exchange when the stock is empty
        if s.queue:
            s.phase = EXCHANGE
            return
        self._after_exchanges(s, ev)

    def _exchange(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        card = self._card_arg(action)
        if s.phase != EXCHANGE:
            raise RuleError(f"no exchange now: {self._waiting(s)}")
        if seat != s.queue[0]:
            raise RuleError(f"not your turn: waiting for seat {s.queue[0]} to exchange or keep")
        odd = trips(s.hands[seat])[1]
        if card != odd:
            raise RuleError(
                f"exchange the odd card {card_str(odd)}, not {card_str(card)}:"
                f" the other three are the three of a kind"
            )
        drawn = s.stock[s.stock_pos]
        s.stock_pos += 1
        s.hands[seat] = s.hands[seat] & ~(1 << card) | 1 << drawn
        s.dead.append(card)
        if card % 13 == JACK:
            self._jack_seen(s, ev)
        if ev is not None:
            ev.append(
                Event(
                    "exchange",
                    {"seat": seat, "card": card_str(card), "stock_count": self._stock_left(s)},
                )
            )
            ev.append(Event("draw", {"seat": seat, "card": card_str(drawn)}, seat))
        s.queue.pop(0)
        hand = s.hands[seat]
        if self.rules.four_tens != FOUR_TENS_OFF and hand & TENS == TENS:
            self._four_tens(s, seat, ev)
            return
        if self.rules.any_toep_wins and self._toep_rank(hand) >= 0:
            self._toep_round(s, seat, ev)
            return
        self._next_exchange(s, ev)

    def _keep(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        self._arity(action, 0, "no arguments")
        if s.phase != EXCHANGE:
            raise RuleError(f"nothing to keep now: {self._waiting(s)}")
        if seat != s.queue[0]:
            raise RuleError(f"not your turn: waiting for seat {s.queue[0]} to exchange or keep")
        if trips(s.hands[seat])[0] == TEN:
            raise RuleError(
                "three tens must be exchanged (seed 000: 'dient hij ... te fluiten'):"
                " the only legal action is exchange"
            )
        s.queue.pop(0)
        if ev is not None:
            ev.append(Event("keep", {"seat": seat}))
        self._next_exchange(s, ev)

    def _stock_left(self, s: ToepenState) -> int:
        return len(s.stock) - s.stock_pos

    def _after_exchanges(self, s: ToepenState, ev: Events) -> None:
        if self.rules.etiquette:
            ace = 1 << COMPROMISKAART
            for p, hand in enumerate(s.hands):
                if hand & ace:
                    s.shown_ac = p
                    if ev is not None:
                        ev.extend(REVEAL_EVENTS[p])
                    break
        if s.armoede_seats:
            s.queue = [
                p for p in self._order_from(s, s.armoede_lead) if not s.armoede_seats >> p & 1
            ]
            if s.queue:
                s.phase = ARMOEDE
                return
        self._start_play(s, ev)

    def _look(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        self._arity(action, 0, "no arguments")
        self._armoede_turn(s, seat, "look")
        s.queue.pop(0)
        if ev is not None:
            ev.append(Event("look", {"seat": seat, "stake": s.stake}))
        if not s.queue:
            self._start_play(s, ev)

    def _armoede_turn(self, s: ToepenState, seat: int, verb: str) -> None:
        if s.phase != ARMOEDE:
            raise RuleError(f"{verb} is for an armoede round only: {self._waiting(s)}")
        if seat != s.queue[0]:
            raise RuleError(f"not your turn: waiting for seat {s.queue[0]} to look or fold")

    def _start_play(self, s: ToepenState, ev: Events) -> None:
        if s.active.bit_count() == 1:
            # Everybody else folded in the armoede round: the one left wins (RULES.md §2.6).
            self._end_deal(s, s.active.bit_length() - 1, ev, -1)
            return
        s.phase = PLAY
        lead = s.armoede_lead if s.armoede_seats else s.dealer
        if not (s.armoede_seats and s.active >> lead & 1):
            lead = NEXT_SEAT[s.n][lead << 8 | s.active]
        s.turn = lead
        if self.rules.limit == LIMIT_ANY:
            self._update_limit(s)
        if ev is not None:
            ev.append(LEAD_EVENTS[lead])

    @staticmethod
    def _update_limit(s: ToepenState) -> None:
        """The highest standing among active players, for the any-active knock limit
        (the callers skip it for the other limits, which never read it)."""
        s.limit_top = max(POINTS_OF[s.active](s.points))  # two active seats at least

    # Play -------------------------------------------------------------------------------

    def _play(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        card = action[1] if len(action) == 2 else None
        if card.__class__ is not int or card not in PIKET:
            card = self._card_arg(action)
        hand = s.hands[seat]
        bit = BIT[card]
        led = s.led
        suit = SUIT_OF[card]
        if not (
            s.phase == PLAY
            and s.knocker < 0
            and seat == s.turn
            and hand & bit
            and (led < 0 or suit == led or not hand & SUIT_MASKS[led])
        ):
            self._check_play(s, seat, card)  # raises, or notes a revoke (follow suit off)
        s.hands[seat] = hand ^ bit
        if led < 0:
            s.led = suit
            s.led_suits[seat] += LEAD_COUNT[suit]
        s.trick_seats.append(seat)
        s.trick_cards.append(card)
        played = s.trick_played | 1 << seat
        s.trick_played = played
        if not s.played_any:
            s.played_any = True
            s.claim = -1
        if ev is not None:
            ev.append(PLAY_EVENTS[seat][card])
            if led < 0 and self.rules.etiquette:
                self._lead_chants(s, seat, card, ev)
        if card % 13 == JACK:
            self._jack_seen(s, ev)
        if played == s.active:
            self._finish_trick(s, ev)
            return
        s.turn = NEXT_SEAT[s.n][seat << 8 | s.active & ~played]

    def _check_play(self, s: ToepenState, seat: int, card: int) -> None:
        """The checks of a play in their order: a RuleError, or a revoke noted when
        following suit is not enforced (the revoke is called later, RULES.md §5)."""
        if s.phase != PLAY or s.knocker >= 0:
            raise RuleError(f"no card may be played now: {self._waiting(s)}")
        if seat != s.turn:
            self._require_active(s, seat)
            raise RuleError(f"not your turn: waiting for seat {s.turn}")
        hand = s.hands[seat]
        if not hand >> card & 1:
            yours = ", ".join(card_str(c) for c in hand_list(hand))
            raise RuleError(f"{card_str(card)} is not in your hand: your cards are {yours}")
        led = s.led
        if led >= 0 and card // 13 != led:
            follow = hand & SUIT_MASKS[led]
            if follow:
                if self.rules.follow:
                    legal = ", ".join(card_str(c) for c in hand_list(follow))
                    raise RuleError(f"must follow suit {suit_str(led)}: legal cards are {legal}")
                s.revoked |= 1 << seat

    def _lead_chants(self, s: ToepenState, seat: int, card: int, ev: list[Event]) -> None:
        """Seed 000's chants on a lead: public events that change nothing."""
        if s.tricks_done == 0 and card % 13 == TEN:
            ev.append(Event("tienentrekker", {"seat": seat}))
        suit = card // 13
        if s.led_suits[seat] >> (suit * 4) & 15 == 2:
            ev.append(Event("heeft_men_meer", {"seat": seat, "suit": suit_str(suit)}))

    def _jack_seen(self, s: ToepenState, ev: Events) -> None:
        s.jacks_seen += 1
        if s.jacks_seen == 3 and ev is not None and self.rules.etiquette:
            ev.append(Event("boerenfiske", {}))

    @staticmethod
    def _next_to_play(s: ToepenState, seat: int) -> int:
        """The next active seat clockwise that has not played to the trick (RULES.md §12)."""
        return NEXT_SEAT[s.n][seat << 8 | s.active & ~s.trick_played]

    def _finish_trick(self, s: ToepenState, ev: Events) -> None:
        seats = s.trick_seats
        cards = s.trick_cards
        win_card = max(map(TRICK_VALUES[s.led].__getitem__, cards)) & 63
        winner = seats[cards.index(win_card)]
        tricks = s.tricks_done + 1
        s.tricks_done = tricks
        # Equal lengths by construction; strict= would parse a keyword on every trick.
        s.last_trick = trick = list(zip(seats, cards))  # noqa: B905
        s.done_tricks.append(trick)
        s.trick_seats = []
        s.trick_cards = []
        s.trick_played = 0
        s.led = -1
        if ev is not None:
            ev.append(TRICK_EVENTS[winner * 5 + tricks])
        if tricks == 4:
            self._end_deal(s, winner, ev, win_card)
            return
        s.turn = winner

    # Knocks, answers, folds ---------------------------------------------------------------

    def _knock(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        if (
            s.knocker < 0
            and s.phase == PLAY
            and len(action) == 1
            and s.active >> seat & 1
            and seat != s.last_knocker
            and self._may_raise(s, seat)
        ):
            self._open_knock(s, seat, ev)
            return
        self._arity(action, 0, "no arguments")
        if s.phase != PLAY:
            raise RuleError(f"no knock before the first lead: {self._waiting(s)}")
        if s.knocker >= 0:
            self._over_knock(s, seat, ev)
            return
        self._require_active(s, seat)
        if seat == s.last_knocker:
            raise RuleError(f"seat {seat} made the latest knock and may not knock again")
        if self.rules.knock_only_on_turn and seat != s.turn:
            raise RuleError(
                f"knocks only on your own turn (knock_only_on_turn): waiting for seat {s.turn}"
            )
        self._check_limit(s, seat)
        self._open_knock(s, seat, ev)

    def _may_raise(self, s: ToepenState, seat: int) -> bool:
        """Whether ``seat`` may raise the stake by a knock now, turn and knock limit
        considered (the same as ``_limit_blocker(s, seat) < 0`` and the turn check)."""
        rules = self.rules
        if rules.knock_only_on_turn and seat != s.turn:
            return False
        limit = rules.limit
        if limit == LIMIT_NONE:
            return True
        top = s.limit_top if limit == LIMIT_ANY else s.points[seat]
        return top + s.stake < rules.max_points

    def _check_limit(self, s: ToepenState, seat: int) -> None:
        blocker = self._limit_blocker(s, seat)
        if blocker >= 0:
            who = "you stand" if blocker == seat else f"seat {blocker} stands"
            raise RuleError(
                f"knock limit: the stake would become {s.stake + 1} and {who} on"
                f" {s.points[blocker]} points, above {self.rules.max_points}"
            )

    def _open_knock(self, s: ToepenState, seat: int, ev: Events) -> None:
        s.stake += 1
        s.last_knocker = seat
        s.knocker = seat
        s.over_knock = -1
        key = seat << 8 | s.active
        answerers = SEATS_AFTER[s.n][key]
        s.answerers = list(answerers)
        if ev is not None:
            known = KNOCK_EVENTS.get(s.stake << 11 | key)
            ev.append(known or knock_event(seat, s.stake, answerers))

    def _over_knock(self, s: ToepenState, seat: int, ev: Events) -> None:
        self._answer_turn(s, seat)
        if self.rules.answers != ANSWER_SEQUENTIAL:
            raise RuleError("answer stay or fold: a knock as an answer needs knock_mode sequential")
        if s.over_knock >= 0:
            raise RuleError(
                f"seat {s.over_knock} already knocks again in this round of answers:"
                " answer stay or fold"
            )
        if self.rules.knock_only_on_turn and seat != s.turn:
            raise RuleError(
                f"a knock as an answer only on your own turn (knock_only_on_turn):"
                f" it is seat {s.turn}'s turn"
            )
        self._check_limit(s, seat)
        s.over_knock = seat
        if ev is not None:
            ev.append(KNOCK_AGAIN_EVENTS[seat])
        self._answered(s, seat, ev)

    def _answer_turn(self, s: ToepenState, seat: int) -> None:
        if seat not in s.answerers:
            raise RuleError(
                f"seat {seat} does not answer the knock of seat {s.knocker}: {self._waiting(s)}"
            )
        if self.rules.answers != ANSWER_FAST and s.answerers[0] != seat:
            raise RuleError(f"not your turn to answer: waiting for seat {s.answerers[0]}")

    def _answered(self, s: ToepenState, seat: int, ev: Events) -> None:
        s.answerers.remove(seat)
        if s.answerers:
            return
        knocker = s.over_knock
        s.knocker = -1
        s.over_knock = -1
        if knocker >= 0:
            self._open_knock(s, knocker, ev)
            return
        self._resume(s, ev)

    def _resume(self, s: ToepenState, ev: Events) -> None:
        """Play goes on after folds: finish a trick that is now complete, or pass the turn."""
        if s.trick_cards and s.trick_played == s.active:
            self._finish_trick(s, ev)
        elif not s.active >> s.turn & 1:
            s.turn = self._next_to_play(s, s.turn)

    def _stay(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        if not (
            s.knocker >= 0
            and s.phase == PLAY
            and len(action) == 1
            and seat in s.answerers
            and (self._any_answer_order or s.answerers[0] == seat)
        ):
            self._arity(action, 0, "no arguments")
            if s.phase != PLAY or s.knocker < 0:
                raise RuleError(f"no knock to answer: {self._waiting(s)}")
            self._answer_turn(s, seat)
        if ev is not None:
            ev.append(STAY_EVENTS[seat])
        self._answered(s, seat, ev)

    def _fold(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        if len(action) != 1:
            self._arity(action, 0, "no arguments")
        phase = s.phase
        if phase == PLAY:
            if s.knocker >= 0:
                answerers = s.answerers
                if not (seat in answerers and (self._any_answer_order or answerers[0] == seat)):
                    self._answer_turn(s, seat)
                if self._leave(s, seat, s.stake - 1, ev):
                    return
                self._answered(s, seat, ev)
                return
            if not (
                s.active >> seat & 1
                and self.rules.voluntary_fold
                and seat == s.turn
                and s.trick_cards
            ):
                self._refuse_fold(s, seat)
            if self._leave(s, seat, s.stake, ev):
                return
            self._resume(s, ev)
            return
        if phase == ARMOEDE:
            self._armoede_turn(s, seat, "fold")
            s.queue.pop(0)
            self._leave(s, seat, 1, ev)
            if not s.queue:
                self._start_play(s, ev)
            return
        raise RuleError(f"no fold now: {self._waiting(s)}")

    def _refuse_fold(self, s: ToepenState, seat: int) -> None:
        """Why a fold without a knock is not allowed now."""
        self._require_active(s, seat)
        if not self.rules.voluntary_fold:
            raise RuleError("fold only in answer to a knock (voluntary_fold is off)")
        if seat != s.turn:
            raise RuleError(
                f"fold without a knock only on your own turn: waiting for seat {s.turn}"
            )
        if not s.trick_cards:
            raise RuleError("you lead this trick: fold without a knock only when not leading")

    def _leave(self, s: ToepenState, seat: int, cost: int, ev: Events) -> bool:
        """A seat folds for ``cost``; True when that ended the deal (one player left).

        A card it played to the unfinished trick leaves the trick (RULES.md §12)."""
        s.owed[seat] = cost
        bit = 1 << seat
        active = s.active & ~bit
        s.active = active
        removed = -1
        if s.trick_played & bit:
            i = s.trick_seats.index(seat)
            del s.trick_seats[i]
            removed = s.trick_cards.pop(i)
            s.trick_played &= ~bit
            s.led = SUIT_OF[s.trick_cards[0]] if s.trick_cards else -1
        if ev is not None:
            if removed >= 0:
                ev.append(Event("fold", {"seat": seat, "cost": cost, "removed": CARD_STR[removed]}))
            else:
                ev.append(fold_event(seat, cost))
        if s.phase == PLAY:
            if active.bit_count() == 1:
                self._end_deal(s, active.bit_length() - 1, ev, -1)
                return True
            if s.points[seat] == s.limit_top and self.rules.limit == LIMIT_ANY:
                self._update_limit(s)  # the folder may have been the one the limit looked at
        return False

    # Vuile was (klassiek), revoke calls, slow play ------------------------------------------

    def _laundry(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        self._arity(action, 0, "no arguments")
        self._laundry_window(s, seat, "laundry")
        if s.laundry_count[seat] and not self.rules.laundry_repeat:
            raise RuleError(f"seat {seat} has already claimed laundry in this deal")
        if self._stock_left(s) < 4:
            raise RuleError(
                f"the stock holds {self._stock_left(s)} cards, fewer than four: no more laundry"
            )
        old = s.hands[seat]
        new = 0
        for c in s.stock[s.stock_pos : s.stock_pos + 4]:
            new |= 1 << c
        s.stock_pos += 4
        s.hands[seat] = new
        s.laundry.append([seat, old, 0, -1])
        s.claim = len(s.laundry) - 1
        s.laundry_count[seat] += 1
        if ev is not None:
            ev.append(Event("laundry", {"seat": seat, "stock_count": self._stock_left(s)}))
            ev.append(Event("hand", {"seat": seat, "cards": hand_str(new)}, seat))
            if s.open_hands >> seat & 1:
                ev.append(Event("open_hand", {"seat": seat, "cards": hand_str(new)}))
            self._tell_events(seat, new, ev)

    def _laundry_window(self, s: ToepenState, seat: int, verb: str) -> None:
        if not self.rules.laundry:
            raise RuleError(f"{verb}: vuile was is not played at this table (option laundry)")
        if s.phase != PLAY or s.played_any:
            raise RuleError(f"{verb} only before the first card of the deal is played")
        if s.knocker >= 0:
            raise RuleError(f"no {verb} while a knock is answered: {self._waiting(s)}")
        self._require_active(s, seat)

    def _challenge(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        target = self._seat_arg(s, action)
        self._laundry_window(s, seat, "challenge")
        if s.claim < 0:
            raise RuleError("no laundry claim to challenge now")
        entry = s.laundry[s.claim]
        if target != entry[0]:
            raise RuleError(f"only the latest laundry claim may be challenged: seat {entry[0]}'s")
        if seat == target:
            raise RuleError("you may not challenge your own laundry")
        if not self._may_challenge(s, seat):
            raise RuleError(
                f"this laundry claim has already been challenged"
                f" ({'by you' if self.rules.laundry_multi_check else 'one challenge per claim'})"
            )
        honest = self._honest(entry[1])
        entry[2] |= 1 << seat
        entry[3] = int(honest)
        s.extra[seat if honest else target] += 1
        opened = not honest and self.rules.laundry_open_cards
        if opened:
            s.open_hands |= 1 << target
        if ev is not None:
            ev.append(
                Event(
                    "challenge",
                    {
                        "seat": seat,
                        "target": target,
                        "cards": hand_str(entry[1]),
                        "honest": honest,
                        "penalised": seat if honest else target,
                    },
                )
            )
            if opened:
                ev.append(Event("open_hand", {"seat": target, "cards": hand_str(s.hands[target])}))

    def _honest(self, hand: int) -> bool:
        """Vuile was is honest with only B, V, H, A (witte was: plus exactly one 7)."""
        rest = hand & ~FACE_MASK
        if not rest:
            return True
        return self.rules.white_laundry and rest & SEVENS == rest and rest.bit_count() == 1

    def _revoke(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        target = self._seat_arg(s, action)
        if self.rules.follow:
            raise RuleError("no revoke calls: illegal plays are impossible (enforce_follow_suit)")
        if s.phase != PLAY or s.knocker >= 0:
            raise RuleError(f"no revoke call now: {self._waiting(s)}")
        self._require_active(s, seat)
        if target == seat or s.out >> target & 1:
            raise RuleError(f"call a revoke on another seat in the game, not seat {target}")
        if (seat, target) in s.revoke_calls:
            raise RuleError(f"seat {seat} has already called a revoke on seat {target} this deal")
        s.revoke_calls.add((seat, target))
        proven = bool(s.revoked >> target & 1)
        if ev is not None:
            ev.append(Event("revoke_call", {"seat": seat, "target": target, "proven": proven}))
        if proven:
            self._end_deal(s, -1, ev, -1, revoker=target)

    def _late(self, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
        self._arity(action, 0, "no arguments")
        if not self.rules.slow_play:
            raise RuleError("slow play is not penalised at this table (option slow_play_penalty)")
        if seat not in self.to_act(s):
            raise RuleError(f"seat {seat} is not being waited for")
        if s.late >> seat & 1:
            raise RuleError(f"seat {seat} has already been penalised for this decision")
        s.late |= 1 << seat
        s.extra[seat] += 1
        if ev is not None:
            ev.append(Event("late", {"seat": seat, "cost": 1}))

    # The end of a deal and of the game ----------------------------------------------------

    def _end_deal(
        self, s: ToepenState, winner: int, ev: Events, win_card: int, revoker: int = -1
    ) -> None:
        """Score the deal (RULES.md §1.1) and decide what comes next."""
        rules = self.rules
        n = s.n
        out = s.out
        active = s.active
        stake = s.stake
        owed = s.owed
        extra = s.extra
        points = s.points
        penalties = [0] * n
        for p in range(n):
            if out >> p & 1:
                continue
            if revoker >= 0:
                cost = 2 if p == revoker else 0
            elif p == winner:
                cost = (
                    -1 if rules.winnen_met_boer and win_card % 13 == JACK and win_card >= 0 else 0
                )
            elif active >> p & 1:
                cost = stake
            else:
                cost = owed[p]
            cost += extra[p]
            penalties[p] = cost
            points[p] += cost
        summary: JSON = {
            "winner": None if winner < 0 else winner,
            "stake": stake,
            "penalties": penalties,
        }
        s.history.append(summary)
        s.phase = DEAL
        level = rules.armoede_level
        if level in points:
            for p in range(n):
                if points[p] == level and penalties[p]:  # reached in this deal
                    # Ties within one deal: the order from this deal's dealer's left.
                    s.reached_at[p] = (s.deal_no, (p - s.dealer - 1) % n)
        if winner >= 0:
            s.dealer = winner
        if ev is not None:
            end = {**summary, "points": s.points[:]}
            if revoker >= 0:
                end["revoker"] = revoker
            ev.append(Event("deal_end", end))
        if max(points) >= rules.max_points:  # somebody may be out, or the game over
            self._check_game_end(s, ev)

    def _check_game_end(self, s: ToepenState, ev: Events) -> None:
        top = self.rules.max_points
        reached = [p for p in range(s.n) if not s.out >> p & 1 and s.points[p] >= top]
        if not reached:
            return
        if not self.rules.elimination:
            s.losers = reached
            s.phase = OVER
            if ev is not None:
                self._game_over_events(s, ev)
            return
        for p in reached:
            s.out |= 1 << p
        if ev is not None:
            ev.append(Event("eliminated", {"seats": reached}))
        left = [p for p in range(s.n) if not s.out >> p & 1]
        if len(left) <= 1:
            s.losers = [p for p in range(s.n) if p not in left]
            s.phase = OVER
            if ev is not None:
                self._game_over_events(s, ev)
            return
        if s.out >> s.dealer & 1:
            s.dealer = self._order_from(s, s.dealer)[0]

    def _game_over_events(self, s: ToepenState, ev: list[Event]) -> None:
        losers = s.losers or []
        perfect = [p for p in range(s.n) if p not in losers and s.points[p] == 0]
        ev.append(Event("game_over", {"losers": losers, "points": s.points[:]}))
        if perfect:
            ev.append(Event("perfect_game", {"seats": perfect}))
        ev.append(Event("shots", {"seats": losers, "extra_shot": bool(perfect)}))

    def result(self, s: ToepenState) -> JSON | None:
        if s.phase != OVER or s.losers is None:
            return None
        return {"losers": s.losers[:]}

    def is_over(self, s: ToepenState) -> bool:
        return s.phase == OVER

    def standings(self, s: ToepenState) -> JSON:
        return {"points": s.points[:]}

    def deal_summaries(self, s: ToepenState) -> list[JSON]:
        return [dict(d, penalties=d["penalties"][:]) for d in s.history]

    # Views, the house's choice, record form ----------------------------------------------------

    def view(self, s: ToepenState, seat: int | None) -> JSON:
        return view.view(self, self.rules, s, seat)

    def default(self, s: ToepenState, seat: int) -> Action:
        if seat not in self.to_act(s):
            raise RuleError(f"seat {seat} has no decision to make now")
        dealt = s.phase != DEAL and s.deal_no > 0  # as the view shows the hand
        hand = cards_in(s.hands[seat]) if dealt else []
        return policy.choose_for_hand(hand, self.legal(s, seat))

    def parse_action(self, items: Sequence[Any]) -> Action:
        if not items or not isinstance(items[0], str):
            raise InvalidInput('an action needs a verb, like ["play", "Th"]')
        verb, args = items[0], list(items[1:])
        if verb not in self._handlers:
            raise InvalidInput(
                f"unknown toepen verb {verb!r}: expected one of {', '.join(self._handlers)}"
            )
        if verb in ("play", "exchange"):
            if len(args) != 1:
                raise InvalidInput(f"{verb} takes one card, got {args!r}")
            try:
                card = parse_card(args[0])
            except CardError as e:
                raise InvalidInput(f"{verb}: {e}") from None
            if card not in PIKET:
                raise InvalidInput(
                    f"{verb}: {card_str(card)} is not in the toepen deck (7 to A of each suit)"
                )
            return (verb, card)
        if verb in ("challenge", "revoke"):
            if len(args) != 1 or isinstance(args[0], bool) or not isinstance(args[0], int):
                raise InvalidInput(f"{verb} takes one seat number, got {args!r}")
            return (verb, args[0])
        if args:
            raise InvalidInput(f"{verb} takes no arguments, got {args!r}")
        return (verb,)

    def action_json(self, action: Action) -> list[Any]:
        verb = action[0]
        if verb in ("play", "exchange"):
            return [verb, card_str(action[1])]
        return list(action)


def hidden_cards(s: ToepenState, seat: int | None) -> set[int]:
    """Cards ``seat`` may not see now: other hands (less what was shown), the stock,
    laundry hands not turned up. For the tests' leak checks and the bots' sampling."""
    hidden: set[int] = set(s.stock[s.stock_pos :])
    for p in range(s.n):
        if p != seat and not s.open_hands >> p & 1:
            hidden.update(cards_in(s.hands[p]))
    for entry in s.laundry:
        if entry[0] != seat and entry[3] < 0:
            hidden.update(cards_in(entry[1]))
    if s.shown_ac >= 0:
        hidden.discard(COMPROMISKAART)  # shown to all; where it went is no secret
    return hidden
