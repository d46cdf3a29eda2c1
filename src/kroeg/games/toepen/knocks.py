"""Toepen knocks and their answers (RULES.md §1.2, §3, §12): kloppen raises the stake by
one; the others answer meegaan (``stay``) or passen (``fold``), one after another, in
any order (knock_mode fast), or, in sequential mode, by knocking again once per round of
answers. A fold without a knock (voluntary_fold) and folding in an armoede round end here
too: every fold leaves the deal through :func:`_leave`.
"""

from __future__ import annotations

from kroeg.games.base import Action, Event, RuleError
from kroeg.games.toepen.events import (
    KNOCK_AGAIN_EVENTS,
    KNOCK_EVENTS,
    STAY_EVENTS,
    Events,
    fold_event,
    knock_event,
)
from kroeg.games.toepen.limits import check_limit, may_raise, update_limit
from kroeg.games.toepen.options import LIMIT_ANY, Rules
from kroeg.games.toepen.parsing import arity
from kroeg.games.toepen.scoring import end_deal
from kroeg.games.toepen.state import ARMOEDE, PLAY, ToepenState
from kroeg.games.toepen.tables import CARD_STR, SEATS_AFTER, SUIT_OF
from kroeg.games.toepen.tricks import resume, start_play
from kroeg.games.toepen.turns import armoede_turn, require_active, waiting


def knock(rules: Rules, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("knock",)``: a knock in play, or a knock as an answer (sequential mode)."""
    if (
        s.knocker < 0
        and s.phase == PLAY
        and len(action) == 1
        and s.active >> seat & 1
        and seat != s.last_knocker
        and may_raise(rules, s, seat)
    ):
        _open_knock(s, seat, ev)
        return
    arity(action, 0, "no arguments")
    if s.phase != PLAY:
        raise RuleError(f"no knock before the first lead: {waiting(s)}")
    if s.knocker >= 0:
        _over_knock(rules, s, seat, ev)
        return
    require_active(s, seat)
    if seat == s.last_knocker:
        raise RuleError(f"seat {seat} made the latest knock and may not knock again")
    if rules.knock_only_on_turn and seat != s.turn:
        raise RuleError(
            f"knocks only on your own turn (knock_only_on_turn): waiting for seat {s.turn}"
        )
    check_limit(rules, s, seat)
    _open_knock(s, seat, ev)


def _open_knock(s: ToepenState, seat: int, ev: Events) -> None:
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


def _over_knock(rules: Rules, s: ToepenState, seat: int, ev: Events) -> None:
    _answer_turn(rules, s, seat)
    if not rules.answer_by_knock:
        raise RuleError("answer stay or fold: a knock as an answer needs knock_mode sequential")
    if s.over_knock >= 0:
        raise RuleError(
            f"seat {s.over_knock} already knocks again in this round of answers:"
            " answer stay or fold"
        )
    if rules.knock_only_on_turn and seat != s.turn:
        raise RuleError(
            f"a knock as an answer only on your own turn (knock_only_on_turn):"
            f" it is seat {s.turn}'s turn"
        )
    check_limit(rules, s, seat)
    s.over_knock = seat
    if ev is not None:
        ev.append(KNOCK_AGAIN_EVENTS[seat])
    _answered(rules, s, seat, ev)


def _answer_turn(rules: Rules, s: ToepenState, seat: int) -> None:
    if seat not in s.answerers:
        raise RuleError(f"seat {seat} does not answer the knock of seat {s.knocker}: {waiting(s)}")
    if not rules.answer_in_any_order and s.answerers[0] != seat:
        raise RuleError(f"not your turn to answer: waiting for seat {s.answerers[0]}")


def _answered(rules: Rules, s: ToepenState, seat: int, ev: Events) -> None:
    s.answerers.remove(seat)
    if s.answerers:
        return
    knocker = s.over_knock
    s.knocker = -1
    s.over_knock = -1
    if knocker >= 0:
        _open_knock(s, knocker, ev)
        return
    resume(rules, s, ev)


def stay(rules: Rules, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("stay",)``: meegaan, answering a knock."""
    if not (
        s.knocker >= 0
        and s.phase == PLAY
        and len(action) == 1
        and seat in s.answerers
        and (rules.answer_in_any_order or s.answerers[0] == seat)
    ):
        arity(action, 0, "no arguments")
        if s.phase != PLAY or s.knocker < 0:
            raise RuleError(f"no knock to answer: {waiting(s)}")
        _answer_turn(rules, s, seat)
    if ev is not None:
        ev.append(STAY_EVENTS[seat])
    _answered(rules, s, seat, ev)


def fold(rules: Rules, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("fold",)``: passen, answering a knock, without a knock, or in an armoede round."""
    if len(action) != 1:
        arity(action, 0, "no arguments")
    phase = s.phase
    if phase == PLAY:
        if s.knocker >= 0:
            answerers = s.answerers
            if not (seat in answerers and (rules.answer_in_any_order or answerers[0] == seat)):
                _answer_turn(rules, s, seat)
            if _leave(rules, s, seat, s.stake - 1, ev):
                return
            _answered(rules, s, seat, ev)
            return
        if not (s.active >> seat & 1 and rules.voluntary_fold and seat == s.turn and s.trick_cards):
            _refuse_fold(rules, s, seat)
        if _leave(rules, s, seat, s.stake, ev):
            return
        resume(rules, s, ev)
        return
    if phase == ARMOEDE:
        armoede_turn(s, seat, "fold")
        s.queue.pop(0)
        _leave(rules, s, seat, 1, ev)
        if not s.queue:
            start_play(rules, s, ev)
        return
    raise RuleError(f"no fold now: {waiting(s)}")


def _refuse_fold(rules: Rules, s: ToepenState, seat: int) -> None:
    """Why a fold without a knock is not allowed now."""
    require_active(s, seat)
    if not rules.voluntary_fold:
        raise RuleError("fold only in answer to a knock (voluntary_fold is off)")
    if seat != s.turn:
        raise RuleError(f"fold without a knock only on your own turn: waiting for seat {s.turn}")
    if not s.trick_cards:
        raise RuleError("you lead this trick: fold without a knock only when not leading")


def _leave(rules: Rules, s: ToepenState, seat: int, cost: int, ev: Events) -> bool:
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
            end_deal(rules, s, active.bit_length() - 1, ev, -1)
            return True
        if s.points[seat] == s.limit_top and rules.limit == LIMIT_ANY:
            update_limit(s)  # the folder may have been the one the limit looked at
    return False
