"""The :class:`Klaverjassen` game: validation, events and views (RULES.md §6)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, ClassVar, NoReturn

from kroeg.cards import (
    PIKET_DECK,
    PIKET_MASK,
    card_str,
    mask_of,
    suit_str,
)
from kroeg.games.base import (
    JSON,
    Action,
    Deal,
    Event,
    Game,
    InvalidInput,
    OptionSpec,
    RuleError,
    check_deck,
)
from kroeg.games.results import TeamResult
from kroeg.games.traits import GameTraits

from . import moves, notation, view
from .events import BID_EVENTS, PASS_EVENTS, PLAY_EVENTS, TRUMP_EVENTS
from .house import house_action
from .kraken import CALLS, KrakenRules
from .notation import VERBS, is_seat
from .options import OPTION_SPECS, VARIANTS, Options, kraken_options
from .state import BIDDING, DEAL, KRAKEN, OVER, PLAY, SEATS, KlaverjasState
from .tables import (
    CARD_NAMES,
    SUIT_OF,
    mask_cards,
    mask_names,
    play_actions,
)
from .tricks import Rules, cards_text

TEAMS = ((0, 2), (1, 3))
"""Partners sit opposite (RULES.md §6.2): team 0 is seats 0 and 2."""
HAND_SIZE = 8
HAND_SIZES = [HAND_SIZE] * SEATS
PIKET_CARDS = frozenset(PIKET_DECK)
DRAAIKAARTEN = tuple(c for c in range(52) if c not in PIKET_CARDS)
"""``trump_mode: gedraaid``: the cards 2 to 6 of every suit, unused in play."""
DRAAI_MASK = mask_of(DRAAIKAARTEN)
ONE_SEAT = tuple(frozenset((seat,)) for seat in range(SEATS))
UNSEEN = tuple(tuple(x for x in range(SEATS) if not (seen >> x) & 1) for seen in range(16))
"""``UNSEEN[seen]``: the seats whose bit is not set in ``seen`` (KlaverjasState.seen)."""
NO_SEAT: frozenset[int] = frozenset()
GEDRAAID_DECK = tuple(range(52))
"""With ``trump_mode: gedraaid`` a deal holds the whole pack: the draaikaarten are its stock."""


def _packets(i: int) -> tuple[int, ...]:
    """The places in the shuffled pack of the cards dealt to the i-th seat from the
    dealer's left: packets of 3, 2 and 3 clockwise (RULES.md §6.3)."""
    return (
        *range(3 * i, 3 * i + 3),
        *range(12 + 2 * i, 14 + 2 * i),
        *range(20 + 3 * i, 23 + 3 * i),
    )


HANDS_DEALT = tuple(
    tuple(itemgetter(*_packets((seat - dealer - 1) % SEATS)) for seat in range(SEATS))
    for dealer in range(SEATS)
)
"""``HANDS_DEALT[dealer][seat](pack)``: the hand ``seat`` gets from the shuffled pack."""


