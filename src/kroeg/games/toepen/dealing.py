"""A Toepen deal, up to its first lead: checking and dealing the cards, the tells,
armoede (RULES.md §2.6), instant wins by four tens or a toep (§2.9, §12), the
three-of-a-kind exchange (kans op toep) and the klaveren aas shown.
"""

from __future__ import annotations

from typing import NoReturn

from kroeg.cards import JACK, PIKET_DECK, TEN, card_str
from kroeg.games.base import JSON, Action, Deal, Event, InvalidInput, RuleError, check_deck
from kroeg.games.toepen.events import REVEAL_EVENTS, Events
from kroeg.games.toepen.het import COMPROMISKAART, het_json
from kroeg.games.toepen.notation import arity, card_arg
from kroeg.games.toepen.options import FOUR_TENS_GAME, FOUR_TENS_OFF, Options
from kroeg.games.toepen.scoring import end_deal, game_over_events
from kroeg.games.toepen.state import ARMOEDE, DEAL, EXCHANGE, OVER, ToepenState
from kroeg.games.toepen.tables import (
    RANK_MASKS,
    SUIT_STRS,
    TELL_HANDS,
    TENS,
    TOEP_HANDS,
    TOEP_RANKS,
    TRIPS_HANDS,
    hand_str,
    trips,
)
from kroeg.games.toepen.tricks import jack_seen, start_play
from kroeg.games.toepen.turns import NOBODY, armoede_turn, not_your_turn, order_from, waiting

_PIKET_MASK = sum(1 << c for c in PIKET_DECK)


def reset_deal(s: ToepenState) -> None:
    """Everything that lasts one deal, as before the cards are dealt."""
    n = s.n
    s.stake = 1
    s.owed = [0] * n
    s.extra = [0] * n
    s.active = 0
    s.limit_top = 0
    s.last_knocker = -1
    s.knocker = -1
    s.answerers = []
    s.answering = NOBODY
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
    s.laundry_open = False
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


def deal(
    rules: Options,
    s: ToepenState,
    seat: int,
    cards: Deal,
    ev: Events,
    masks: tuple[int, ...] | None,
) -> None:
    """``seat`` deals ``cards``; ``masks`` are its hands as masks when they are known to
    fit this table (a deal ``Toepen.random_deal`` made for it), else None: checked here."""
    if s.phase != DEAL or seat != s.dealer:
        _refuse_deal(s, seat)
    hands = list(masks) if masks is not None else _check_deal(s, cards)
    reset_deal(s)
    s.deal_no += 1
    s.hands = hands
    s.stock = cards.stock
    in_game = ((1 << s.n) - 1) & ~s.out
    s.active = in_game
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
            s.armoede_lead = _most_recent_armoede(s, seats)
    if ev is not None:
        _deal_events(rules, s, ev)
    if (rules.four_tens != FOUR_TENS_OFF or rules.any_toep_wins) and _instant_win(rules, s, ev):
        return
    if rules.three_of_a_kind and not TRIPS_HANDS.isdisjoint(hands):
        s.queue = [p for p in order_from(s, s.dealer) if hands[p] in TRIPS_HANDS]
        _next_exchange(rules, s, ev)
    else:
        _after_exchanges(rules, s, ev)


def _refuse_deal(s: ToepenState, seat: int) -> NoReturn:
    if s.phase == OVER:
        raise RuleError("game_over", "the game is over")
    if s.phase != DEAL:
        raise RuleError(
            "no_deal_due", f"no deal is due now: the deal is not finished ({waiting(s)})"
        )
    raise RuleError(
        "wrong_dealer", f"seat {seat} may not deal: the dealer is seat {s.dealer}", dealer=s.dealer
    )


