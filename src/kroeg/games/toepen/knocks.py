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
from kroeg.games.toepen.limits import knock_refusal, limit_error, update_limit
from kroeg.games.toepen.notation import arity
from kroeg.games.toepen.options import LIMIT_ANY, Options
from kroeg.games.toepen.scoring import end_deal
from kroeg.games.toepen.state import ARMOEDE, PLAY, ToepenState
from kroeg.games.toepen.tables import CARD_STR, SEATS_AFTER, SUIT_OF
from kroeg.games.toepen.tricks import resume, start_play
from kroeg.games.toepen.turns import (
    NOBODY,
    SINGLE,
    armoede_turn,
    not_your_turn,
    refuse_while_waiting,
    require_active,
    waiting,
)


def _set_answering(rules: Options, s: ToepenState) -> None:
    """Who may answer the knock now (``s.answering``): the first waiting seat, or, in
    ``knock_mode: fast``, every waiting seat at once; nobody once all have answered."""
    answerers = s.answerers
    if not answerers:
        s.answering = NOBODY
    elif rules.answer_in_any_order:
        s.answering = frozenset(answerers)
    else:
        s.answering = SINGLE[answerers[0]]


def knock(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("knock",)``: a knock in play, or a knock as an answer (both checked by
    :func:`.limits.knock_refusal`)."""
    if len(action) != 1:
        arity(action, 0, "no arguments")
    if s.phase != PLAY:
        raise refuse_while_waiting(s, "no knock before the first lead")
    if s.knocker >= 0:
        _over_knock(rules, s, seat, ev)
        return
    if not s.active >> seat & 1:
        require_active(s, seat)
    code = knock_refusal(rules, s, seat)
    if code:
        raise _knock_error(code, rules, s, seat)
    _open_knock(rules, s, seat, ev)


def _knock_error(code: str, rules: Options, s: ToepenState, seat: int) -> RuleError:
    """The refusal of a knock by ``seat`` that :mod:`.limits` gave ``code``."""
    if code == "own_knock":
        return RuleError(
            "own_knock", f"seat {seat} made the latest knock and may not knock again", seat=seat
        )
    if code == "no_over_knock":
        return RuleError(
            "no_over_knock",
            "answer stay or fold: a knock as an answer belongs to kroegregels with knock_mode"
            " sequential",
        )
    if code == "over_knock_taken":
        return RuleError(
            "over_knock_taken",
            f"seat {s.over_knock} already knocks again in this round of answers:"
            " answer stay or fold",
            seat=s.over_knock,
        )
    if code == "knock_on_turn":
        return RuleError(
            "knock_on_turn",
            f"knocks only on your own turn (knock_only_on_turn): waiting for seat {s.turn}",
            seat=s.turn,
        )
    return limit_error(rules, s, seat)


def _open_knock(rules: Options, s: ToepenState, seat: int, ev: Events) -> None:
    s.stake += 1
    s.last_knocker = seat
    s.knocker = seat
    s.over_knock = -1
    key = seat << 8 | s.active
    answerers = SEATS_AFTER[s.n][key]
    s.answerers = list(answerers)
    _set_answering(rules, s)
    if ev is not None:
        known = KNOCK_EVENTS.get(s.stake << 11 | key)
        ev.append(known or knock_event(seat, s.stake, answerers))


def _over_knock(rules: Options, s: ToepenState, seat: int, ev: Events) -> None:
    if seat not in s.answering:
        raise _answer_error(s, seat)
    code = knock_refusal(rules, s, seat)
    if code:
        raise _knock_error(code, rules, s, seat)
    s.over_knock = seat
    if ev is not None:
        ev.append(KNOCK_AGAIN_EVENTS[seat])
    _answered(rules, s, seat, ev)


def _answer_error(s: ToepenState, seat: int) -> RuleError:
    """The refusal of an answer by ``seat``, which ``s.answering`` does not hold."""
    if seat not in s.answerers:
        return RuleError(
            "not_answering",
            f"seat {seat} does not answer the knock of seat {s.knocker}: {waiting(s)}",
            seat=s.knocker,
        )
    first = s.answerers[0]
    return not_your_turn(first, f"not your turn to answer: waiting for seat {first}")


def _answered(rules: Options, s: ToepenState, seat: int, ev: Events) -> None:
    s.answerers.remove(seat)
    _set_answering(rules, s)
    if s.answerers:
        return
    knocker = s.over_knock
    s.knocker = -1
    s.over_knock = -1
    if knocker >= 0:
        _open_knock(rules, s, knocker, ev)
        return
    resume(rules, s, ev)


def stay(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("stay",)``: meegaan, answering a knock."""
    if len(action) != 1:
        arity(action, 0, "no arguments")
    if s.knocker < 0 or s.phase != PLAY:
        raise RuleError("no_knock", f"no knock to answer: {waiting(s)}")
    if seat not in s.answering:
        raise _answer_error(s, seat)
    if ev is not None:
        ev.append(STAY_EVENTS[seat])
    _answered(rules, s, seat, ev)


def fold_refusal(rules: Options, s: ToepenState, seat: int) -> str:
    """Why active ``seat`` may not fold without a knock in play now, or ``""``: only with
    ``voluntary_fold``, on its own turn, and not leading (RULES.md §2.5, §12: the trick
    already holds a card)."""
    if not rules.voluntary_fold:
        return "fold_needs_knock"
    if seat != s.turn:
        return "not_your_turn"
    if not s.trick_cards:
        return "fold_leading"
    return ""


def fold(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("fold",)``: passen, answering a knock, without a knock, or in an armoede round."""
    if len(action) != 1:
        arity(action, 0, "no arguments")
    phase = s.phase
    if phase == PLAY:
        if s.knocker >= 0:
            if seat not in s.answering:
                raise _answer_error(s, seat)
            if _leave(rules, s, seat, s.stake - 1, ev):
                return
            _answered(rules, s, seat, ev)
            return
        if not s.active >> seat & 1:
            require_active(s, seat)
        code = fold_refusal(rules, s, seat)
        if code:
            raise _fold_error(code, s)
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
    raise refuse_while_waiting(s, "no fold now")


def _fold_error(code: str, s: ToepenState) -> RuleError:
    """The refusal of a fold without a knock that :func:`fold_refusal` gave ``code``."""
    if code == "fold_needs_knock":
        return RuleError(
            "fold_needs_knock", "fold only in answer to a knock (voluntary_fold is off)"
        )
    if code == "not_your_turn":
        return not_your_turn(
            s.turn, f"fold without a knock only on your own turn: waiting for seat {s.turn}"
        )
    return RuleError(
        "fold_leading", "you lead this trick: fold without a knock only when not leading"
    )


def _leave(rules: Options, s: ToepenState, seat: int, cost: int, ev: Events) -> bool:
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