class Klaverjassen(Game[KlaverjasState]):
    """Klaverjassen for four players in two teams (seats 0+2 against 1+3).

    Dutch terms: *troef* trump; *roem* bonus points for combinations lying together in
    one trick; *nat* (beet) the playing team failed; *pit* (mars) the playing team took
    every trick; *verzaken* revoking, breaking the duty to follow suit or to trump;
    *boompje* a game of 16 deals.
    """

    name: ClassVar[str] = "klaverjassen"
    deck = PIKET_DECK
    uses_upcard: ClassVar[bool] = False
    game_traits: ClassVar[GameTraits] = GameTraits((SEATS, SEATS), SEATS, teams=TEAMS)
    option_specs: ClassVar[Mapping[str, OptionSpec]] = OPTION_SPECS
    variants: ClassVar[Mapping[str, Mapping[str, object]]] = VARIANTS

    def __init__(self, variant: str, options: Mapping[str, object] | None = None) -> None:
        super().__init__(variant, options)
        opts = self.option_values
        if opts["pit_bonus"] not in (0, 100):
            raise InvalidInput(
                "option_choice",
                f"option pit_bonus must be 100 or 0, got {opts['pit_bonus']}",
                option="pit_bonus",
                choices=["100", "0"],
            )
        if opts["trump_mode"] == "kraken":
            self.option_values = opts = kraken_options(opts, options or {})
        self.rules = KrakenRules(opts) if opts["trump_mode"] == "kraken" else Rules(opts)
        self.options = Options.from_options(opts)
        self.legal_plays = self.rules.legal_plays
        """The rule that lists the cards a seat may play and checks the one it plays
        (:meth:`Rules.legal_plays`), bound once: ``legal`` and ``apply`` call it per card."""
        if self.options.gedraaid:
            # A gedraaid deal holds the draaikaarten too; records check deals against it.
            self.deck = GEDRAAID_DECK

    # Set-up --------------------------------------------------------------------

    def new_state(
        self,
        seats: int,
        *,
        dealer: int | None = None,
        start: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> KlaverjasState:
        self.check_seats(seats)
        if dealer is None:
            dealer = random.Random(seed).randrange(SEATS)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < SEATS:
            raise InvalidInput(
                "bad_start", f"dealer must be a seat from 0 to 3, got {dealer!r}", field="dealer"
            )
        totals, deal_no = self._start(start)
        return KlaverjasState(dealer, totals, deal_no)

    def _start(self, start: Mapping[str, Any] | None) -> tuple[list[int], int]:
        if start is None:
            return [0, 0], 0
        unknown = sorted(set(start) - {"totals", "deal_no"})
        if unknown:
            raise InvalidInput(
                "bad_start",
                f"unknown start fields for klaverjassen: {', '.join(unknown)}"
                " (expected totals, deal_no)",
                field=", ".join(unknown),
            )
        totals = start.get("totals", [0, 0])
        if not (
            isinstance(totals, list)
            and len(totals) == 2
            and all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in totals)
        ):
            raise InvalidInput(
                "bad_start",
                f"start totals must be two whole numbers >= 0, got {totals!r}",
                field="totals",
            )
        deal_no = start.get("deal_no", 0)
        limit = self.options.deals
        if isinstance(deal_no, bool) or not isinstance(deal_no, int) or deal_no < 0:
            raise InvalidInput(
                "bad_start",
                f"start deal_no must be a whole number >= 0, got {deal_no!r}",
                field="deal_no",
            )
        if limit is not None and deal_no >= limit:
            raise InvalidInput(
                "bad_start", f"start deal_no must be below the game length {limit}", field="deal_no"
            )
        if self.options.target is not None and max(totals) >= self.options.target:
            raise InvalidInput(
                "bad_start", f"start totals already reach {self.options.target}", field="totals"
            )
        return list(totals), deal_no

    def copy(self, s: KlaverjasState) -> KlaverjasState:
        return s.copy()

    def seat_count(self, s: KlaverjasState) -> int:
        return SEATS

    def pending_deal(self, s: KlaverjasState) -> int | None:
        return s.dealer if s.phase == DEAL else None

    def random_deal(self, s: KlaverjasState, rng: random.Random) -> Deal:
        """Shuffled, then dealt 3-2-3 clockwise from the dealer's left (RULES.md §6.3).

        With ``trump_mode: gedraaid`` the draaikaarten are shuffled after the piket
        cards and form the stock."""
        pack = list(PIKET_DECK)
        rng.shuffle(pack)
        a, b, c, d = HANDS_DEALT[s.dealer]
        hands = (a(pack), b(pack), c(pack), d(pack))
        if not self.options.gedraaid:
            return Deal(hands=hands, stock=())
        draai = list(DRAAIKAARTEN)
        rng.shuffle(draai)
        return Deal(hands=hands, stock=tuple(draai))

    # Whose turn, what is legal -----------------------------------------------------

    def to_act(self, s: KlaverjasState) -> frozenset[int]:
        if s.phase == PLAY:
            return ONE_SEAT[s.turn]
        if s.phase == BIDDING:
            return ONE_SEAT[moves.bidder(s)]
        if s.phase == KRAKEN:
            return ONE_SEAT[moves.caller(s)]
        return NO_SEAT

    def is_over(self, s: KlaverjasState) -> bool:
        return s.phase == OVER

    def legal(self, s: KlaverjasState, seat: int) -> list[Action]:
        if s.phase == PLAY and not s.claimable and not self.options.allow_revoke:
            # The common case first: only the seat to play has actions, its cards.
            if seat != s.turn:
                return []
            return play_actions(
                self.legal_plays(s.hands[seat], s.trump, s.led, s.win_seat, s.win_strength, seat)
            )
        if s.phase == BIDDING:
            if seat != moves.bidder(s):
                return []
            suits = (s.proposed,) if self.options.gedraaid else range(4)
            bids: list[Action] = [("bid", suit) for suit in suits]
            return bids if s.forced else [*bids, ("pass",)]
        if s.phase == KRAKEN:
            if seat != moves.caller(s):
                return []
            return [(moves.next_call(s),), ("pass",)]
        if s.phase != PLAY:
            return []
        out: list[Action] = []
        if seat == s.turn:
            out = [("play", c) for c in mask_cards(self.legal_mask(s, seat))]
        if s.claimable:
            out.append(("roem",))
        if self.options.allow_revoke:
            for accused in (seat ^ 1, seat ^ 3):
                if s.questionable[accused] > s.plays_questioned[accused]:
                    out.append(("verzaakt", accused))
        return out

    def legal_mask(self, s: KlaverjasState, seat: int) -> int:
        """The cards ``seat`` may play now as a mask (every held card in verzaken mode)."""
        if self.options.allow_revoke:
            return s.hands[seat]
        return self.rules.legal_mask(s, seat)

    # Applying actions ------------------------------------------------------------------

    def apply(self, s: KlaverjasState, seat: int, action: Action | Deal) -> list[Event]:
        if (
            s.phase == PLAY
            and type(seat) is int
            and seat == s.turn
            and type(action) is tuple
            and len(action) == 2
            and action[0] == "play"
        ):  # the common case first: the seat to play plays; _play checks the card
            return self._play(s, seat, action[1])
        if isinstance(action, Deal):
            return self._deal(s, seat, action)
        if s.phase == OVER:
            raise RuleError("game_over", "the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise InvalidInput("bad_seat", f"seat must be 0 to 3, got {seat!r}", seat=repr(seat))
        if s.phase == DEAL:
            raise RuleError(
                "no_decision",
                f"no action now: the next deal is due (dealer {s.dealer})",
                seat=seat,
            )
        verb = action[0] if action else None
        if verb == "play" and len(action) == 2:
            if _is_piket_card(action[1]):  # else _play refuses the card before the turn
                self._check_turn(s, seat, PLAY)
            return self._play(s, seat, action[1])
        if verb == "bid" and len(action) == 2:
            return self._bid(s, seat, action[1])
        if verb == "pass" and len(action) == 1:
            return self._call(s, seat, "pass") if s.phase == KRAKEN else self._pass(s, seat)
        if verb in CALLS and len(action) == 1:
            return self._call(s, seat, verb)
        if verb == "roem" and len(action) == 1:
            return self._roem(s, seat)
        if verb == "verzaakt" and len(action) == 2:
            return self._verzaakt(s, seat, action[1])
        expected = (
            "expected play CARD, bid SUIT, pass, kraak, herkraak, superkraak, roem or verzaakt SEAT"
        )
        if verb in VERBS:
            raise InvalidInput(
                "bad_arguments", f"bad arguments in {action!r}: {expected}", verb=str(verb)
            )
        raise InvalidInput(
            "unknown_verb", f"unknown klaverjassen action {action!r}: {expected}", verb=str(verb)
        )

    def _deal(self, s: KlaverjasState, seat: int, deal: Deal) -> list[Event]:
        if s.phase == OVER:
            raise RuleError("game_over", "the game is over")
        if s.phase != DEAL:
            raise RuleError("no_deal_due", "no deal is due now: the current deal is not finished")
        if seat != s.dealer:
            raise RuleError(
                "wrong_dealer",
                f"the deal is due from seat {s.dealer}, not seat {seat}",
                dealer=s.dealer,
            )
        if len(deal.hands) != SEATS or [len(h) for h in deal.hands] != HAND_SIZES:
            raise InvalidInput(
                "deal_hands", "a klaverjassen deal gives 4 hands of 8 cards", count=SEATS
            )
        gedraaid = self.options.gedraaid
        if deal.stock and not gedraaid:
            raise InvalidInput(
                "deal_no_stock", "a klaverjassen deal leaves no stock: all 32 cards are dealt"
            )
        hands = [mask_of(h) for h in deal.hands]
        dealt = hands[0] | hands[1] | hands[2] | hands[3]
        stock_ok = not gedraaid or (len(deal.stock) == 20 and mask_of(deal.stock) == DRAAI_MASK)
        if deal.upcard is not None or dealt != PIKET_MASK or not stock_ok:
            # Raises, naming the fault, unless the 52 cards are all there and only a
            # gedraaid deal put draaikaarten in the hands or piket cards in the stock.
            check_deck(deal, self.deck, uses_upcard=False)
            raise InvalidInput(
                "deal_gedraaid",
                "a gedraaid deal gives the 32 piket cards (7 to A) to the hands and"
                " leaves the 20 draaikaarten (2 to 6) as the stock",
            )
        moves.start_deal(self.options, s, hands, deal.stock)
        first = moves.bidder(s)
        events = [
            Event(
                "deal",
                {
                    "dealer": s.dealer,
                    "deal_no": s.deal_no + 1,
                    "hand_counts": [HAND_SIZE] * SEATS,
                    "bidder": first,
                },
            )
        ]
        if gedraaid:
            events += self._proposal_events(s, 0)
        events.append(self._hand_event(s, first))
        return events

    def _proposal_events(self, s: KlaverjasState, turned_before: int) -> list[Event]:
        """``trump_mode: gedraaid``: a public ``turn`` per draaikaart turned since
        ``turned_before`` (all but the last show a suit already proposed), then ``propose``."""
        new = s.draai[turned_before : s.turned]
        events = [
            Event(
                "turn",
                {
                    "card": CARD_NAMES[c],
                    "suit": suit_str(SUIT_OF[c]),
                    "repeat": i < len(new) - 1,
                },
            )
            for i, c in enumerate(new)
        ]
        events.append(Event("propose", {"suit": suit_str(s.proposed), "bidder": moves.bidder(s)}))
        return events

    def _hand_event(self, s: KlaverjasState, seat: int) -> Event:
        return Event("hand", {"seat": seat, "cards": mask_names(s.hands[seat])}, seat)

    def _check_turn(self, s: KlaverjasState, seat: int, phase: int) -> None:
        if s.phase != phase:
            _refuse_phase(s.phase)
        if phase == BIDDING:
            waiting = moves.bidder(s)
        elif phase == KRAKEN:
            waiting = moves.caller(s)
        else:
            waiting = s.turn
        if seat != waiting:
            raise RuleError(
                "not_your_turn", f"not your turn: waiting for seat {waiting}", seat=waiting
            )

    def _bid(self, s: KlaverjasState, seat: int, suit: object) -> list[Event]:
        if not is_seat(suit):
            raise InvalidInput(
                "bad_arguments", f"bid needs a suit 0-3 (c, d, h, s), got {suit!r}", verb="bid"
            )
        assert isinstance(suit, int)
        self._check_turn(s, seat, BIDDING)
        if self.options.gedraaid and suit != s.proposed:
            what = "play it (bid" if s.forced else "bid"
            closing = ")" if s.forced else " or pass"
            proposed = suit_str(s.proposed)
            raise RuleError(
                "gedraaid_proposed",
                f"only the proposed trump may be played (gedraaid): {what} {proposed}{closing}",
                suit=proposed,
            )
        unseen = UNSEEN[s.seen]
        moves.make_trump(s, seat, suit)
        if self.options.kraken:
            moves.open_calls(s)
        events = [BID_EVENTS[seat][suit], TRUMP_EVENTS[seat][suit][s.leader]]
        events += [self._hand_event(s, x) for x in unseen]
        if s.phase == KRAKEN:
            events.append(self._may_call_event(s))
        return events

    def _may_call_event(self, s: KlaverjasState) -> Event:
        """``trump_mode: kraken``: who may make which call now, and the factor so far."""
        return Event(
            "may_call",
            {
                "seats": list(s.call_order),
                "call": moves.next_call(s),
                "factor": 1 << s.kraaks,
            },
        )

    def _call(self, s: KlaverjasState, seat: int, call: str) -> list[Event]:
        """``trump_mode: kraken``: kraak, herkraak, superkraak or pass (RULES.md §6.10)."""
        self._check_turn(s, seat, KRAKEN)
        due = moves.next_call(s)
        if call not in (due, "pass"):
            raise RuleError(
                "kraken_next_call",
                f"the next call is {due}, not {call}: say {due} or pass",
                call=due,
            )
        if call == "pass":
            moves.pass_call(s, seat)
        else:
            moves.call_kraak(s, seat)
        events = [Event("call", {"seat": seat, "call": call, "factor": 1 << s.kraaks})]
        if s.phase == KRAKEN:
            if call != "pass":
                events.append(self._may_call_event(s))
            return events
        events.append(
            Event(
                "roem_in_hand",
                {
                    "held": list(s.roem_held),
                    "roem": list(s.roem),
                    "factor": 1 << s.kraaks,
                    "must_make": moves.must_make(s),
                    "leader": s.leader,
                },
            )
        )
        return events

    def _pass(self, s: KlaverjasState, seat: int) -> list[Event]:
        self._check_turn(s, seat, BIDDING)
        if s.forced:
            raise RuleError(
                "must_bid",
                f"seat {seat} must play: name a trump suit with bid c, d, h or s (passing is"
                " not allowed now)",
                seat=seat,
            )
        seen_before = s.seen
        turned_before = s.turned
        round_before = s.proposals
        go_on = moves.pass_bid(self.options, s, seat)
        events = [PASS_EVENTS[seat]]
        if not go_on:
            events.append(Event("redeal", {"dealer": s.dealer}))
            return events
        nxt = moves.bidder(s)
        if s.proposals != round_before:  # gedraaid, rondgepast: the next suit is turned
            events += self._proposal_events(s, turned_before)
        if s.bid_index == SEATS:  # all passed (gedraaid: on every suit): this seat must play
            must: JSON = {"seat": nxt}
            if self.options.gedraaid:
                must["suit"] = suit_str(s.proposed)
            events.append(Event("must_play", must))
        if not (seen_before >> nxt) & 1:
            events.append(self._hand_event(s, nxt))
        return events

    def _play(self, s: KlaverjasState, seat: int, card: object) -> list[Event]:
        """``seat``, whose turn it is to play (the caller checked), plays ``card``."""
        if type(card) is not int or card not in PIKET_CARDS:  # not _is_piket_card: hot path
            raise InvalidInput(
                "bad_arguments",
                f"play needs a card of the piket deck (7 to A), got {card!r}",
                verb="play",
            )
        hand = s.hands[seat]
        config = self.options
        if config.allow_revoke:  # every held card may be played
            legal = hand
        else:
            legal = self.legal_plays(hand, s.trump, s.led, s.win_seat, s.win_strength, seat)
        if not (legal >> card) & 1:
            if not (hand >> card) & 1:
                raise RuleError(
                    "not_in_hand",
                    f"seat {seat} does not hold {card_str(card)}: it holds {cards_text(hand)}",
                    card=card_str(card),
                )
            raise self.rules.refusal(s, seat, card, legal)
        trick = s.trick
        rules = self.rules
        if len(trick) < 3:
            moves.play_card(rules, config, s, seat, card)
            return [PLAY_EVENTS[seat][card]]
        roem_before = s.roem[0] + s.roem[1]
        moves.play_card(rules, config, s, seat, card)  # completes the trick
        events = [PLAY_EVENTS[seat][card], self._trick_event(s, roem_before)]
        if s.phase != PLAY:  # it was the last: the deal is scored
            events += self._deal_end_events(s)
        return events

    def _trick_event(self, s: KlaverjasState, roem_before: int) -> Event:
        """The trick just completed. Its roem is what it added to the teams' roem or left
        to be claimed (``roem_before`` is both teams' roem before its last card)."""
        assert s.last_trick is not None
        leader, (a, b, c, d), winner = s.last_trick
        roem = s.roem[0] + s.roem[1] - roem_before + s.claimable
        return Event(
            "trick",
            {
                "leader": leader,
                "cards": [CARD_NAMES[a], CARD_NAMES[b], CARD_NAMES[c], CARD_NAMES[d]],
                "winner": winner,
                "team": winner & 1,
                "roem": roem,
                "roem_counted": not s.claimable and roem > 0,
            },
        )

    def _deal_end_events(self, s: KlaverjasState) -> list[Event]:
        events = [Event("deal_end", {"deal_no": s.deal_no, **s.summaries[-1]})]
        if s.phase == OVER:
            events.append(Event("game_over", {"result": self.result_json(s), "totals": s.totals}))
        return events

    def _roem(self, s: KlaverjasState, seat: int) -> list[Event]:
        if not self.options.roem_manual:
            raise RuleError(
                "roem_auto", "roem is counted automatically in this game (roem_claim: auto)"
            )
        if s.phase != PLAY or not s.claimable:
            raise RuleError(
                "no_roem", "no roem to claim: the last completed trick holds no unclaimed roem"
            )
        team, roem = moves.claim_roem(s)
        return [Event("roem", {"seat": seat, "team": team, "roem": roem})]

    def _verzaakt(self, s: KlaverjasState, seat: int, accused: object) -> list[Event]:
        if not is_seat(accused):
            raise InvalidInput(
                "bad_arguments", f"verzaakt needs a seat 0-3, got {accused!r}", verb="verzaakt"
            )
        assert isinstance(accused, int)
        if not self.options.allow_revoke:
            raise RuleError(
                "revoke_off", "revokes cannot happen in this game (allow_revoke: false)"
            )
        if s.phase != PLAY:
            raise RuleError(
                "revoke_not_now", "a revoke can only be called while the cards are played"
            )
        if moves.team_of(accused) == moves.team_of(seat):
            raise RuleError(
                "revoke_partner",
                f"seat {seat} can only call a revoke of an opponent"
                f" (seat {seat ^ 1} or {seat ^ 3})",
                seat=accused,
            )
        if s.questionable[accused] <= s.plays_questioned[accused]:
            raise RuleError(
                "revoke_nothing",
                f"seat {accused} has made no play since it was last checked that could be a revoke",
                seat=accused,
            )
        deals_before = s.deal_no
        found = moves.call_revoke(self.options, s, accused)
        events = [Event("verzaakt", {"seat": seat, "accused": accused, "revoke": found})]
        if s.deal_no != deals_before:
            events += self._deal_end_events(s)
        return events

    # What each seat sees -----------------------------------------------------------

    def view(self, s: KlaverjasState, seat: int | None) -> view.KlaverjasView:
        return view.view(self, s, seat)

    def open_hands(self, s: KlaverjasState) -> list[list[str]]:
        in_deal = s.phase in (BIDDING, KRAKEN, PLAY)  # as the view shows a hand
        return [mask_names(hand) if in_deal else [] for hand in s.hands]

    def default(self, s: KlaverjasState, seat: int) -> Action:
        if seat not in self.to_act(s):
            raise RuleError("no_decision", f"seat {seat} has no decision to make now", seat=seat)
        return house_action(self.rules, self.options, s, seat)

    # Results and records -------------------------------------------------------------

    def result(self, s: KlaverjasState) -> TeamResult | None:
        """The winner is a team (0: seats 0 and 2, RULES.md §6.2), None on a draw."""
        return TeamResult(TEAMS, s.winner) if s.phase == OVER else None

    def standings(self, s: KlaverjasState) -> JSON:
        return {"totals": list(s.totals), "deal_no": s.deal_no}

    def deal_summaries(self, s: KlaverjasState) -> list[JSON]:
        return [
            {**d, "points": list(d["points"]), "roem": list(d["roem"]), "score": list(d["score"])}
            for d in s.summaries
        ]

    def parse_action(self, items: Sequence[Any]) -> Action:
        return notation.parse_action(items)

    action_json = staticmethod(notation.action_json)


def _refuse_phase(phase: int) -> NoReturn:
    """Refuse an action of another phase, saying why by the phase the game is in (``apply``
    refuses every action but a deal before, while a deal is due or the game is over)."""
    if phase == BIDDING:
        raise RuleError("still_bidding", "not now: bidding is not over")
    if phase == KRAKEN:
        raise RuleError("still_kraken", "not now: trump is made and the kraak calls are not over")
    raise RuleError("trump_made", "not now: bidding is over: trump is made")


def _is_piket_card(value: object) -> bool:
    """A card of the piket deck (7 to A), as an int, not a bool or a float."""
    return type(value) is int and value in PIKET_CARDS