def _check_deal(s: ToepenState, cards: Deal) -> list[int]:
    """The hands of ``cards`` as masks, after checking it deals the piket deck to this table."""
    if cards.upcard is not None:
        raise InvalidInput("deal_upcard", "the deal has an upcard, which toepen does not use")
    if len(cards.hands) != s.n:
        raise InvalidInput(
            "deal_hands", f"the deal has {len(cards.hands)} hands for {s.n} seats", count=s.n
        )
    out = s.out
    total = 0
    count = 0
    masks = []
    for seat, hand in enumerate(cards.hands):
        want = 0 if out >> seat & 1 else 4
        if len(hand) != want:
            state = "is out of the game" if want == 0 else "is dealt 4 cards"
            raise InvalidInput(
                "deal_hand_size",
                f"seat {seat} {state}, but the deal gives it {len(hand)}",
                seat=seat,
                count=len(hand),
                expected=want,
            )
        count += want
    try:
        for hand in cards.hands:
            mask = 0
            for c in hand:
                mask |= 1 << c
            masks.append(mask)
            total |= mask
        for c in cards.stock:
            total |= 1 << c
    except (TypeError, ValueError):  # not a card number at all
        total = -1
    count += len(cards.stock)
    if total != _PIKET_MASK or count != 32:
        everything = [*cards.stock, *(c for hand in cards.hands for c in hand)]
        strange = [c for c in everything if c.__class__ is not int or not 0 <= c < 54]
        if strange:
            raise InvalidInput(
                "deal_not_cards", f"the deal holds things that are not cards: {strange!r}"
            )
        # The hands have their sizes, so a deal that is not the piket deck once over
        # holds a card twice, a foreign card, or misses one: check_deck says which.
        check_deck(cards, PIKET_DECK, False)
    return masks


def _most_recent_armoede(s: ToepenState, seats: int) -> int:
    """RULES.md §2.6, §12: the seat of ``seats`` that reached the level latest; of several
    that reached it in the same deal, the first clockwise from the left of the dealer of
    this (the armoede) deal."""
    reached = s.reached_at
    latest = max(reached[p] or 0 for p in range(s.n) if seats >> p & 1)
    return next(
        p for p in order_from(s, s.dealer) if seats >> p & 1 and (reached[p] or 0) == latest
    )


def _deal_events(rules: Options, s: ToepenState, ev: list[Event]) -> None:
    hands = s.hands
    data: JSON = {
        "dealer": s.dealer,
        "deal_no": s.deal_no,
        "hand_counts": list(map(int.bit_count, hands)),
        "stock_count": len(s.stock),
        "stake": s.stake,
    }
    if s.deal_no == 1 and s.het is not None:
        data["het"] = het_json(s.het)
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
        for p in order_from(s, s.dealer):
            if hands[p] in TELL_HANDS:
                tell_events(rules, p, hands[p], ev)
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


def tell_events(rules: Options, seat: int, hand: int, ev: list[Event]) -> None:
    """Seed 000/002: three tens (or jacks) whistle, four stand up; public, no effect."""
    for rank, on in ((TEN, rules.tells_tens), (JACK, rules.tells_jacks)):
        if not on:
            continue
        held = (hand & RANK_MASKS[rank]).bit_count()
        if held >= 3:
            kind = "whistle" if held == 3 else "stand_up"
            ev.append(Event(kind, {"seat": seat, "rank": "T" if rank == TEN else "J"}))


def _instant_win(rules: Options, s: ToepenState, ev: Events) -> bool:
    """Four tens dealt, or four jacks or tens with ``any_toep_wins`` (RULES.md §2.9, §5,
    §12)."""
    hands = s.hands
    if rules.four_tens != FOUR_TENS_OFF and TENS in hands:
        _four_tens(rules, s, hands.index(TENS), ev)  # the four tens are one hand
        return True
    if rules.any_toep_wins and not TOEP_HANDS.isdisjoint(hands):
        for p in order_from(s, s.dealer):
            if hands[p] in TOEP_HANDS:
                _toep_round(rules, s, p, ev)
                return True
    return False


def _toep_rank(hand: int) -> int:
    """The rank of :data:`.tables.TOEP_RANKS` that ``hand`` holds all four of, or -1."""
    for rank in TOEP_RANKS:
        if hand & RANK_MASKS[rank] == RANK_MASKS[rank]:
            return rank
    return -1


def _four_tens(rules: Options, s: ToepenState, holder: int, ev: Events) -> None:
    if ev is not None:
        ev.append(Event("toep", {"seat": holder, "cards": hand_str(TENS)}))
    if rules.four_tens == FOUR_TENS_GAME:
        summary: JSON = {"winner": holder, "stake": s.stake, "penalties": [0] * s.n}
        s.history.append(summary)
        s.losers = [p for p in range(s.n) if p != holder]
        s.waves += (tuple(p for p in s.losers if not s.out >> p & 1),)
        s.phase = OVER
        if ev is not None:
            ev.append(Event("deal_end", {**summary, "points": s.points[:], "four_tens": True}))
            game_over_events(s, ev)
        return
    end_deal(rules, s, holder, ev, -1)


def _toep_round(rules: Options, s: ToepenState, holder: int, ev: Events) -> None:
    if ev is not None:
        rank = _toep_rank(s.hands[holder])
        ev.append(Event("toep", {"seat": holder, "cards": hand_str(RANK_MASKS[rank])}))
    for p in range(s.n):
        if p != holder and s.active >> p & 1:
            s.owed[p] = 3
    s.active &= 1 << holder
    end_deal(rules, s, holder, ev, -1)


# Three of a kind (kans op toep), the klaveren aas, armoede ------------------------------


def _next_exchange(rules: Options, s: ToepenState, ev: Events) -> None:
    if s.stock_pos >= len(s.stock):
        s.queue = []  # RULES.md §12: no exchange when the stock is empty
    if s.queue:
        s.phase = EXCHANGE
        return
    _after_exchanges(rules, s, ev)


def exchange(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("exchange", card)``: the odd card of a three of a kind for the top of the stock."""
    card = card_arg(action)
    _exchange_turn(s, seat, "no exchange now")
    odd = trips(s.hands[seat])[1]
    if card != odd:
        raise RuleError(
            "exchange_odd",
            f"exchange the odd card {card_str(odd)}, not {card_str(card)}:"
            f" the other three are the three of a kind",
            card=card_str(odd),
        )
    drawn = s.stock[s.stock_pos]
    s.stock_pos += 1
    s.hands[seat] = s.hands[seat] & ~(1 << card) | 1 << drawn
    s.dead.append(card)
    if card % 13 == JACK:
        jack_seen(rules, s, ev)
    if ev is not None:
        ev.append(
            Event(
                "exchange",
                {"seat": seat, "card": card_str(card), "stock_count": stock_left(s)},
            )
        )
        ev.append(Event("draw", {"seat": seat, "card": card_str(drawn)}, seat))
    s.queue.pop(0)
    hand = s.hands[seat]
    if rules.four_tens != FOUR_TENS_OFF and hand & TENS == TENS:
        _four_tens(rules, s, seat, ev)
        return
    if rules.any_toep_wins and _toep_rank(hand) >= 0:
        _toep_round(rules, s, seat, ev)
        return
    _next_exchange(rules, s, ev)


def may_keep(hand: int) -> bool:
    """Whether a three of a kind may be kept: three tens must be exchanged (seed 000)."""
    return trips(hand)[0] != TEN


def _exchange_turn(s: ToepenState, seat: int, what: str) -> None:
    """``seat`` is the one to exchange or keep now."""
    if s.phase != EXCHANGE:
        raise RuleError("no_exchange", f"{what}: {waiting(s)}")
    if seat != s.queue[0]:
        raise not_your_turn(
            s.queue[0], f"not your turn: waiting for seat {s.queue[0]} to exchange or keep"
        )


def keep(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("keep",)``: a three of a kind (not three tens) kept without exchanging."""
    arity(action, 0, "no arguments")
    _exchange_turn(s, seat, "nothing to keep now")
    if not may_keep(s.hands[seat]):
        raise RuleError(
            "tens_exchange",
            "three tens must be exchanged (seed 000: 'dient hij ... te fluiten'):"
            " the only legal action is exchange",
        )
    s.queue.pop(0)
    if ev is not None:
        ev.append(Event("keep", {"seat": seat}))
    _next_exchange(rules, s, ev)


def stock_left(s: ToepenState) -> int:
    """Cards left in the stock."""
    return len(s.stock) - s.stock_pos


def _after_exchanges(rules: Options, s: ToepenState, ev: Events) -> None:
    if rules.etiquette:
        ace = 1 << COMPROMISKAART
        for p, hand in enumerate(s.hands):
            if hand & ace:
                s.shown_ac = p
                if ev is not None:
                    ev.extend(REVEAL_EVENTS[p])
                break
    if s.armoede_seats:
        # RULES.md §12: a seat on the level never chooses, even after its own armoede round.
        level = rules.armoede_level
        s.queue = [p for p in order_from(s, s.armoede_lead) if s.points[p] != level]
        if s.queue:
            s.phase = ARMOEDE
            return
    start_play(rules, s, ev)


def look(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("look",)``: kijken, staying in an armoede round (folding is ``knocks.fold``)."""
    arity(action, 0, "no arguments")
    armoede_turn(s, seat, "look")
    s.queue.pop(0)
    if ev is not None:
        ev.append(Event("look", {"seat": seat, "stake": s.stake}))
    if not s.queue:
        start_play(rules, s, ev)
